import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { setUpTestDatabase } from "./helpers/test-db";

// The team: roles kept with at least one owner under concurrent changes, invitations (used once,
// for 7 days, withdrawn), removal, the sign-up switch, sessions and the password change, and
// `npm run admin` through a running server's data folder.

const SITE = "http://localhost:3999";
let requestHeaders = new Headers({ host: "localhost:3999", origin: SITE });
const redirects: string[] = [];
vi.mock("next/headers", () => ({ headers: async () => requestHeaders, cookies: async () => ({ get: () => undefined, set: () => {}, getAll: () => [] }) }));
vi.mock("next/cache", () => ({ revalidatePath: () => {}, revalidateTag: () => {}, updateTag: () => {} }));
vi.mock("next/navigation", () => ({ redirect: (to: string) => void redirects.push(to), notFound: () => {} }));

const { getAuth, hashPassword } = await import("@/server/kernel/session/auth");
const { getViewer } = await import("@/server/kernel/session/auth-guard");
const { activityEvents, blogPosts, notifications, profiles, sessions, teamInvitations, users } = await import("@/server/kernel/db/schema");
const { changeMember, LAST_OWNER_MESSAGE, setRoleByEmail } = await import("@/server/kernel/session/data/profiles");
const team = await import("@/server/team/team-actions");
const { signUpAction } = await import("@/server/team/auth-actions");
const { decideSignUp, readInvitation, signUpSetting } = await import("@/server/team/data/team");
const { listMySessions, maskAddress, describeUserAgent } = await import("@/server/kernel/session/data/sessions");
const { runRoleRequest, sendRoleRequest, watchRoleRequests } = await import("@/server/team/admin-requests");

const handle = setUpTestDatabase();
const PASSWORD = "Monsoon-Ledger-2026";
const IDLE = { status: "idle" } as const;
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

let counter = 0;
async function member(role: string, email = `m${++counter}@team.test`): Promise<{ id: string; email: string }> {
  const context = await getAuth().$context;
  const user = await context.internalAdapter.createUser({ name: `Member ${counter}`, email, emailVerified: true }, { method: "email-password" });
  await context.internalAdapter.linkAccount({ userId: user.id, providerId: "credential", accountId: user.id, password: await hashPassword(PASSWORD) });
  await handle.db.insert(profiles).values({ userId: user.id, role }).onConflictDoUpdate({ target: profiles.userId, set: { role } });
  return { id: user.id, email };
}
async function signIn(email: string, password = PASSWORD, userAgent = CHROME): Promise<string> {
  const { headers } = await getAuth().api.signInEmail({
    body: { email, password },
    returnHeaders: true,
    headers: new Headers({ "user-agent": userAgent, "x-forwarded-for": "203.0.113.77" }),
  });
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}
const as = (cookie?: string) => {
  requestHeaders = new Headers({ host: "localhost:3999", origin: SITE, "user-agent": CHROME, ...(cookie ? { cookie } : {}) });
  return requestHeaders;
};
const formOf = (values: Record<string, string>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) form.set(k, v);
  return form;
};
const roleOf = async (id: string) => (await handle.db.select({ role: profiles.role }).from(profiles).where(eq(profiles.userId, id)))[0]?.role;
const sessionCount = async (id: string) => (await handle.db.select().from(sessions).where(eq(sessions.userId, id))).length;
const owners = async () => (await handle.db.select().from(profiles).where(eq(profiles.role, "owner"))).length;

beforeAll(async () => {}, 60_000);
beforeEach(async () => {
  redirects.length = 0;
  // Every test starts with no owner left over from the one before.
  await handle.db.update(profiles).set({ role: "user" }).where(eq(profiles.role, "owner"));
});

