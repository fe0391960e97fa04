import { createHmac } from "node:crypto";

/** RFC 6238 (SHA-1, 6 digits, 30 s) from a base32 secret (the Security page's, or an otpauth:// address's), as an authenticator app computes it; the e2e specs and the Vitest suites share it. */
export function totp(base32: string, at = Date.now()): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of base32.replace(/=+$/, "").toUpperCase()) bits += alphabet.indexOf(char).toString(2).padStart(5, "0");
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const digest = createHmac("sha1", key).update(counter).digest();
  const offset = digest[digest.length - 1]! & 0xf;
  return String((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}
/** A code that is not the current one (nor the one before or after, which better-auth also accepts). */
export function wrongCode(secret: string): string {
  const near = new Set([-30_000, 0, 30_000].map((d) => totp(secret, Date.now() + d)));
  let n = 0;
  while (near.has(String(n).padStart(6, "0"))) n++;
  return String(n).padStart(6, "0");
}
/**
 * A code of a later step than the one used at `usedAt`: each code works once (docs/decisions/0036).
 * The current step's when the clock has moved on, else the next step's, which better-auth accepts 30 s ahead.
 */
export function nextCode(secret: string, usedAt: number): string {
  return totp(secret, Math.max(Date.now(), usedAt + 30_000));
}
