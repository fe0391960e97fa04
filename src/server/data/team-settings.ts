import "server-only";
import { eq } from "drizzle-orm";
import { db } from "../db/client";
import { appSettings } from "../db/schema";

/** The team setting's key in app_settings (docs/decisions/0036). */
const REQUIRE_TWO_FACTOR = "require_two_factor";

export async function isTwoFactorRequired(): Promise<boolean> {
  const [row] = await db().select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, REQUIRE_TWO_FACTOR)).limit(1);
  return row?.value === true;
}

export async function setTwoFactorRequired(required: boolean): Promise<void> {
  await db()
    .insert(appSettings)
    .values({ key: REQUIRE_TWO_FACTOR, value: required })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: required, updatedAt: new Date() } });
}