describe("at least one owner", () => {
  it("two owners demoting each other at once: one change wins, one owner remains (10 rounds)", async () => {
    for (let round = 0; round < 10; round++) {
      await handle.db.update(profiles).set({ role: "user" }).where(eq(profiles.role, "owner"));
      const a = await member("owner");
      const b = await member("owner");
      const results = await Promise.allSettled([changeMember(a.id, "editor", { role: "owner" }), changeMember(b.id, "editor", { role: "owner" })]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      expect(results.find((r) => r.status === "rejected")).toMatchObject({ reason: { message: LAST_OWNER_MESSAGE } });
      expect(await owners()).toBe(1);
    }
  });

  it("removals and demotions racing from the Team tab never leave the team without an owner", async () => {
    const [a, b, c] = [await member("owner"), await member("owner"), await member("owner")];
    const cookies = [await signIn(a.email), await signIn(b.email), await signIn(c.email)];
    // Each owner removes the next while demoting themselves: many interleavings, always one owner.
    const calls = [
      () => (as(cookies[0]), team.removeMemberAction(IDLE, formOf({ userId: b.id }))),
      () => (as(cookies[1]), team.removeMemberAction(IDLE, formOf({ userId: c.id }))),
      () => (as(cookies[2]), team.changeRoleAction(IDLE, formOf({ userId: a.id, role: "sales" }))),
      () => (as(cookies[0]), team.changeRoleAction(IDLE, formOf({ userId: c.id, role: "editor" }))),
    ];
    await Promise.all(calls.map((call) => call()));
    expect(await owners()).toBeGreaterThanOrEqual(1);
  });

  it("the last owner cannot be demoted, removed, or revoked from the terminal; an admin cannot touch an owner", async () => {
    const owner = await member("owner");
    const admin = await member("admin");
    as(await signIn(owner.email));
    expect(await team.changeRoleAction(IDLE, formOf({ userId: owner.id, role: "admin" }))).toMatchObject({
      status: "invalid",
      fieldErrors: { role: LAST_OWNER_MESSAGE },
    });
    expect(await runRoleRequest({ email: owner.email, role: "user" })).toEqual({ ok: false, message: LAST_OWNER_MESSAGE });
    as(await signIn(admin.email));
    expect(await team.removeMemberAction(IDLE, formOf({ userId: owner.id }))).toMatchObject({ status: "invalid" });
    expect(await team.changeRoleAction(IDLE, formOf({ userId: admin.id, role: "owner" }))).toMatchObject({ status: "invalid" });
    expect(await team.signOutMemberAction(IDLE, formOf({ userId: owner.id }))).toMatchObject({ status: "invalid" });
    expect(await team.inviteAction(IDLE, formOf({ email: "new-owner@team.test", role: "owner" }))).toMatchObject({
      status: "invalid",
      fieldErrors: { role: expect.any(String) },
    });
    expect(await roleOf(owner.id)).toBe("owner");
    expect(await roleOf(admin.id)).toBe("admin");
  });

  it("a role change applies on the next request; removal ends the sessions at once and content keeps its author", async () => {
    const owner = await member("owner");
    const writer = await member("editor");
    const writerCookie = await signIn(writer.email);
    await handle.db
      .insert(blogPosts)
      .values({ title: "Written by the writer", slug: `by-writer-${counter}`, content: "<p>Hi</p>", authorName: "Member Writer" });
    as(await signIn(owner.email));
    expect(await team.changeRoleAction(IDLE, formOf({ userId: writer.id, role: "sales" }))).toMatchObject({ status: "success" });
    expect(await getViewer(new Headers({ cookie: writerCookie }))).toMatchObject({ kind: "staff", user: { role: "sales" } });
    expect(await team.removeMemberAction(IDLE, formOf({ userId: writer.id }))).toMatchObject({ status: "success" });
    expect(await getViewer(new Headers({ cookie: writerCookie }))).toEqual({ kind: "anonymous" });
    expect(await sessionCount(writer.id)).toBe(0);
    await expect(getAuth().api.signInEmail({ body: { email: writer.email, password: PASSWORD } })).rejects.toBeTruthy();
    const [post] = await handle.db
      .select()
      .from(blogPosts)
      .where(eq(blogPosts.slug, `by-writer-${counter}`));
    expect(post!.authorName).toBe("Member Writer");
  });
});

describe("invitations", () => {
  const linkOf = async (email: string) => {
    const [mail] = await handle.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.kind, "team-invitation"), sql`${email} = any(${notifications.recipients})`))
      .orderBy(sql`${notifications.createdAt} desc`)
      .limit(1);
    return /https?:\/\/\S+\/auth\/invite\?token=([A-Za-z0-9_-]+)/.exec(mail!.textBody)!;
  };

  it("the invitee chooses a name and password, is signed in with the role, and the link works once", async () => {
    const owner = await member("owner");
    as(await signIn(owner.email));
    expect(await team.inviteAction(IDLE, formOf({ email: "Writer@Team.test", role: "editor" }))).toMatchObject({ status: "success" });
    const [url, token] = await linkOf("writer@team.test");
    expect(url).toMatch(/^http:\/\/localhost:3999\/auth\/invite\?token=/);
    // Only the token's hash is stored.
    expect((await handle.db.select().from(teamInvitations)).some((i) => i.tokenHash === token)).toBe(false);
    const [row] = await handle.db.select().from(teamInvitations).where(eq(teamInvitations.email, "writer@team.test"));
    const days = (row!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    as();
    // A weak password is refused beside its field and nothing is used up.
    expect(await team.acceptInvitationAction(IDLE, formOf({ token: token!, name: "Wren Writer", password: "password" }))).toMatchObject({
      status: "invalid",
      fieldErrors: { password: expect.any(String) },
    });
    expect(await readInvitation(token!)).toMatchObject({ kind: "valid", role: "editor" });
    // Two submissions of the same link at once: one account.
    const answers = await Promise.all([0, 1].map(() => team.acceptInvitationAction(IDLE, formOf({ token: token!, name: "Wren Writer", password: PASSWORD }))));
    expect(answers.filter((a) => a.status === "success")).toHaveLength(1);
    expect(answers.find((a) => a.status !== "success")).toMatchObject({ status: "refused", message: expect.stringContaining("already used") });
    expect(redirects).toEqual(["/admin?welcome=1"]);
    const [user] = await handle.db.select().from(users).where(eq(users.email, "writer@team.test"));
    expect(user).toMatchObject({ name: "Wren Writer", emailVerified: true });
    expect(await roleOf(user!.id)).toBe("editor");
    expect(await sessionCount(user!.id)).toBe(1);
    expect(await readInvitation(token!)).toEqual({ kind: "used" });
  });

  it("expired, withdrawn and unknown links say so, and create nothing", async () => {
    const owner = await member("owner");
    as(await signIn(owner.email));
    await team.inviteAction(IDLE, formOf({ email: "late@team.test", role: "sales" }));
    await team.inviteAction(IDLE, formOf({ email: "withdrawn@team.test", role: "sales" }));
    const [, late] = await linkOf("late@team.test");
    const [, withdrawn] = await linkOf("withdrawn@team.test");
    await handle.db
      .update(teamInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(teamInvitations.email, "late@team.test"));
    const [pending] = await handle.db.select().from(teamInvitations).where(eq(teamInvitations.email, "withdrawn@team.test"));
    expect(await team.revokeInvitationAction(IDLE, formOf({ id: pending!.id }))).toMatchObject({ status: "success" });
    as();
    const accept = (token: string) => team.acceptInvitationAction(IDLE, formOf({ token, name: "Someone", password: PASSWORD }));
    expect(await accept(late!)).toMatchObject({ status: "refused", message: expect.stringContaining("expired") });
    expect(await accept(withdrawn!)).toMatchObject({ status: "refused", message: expect.stringContaining("withdrawn") });
    expect(await accept("x".repeat(43))).toMatchObject({ status: "refused", message: expect.stringContaining("not valid") });
    expect(
      await handle.db
        .select()
        .from(users)
        .where(sql`${users.email} in ('late@team.test', 'withdrawn@team.test')`),
    ).toEqual([]);
  });

  it("a new invitation to the same address withdraws the old link; an existing account is pointed to the list", async () => {
    const owner = await member("owner");
    as(await signIn(owner.email));
    await team.inviteAction(IDLE, formOf({ email: "twice@team.test", role: "sales" }));
    const [, first] = await linkOf("twice@team.test");
    await team.inviteAction(IDLE, formOf({ email: "twice@team.test", role: "editor" }));
    expect(await readInvitation(first!)).toEqual({ kind: "revoked" });
    expect(await team.inviteAction(IDLE, formOf({ email: owner.email, role: "sales" }))).toMatchObject({
      status: "invalid",
      fieldErrors: { email: expect.stringContaining("exists") },
    });
    expect(await team.inviteAction(IDLE, formOf({ email: "not an address", role: "sales" }))).toMatchObject({
      status: "invalid",
      fieldErrors: { email: expect.any(String) },
    });
  });
});

