import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { db } from "../../db/client";
import { twoFactors } from "../../db/schema";

// The used-code record of TOTP (docs/decisions/0036): `two_factors.last_totp_step` holds the step of
// the last code accepted for the account. The rule that uses it is in src/server/kernel/session/totp-steps.ts.

/** The account's TOTP secret as the plugin stores it (encrypted), or undefined without one. */
export async function storedTotpSecret(userId: string): Promise<string | undefined> {
  const [row] = await db().select({ secret: twoFactors.secret }).from(twoFactors).where(eq(twoFactors.userId, userId)).limit(1);
  return row?.secret;
}

/**
 * Claims `step` for the account in one conditional update: undefined when a code of this step or a
 * later one was already accepted, else the step held before. The row is locked and read as of its
 * latest version, so of two claims of one step, one wins.
 */
export async function claimTotpStep(userId: string, step: number): Promise<{ previous: number | null } | undefined> {
  const claimed = await db().execute<{ previous: number | null }>(sql`
    with held as (select ${twoFactors.id} as id, ${twoFactors.lastTotpStep} as step from ${twoFactors} where ${twoFactors.userId} = ${userId} for update)
    update ${twoFactors} set last_totp_step = ${step} from held
    where ${twoFactors.id} = held.id and (held.step is null or held.step < ${step})
    returning held.step as previous`);
  const first = claimed.rows[0];
  return first ? { previous: first.previous === null ? null : Number(first.previous) } : undefined;
}

/** Gives a claimed step back (the step held before), unless a later claim replaced it meanwhile. */
export async function releaseTotpStep(userId: string, step: number, previous: number | null): Promise<void> {
  await db()
    .update(twoFactors)
    .set({ lastTotpStep: previous })
    .where(and(eq(twoFactors.userId, userId), eq(twoFactors.lastTotpStep, step)));
}
