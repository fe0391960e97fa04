import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { setUpTestDatabase } from "./helpers/test-db";
import { newCredential, registrationAnswer } from "./helpers/webauthn";

// Passkeys (docs/decisions/0046): a member renames and removes only their own; a passkey sign-in that
// fails is an activity row for the credential's owner and counts against the sign-in limit like a wrong
// password. The ceremonies themselves run in Chromium's virtual authenticator (e2e/security/passkeys.spec.ts).

const SITE = "http://localhost:3999";
let requestHeaders = new Headers({ host: "localhost:3999", origin: SITE });
vi.mock("next/headers", () => ({ headers: async () => requestHeaders, cookies: async () => ({ get: () => undefined, set: () => {}, getAll: () => [] }) }));
vi.mock("next/cache", () => ({ revalidatePath: () => {}, revalidateTag: () => {}, updateTag: () => {} }));
vi.mock("next/navigation", () => ({ redirect: () => {}, notFound: () => {} }));

const { getAuth, hashPassword } = await import("@/server/kernel/session/auth");
const { activityEvents, passkeys, profiles, rateLimits } = await import("@/server/kernel/db/schema");
const { removePasskeyAction, renamePasskeyAction } = await import("@/server/team/passkey-actions");
const { listMyPasskeys } = await import("@/server/team/data/passkeys");
const { env } = await import("@/server/kernel/env");
const route = await import("@/app/api/auth/[...all]/route");

const handle = setUpTestDatabase();
beforeAll(async () => {}, 60_000);

const PASSWORD = "Monsoon-Ledger-2026";
const IDLE = { status: "idle" } as const;
let counter = 0;

async function member(role: string): Promise<{ id: string; email: string }> {
  const email = `passkey-${++counter}-${Date.now()}@team.test`;
  const context = await getAuth().$context;
  const user = await context.internalAdapter.createUser({ name: `Member ${counter}`, email, emailVerified: true }, { method: "email-password" });
  await context.internalAdapter.linkAccount({ userId: user.id, providerId: "credential", accountId: user.id, password: await hashPassword(PASSWORD) });
  await handle.db.insert(profiles).values({ userId: user.id, role }).onConflictDoUpdate({ target: profiles.userId, set: { role } });
  return { id: user.id, email };
}
async function signIn(email: string): Promise<string> {
  const { headers } = await getAuth().api.signInEmail({
    body: { email, password: PASSWORD },
    returnHeaders: true,
    headers: new Headers({ "x-forwarded-for": "203.0.113.90" }),
  });
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}
const as = (cookie?: string) => {
  requestHeaders = new Headers({ host: "localhost:3999", origin: SITE, ...(cookie ? { cookie } : {}) });
};
const formOf = (values: Record<string, string>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) form.set(k, v);
  return form;
};
/** A stored credential as the plugin writes it (the key is never read back by these paths). */
async function storedPasskey(userId: string, name: string): Promise<{ id: string; credentialID: string }> {
  const row = { id: crypto.randomUUID(), credentialID: crypto.randomUUID().replace(/-/g, ""), name };
  await handle.db.insert(passkeys).values({ ...row, userId, publicKey: "pQECAyYgASFYIA", counter: 0, deviceType: "multiDevice", backedUp: true });
  return row;
}
const activityOf = (recordId: string) => handle.db.select().from(activityEvents).where(eq(activityEvents.recordId, recordId));