describe("public sign-up switch", () => {
  it("the Team tab closes and opens /auth sign-up; AUTH_SIGNUP_ENABLED=false overrides it", async () => {
    const owner = await member("owner");
    as(await signIn(owner.email));
    expect(await signUpSetting()).toEqual({ open: true, source: "default" });
    expect(await team.setSignUpAction(IDLE, formOf({ open: "false" }))).toMatchObject({ status: "success", message: "Public sign-up is closed." });
    as();
    const signUp = () => signUpAction(IDLE, formOf({ name: "Visitor", email: `visitor${++counter}@team.test`, password: PASSWORD }));
    expect(await signUp()).toMatchObject({ status: "refused", message: "Creating accounts is switched off on this site." });
    // The endpoint itself refuses too (a script posting to /api/auth/sign-up/email).
    await expect(getAuth().api.signUpEmail({ body: { name: "Script", email: "script@team.test", password: PASSWORD } })).rejects.toMatchObject({
      body: { code: "SIGN_UP_CLOSED" },
    });
    as(await signIn(owner.email));
    await team.setSignUpAction(IDLE, formOf({ open: "true" }));
    as();
    expect(await signUp()).toMatchObject({ status: "success" });
    // The precedence, for every combination the configuration allows.
    expect(decideSignUp({ value: false, isSet: true }, true)).toEqual({ open: false, source: "environment" });
    expect(decideSignUp({ value: true, isSet: true }, false)).toEqual({ open: false, source: "switch" });
    expect(decideSignUp({ value: true, isSet: false }, undefined)).toEqual({ open: true, source: "default" });
    expect(decideSignUp({ value: true, isSet: true }, undefined)).toEqual({ open: true, source: "default" });
  });
});

