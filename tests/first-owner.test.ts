import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { setUpTestDatabase } from "./helpers/test-db";

// The first owner of a fresh install through its one-time set-up link (docs/decisions/0084): the
// link is written at start-up only while there is no owner, the signed-in verified account that
// uses it becomes owner (with office hours for strategy calls, ADR 0085), and nobody can use it
// once there is an owner: not a second account, not two at once, not a wrong token.

const SITE = "http://localhost:3999";
let requestHeaders = new Headers({ host: "localhost:3999", origin: SITE });
const redirects: string[] = [];
class Redirected extends Error {}
vi.mock("next/headers", () => ({ headers: async () => requestHeaders, cookies: async () => ({ get: () => undefined, set: () => {}, getAll: () => [] }) }));
vi.mock("next/cache", () => ({ revalidatePath: () => {}, revalidateTag: () => {}, updateTag: () => {} }));
vi.mock("next/navigation", () => ({
  redirect: (to: string) => {
    redirects.push(to);
    throw new Redirected(to);
  },
  notFound: () => {},
}));

const { getAuth, hashPassword } = await import("@/server/kernel/session/auth");
const { activityEvents, bookingHosts, profiles, users } = await import("@/server/kernel/db/schema");
const { claimFirstOwner, grantAdminIfListed, hasOwner } = await import("@/server/kernel/session/data/profiles");
const { announceSetupLink, isSetupToken, setupLink, setupToken, SETUP_LINK_FILE } = await import("@/server/kernel/session/first-owner");
const { claimOwnerAction } = await import("@/server/team/first-owner-actions");

const handle = setUpTestDatabase();
const PASSWORD = "Monsoon-Ledger-2026";
let counter = 0;

async function account(verified = true): Promise<{ id: string; email: string }> {
  const email = `first${++counter}@owner.test`;
  const context = await getAuth().$context;
  const user = await context.internalAdapter.createUser({ name: `Person ${counter}`, email, emailVerified: verified }, { method: "email-password" });
  await context.internalAdapter.linkAccount({ userId: user.id, providerId: "credential", accountId: user.id, password: await hashPassword(PASSWORD) });
  await handle.db.insert(profiles).values({ userId: user.id, role: "user" }).onConflictDoNothing();
  return { id: user.id, email };
}
async function signedInAs(email: string): Promise<void> {
  const { headers } = await getAuth().api.signInEmail({
    body: { email, password: PASSWORD },
    returnHeaders: true,
    headers: new Headers({ "x-forwarded-for": "203.0.113.9" }),
  });
  const cookie = headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  requestHeaders = new Headers({ host: "localhost:3999", origin: SITE, cookie });
}
const roleOf = async (id: string) => (await handle.db.select({ role: profiles.role }).from(profiles).where(eq(profiles.userId, id)))[0]?.role;
const ownerCount = async () => (await handle.db.select().from(profiles).where(eq(profiles.role, "owner"))).length;
async function press(token: string): Promise<string> {
  const form = new FormData();
  form.set("token", token);
  await expect(claimOwnerAction(form)).rejects.toBeInstanceOf(Redirected);
  return redirects.at(-1)!;
}
const linkFile = () => path.resolve(process.env.DATA_DIR!, SETUP_LINK_FILE);

beforeEach(async () => {
  redirects.length = 0;
  requestHeaders = new Headers({ host: "localhost:3999", origin: SITE });
  await handle.db.update(profiles).set({ role: "user" }).where(eq(profiles.role, "owner"));
  await handle.db.delete(bookingHosts);
});

