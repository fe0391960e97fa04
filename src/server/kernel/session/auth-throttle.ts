import "server-only";
import { env } from "../env";
import { clearRateLimit, clearRateLimitsOf, giveBackRateLimits, hitRateLimits } from "../db/rate-limit";
import { forgetSignInAddressesBefore, isKnownSignInAddress, rememberSignInAddress } from "./data/sign-in-addresses";

/**
 * The sign-in limit and lockout (docs/decisions/0020). Every password check first takes a failure
 * slot, in one statement, on up to three counters of the same window:
 * - the account from this address: SIGNIN_MAX_FAILURES, always;
 * - this address, whatever the account: SIGNIN_ADDRESS_MAX_FAILURES;
 * - the account, from addresses it was never used from: SIGNIN_ACCOUNT_MAX_FAILURES.
 * A second-factor code takes one more: the account's codes from addresses it was never used from,
 * SIGNIN_CODE_MAX_FAILURES, across addresses and challenges, so whoever holds the password has that
 * many code guesses per window however many addresses they use (docs/decisions/0036).
 * The counters but the first do not apply to an address the account has proved its owner at (a
 * signed-in session, a completed reset, the verification link), so a stranger elsewhere cannot
 * lock the owner out, and a reset always lets the owner in. A check that did not fail gives its
 * slot back.
 *
 * Every way of checking a password calls `takeSignInSlot` before the check and `settleSignInSlot`
 * after it; better-auth's endpoints do so through the hooks in server/kernel/session/auth.ts. A refused attempt
 * counts nothing.
 */
const KNOWN_ADDRESS_DAYS = 90;

function rules() {
  const e = env();
  return {
    windowMs: e.SIGNIN_WINDOW_MINUTES * 60_000,
    pair: e.SIGNIN_MAX_FAILURES,
    address: e.SIGNIN_ADDRESS_MAX_FAILURES,
    account: e.SIGNIN_ACCOUNT_MAX_FAILURES,
    code: e.SIGNIN_CODE_MAX_FAILURES,
  };
}

export const normalEmail = (email: string) => email.trim().toLowerCase().slice(0, 320);
// A space never appears in a valid address: the pair's key is the account's prefix plus the address.
const pairPrefix = (email: string) => `signin:pair:${email} `;
const keysOf = (email: string, ip: string) => ({
  pair: `${pairPrefix(email)}${ip}`,
  address: `signin:ip:${ip}`,
  account: `signin:account:${email}`,
  code: `signin:code:${email}`,
});

export interface SignInSlot {
  email: string;
  ip: string;
  keys: string[];
}

export type SignInVerdict = { allowed: true; slot: SignInSlot } | { allowed: false; retryAfterSeconds: number; limit: "pair" | "address" | "account" | "code" };

/** What is checked: a password (or a passkey), or a second-factor code (counted also on the account's code counter). */
export type SignInCheck = "password" | "code";

export async function isKnownAddress(email: string, ip: string): Promise<boolean> {
  const since = new Date(Date.now() - KNOWN_ADDRESS_DAYS * 86_400_000);
  return isKnownSignInAddress(normalEmail(email), ip, since);
}

/**
 * Takes a failure slot for one password or code check, before the check. The counts come from one
 * statement, so of requests in flight together at most the limit are allowed.
 */
export async function takeSignInSlot(rawEmail: string, ip: string, check: SignInCheck = "password"): Promise<SignInVerdict> {
  const email = normalEmail(rawEmail);
  const rule = rules();
  const keys = keysOf(email, ip);
  const known = await isKnownAddress(email, ip);
  const limits: [keyof typeof keys, number][] = known
    ? [["pair", rule.pair]]
    : [
        ["pair", rule.pair],
        ["address", rule.address],
        ["account", rule.account],
      ];
  if (!known && check === "code") limits.push(["code", rule.code]);
  const counts = await hitRateLimits(
    limits.map(([name]) => keys[name]),
    rule.windowMs,
  );
  let refused: { retryAfterSeconds: number; limit: keyof typeof keys } | undefined;
  for (const [name, limit] of limits) {
    const count = counts.get(keys[name])!;
    if (count.count > limit && (!refused || count.retryAfterSeconds > refused.retryAfterSeconds)) {
      refused = { retryAfterSeconds: count.retryAfterSeconds, limit: name };
    }
  }
  const taken = limits.map(([name]) => keys[name]);
  if (refused) {
    // A refused attempt checks nothing and counts nothing: it gives back what it took, so that a
    // stranger refused at one counter does not fill the others. Until then the counts run high,
    // which can refuse a request too many, never admit one too many.
    await giveBackRateLimits(taken);
    return { allowed: false, ...refused };
  }
  return { allowed: true, slot: { email, ip, keys: taken } };
}

/**
 * After the check: a wrong password keeps its slot (it is the failure counted); otherwise the slot
 * is given back, and a right password clears the failures of this account from this address and
 * makes the address known to the account.
 */
export async function settleSignInSlot(slot: SignInSlot, outcome: "wrong-password" | "right-password" | "signed-in" | "not-checked"): Promise<void> {
  if (outcome === "wrong-password") return;
  if (outcome === "not-checked") return giveBackRateLimits(slot.keys);
  const pair = keysOf(slot.email, slot.ip).pair;
  await giveBackRateLimits(slot.keys.filter((key) => key !== pair));
  await clearRateLimit(pair);
  if (outcome === "signed-in") await rememberAddress(slot.email, slot.ip);
}

/**
 * The owner proved they hold the mailbox (a completed reset, the verification link): the account's
 * failures are forgotten, from every address, and the address they came from becomes known. A
 * completed reset also takes the password from whoever guessed codes with it, so the account's code
 * counter is forgotten too.
 */
export async function ownerProven(rawEmail: string, ip: string | undefined): Promise<void> {
  const email = normalEmail(rawEmail);
  const prefix = pairPrefix(email);
  const keys = keysOf(email, "");
  await clearRateLimitsOf([keys.account, keys.code], prefix);
  if (ip) await rememberAddress(email, ip);
}

async function rememberAddress(email: string, ip: string): Promise<void> {
  const now = new Date();
  await rememberSignInAddress(email, ip, now);
  if (Math.random() < 0.01) {
    await forgetSignInAddressesBefore(new Date(now.getTime() - KNOWN_ADDRESS_DAYS * 86_400_000)).catch(() => {});
  }
}

/** Whichever counter refused: a completed reset clears the account's and makes the address known, so it always helps. */
export function throttledMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many failed sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again, or reset your password: a completed reset lets you in at once.`;
}