describe("sessions", () => {
  it("a member sees their sessions (browser, device, masked address) and ends one; never another member's", async () => {
    const owner = await member("owner");
    const other = await member("sales");
    const laptop = await signIn(owner.email);
    await signIn(
      owner.email,
      PASSWORD,
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
    );
    const otherCookie = await signIn(other.email);
    as(laptop);
    const mine = await listMySessions();
    expect(mine).toHaveLength(2);
    expect(mine.filter((s) => s.current)).toHaveLength(1);
    expect(mine.map((s) => s.browser).sort()).toEqual(["Chrome 131", "Safari 17"]);
    expect(mine.every((s) => s.address === "203.0.113.x")).toBe(true);
    const phone = mine.find((s) => !s.current)!;
    expect(phone.device).toContain("iOS");
    // Another member's session id is not mine to end.
    const [theirs] = await handle.db.select().from(sessions).where(eq(sessions.userId, other.id));
    expect(await team.endSessionAction(IDLE, formOf({ id: theirs!.id }))).toMatchObject({ status: "error" });
    expect(await getViewer(new Headers({ cookie: otherCookie }))).toMatchObject({ kind: "staff" });
    expect(await team.endSessionAction(IDLE, formOf({ id: phone.id }))).toMatchObject({ status: "success" });
    expect((await listMySessions()).map((s) => s.id)).toEqual([mine.find((s) => s.current)!.id]);
    // The ended session is in the activity trail, under its own id, as the member who ended it.
    const trail = await handle.db.select().from(activityEvents).where(eq(activityEvents.recordId, phone.id));
    expect(trail.map((r) => [r.action, r.tableName, r.userId])).toEqual([["auth.session-end", "sessions", owner.id]]);
  });

  it("a session's last seen follows its requests, written at most once a minute", async () => {
    const sales = await member("sales");
    const cookie = await signIn(sales.email);
    const [session] = await handle.db.select().from(sessions).where(eq(sessions.userId, sales.id));
    await handle.db
      .update(sessions)
      .set({ updatedAt: new Date(Date.now() - 30 * 60_000) })
      .where(eq(sessions.id, session!.id));
    as(cookie);
    const [seen] = await listMySessions();
    expect(Date.now() - seen!.lastSeen.getTime()).toBeLessThan(60_000);
    const first = seen!.lastSeen.getTime();
    await getViewer(new Headers({ cookie }));
    const [again] = await handle.db.select().from(sessions).where(eq(sessions.id, session!.id));
    expect(again!.updatedAt.getTime()).toBe(first);
  });

  it("an owner signs a member out everywhere", async () => {
    const owner = await member("owner");
    const sales = await member("sales");
    const cookies = [await signIn(sales.email), await signIn(sales.email)];
    as(await signIn(owner.email));
    expect(await team.signOutMemberAction(IDLE, formOf({ userId: sales.id }))).toMatchObject({
      status: "success",
      message: expect.stringContaining("2 sessions"),
    });
    for (const cookie of cookies) expect(await getViewer(new Headers({ cookie }))).toEqual({ kind: "anonymous" });
  });

  it("a password change ends the member's other sessions and keeps this one", async () => {
    const editor = await member("editor");
    const elsewhere = await signIn(editor.email);
    as(await signIn(editor.email));
    expect(await team.changePasswordAction(IDLE, formOf({ currentPassword: "wrong-password-1", newPassword: "Harbour-Lantern-2027" }))).toMatchObject({
      status: "invalid",
      fieldErrors: { currentPassword: expect.any(String) },
    });
    expect(await getViewer(new Headers({ cookie: elsewhere }))).toMatchObject({ kind: "staff" });
    expect(await team.changePasswordAction(IDLE, formOf({ currentPassword: PASSWORD, newPassword: "Harbour-Lantern-2027" }))).toMatchObject({
      status: "success",
    });
    expect(await getViewer(new Headers({ cookie: elsewhere }))).toEqual({ kind: "anonymous" });
    expect(await sessionCount(editor.id)).toBe(1);
    await expect(signIn(editor.email, "Harbour-Lantern-2027")).resolves.toBeTruthy();
  });

  it("addresses are masked and user agents described", () => {
    expect(maskAddress("198.51.100.23")).toBe("198.51.100.x");
    expect(maskAddress("::ffff:198.51.100.23")).toBe("198.51.100.x");
    expect(maskAddress("2001:db8:85a3:8d3:1319:8a2e:370:7348")).toBe("2001:db8:85a3::x");
    expect(maskAddress(null)).toBe("unknown");
    expect(describeUserAgent(null)).toEqual({ device: "Unknown device", browser: "Unknown browser" });
    expect(describeUserAgent(CHROME)).toEqual({ device: "Desktop · Linux", browser: "Chrome 131" });
  });
});

