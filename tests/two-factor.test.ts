import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAuth } from "@/server/auth";
import { AccessDeniedError, requireRole } from "@/server/auth-guard";
import { isTwoFactorRequired, setTwoFactorRequired } from "@/server/data/team-settings";
import { env } from "@/server/env";
import { auditEvents, notifications, rateLimits, twoFactors, users } from "@/server/db/schema";
import { createTestDatabase } from "./helpers/test-db";
import { totp } from "../e2e/totp";

let handle: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

const PASSWORD = "Monsoon-Ledger-2026";
let serial = 0;
const uniqueEmail = (label: string) => `${label}-${++serial}-${Date.now()}@test.example`;

/** The cookies a response set, as a Cookie header for the next call. */
function cookiesOf(response: Headers, previous = ""): string {
  const jar = new Map(previous.split("; ").filter(Boolean).map((c) => c.split("=", 2) as [string, string]));
  for (const line of response.getSetCookie()) {
    const [pair] = line.split(";");
    const [name, value] = pair!.split(/=(.*)/s) as [string, string];
    if (/max-age=0/i.test(line) || value === "") jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([n, v]) => `${n}=${v}`).join("; ");
}

const headersFor = (cookie: string, ip: string) => new Headers({ cookie, "x-forwarded-for": ip });
const codeOf = (error: unknown) => (error as { body?: { code?: string } }).body?.code ?? String(error);

async function createAccount(email: string) {
  await getAuth().api.signUpEmail({ body: { name: "Member", email, password: PASSWORD } });
  const [mail] = (await handle.db.select().from(notifications).where(eq(notifications.kind, "verify-email"))).filter((r) => r.recipients.includes(email));
  await getAuth().api.verifyEmail({ query: { token: /token=([^&\s]+)/.exec(mail!.textBody)![1]! } });
}

/** Password sign-in: a session cookie, or (second factor on) the pending challenge's cookie. */
async function passwordStep(email: string, ip: string) {
  const { headers, response } = await getAuth().api.signInEmail({ body: { email, password: PASSWORD }, headers: headersFor("", ip), returnHeaders: true });
  return { cookie: cookiesOf(headers), awaitsSecondFactor: "twoFactorRedirect" in (response as object) };
}

/** An account with TOTP on: the secret as the authenticator app reads it and the ten backup codes. */
/** Turns TOTP on (not yet confirmed): the otpauth:// address and the backup codes. */
async function enableTotp(cookie: string, ip: string) {
  const enabled = await getAuth().api.enableTwoFactor({ body: { password: PASSWORD }, headers: headersFor(cookie, ip) });
  if (enabled.method !== "totp") throw new Error("expected a TOTP secret");
  return enabled;
}

async function accountWithTotp(ip: string) {
  const email = uniqueEmail("totp");
  await createAccount(email);
  const { cookie } = await passwordStep(email, ip);
  const enabled = await enableTotp(cookie, ip);
  const secret = new URL(enabled.totpURI).searchParams.get("secret")!;
  await getAuth().api.verifyTOTP({ body: { code: totp(secret) }, headers: headersFor(cookie, ip) });
  return { email, secret, backupCodes: enabled.backupCodes };
}

async function verifyCode(kind: "totp" | "backup", code: string, cookie: string, ip: string): Promise<string> {
  try {
    const call = kind === "totp" ? getAuth().api.verifyTOTP : getAuth().api.verifyBackupCode;
    const { headers } = await call({ body: { code }, headers: headersFor(cookie, ip), returnHeaders: true });
    return cookiesOf(headers).includes("session_token") ? "signed-in" : "no-session";
  } catch (error) {
    return codeOf(error);
  }
}

