import "server-only";
import { timingSafeEqual } from "node:crypto";
import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { symmetricDecrypt } from "better-auth/crypto";
import { claimTotpStep, releaseTotpStep, storedTotpSecret } from "./data/totp-claims";

/**
 * Each TOTP code works once (docs/decisions/0036). better-auth's twoFactor plugin accepts the code of
 * the current 30-second step and of the one before and after it, and keeps no record of codes used:
 * a code seen over a shoulder or in a proxy's log would open a second session within its minute and
 * a half. So before the plugin checks a code, the step it belongs to is claimed for the account
 * (`two_factors.last_totp_step`, one conditional update): a code of a step not later than the last
 * accepted one is refused, and of two requests with the same code at once only one claims it.
 */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps on either side of the current one that better-auth's verifyTOTP accepts (its default window). */
const TOTP_WINDOW = 1;
const BASE32_PREFIX = "base32:";

type SecretKey = Parameters<typeof symmetricDecrypt>[0]["key"];
type OtpSecret = Parameters<typeof createOTP>[0];

/** The secret as the plugin stores it (encrypted with the auth secret), decrypted as the plugin does. */
async function totpSecret(key: SecretKey, stored: string): Promise<OtpSecret> {
  const secret = await symmetricDecrypt({ key, data: stored });
  if (!secret.startsWith(BASE32_PREFIX)) return secret;
  return base32.decode(secret.slice(BASE32_PREFIX.length).toUpperCase());
}

function sameCode(typed: string, expected: string): boolean {
  return typed.length === expected.length && timingSafeEqual(Buffer.from(typed), Buffer.from(expected));
}

/** The latest step within the plugin's window whose code `code` is, or null (a wrong code is the plugin's to refuse). */
export async function totpStepOf(rawSecret: OtpSecret, code: string, now = Date.now()): Promise<number | null> {
  if (code.length !== TOTP_DIGITS) return null;
  const otp = createOTP(rawSecret, { period: TOTP_PERIOD_SECONDS, digits: TOTP_DIGITS });
  const current = Math.floor(now / (TOTP_PERIOD_SECONDS * 1000));
  let found: number | null = null;
  for (let step = current - TOTP_WINDOW; step <= current + TOTP_WINDOW; step++) {
    if (sameCode(code, await otp.hotp(step))) found = step;
  }
  return found;
}

export type TotpClaim = { claimed: true; userId: string; step: number; previous: number | null } | { claimed: false };

/**
 * Claims the step of a right code for the account, before the plugin checks it: refused (claimed
 * false) when a code of this step or a later one was already accepted. Null when there is nothing to
 * claim: no TOTP secret, or a code of no step in the window (a wrong code, counted by the plugin's
 * refusal).
 */
export async function claimTotpCode(userId: string, code: string, key: SecretKey): Promise<TotpClaim | null> {
  const stored = await storedTotpSecret(userId);
  if (stored === undefined) return null;
  // A secret that does not decrypt is the plugin's to refuse, with its own answer.
  const raw = await totpSecret(key, stored).catch(() => null);
  const step = raw === null ? null : await totpStepOf(raw, code);
  if (step === null) return null;
  // Of two claims of one step, one wins (the row is locked: data/totp-claims.ts).
  const claimed = await claimTotpStep(userId, step);
  return claimed ? { claimed: true, userId, step, previous: claimed.previous } : { claimed: false };
}

/** The plugin refused the code after all (its window moved on, the challenge ended): the step is given back. */
export async function releaseTotpClaim(claim: Extract<TotpClaim, { claimed: true }>): Promise<void> {
  await releaseTotpStep(claim.userId, claim.step, claim.previous);
}