describe("npm run admin while the server holds the database", () => {
  it("the request is handed over through the data folder and answered", async () => {
    const target = await member("user");
    await member("owner");
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "admin-requests-"));
    const stop = watchRoleRequests(path.join(dataDir, "pglite"), 50);
    try {
      expect(await sendRoleRequest(path.join(dataDir, "pglite"), { email: target.email, role: "sales" })).toEqual({
        ok: true,
        message: `${target.email} is now sales.`,
      });
      expect(await roleOf(target.id)).toBe("sales");
      expect(await sendRoleRequest(path.join(dataDir, "pglite"), { email: "nobody@team.test", role: "owner" })).toMatchObject({
        ok: false,
        message: expect.stringContaining("No account"),
      });
      // A request file that is not a request changes nothing and is answered.
      fs.writeFileSync(path.join(dataDir, "pglite.requests", "junk.request.json"), '{"email":"x","role":"god"}');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(JSON.parse(fs.readFileSync(path.join(dataDir, "pglite.requests", "junk.answer.json"), "utf8"))).toEqual({
        ok: false,
        message: "The request could not be read.",
      });
    } finally {
      stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    // The CLI's grant through the database it opens itself: same rule, same words.
    expect(await setRoleByEmail(target.email, "editor")).toMatchObject({ emailVerified: true });
  });
});
