import "server-only";
import { eq, sql } from "drizzle-orm";
import { recordActivity } from "../activity/activity";
import { db } from "../db/client";
import { appSettings } from "../db/schema";

/** The team setting's key in app_settings (docs/decisions/0036). */
const REQUIRE_TWO_FACTOR = "require_two_factor";

export async function isTwoFactorRequired(): Promise<boolean> {
  const [row] = await db().select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, REQUIRE_TWO_FACTOR)).limit(1);
  return row?.value === true;
}

export async function setTwoFactorRequired(required: boolean, actorId?: string): Promise<void> {
  await writeTeamSetting(REQUIRE_TWO_FACTOR, required, "team.require-two-factor", actorId);
}

/**
 * Sets one app_settings value and records the change (the value before and after) in the activity
 * trail, in one transaction: the Activity tab says who switched a team setting from what to what.
 */
export async function writeTeamSetting(key: string, value: boolean, action: string, actorId?: string): Promise<void> {
  await db().transaction(async (tx) => {
    const [previous] = await tx.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key)).for("update");
    await tx
      .insert(appSettings)
      .values({ key, value, updatedBy: actorId ?? null })
      .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedBy: actorId ?? null, updatedAt: sql`now()` } });
    await recordActivity({ action, table: "app_settings", recordId: key, before: { value: previous?.value ?? null }, after: { value } }, tx);
  });
}