describe(`two factors (${process.env.DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("TOTP: enabling needs a confirming code; then a password alone gives no session, the right code does", async () => {
    const ip = "198.19.0.1";
    const email = uniqueEmail("enable");
    await createAccount(email);
    const { cookie } = await passwordStep(email, ip);
    const enabled = await enableTotp(cookie, ip);
    expect(enabled.backupCodes).toHaveLength(10);
    const secret = new URL(enabled.totpURI).searchParams.get("secret")!;
    // Not confirmed yet: the password still signs in on its own.
    expect((await passwordStep(email, ip)).awaitsSecondFactor).toBe(false);
    await getAuth().api.verifyTOTP({ body: { code: totp(secret) }, headers: headersFor(cookie, ip) });
    const [row] = await handle.db.select({ on: users.twoFactorEnabled }).from(users).where(eq(users.email, email));
    expect(row!.on).toBe(true);
    // The secret is stored encrypted, never as the authenticator reads it.
    const [stored] = await handle.db.select().from(twoFactors).innerJoin(users, eq(users.id, twoFactors.userId)).where(eq(users.email, email));
    expect(stored!.two_factors.secret).not.toContain(secret);

    const challenge = await passwordStep(email, ip);
    expect(challenge.awaitsSecondFactor).toBe(true);
    expect(challenge.cookie).not.toContain("session_token");
    expect(await verifyCode("totp", "000000" === totp(secret) ? "111111" : "000000", challenge.cookie, ip)).toBe("INVALID_CODE");
    expect(await verifyCode("totp", totp(secret), challenge.cookie, ip)).toBe("signed-in");

    // The second step is in the trail: the wrong code and the sign-in, each once, for this account;
    // confirming the set-up (a signed-in member's own code) is not a sign-in.
    const trail = await handle.db.select().from(auditEvents).where(eq(auditEvents.email, email));
    const steps = trail.filter((row) => row.action.startsWith("auth.sign-in")).map((row) => [row.action, (row.after as { method?: string } | null)?.method]);
    expect(steps).toEqual(
      expect.arrayContaining([
        ["auth.sign-in-failure", "password+totp"],
        ["auth.sign-in", "password+totp"],
      ]),
    );
    expect(steps.filter(([, method]) => method === "password+totp")).toHaveLength(2);
  });

  it("a backup code signs in once; the same code again is refused", async () => {
    const ip = "198.19.1.1";
    const { email, backupCodes } = await accountWithTotp(ip);
    const first = await passwordStep(email, ip);
    expect(await verifyCode("backup", backupCodes[0]!, first.cookie, ip)).toBe("signed-in");
    const second = await passwordStep(email, ip);
    expect(await verifyCode("backup", backupCodes[0]!, second.cookie, ip)).toBe("INVALID_BACKUP_CODE");
    expect(await verifyCode("backup", backupCodes[1]!, second.cookie, ip)).toBe("signed-in");
  });

  it("50 wrong codes at once, each on its own challenge: at most SIGNIN_MAX_FAILURES checked; the right code is refused until the window passes", async () => {
    const ip = "198.19.2.1";
    const { email, secret } = await accountWithTotp(ip);
    // The attacker knows the password and opens a fresh challenge per guess (better-auth's own
    // limit is five per challenge); then sends every guess at once.
    const challenges = [];
    for (let i = 0; i < 50; i++) challenges.push(await passwordStep(email, ip));
    expect(challenges.every((c) => c.awaitsSecondFactor)).toBe(true);
    const right = totp(secret);
    const wrong = (i: number) => String((Number(right) + 1 + i) % 1_000_000).padStart(6, "0");
    const outcomes = await Promise.all(challenges.map((c, i) => verifyCode("totp", wrong(i), c.cookie, ip)));
    const checked = outcomes.filter((o) => o === "INVALID_CODE").length;
    const [row] = await handle.db.select({ failures: twoFactors.failedVerificationCount }).from(twoFactors).innerJoin(users, eq(users.id, twoFactors.userId)).where(eq(users.email, email));
    console.log(`two-factor limit: 50 wrong codes at once, ${checked} checked (${row!.failures} counted by better-auth), ${outcomes.filter((o) => o === "TOO_MANY_ATTEMPTS").length} refused`);
    expect(checked).toBeLessThanOrEqual(env().SIGNIN_MAX_FAILURES);
    expect(row!.failures).toBeLessThanOrEqual(env().SIGNIN_MAX_FAILURES);
    expect(outcomes.filter((o) => o !== "INVALID_CODE").every((o) => o === "TOO_MANY_ATTEMPTS")).toBe(true);

    // The right code now is refused, and so is signing in with the password again to reset the count.
    const fresh = await passwordStep(email, ip).catch((error) => ({ cookie: "", awaitsSecondFactor: codeOf(error) }));
    expect(fresh.awaitsSecondFactor).toBe("TOO_MANY_ATTEMPTS");
    const spare = challenges.at(-1)!.cookie;
    expect(await verifyCode("totp", totp(secret), spare, ip)).toBe("TOO_MANY_ATTEMPTS");

    // The window passes: the right code gets through.
    await handle.db
      .update(rateLimits)
      .set({ windowStart: sql`${rateLimits.windowStart} - make_interval(mins => ${env().SIGNIN_WINDOW_MINUTES + 1})` })
      .where(sql`${rateLimits.key} like 'signin:%'`);
    expect(await verifyCode("totp", totp(secret), spare, ip)).toBe("signed-in");
  });

  it("a hostile challenge cookie checks nothing and counts against nobody", async () => {
    const ip = "198.19.3.1";
    const outcome = await verifyCode("totp", "123456", "kg.two_factor=forged.value", ip);
    expect(outcome).toBe("INVALID_TWO_FACTOR_COOKIE");
    const rows = await handle.db.select().from(rateLimits).where(sql`${rateLimits.key} like ${`%${ip}%`} and ${rateLimits.count} > 0`);
    expect(rows).toHaveLength(0);
  });

  it("the team requirement: requireRole refuses a member without a second factor, and admits them once it is on", async () => {
    const ip = "198.19.4.1";
    const email = "boss@test.example"; // in ADMIN_EMAILS: owner once verified
    await createAccount(email);
    const { cookie } = await passwordStep(email, ip);
    expect((await requireRole(["owner"], headersFor(cookie, ip))).email).toBe(email);

    await setTwoFactorRequired(true);
    try {
      expect(await isTwoFactorRequired()).toBe(true);
      const refused = await requireRole(["owner"], headersFor(cookie, ip)).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(AccessDeniedError);
      expect((refused as AccessDeniedError).reason).toBe("two-factor");

      // Setting it up needs only the session (the Security page's actions), then the role check passes.
      const enabled = await enableTotp(cookie, ip);
      const secret = new URL(enabled.totpURI).searchParams.get("secret")!;
      const { headers } = await getAuth().api.verifyTOTP({ body: { code: totp(secret) }, headers: headersFor(cookie, ip), returnHeaders: true });
      const renewed = cookiesOf(headers, cookie);
      expect((await requireRole(["owner"], headersFor(renewed, ip))).twoFactorEnabled).toBe(true);
    } finally {
      await setTwoFactorRequired(false);
    }
    expect(await isTwoFactorRequired()).toBe(false);
  });
});
