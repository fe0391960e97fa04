import "server-only";
import crypto from "node:crypto";
import { authSecret } from "../kernel/session/secret";

// The newsletter's links need no account and no stored token (docs/decisions/0063): each names what
// it acts on and carries an HMAC-SHA256 of that, under a key derived from the auth secret with HKDF,
// so a link cannot be made or altered without the secret. Subscriber links also carry the row's
// `token_version`: raising it voids every link sent before. A confirmation link also carries the
// instant it stops working.

export type TokenPurpose = "confirm" | "manage" | "unsubscribe" | "click";

function key(): Buffer {
  return Buffer.from(crypto.hkdfSync("sha256", authSecret(), "newsletter-links", "kinetic-growth newsletter v1", 32));
}

function mac(purpose: TokenPurpose, payload: string): string {
  return crypto.createHmac("sha256", key()).update(`${purpose}\n${payload}`).digest("base64url").slice(0, 32);
}

/** `payload.signature`: the payload is dot-free parts joined by dots (ids, numbers). */
export function signToken(purpose: TokenPurpose, parts: readonly (string | number)[]): string {
  const payload = parts.map(String).join(".");
  if (parts.some((p) => String(p).includes(".") || String(p) === "")) throw new Error("token parts must be non-empty and dot-free");
  return `${payload}.${mac(purpose, payload)}`;
}

/** The parts of a token whose signature holds for this purpose, or null (any tampering, any other purpose). */
export function verifyToken(purpose: TokenPurpose, token: string, partCount: number): string[] | null {
  if (typeof token !== "string" || token.length > 300) return null;
  const parts = token.split(".");
  if (parts.length !== partCount + 1) return null;
  const signature = parts.pop()!;
  const expected = mac(purpose, parts.join("."));
  const a = Buffer.from(signature);
  const b = Buffer.from(expected);
  if (a.length !== b.length || !crypto.timingSafeEqual(a, b)) return null;
  return parts;
}
