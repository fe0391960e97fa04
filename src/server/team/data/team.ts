import "server-only";
import crypto from "node:crypto";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { ROLE_LABELS, TEAM_DESK, type StaffRole } from "@/lib/admin-tables/definition";
import type { Role } from "@/lib/limits";
import { recordActivity } from "../../kernel/activity/activity";
import { requireRole, type StaffUser } from "../../kernel/session/auth-guard";
import { db } from "../../kernel/db/client";
import { passkeys, profiles, sessions, teamInvitations, users } from "../../kernel/db/schema";
import { env } from "../../kernel/env";
import { FieldError } from "../../kernel/forms/form-action";
import { enqueueMail } from "../../kernel/mail/mail";
import { composeMail } from "../../kernel/mail/compose";
import { siteConfig } from "../../kernel/site-config";
import { changeMember, TeamRuleError } from "../../kernel/session/data/profiles";
import { SIGNUP_KEY, signUpSetting, type SignUpSetting, writeTeamSetting } from "../../kernel/session/data/team-settings";

/** How long an invitation link works. */
export const INVITATION_DAYS = 7;

export interface Member {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  role: Role;
  lastSignInAt: Date | null;
  /** An authenticator app is on. */
  twoFactor: boolean;
  /** Passkeys registered (docs/decisions/0046). */
  passkeys: number;
  activeSessions: number;
}

/** Every account, members first (a "user" has no team role and opens nothing). */
export async function listMembers(): Promise<Member[]> {
  await requireRole(TEAM_DESK.read);
  const rows = await db()
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      emailVerified: users.emailVerified,
      role: sql<Role>`coalesce(${profiles.role}, 'user')`,
      lastSignInAt: profiles.lastSignInAt,
      twoFactor: sql<boolean>`coalesce(${users.twoFactorEnabled}, false)`,
      passkeys: sql<number>`(select count(*)::int from ${passkeys} where ${passkeys.userId} = ${users.id})`,
      activeSessions: sql<number>`(select count(*)::int from ${sessions} where ${sessions.userId} = ${users.id} and ${sessions.expiresAt} > now())`,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .orderBy(sql`case coalesce(${profiles.role}, 'user') when 'owner' then 0 when 'admin' then 1 when 'editor' then 2 when 'sales' then 3 else 4 end`, users.email)
    .limit(500);
  return rows.map((r) => ({ ...r, twoFactor: Boolean(r.twoFactor) }));
}

export interface PendingInvitation {
  id: string;
  email: string;
  role: StaffRole;
  expiresAt: Date;
  createdAt: Date;
}

export async function listPendingInvitations(): Promise<PendingInvitation[]> {
  await requireRole(TEAM_DESK.read);
  const rows = await db()
    .select({ id: teamInvitations.id, email: teamInvitations.email, role: teamInvitations.role, expiresAt: teamInvitations.expiresAt, createdAt: teamInvitations.createdAt })
    .from(teamInvitations)
    .where(and(isNull(teamInvitations.acceptedAt), isNull(teamInvitations.revokedAt), gt(teamInvitations.expiresAt, sql`now()`)))
    .orderBy(desc(teamInvitations.createdAt))
    .limit(200);
  return rows.map((r) => ({ ...r, role: r.role as StaffRole }));
}

const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("base64url");

function refuseOwnerChange(actor: StaffUser, role: Role | null) {
  if (role === "owner" && actor.role !== "owner") throw new FieldError({ role: "Only an owner can make someone owner." });
}

/** Invites an address with a role: one pending link per address (a new one withdraws the old). Returns the link. */
export async function inviteMember(email: string, role: StaffRole): Promise<{ id: string; url: string }> {
  const actor = await requireRole(TEAM_DESK.write);
  refuseOwnerChange(actor, role);
  const address = email.trim().toLowerCase();
  const [existing] = await db().select({ id: users.id }).from(users).where(eq(users.email, address)).limit(1);
  if (existing) throw new FieldError({ email: "An account with this address exists already: give it a role in the list of members." });
  const token = crypto.randomBytes(32).toString("base64url");
  const url = new URL(`/auth/invite?token=${token}`, env().SITE_URL).toString();
  const site = siteConfig();
  const id = await db().transaction(async (tx) => {
    await tx
      .update(teamInvitations)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(teamInvitations.email, address), isNull(teamInvitations.acceptedAt), isNull(teamInvitations.revokedAt)));
    const [row] = await tx
      .insert(teamInvitations)
      .values({ email: address, role, tokenHash: hashToken(token), invitedBy: actor.id, expiresAt: sql`now() + make_interval(days => ${INVITATION_DAYS})` })
      .returning({ id: teamInvitations.id });
    await recordActivity({ action: "team.invite", actor, table: "team_invitations", recordId: row!.id, after: { email: address, role } }, tx);
    const label = ROLE_LABELS[role];
    await enqueueMail(tx, {
      kind: "team-invitation",
      recipients: [address],
      ...composeMail({
        subject: `${actor.name} invited you to the ${site.name} team`,
        paragraphs: [`${actor.name} invited you to join the ${site.name} dashboard as ${label}.`, "Choose your name and password on the page the link opens."],
        button: { label: "Accept the invitation", url },
        footer: [`The link works once, for ${INVITATION_DAYS} days. If you did not expect this, ignore this e-mail.`],
      }),
    });
    return row!.id;
  });
  return { id, url };
}

