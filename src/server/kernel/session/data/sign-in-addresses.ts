import "server-only";
import { and, eq, gt, sql } from "drizzle-orm";
import { db } from "../../db/client";
import { knownSignInAddresses } from "../../db/schema";

// Addresses an account has proved its owner at (docs/decisions/0020): the sign-in limit's rule,
// which reads and writes these, is in src/server/kernel/session/auth-throttle.ts.

/** Whether the account (a normalised address) was signed in from `ip` since `since`. */
export async function isKnownSignInAddress(email: string, ip: string, since: Date): Promise<boolean> {
  const rows = await db()
    .select({ ip: knownSignInAddresses.ip })
    .from(knownSignInAddresses)
    .where(and(eq(knownSignInAddresses.email, email), eq(knownSignInAddresses.ip, ip), gt(knownSignInAddresses.seenAt, since)))
    .limit(1);
  return rows.length > 0;
}

/** Records (or refreshes) that the account was signed in from `ip` at `now`. */
export async function rememberSignInAddress(email: string, ip: string, now: Date): Promise<void> {
  await db()
    .insert(knownSignInAddresses)
    .values({ email, ip, seenAt: now })
    .onConflictDoUpdate({ target: [knownSignInAddresses.email, knownSignInAddresses.ip], set: { seenAt: now } });
}

/** Forgets the addresses last seen before `before`. */
export async function forgetSignInAddressesBefore(before: Date): Promise<void> {
  await db().delete(knownSignInAddresses).where(sql`${knownSignInAddresses.seenAt} < ${before}`);
}
