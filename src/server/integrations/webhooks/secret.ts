import "server-only";
import crypto from "node:crypto";
import { authSecret } from "../../kernel/session/secret";

// An endpoint's signing secret (docs/integrations.md): `whsec_` and 24 random bytes in base64, the
// form the Standard Webhooks libraries read. It is shown once when the endpoint is added; the
// database keeps it encrypted (AES-256-GCM, a key derived from the auth secret with HKDF), since
// signing needs it back. A database copy or backup without the auth secret cannot sign as us.

const PREFIX = "whsec_";

export function newSigningSecret(): string {
  return `${PREFIX}${crypto.randomBytes(24).toString("base64")}`;
}

function key(): Buffer {
  return Buffer.from(crypto.hkdfSync("sha256", authSecret(), "webhook-signing-secret", "kinetic-growth webhooks v1", 32));
}

export function encryptSecret(secret: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", key(), iv);
  const encrypted = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), encrypted.toString("base64url")].join(".");
}

export class SecretUnreadableError extends Error {
  constructor() {
    super("the signing secret cannot be decrypted (was the auth secret changed?): delete the endpoint and add it again");
    this.name = "SecretUnreadableError";
  }
}

export function decryptSecret(stored: string): string {
  const [version, iv, tag, data] = stored.split(".");
  if (version !== "v1" || !iv || !tag || !data) throw new SecretUnreadableError();
  try {
    const decipher = crypto.createDecipheriv("aes-256-gcm", key(), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    throw new SecretUnreadableError();
  }
}
