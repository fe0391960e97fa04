import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { db } from "../db/client";
import { profiles, users } from "../db/schema";
import { env } from "../env";
import { log } from "../log";

export async function ensureProfile(userId: string): Promise<void> {
  await db().insert(profiles).values({ userId, role: "user" }).onConflictDoNothing({ target: profiles.userId });
}

export async function getRole(userId: string): Promise<"user" | "admin" | null> {
  const [row] = await db().select({ role: profiles.role }).from(profiles).where(eq(profiles.userId, userId)).limit(1);
  return (row?.role as "user" | "admin" | undefined) ?? null;
}

/** True once an account can open the dashboard: the admin role on a verified address (as requireAdmin checks). */
export async function hasVerifiedAdmin(): Promise<boolean> {
  const [row] = await db()
    .select({ userId: profiles.userId })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(and(eq(profiles.role, "admin"), eq(users.emailVerified, true)))
    .limit(1);
  return row !== undefined;
}

async function setRole(userId: string, role: "user" | "admin"): Promise<void> {
  await db()
    .insert(profiles)
    .values({ userId, role })
    .onConflictDoUpdate({ target: profiles.userId, set: { role, updatedAt: sql`now()` } });
}

/** ADMIN_EMAILS: the listed address becomes admin once it has verified its e-mail. */
export async function grantAdminIfListed(userId: string, email: string): Promise<boolean> {
  if (!env().ADMIN_EMAILS.includes(email.trim().toLowerCase())) return false;
  await setRole(userId, "admin");
  log("info", "auth: role changed", { event: "auth.role.granted", userId, role: "admin", by: "ADMIN_EMAILS" });
  return true;
}

/** `npm run admin -- grant|revoke <email>`: the operator's way to change a role. */
export async function setRoleByEmail(email: string, role: "user" | "admin"): Promise<{ userId: string; emailVerified: boolean } | null> {
  const [user] = await db()
    .select({ id: users.id, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  if (!user) return null;
  await setRole(user.id, role);
  log("info", "auth: role changed", { event: role === "admin" ? "auth.role.granted" : "auth.role.revoked", userId: user.id, role, by: "cli" });
  return { userId: user.id, emailVerified: user.emailVerified };
}

/** When this admin last opened the inbox; records now as the new mark and returns the previous one. */
export async function takeInboxSeenAt(userId: string): Promise<Date | null> {
  const [row] = await db().select({ seen: profiles.inboxSeenAt }).from(profiles).where(eq(profiles.userId, userId)).limit(1);
  await db().update(profiles).set({ inboxSeenAt: new Date() }).where(eq(profiles.userId, userId));
  return row?.seen ?? null;
}
