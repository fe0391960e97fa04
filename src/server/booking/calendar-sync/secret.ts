import "server-only";
import crypto from "node:crypto";
import { authSecret } from "../../kernel/session/secret";

// A member's CalDAV password (docs/decisions/0066): every sync needs it back, so it cannot be hashed.
// It is kept as the webhooks keep their signing secrets: AES-256-GCM under a key derived from the auth
// secret with HKDF, with a label of its own so that the two keys differ. A copy of the database or a
// backup without the auth secret does not reveal it.

function key(): Buffer {
  return Buffer.from(crypto.hkdfSync("sha256", authSecret(), "calendar-password", "kinetic-growth calendar sync v1", 32));
}

export function encryptPassword(password: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", key(), iv);
  const encrypted = Buffer.concat([cipher.update(password, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), encrypted.toString("base64url")].join(".");
}

export class PasswordUnreadableError extends Error {
  constructor() {
    super("the stored calendar password cannot be decrypted (was the auth secret changed?): connect the calendar again");
    this.name = "PasswordUnreadableError";
  }
}

export function decryptPassword(stored: string): string {
  const [version, iv, tag, data] = stored.split(".");
  if (version !== "v1" || !iv || !tag || !data) throw new PasswordUnreadableError();
  try {
    const decipher = crypto.createDecipheriv("aes-256-gcm", key(), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    throw new PasswordUnreadableError();
  }
}
