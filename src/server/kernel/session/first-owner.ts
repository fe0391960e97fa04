import "server-only";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { hasOwner } from "./data/profiles";
import { env } from "../env";
import { errorFields, log } from "../log";
import { authSecret } from "./secret";

/**
 * The one-time set-up link of an install without an owner (docs/decisions/0084). Its token is an
 * HMAC of the install's signing secret, so every process of the install (they share the secret)
 * knows the same link without storing it, and nobody without the server's log, its data folder or
 * the secret can make it. It opens nothing once the install has an owner.
 */
export const SETUP_LINK_FILE = "setup-link.txt";
export const SETUP_PATH = "/auth/setup";

export function setupToken(): string {
  return crypto.createHmac("sha256", authSecret()).update("first-owner-setup-link:v1").digest("base64url");
}

export function setupLink(): string {
  return `${env().SITE_URL.replace(/\/$/, "")}${SETUP_PATH}?token=${setupToken()}`;
}

/** Compares in constant time; any other shape is simply not the token. */
export function isSetupToken(candidate: unknown): boolean {
  if (typeof candidate !== "string" || candidate.length > 200) return false;
  const expected = Buffer.from(setupToken());
  const given = Buffer.from(candidate);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

const linkFile = () => path.resolve(/*turbopackIgnore: true*/ env().DATA_DIR, SETUP_LINK_FILE);

/**
 * At start-up: an install without an owner writes its set-up link to the log and to
 * DATA_DIR/setup-link.txt (mode 0600); one with an owner removes a file left from before.
 */
export async function announceSetupLink(): Promise<void> {
  const file = linkFile();
  if (await hasOwner()) {
    fs.rmSync(file, { force: true });
    return;
  }
  const link = setupLink();
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${link}\n`, { mode: 0o600 });
    fs.chmodSync(file, 0o600);
  } catch (error) {
    log("warn", "first owner: the set-up link could not be written to the data folder", { event: "setup.link-unwritten", ...errorFields(error) });
  }
  log("warn", `This site has no owner yet. Create an account, verify its e-mail, then open ${link} to become the owner (also in ${file}).`, {
    event: "setup.link",
  });
}

/** Once claimed, the copy in the data folder goes (the link opens nothing anyway). */
export function forgetSetupLink(): void {
  try {
    fs.rmSync(linkFile(), { force: true });
  } catch {
    // Nothing to do: the link no longer works.
  }
}
