import path from "node:path";
import { pathToFileURL } from "node:url";
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { setUpTestDatabase } from "./helpers/test-db";

// The account forms' Server Actions through the one form wrapper (src/server/kernel/forms/form-action.ts), on a
// real database and better-auth: the toasts' words, what is echoed, and what a failure shows.
const SITE = process.env.SITE_URL!;
let serial = 0;
let requestHeaders = new Headers();
vi.mock("next/headers", () => ({ headers: async () => requestHeaders }));
class Redirected extends Error {
  constructor(readonly url: string) {
    super(`redirect ${url}`);
  }
}
vi.mock("next/navigation", () => ({
  redirect: (url: string) => {
    throw new Redirected(url);
  },
}));
const logged: { level: string; msg: string; fields: Record<string, unknown> }[] = [];
vi.mock("@/server/kernel/log", async (original) => ({
  ...(await original<typeof import("@/server/kernel/log")>()),
  log: (level: string, msg: string, fields: Record<string, unknown> = {}) => logged.push({ level, msg, fields }),
}));

const { signInAction, signUpAction, requestPasswordResetAction } = await import("@/server/team/auth-actions");
const { verifySecondFactorAction } = await import("@/server/team/two-factor-actions");
const { getAuth } = await import("@/server/kernel/session/auth");
const { notifications, rateLimits, users } = await import("@/server/kernel/db/schema");

const PASSWORD = "Monsoon-Ledger-2026";
const IDLE = { status: "idle" } as const;
/** What no answer may carry: SQL, a constraint's or table's name, a stack. */
const LEAKS = /\b(insert|update|delete|select)\b.*\b(into|set|from)\b|constraint|forced_failure|violates|relation|users_gone|\bat .*:\d+|node_modules|\.ts\b/i;

const formOf = (values: Record<string, string>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) form.set(k, v);
  return form;
};

const handle = setUpTestDatabase();
beforeEach(() => {
  logged.length = 0;
  // A request of this site, each from its own address (the sign-up limit counts per address).
  requestHeaders = new Headers({ host: new URL(SITE).host, origin: SITE, "x-forwarded-for": `198.51.100.${++serial}` });
});

