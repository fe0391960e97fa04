import "server-only";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { env } from "../env";

/**
 * The signing secret: BETTER_AUTH_SECRET, or one generated once and kept in DATA_DIR (mode 0600)
 * so a single server works with no set-up. Several servers must share BETTER_AUTH_SECRET.
 */
export function authSecret(): string {
  const configured = env().BETTER_AUTH_SECRET;
  if (configured) return configured;
  const file = path.resolve(/*turbopackIgnore: true*/ env().DATA_DIR, "auth-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const secret = crypto.randomBytes(48).toString("base64url");
    try {
      fs.writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
      return secret;
    } catch {
      return fs.readFileSync(file, "utf8").trim(); // another process wrote it first
    }
  }
}
