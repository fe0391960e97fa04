import "server-only";
import { env } from "./env";
import { clearRateLimit, hitRateLimit, peekRateLimit } from "./rate-limit";

/**
 * Sign-in throttling per IP and per account (default: 5 failures in 15 minutes), kept in the
 * database so every server process shares it, and applied to every way in: the sign-in Server
 * Action and better-auth's HTTP endpoint (docs/decisions/0007).
 */
function rule() {
  const e = env();
  return { limit: e.SIGNIN_MAX_FAILURES, windowMs: e.SIGNIN_WINDOW_MINUTES * 60_000 };
}

const ipKey = (ip: string) => `signin:ip:${ip}`;
const accountKey = (email: string) => `signin:account:${email.trim().toLowerCase()}`;

export async function signInBlockedFor(email: string, ip: string): Promise<number | null> {
  const [byIp, byAccount] = await Promise.all([peekRateLimit(ipKey(ip), rule()), peekRateLimit(accountKey(email), rule())]);
  if (byIp.allowed && byAccount.allowed) return null;
  return Math.max(byIp.allowed ? 0 : byIp.retryAfterSeconds, byAccount.allowed ? 0 : byAccount.retryAfterSeconds);
}

export async function recordSignInFailure(email: string, ip: string): Promise<void> {
  await Promise.all([hitRateLimit(ipKey(ip), rule()), hitRateLimit(accountKey(email), rule())]);
}

export async function recordSignInSuccess(email: string): Promise<void> {
  await clearRateLimit(accountKey(email));
}

export function throttledMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many failed sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again, or reset your password.`;
}