describe("account actions", () => {
  it("sign-up: created, then exists; the sign-in form comes back with the address only", async () => {
    const created = await signUpAction(IDLE, formOf({ name: "Asha Rao", email: "asha@test.example", password: PASSWORD }));
    expect(created).toMatchObject({
      status: "success",
      title: "Account Created!",
      message: "Please check your email to verify your account.",
      values: { email: "asha@test.example" },
      mode: "signin",
    });
    const again = await signUpAction(IDLE, formOf({ name: "Asha Rao", email: "asha@test.example", password: PASSWORD }));
    expect(again).toMatchObject({
      status: "refused",
      title: "Account Exists",
      message: "An account with this email already exists. Please sign in instead.",
      values: { email: "asha@test.example" },
      mode: "signin",
    });
    for (const answer of [created, again]) expect(JSON.stringify(answer)).not.toContain(PASSWORD);
  });

  it("sign-up of one address four times at once: one account, the others told it exists", async () => {
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => signUpAction(IDLE, formOf({ name: "Ravi", email: "ravi.race@test.example", password: PASSWORD }))),
    );
    expect(answers.map((a) => a.title).sort()).toEqual(["Account Created!", "Account Exists", "Account Exists", "Account Exists"]);
  });

  it("an invalid sign-up: per-field errors, the name and address echoed, never the password", async () => {
    const answer = await signUpAction(IDLE, formOf({ name: "Asha", email: "asha@test.example", password: "password" }));
    expect(answer).toMatchObject({ status: "invalid", mode: "signup", values: { name: "Asha", email: "asha@test.example" } });
    expect(answer.fieldErrors?.password).toMatch(/common/);
    expect(answer.values).not.toHaveProperty("password");
  });

  it("sign-in with a wrong password: 'Login Failed', the address echoed, the event logged", async () => {
    const answer = await signInAction(IDLE, formOf({ email: "nobody@test.example", password: "Wrong-Password-77" }));
    expect(answer).toMatchObject({
      status: "error",
      title: "Login Failed",
      message: "Invalid email or password. Please check your credentials.",
      values: { email: "nobody@test.example" },
      mode: "signin",
    });
    expect(JSON.stringify(answer)).not.toContain("Wrong-Password-77");
    expect(logged.find((l) => l.fields.event === "auth.sign-in.failure")?.fields).toMatchObject({ reason: "invalid-credentials", email: "n***@test.example" });
  });

  it("a foreign Origin is refused before anything is read or stored", async () => {
    requestHeaders = new Headers({ host: new URL(SITE).host, origin: "https://evil.example" });
    const answer = await signUpAction(IDLE, formOf({ name: "Eve", email: "eve@test.example", password: PASSWORD }));
    expect(answer).toMatchObject({ status: "refused", message: "This form can only be sent from our own website." });
    expect((await handle.db.execute<{ n: number }>(sql`select count(*)::int as n from users where email = 'eve@test.example'`)).rows[0]!.n).toBe(0);
    const reset = await requestPasswordResetAction(IDLE, formOf({ email: "asha@test.example" }));
    expect(reset).toMatchObject({ status: "refused", message: "This form can only be sent from our own website." });
  });

  it("a database error during sign-up answers a fixed text, no SQL, and logs the details", async () => {
    const failures = [
      // The account row (written by better-auth after the user) fails in the database itself.
      {
        setup: sql`alter table accounts add constraint forced_failure check (false) not valid`,
        undo: sql`alter table accounts drop constraint forced_failure`,
      },
      // The users table is gone: the check for an existing account fails first.
      { setup: sql`alter table users rename to users_gone`, undo: sql`alter table users_gone rename to users` },
    ];
    let figures = 0;
    for (const [i, failure] of failures.entries()) {
      await handle.db.execute(failure.setup);
      try {
        logged.length = 0;
        const answer = await signUpAction(IDLE, formOf({ name: "Ravi", email: `ravi-${i}@test.example`, password: PASSWORD }));
        expect(answer).toMatchObject({ status: "error", title: "Error", message: "Something went wrong. Please try again.", mode: "signup" });
        expect(JSON.stringify(answer)).not.toMatch(LEAKS);
        expect(JSON.stringify(answer)).not.toContain(PASSWORD);
        const details = logged.filter((l) => l.msg === "auth: sign-up error");
        expect(details).toHaveLength(1);
        expect(details[0]!.fields).toMatchObject({ event: "auth.sign-up.failure" });
        expect(JSON.stringify(details[0]!.fields)).toMatch(i === 0 ? /forced_failure/ : /users/);
        figures++;
      } finally {
        await handle.db.execute(failure.undo);
      }
    }
    console.log(`${figures} sign-ups failed in the database: every answer the fixed text, no SQL, the details in the log`);
  });

  it("a refusal made by another copy of better-auth's code (the route handler's bundle) keeps its own words", async () => {
    // Next bundles better-auth once for the /api/auth route and once for the Server Actions; the
    // shared instance throws the class of whichever bundle made it. A second module instance of
    // better-call's error module is such a copy: the same class, another identity.
    const copy = (await import(
      `${pathToFileURL(path.resolve("node_modules/better-call/dist/error.mjs")).href}?bundle=route-handler`
    )) as typeof import("better-call/error");
    const refusedBy = (status: "UNAUTHORIZED" | "TOO_MANY_REQUESTS", code: string, message: string) => () =>
      Promise.reject(new copy.APIError(status, { code, message }));
    const { APIError } = await import("better-auth/api");
    expect(new copy.APIError("UNAUTHORIZED", {}) instanceof APIError).toBe(false);

    const api = getAuth().api;
    const signIn = vi.spyOn(api, "signInEmail");
    const totp = vi.spyOn(api, "verifyTOTP");
    try {
      signIn.mockImplementationOnce(refusedBy("UNAUTHORIZED", "INVALID_EMAIL_OR_PASSWORD", "Invalid email or password"));
      expect(await signInAction(IDLE, formOf({ email: "someone@test.example", password: "Wrong-Password-78" }))).toMatchObject({
        status: "error",
        title: "Login Failed",
        message: "Invalid email or password. Please check your credentials.",
      });
      signIn.mockImplementationOnce(
        refusedBy("TOO_MANY_REQUESTS", "TOO_MANY_ATTEMPTS", "Too many failed sign-in attempts. Please wait 15 minutes and try again."),
      );
      expect(await signInAction(IDLE, formOf({ email: "someone@test.example", password: "Wrong-Password-79" }))).toMatchObject({
        status: "refused",
        title: "Too Many Attempts",
        message: "Too many failed sign-in attempts. Please wait 15 minutes and try again.",
      });
      totp.mockImplementationOnce(refusedBy("UNAUTHORIZED", "INVALID_CODE", "Invalid code"));
      expect(await verifySecondFactorAction(IDLE, formOf({ method: "totp", code: "123456" }))).toMatchObject({
        status: "invalid",
        fieldErrors: { code: expect.stringContaining("not right") },
      });
    } finally {
      signIn.mockRestore();
      totp.mockRestore();
    }
  });

  it("password-reset mail: one per account per five minutes, whatever path and address ask; every requester gets the same answer", async () => {
    const email = "reset-target@test.example";
    await getAuth().api.signUpEmail({ body: { name: "Member", email, password: PASSWORD } });
    const resetMails = async () =>
      (await handle.db.select().from(notifications).where(eq(notifications.kind, "reset-password"))).filter((r) => r.recipients.includes(email)).length;
    const viaForm = async (address: string, ip: string) => {
      requestHeaders = new Headers({ host: new URL(SITE).host, origin: SITE, "x-forwarded-for": ip });
      const { at: _at, ...answer } = await requestPasswordResetAction(IDLE, formOf({ email: address }));
      return JSON.stringify({ ...answer, values: undefined });
    };
    // 20 requests through the form, each from its own address, and 20 at once to the endpoint from 20 more.
    const answers: string[] = [];
    for (let i = 1; i <= 20; i++) answers.push(await viaForm(email, `203.0.113.${i}`));
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        getAuth().api.requestPasswordReset({
          body: { email, redirectTo: "/auth/reset-password" },
          headers: new Headers({ "x-forwarded-for": `203.0.114.${i + 1}` }),
        }),
      ),
    );
    const stranger = await viaForm("nobody-at-all@test.example", "203.0.115.1");
    const mailed = await resetMails();
    console.log(`password-reset mail: 40 requests for one member from 40 addresses (20 form, 20 endpoint at once): ${mailed} mail`);
    expect(mailed).toBe(1);
    expect(new Set([...answers, stranger]).size).toBe(1);
    expect(JSON.parse(stranger)).toMatchObject({ status: "success", title: "Check Your Email" });

    // Five minutes later (the interval's row moved back) the member may have another.
    const [user] = await handle.db.select().from(users).where(eq(users.email, email));
    await handle.db
      .update(rateLimits)
      .set({ windowStart: sql`${rateLimits.windowStart} - interval '6 minutes'` })
      .where(eq(rateLimits.key, `reset-mail:${user!.id}`));
    expect(await viaForm(email, "203.0.115.2")).toBe(stranger);
    expect(await resetMails()).toBe(2);
  });
});
