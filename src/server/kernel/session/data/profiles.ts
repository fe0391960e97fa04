import "server-only";
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { StaffRole } from "@/lib/admin-tables/definition";
import type { Role } from "@/lib/limits";
import { recordActivity } from "../../activity/activity";
import { db } from "../../db/client";
import { bookingHosts, profiles, sessions, users } from "../../db/schema";
import type { Executor } from "../../db/client";
import { env } from "../../env";
import { FALLBACK_HOURS, parseBusinessHours } from "@/lib/business-hours";
import { log } from "../../log";

export async function ensureProfile(userId: string): Promise<void> {
  await db().insert(profiles).values({ userId, role: "user" }).onConflictDoNothing({ target: profiles.userId });
}

export async function getRole(userId: string): Promise<Role | null> {
  const [row] = await db().select({ role: profiles.role }).from(profiles).where(eq(profiles.userId, userId)).limit(1);
  return (row?.role as Role | undefined) ?? null;
}

/** True once an account can manage the team: an owner or admin on a verified address (as requireRole checks). */
export async function hasVerifiedAdmin(): Promise<boolean> {
  const [row] = await db()
    .select({ userId: profiles.userId })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(and(inArray(profiles.role, ["owner", "admin"]), eq(users.emailVerified, true)))
    .limit(1);
  return row !== undefined;
}

/** Why a role change or a removal was refused: the words are shown to the person who asked. */
export class TeamRuleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TeamRuleError";
  }
}

export const LAST_OWNER_MESSAGE = "The team always keeps at least one owner: make another member owner first.";

/**
 * Changes a role, or removes the account (role null), keeping at least one owner. Every owner row
 * is locked first (FOR UPDATE) in the same transaction as the change: two owners demoting each
 * other at once are ordered by the lock, and the second sees one owner left and is refused
 * (docs/decisions/0034). `actor` is who asks: an admin may not change, remove or create an owner.
 */
export async function changeMember(
  userId: string,
  role: Role | null,
  actor: { role: StaffRole | "cli" },
): Promise<{ previous: Role }> {
  return db().transaction(async (tx) => {
    const owners = await tx.select({ userId: profiles.userId }).from(profiles).where(eq(profiles.role, "owner")).for("update");
    const [current] = await tx
      .select({ role: profiles.role, email: users.email })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      .where(eq(profiles.userId, userId))
      .for("update", { of: profiles });
    if (!current) throw new TeamRuleError("This member no longer exists.");
    const previous = current.role as Role;
    const touchesOwner = previous === "owner" || role === "owner";
    if (touchesOwner && actor.role !== "owner" && actor.role !== "cli") throw new TeamRuleError("Only an owner can change an owner or make someone owner.");
    if (previous === "owner" && role !== "owner" && owners.length <= 1) throw new TeamRuleError(LAST_OWNER_MESSAGE);
    if (role === null) {
      // The account goes, and with it its sessions (at once) and sign-in; what it wrote keeps the
      // name it was published under (content stores the author's name, not the account).
      await tx.delete(users).where(eq(users.id, userId));
    } else {
      await tx.update(profiles).set({ role, updatedAt: sql`now()` }).where(eq(profiles.userId, userId));
      if (role === "user") await tx.delete(sessions).where(eq(sessions.userId, userId));
    }
    // Who changed whose role from what to what, in the change's transaction (docs/decisions/0037);
    // the operator's CLI writes its row with no actor.
    await recordActivity(
      { action: role === null ? "team.remove" : "team.role", table: "profiles", recordId: userId, before: { email: current.email, role: previous }, after: role === null ? null : { email: current.email, role } },
      tx,
    );
    return { previous };
  });
}

async function setRole(userId: string, role: Role): Promise<void> {
  await db()
    .insert(profiles)
    .values({ userId, role })
    .onConflictDoUpdate({ target: profiles.userId, set: { role, updatedAt: sql`now()` } });
}

/** ADMIN_EMAILS: the listed address becomes owner once it has verified its e-mail. */
export async function grantAdminIfListed(userId: string, email: string): Promise<boolean> {
  if (!env().ADMIN_EMAILS.includes(email.trim().toLowerCase())) return false;
  const wasFirst = !(await hasOwner());
  await setRole(userId, "owner");
  if (wasFirst) await giveOfficeHours(userId, db());
  log("info", "auth: role changed", { event: "auth.role.granted", userId, role: "owner", by: "ADMIN_EMAILS" });
  return true;
}

/** True once the install has an owner (whatever the address's state): the set-up link then opens nothing. */
export async function hasOwner(): Promise<boolean> {
  const [row] = await db().select({ userId: profiles.userId }).from(profiles).where(eq(profiles.role, "owner")).limit(1);
  return row !== undefined;
}