describe(`passkeys (${process.env.DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("a member renames and removes their own passkeys, each one activity row; another member's id changes nothing", async () => {
    const alice = await member("editor");
    const bob = await member("sales");
    const mine = await storedPasskey(alice.id, "Laptop");
    const theirs = await storedPasskey(bob.id, "Phone");
    as(await signIn(alice.email));

    expect(await removePasskeyAction(IDLE, formOf({ id: theirs.id }))).toMatchObject({ status: "error", message: "This passkey no longer exists." });
    expect(await renamePasskeyAction(IDLE, formOf({ id: theirs.id, name: "Mine now" }))).toMatchObject({ status: "error" });
    expect((await listMyPasskeys(bob.id)).map((k) => k.name)).toEqual(["Phone"]);
    expect(await activityOf(theirs.id)).toHaveLength(0);

    expect(await renamePasskeyAction(IDLE, formOf({ id: mine.id, name: "x".repeat(101) }))).toMatchObject({ status: "invalid" });
    expect(await renamePasskeyAction(IDLE, formOf({ id: mine.id, name: "  Work laptop " }))).toMatchObject({ status: "success" });
    expect((await listMyPasskeys(alice.id)).map((k) => k.name)).toEqual(["Work laptop"]);
    expect(await removePasskeyAction(IDLE, formOf({ id: mine.id }))).toMatchObject({ status: "success", message: "Passkey removed." });
    expect(await listMyPasskeys(alice.id)).toEqual([]);
    const trail = await activityOf(mine.id);
    expect(trail.map((r) => [r.action, r.email, r.before, r.after])).toEqual(
      expect.arrayContaining([
        ["passkey.rename", alice.email, { name: "Laptop" }, { name: "Work laptop" }],
        ["passkey.remove", alice.email, { name: "Work laptop" }, null],
      ]),
    );
    expect(trail).toHaveLength(2);
    expect(JSON.stringify(trail)).not.toContain("pQECAyYgASFYIA");

    as();
    expect(await removePasskeyAction(IDLE, formOf({ id: theirs.id }))).toMatchObject({ status: "refused" });
    expect(await listMyPasskeys(bob.id)).toHaveLength(1);
  });

  it("a forged answer for someone's credential is refused, recorded against its owner, and counted by the sign-in limit", async () => {
    const owner = await member("owner");
    const key = await storedPasskey(owner.id, "Security key");
    const ip = "198.18.40.1";
    const attempt = async (): Promise<string> => {
      const { headers } = await getAuth().api.generatePasskeyAuthenticationOptions({ headers: new Headers({ "x-forwarded-for": ip }), returnHeaders: true });
      const cookie = headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      const forged = {
        id: key.credentialID,
        rawId: key.credentialID,
        type: "public-key" as const,
        clientExtensionResults: {},
        response: { clientDataJSON: "e30", authenticatorData: "AAAA", signature: "AAAA" },
      };
      try {
        await getAuth().api.verifyPasskeyAuthentication({ body: { response: forged }, headers: new Headers({ cookie, origin: SITE, "x-forwarded-for": ip }) });
        return "signed-in";
      } catch (error) {
        return (error as { body?: { code?: string } }).body?.code ?? String(error);
      }
    };
    const outcomes: string[] = [];
    for (let i = 0; i < env().SIGNIN_MAX_FAILURES + 2; i++) outcomes.push(await attempt());
    expect(outcomes.slice(0, env().SIGNIN_MAX_FAILURES).every((o) => o === "AUTHENTICATION_FAILED")).toBe(true);
    expect(outcomes.slice(env().SIGNIN_MAX_FAILURES)).toEqual(["TOO_MANY_ATTEMPTS", "TOO_MANY_ATTEMPTS"]);

    const failures = await handle.db
      .select()
      .from(activityEvents)
      .where(and(eq(activityEvents.email, owner.email), eq(activityEvents.action, "auth.sign-in-failure")));
    expect(failures).toHaveLength(env().SIGNIN_MAX_FAILURES);
    expect(failures.every((f) => (f.after as { method?: string }).method === "passkey")).toBe(true);
    // Throttled attempts check nothing and are not recorded.
    await handle.db.delete(rateLimits).where(sql`${rateLimits.key} like 'signin:%'`);
  });

  it("a registration answer sent again is refused with a 4xx and stores nothing, whatever ceremony it comes with", async () => {
    const alice = await member("editor");
    const session = await signIn(alice.email);
    const credential = newCredential();
    /** A new registration ceremony, as the Security page's button starts it: the options and the cookie that names them. */
    const ceremony = async () => {
      const response = await route.GET(new Request(`${SITE}/api/auth/passkey/generate-register-options`, { headers: { cookie: session } }));
      expect(response.status).toBe(200);
      const cookie = [session, ...response.headers.getSetCookie().map((c) => c.split(";")[0])].join("; ");
      return { options: (await response.json()) as { challenge: string }, cookie };
    };
    const send = async (cookie: string, answer: unknown) => {
      const response = await route.POST(
        new Request(`${SITE}/api/auth/passkey/verify-registration`, {
          method: "POST",
          headers: { cookie, origin: SITE, "content-type": "application/json" },
          body: JSON.stringify({ response: answer, name: "Laptop" }),
        }),
      );
      const body = (await response.json().catch(() => null)) as { code?: string } | null;
      return `${response.status} ${body?.code ?? ""}`.trim();
    };

    const first = await ceremony();
    const answer = registrationAnswer(credential, first.options, SITE);
    expect(await send(first.cookie, answer)).toMatch(/^200/);
    expect(await listMyPasskeys(alice.id)).toHaveLength(1);

    const replays = {
      "same ceremony": await send(first.cookie, answer),
      "new ceremony": await send((await ceremony()).cookie, answer),
      "same ceremony twice at once": (await Promise.all([send(first.cookie, answer), send(first.cookie, answer)])).join(", "),
    };
    // The same credential answering a new ceremony (a fresh challenge): the credential is already stored.
    const third = await ceremony();
    const reRegistered = await send(third.cookie, registrationAnswer(credential, third.options, SITE));
    console.log(
      `passkey registration replayed: ${Object.entries({ ...replays, "same credential, new challenge": reRegistered })
        .map(([k, v]) => `${k}: ${v}`)
        .join("; ")}`,
    );
    for (const outcome of [...Object.values(replays).flatMap((v) => v.split(", ")), reRegistered]) expect(outcome).toMatch(/^4\d\d /);
    expect(await listMyPasskeys(alice.id)).toHaveLength(1);
    const added = await handle.db
      .select()
      .from(activityEvents)
      .where(and(eq(activityEvents.action, "passkey.add"), eq(activityEvents.email, alice.email)));
    expect(added).toHaveLength(1);
  });
});