export async function revokeInvitation(id: string): Promise<boolean> {
  const actor = await requireRole(TEAM_DESK.write);
  return db().transaction(async (tx) => {
    const [row] = await tx
      .update(teamInvitations)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(teamInvitations.id, id), isNull(teamInvitations.acceptedAt), isNull(teamInvitations.revokedAt)))
      .returning({ id: teamInvitations.id, email: teamInvitations.email, role: teamInvitations.role });
    if (!row) return false;
    await recordActivity({ action: "team.invitation-withdrawn", actor, table: "team_invitations", recordId: row.id, before: { email: row.email, role: row.role } }, tx);
    return true;
  });
}

/** What the invitee reads when the link no longer works, by reason. */
export const INVITATION_WORDS = {
  unknown: "This invitation link is not valid. Ask the person who invited you for a new one.",
  expired: "This invitation has expired (links work for 7 days). Ask the person who invited you for a new one.",
  used: "This invitation was already used. Sign in with the password you chose.",
  revoked: "This invitation was withdrawn. Ask the person who invited you if you should still join.",
} as const;

/** What an invitation link finds: usable (with its address and role), or why not. */
export type InvitationState =
  | { kind: "valid"; id: string; email: string; role: StaffRole }
  | { kind: "unknown" | "expired" | "used" | "revoked" };

export async function readInvitation(token: string): Promise<InvitationState> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return { kind: "unknown" };
  const [row] = await db().select().from(teamInvitations).where(eq(teamInvitations.tokenHash, hashToken(token))).limit(1);
  if (!row) return { kind: "unknown" };
  if (row.acceptedAt) return { kind: "used" };
  if (row.revokedAt) return { kind: "revoked" };
  if (row.expiresAt.getTime() <= Date.now()) return { kind: "expired" };
  return { kind: "valid", id: row.id, email: row.email, role: row.role as StaffRole };
}

/**
 * Takes the invitation for one acceptance: a single conditional update, so two submissions of the
 * same link (or an acceptance racing a withdrawal) end with one winner. `release` gives it back
 * when creating the account failed.
 */
export async function claimInvitation(token: string): Promise<{ id: string; email: string; role: StaffRole } | null> {
  const [row] = await db()
    .update(teamInvitations)
    .set({ acceptedAt: sql`now()` })
    .where(
      and(
        eq(teamInvitations.tokenHash, hashToken(token)),
        isNull(teamInvitations.acceptedAt),
        isNull(teamInvitations.revokedAt),
        gt(teamInvitations.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: teamInvitations.id, email: teamInvitations.email, role: teamInvitations.role });
  return row ? { ...row, role: row.role as StaffRole } : null;
}

export async function releaseInvitation(id: string): Promise<void> {
  await db().update(teamInvitations).set({ acceptedAt: null }).where(eq(teamInvitations.id, id));
}

/** Gives the newly made account the invitation's role. */
export async function grantInvitedRole(userId: string, role: StaffRole): Promise<void> {
  await db()
    .insert(profiles)
    .values({ userId, role })
    .onConflictDoUpdate({ target: profiles.userId, set: { role, updatedAt: sql`now()` } });
}

function teamRule(field: string, error: unknown): never {
  if (error instanceof TeamRuleError) throw new FieldError({ [field]: error.message }, "Not changed", error.message);
  throw error;
}

export async function changeMemberRole(userId: string, role: Role): Promise<boolean> {
  const actor = await requireRole(TEAM_DESK.write);
  refuseOwnerChange(actor, role);
  try {
    await changeMember(userId, role, actor);
  } catch (error) {
    teamRule("role", error);
  }
  return true;
}

/** Removes the account: its sessions end at once; content keeps the author name it was published with. */
export async function removeMember(userId: string): Promise<boolean> {
  const actor = await requireRole(TEAM_DESK.write);
  if (userId === actor.id) throw new FieldError({ form: "You cannot remove yourself: ask another owner or admin." }, "Not removed");
  try {
    await changeMember(userId, null, actor);
  } catch (error) {
    teamRule("form", error);
  }
  return true;
}

/** Ends every session of a member (an admin may not do it to an owner). Returns how many ended. */
export async function signOutMemberEverywhere(userId: string): Promise<number> {
  const actor = await requireRole(TEAM_DESK.write);
  const [target] = await db().select({ role: profiles.role }).from(profiles).where(eq(profiles.userId, userId)).limit(1);
  if (!target) return 0;
  if (target.role === "owner" && actor.role !== "owner") throw new FieldError({ form: "Only an owner can sign an owner out." }, "Not changed");
  return db().transaction(async (tx) => {
    const ended = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
    await recordActivity({ action: "team.sign-out-everywhere", actor, table: "users", recordId: userId, before: { sessions: ended.length }, after: { sessions: 0 } }, tx);
    return ended.length;
  });
}

// ---------------------------------------------------------------------------------------------
// Public sign-up: the Team tab's switch, over AUTH_SIGNUP_ENABLED (docs/decisions/0034)
// ---------------------------------------------------------------------------------------------

export { decideSignUp, SIGN_UP_CLOSED_MESSAGE, signUpSetting, type SignUpSetting } from "../../kernel/session/data/team-settings";

export async function setSignUpOpen(open: boolean): Promise<SignUpSetting> {
  const actor = await requireRole(TEAM_DESK.write);
  await writeTeamSetting(SIGNUP_KEY, open, "team.sign-up-switch", actor.id);
  return signUpSetting();
}