/**
 * The owners' addresses, for mail only owners are sent (the booking limit's alert). Verified ones only,
 * as requireRole lets only those act: an address nobody has shown they own is not told about the site.
 */
export async function ownerEmails(executor: Executor = db()): Promise<string[]> {
  const rows = await executor
    .select({ email: users.email })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(and(eq(profiles.role, "owner"), eq(users.emailVerified, true)))
    .orderBy(users.email);
  return rows.map((row) => row.email);
}

/**
 * The first owner takes strategy calls from the start, in the configured business hours (site time
 * zone), so "Book Call" offers times on a fresh install; a member who saved settings keeps them
 * (docs/decisions/0085).
 */
async function giveOfficeHours(userId: string, executor: Executor): Promise<void> {
  const weeklyHours = parseBusinessHours(env().BUSINESS_HOURS) ?? FALLBACK_HOURS;
  await executor.insert(bookingHosts).values({ userId, offersCalls: true, weeklyHours }).onConflictDoNothing({ target: bookingHosts.userId });
}

/** Serialises first-owner claims across processes (a transaction-scoped advisory lock). */
const FIRST_OWNER_LOCK = 727_275;

export type FirstOwnerOutcome = "owner" | "taken" | "unverified";

/**
 * The set-up link's claim (docs/decisions/0084): this verified account becomes the owner if the
 * install has none. Claims are ordered by an advisory lock held to the end of the transaction, so of
 * two accounts claiming at once exactly one becomes owner and the other is told it is taken.
 */
export async function claimFirstOwner(userId: string): Promise<FirstOwnerOutcome> {
  return db().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_OWNER_LOCK})`);
    const [owner] = await tx.select({ userId: profiles.userId }).from(profiles).where(eq(profiles.role, "owner")).limit(1);
    if (owner) return "taken";
    const [user] = await tx.select({ email: users.email, verified: users.emailVerified }).from(users).where(eq(users.id, userId)).limit(1);
    if (!user?.verified) return "unverified";
    const [before] = await tx.select({ role: profiles.role }).from(profiles).where(eq(profiles.userId, userId)).limit(1);
    await tx
      .insert(profiles)
      .values({ userId, role: "owner" })
      .onConflictDoUpdate({ target: profiles.userId, set: { role: "owner", updatedAt: sql`now()` } });
    await giveOfficeHours(userId, tx);
    await recordActivity(
      { action: "team.role", table: "profiles", recordId: userId, before: { email: user.email, role: before?.role ?? "user" }, after: { email: user.email, role: "owner" } },
      tx,
    );
    log("info", "auth: role changed", { event: "auth.role.granted", userId, role: "owner", by: "setup-link" });
    return "owner";
  });
}

/** `npm run admin -- grant <email> [role] | revoke <email>`: the operator's way to change a role. */
export async function setRoleByEmail(email: string, role: Role): Promise<{ userId: string; emailVerified: boolean } | null> {
  const [user] = await db()
    .select({ id: users.id, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  if (!user) return null;
  await ensureProfile(user.id);
  try {
    await changeMember(user.id, role, { role: "cli" });
  } catch (error) {
    if (error instanceof TeamRuleError) log("warn", "auth: role change refused", { event: "auth.role.refused", userId: user.id, role, by: "cli", reason: error.message });
    throw error;
  }
  log("info", "auth: role changed", { event: role === "user" ? "auth.role.revoked" : "auth.role.granted", userId: user.id, role, by: "cli" });
  return { userId: user.id, emailVerified: user.emailVerified };
}

/** A session was started: the Team tab's "last sign-in". */
export async function noteSignIn(userId: string): Promise<void> {
  await db().update(profiles).set({ lastSignInAt: sql`now()` }).where(eq(profiles.userId, userId));
}

/**
 * A signed-in request: the session's "last seen" (updated_at; sessions are not extended by use, so
 * better-auth never writes it again). At most once a minute per session, so most requests write nothing.
 */
export async function noteSessionSeen(sessionId: string): Promise<void> {
  await db()
    .update(sessions)
    .set({ updatedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), lt(sessions.updatedAt, sql`now() - interval '1 minute'`)));
}

/** When this admin last opened the inbox; records now as the new mark and returns the previous one. */
export async function takeInboxSeenAt(userId: string): Promise<Date | null> {
  const [row] = await db().select({ seen: profiles.inboxSeenAt }).from(profiles).where(eq(profiles.userId, userId)).limit(1);
  await db().update(profiles).set({ inboxSeenAt: new Date() }).where(eq(profiles.userId, userId));
  return row?.seen ?? null;
}
