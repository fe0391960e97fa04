import "server-only";
import crypto from "node:crypto";
import { authSecret } from "./secret";

// A person's key (docs/decisions/0068): the first 128 bits of HMAC-SHA-256 of their lower-cased,
// trimmed address, under a key derived from the auth secret. It names the person in the dashboard's
// addresses (/admin/people/<key>, the export's file names) without putting the address there, where
// it would stay in browser history, proxy and access logs. Only a server holding the secret can
// make it from an address; nobody can read the address back from it.

/** The hex characters a key has (128 bits). */
export const PERSON_KEY_LENGTH = 32;
export const PERSON_KEY_PATTERN = /^[0-9a-f]{32}$/;

/** How every part of a person's timeline is joined: the address trimmed and lower-cased. */
export function emailKeyOf(address: string): string {
  return address.trim().toLowerCase();
}

function hmacKey(): Buffer {
  return Buffer.from(crypto.hkdfSync("sha256", authSecret(), "person-key", "kinetic-growth people v1", 32));
}

export function personKey(address: string): string {
  return crypto.createHmac("sha256", hmacKey()).update(emailKeyOf(address), "utf8").digest("hex").slice(0, PERSON_KEY_LENGTH);
}

/**
 * The HMAC's inner and outer padded keys (RFC 2104), so that the database can compute the same
 * HMAC as `personKey` with its built-in sha256(): sha256(outer || sha256(inner || address)).
 * The data layer resolves a key to the address it was made from with them.
 */
export function personKeyPads(): { inner: Buffer; outer: Buffer } {
  const block = Buffer.alloc(64);
  hmacKey().copy(block);
  return { inner: Buffer.from(block.map((b) => b ^ 0x36)), outer: Buffer.from(block.map((b) => b ^ 0x5c)) };
}
