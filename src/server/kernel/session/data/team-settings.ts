import "server-only";
import { eq, sql } from "drizzle-orm";
import { recordActivity } from "../../activity/activity";
import { db } from "../../db/client";
import { appSettings } from "../../db/schema";
import { env } from "../../env";

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

// Public sign-up: the Team screen's switch, over AUTH_SIGNUP_ENABLED (docs/decisions/0034). Read
// by the sign-up endpoint itself, so it lives with the session rather than with the team screen.

export const SIGNUP_KEY = "auth.signup-open";
export const SIGN_UP_CLOSED_MESSAGE = "Creating accounts is switched off on this site.";

export interface SignUpSetting {
  open: boolean;
  /** Where the answer comes from: the environment forces it closed, the switch, or the default. */
  source: "environment" | "switch" | "default";
}

/**
 * The precedence: AUTH_SIGNUP_ENABLED=false set on the server closes sign-up whatever the switch
 * says; otherwise the switch once it has been used; otherwise AUTH_SIGNUP_ENABLED (default true).
 */
export function decideSignUp(configured: { value: boolean; isSet: boolean }, switched: boolean | undefined): SignUpSetting {
  if (configured.isSet && !configured.value) return { open: false, source: "environment" };
  if (switched !== undefined) return { open: switched, source: "switch" };
  return { open: configured.value, source: "default" };
}

/** Read by /auth and the sign-up endpoint: no role needed, it is what every visitor sees. */
export async function signUpSetting(): Promise<SignUpSetting> {
  const [row] = await db().select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, SIGNUP_KEY)).limit(1);
  const isSet = (process.env.AUTH_SIGNUP_ENABLED ?? "").trim() !== "";
  return decideSignUp({ value: env().AUTH_SIGNUP_ENABLED, isSet }, typeof row?.value === "boolean" ? row.value : undefined);
}