describe("the set-up link", () => {
  it("is written to the data folder (0600) and the log only while the install has no owner", async () => {
    fs.rmSync(linkFile(), { force: true });
    await announceSetupLink();
    const written = fs.readFileSync(linkFile(), "utf8").trim();
    expect(written).toBe(setupLink());
    expect(written).toMatch(/^http:\/\/localhost:3999\/auth\/setup\?token=[A-Za-z0-9_-]{43}$/);
    expect(fs.statSync(linkFile()).mode & 0o777).toBe(0o600);

    const owner = await account();
    await handle.db.update(profiles).set({ role: "owner" }).where(eq(profiles.userId, owner.id));
    await announceSetupLink();
    expect(fs.existsSync(linkFile())).toBe(false);
  });

  it("accepts only its own token", () => {
    expect(isSetupToken(setupToken())).toBe(true);
    for (const wrong of ["", "x", setupToken().slice(1), `${setupToken()}x`, setupToken().toUpperCase(), 42, null, undefined]) {
      expect(isSetupToken(wrong), String(wrong)).toBe(false);
    }
  });

  it("makes the signed-in, verified account that uses it the owner, with office hours from the business hours; it works once", async () => {
    const first = await account();
    await signedInAs(first.email);
    expect(await press(setupToken())).toBe("/admin");
    expect(await roleOf(first.id)).toBe("owner");
    const [hours] = await handle.db.select().from(bookingHosts).where(eq(bookingHosts.userId, first.id));
    expect(hours?.offersCalls).toBe(true);
    expect(hours?.weeklyHours).toEqual([1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: "09:00", end: "19:00" })));
    // The claim is in the activity trail, in its transaction.
    const [trail] = await handle.db.select().from(activityEvents).where(eq(activityEvents.recordId, first.id));
    expect(trail).toMatchObject({ action: "team.role", tableName: "profiles", after: { role: "owner" } });

    // A second account with the same link: refused, nothing changes.
    const second = await account();
    await signedInAs(second.email);
    expect(await press(setupToken())).toContain("state=taken");
    expect(await roleOf(second.id)).toBe("user");
    expect(await ownerCount()).toBe(1);
  });

  it("refuses a wrong token, a signed-out visitor and an unverified account, and changes nothing", async () => {
    const someone = await account();
    await signedInAs(someone.email);
    expect(await press("not-the-token")).toBe("/auth/setup?state=invalid");
    requestHeaders = new Headers({ host: "localhost:3999", origin: SITE });
    expect(await press(setupToken())).toContain("state=signed-out");
    const unverified = await account(false);
    expect(await claimFirstOwner(unverified.id)).toBe("unverified");
    expect(await hasOwner()).toBe(false);
    expect(await roleOf(someone.id)).toBe("user");
  });

  it("two accounts claiming at once: exactly one becomes owner (10 rounds)", async () => {
    for (let round = 0; round < 10; round++) {
      await handle.db.update(profiles).set({ role: "user" }).where(eq(profiles.role, "owner"));
      const [a, b] = [await account(), await account()];
      const outcomes = await Promise.all([claimFirstOwner(a.id), claimFirstOwner(b.id)]);
      expect(outcomes.sort()).toEqual(["owner", "taken"]);
      expect(await ownerCount()).toBe(1);
    }
  });

  it("a member who already saved call settings keeps them; the ADMIN_EMAILS owner also gets office hours when first", async () => {
    const first = await account();
    await handle.db.insert(bookingHosts).values({ userId: first.id, offersCalls: false, weeklyHours: [] });
    expect(await claimFirstOwner(first.id)).toBe("owner");
    const [kept] = await handle.db.select().from(bookingHosts).where(eq(bookingHosts.userId, first.id));
    expect(kept?.offersCalls).toBe(false);

    await handle.db.update(profiles).set({ role: "user" }).where(eq(profiles.role, "owner"));
    const context = await getAuth().$context;
    const listed = await context.internalAdapter.createUser({ name: "Boss", email: "boss@test.example", emailVerified: true }, { method: "email-password" });
    expect(await grantAdminIfListed(listed.id, "boss@test.example")).toBe(true);
    const [given] = await handle.db.select().from(bookingHosts).where(eq(bookingHosts.userId, listed.id));
    expect(given?.offersCalls).toBe(true);
    await handle.db.delete(users).where(eq(users.id, listed.id));
  });
});
