import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getAuth } from "@/server/kernel/session/auth";
import { AccessDeniedError, requireRole } from "@/server/kernel/session/auth-guard";
import { isTwoFactorRequired, setTwoFactorRequired } from "@/server/kernel/session/data/team-settings";
import { env } from "@/server/kernel/env";
import { isKnownAddress } from "@/server/kernel/session/auth-throttle";
import { activityEvents, notifications, passkeys, profiles, rateLimits, twoFactors, users } from "@/server/kernel/db/schema";
import { setUpTestDatabase } from "./helpers/test-db";
import { authenticationAnswer, newCredential, registrationAnswer } from "./helpers/webauthn";
import { totp, wrongCode } from "../e2e/totp";

const handle = setUpTestDatabase();

const PASSWORD = "Monsoon-Ledger-2026";
let serial = 0;
const uniqueEmail = (label: string) => `${label}-${++serial}-${Date.now()}@test.example`;

/** The cookies a response set, as a Cookie header for the next call. */
function cookiesOf(response: Headers, previous = ""): string {
  const jar = new Map(
    previous
      .split("; ")
      .filter(Boolean)
      .map((c) => c.split("=", 2) as [string, string]),
  );
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

/**
 * An account with TOTP on, confirmed with the code of the step at `confirmedAt`. Each code works
 * once: the next right code is the following step's, which better-auth accepts for 30 s ahead.
 */
async function accountWithTotp(ip: string) {
  const email = uniqueEmail("totp");
  await createAccount(email);
  const { cookie } = await passwordStep(email, ip);
  const enabled = await enableTotp(cookie, ip);
  const secret = new URL(enabled.totpURI).searchParams.get("secret")!;
  const confirmedAt = Date.now();
  // Turning it on replaces the session: the renewed cookie is the member's from now on.
  const { headers } = await getAuth().api.verifyTOTP({ body: { code: totp(secret, confirmedAt) }, headers: headersFor(cookie, ip), returnHeaders: true });
  return {
    email,
    secret,
    backupCodes: enabled.backupCodes,
    confirmedAt,
    cookie: cookiesOf(headers, cookie),
    nextCode: () => totp(secret, confirmedAt + 30_000),
  };
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
    const confirmedAt = Date.now();
    await getAuth().api.verifyTOTP({ body: { code: totp(secret, confirmedAt) }, headers: headersFor(cookie, ip) });
    const [row] = await handle.db.select({ on: users.twoFactorEnabled }).from(users).where(eq(users.email, email));
    expect(row!.on).toBe(true);
    // The secret is stored encrypted, never as the authenticator reads it.
    const [stored] = await handle.db.select().from(twoFactors).innerJoin(users, eq(users.id, twoFactors.userId)).where(eq(users.email, email));
    expect(stored!.two_factors.secret).not.toContain(secret);

    const challenge = await passwordStep(email, ip);
    expect(challenge.awaitsSecondFactor).toBe(true);
    expect(challenge.cookie).not.toContain("session_token");
    expect(await verifyCode("totp", wrongCode(secret), challenge.cookie, ip)).toBe("INVALID_CODE");
    // The confirming code was used; the next step's code signs in.
    expect(await verifyCode("totp", totp(secret, confirmedAt + 30_000), challenge.cookie, ip)).toBe("signed-in");

    // The second step is in the trail: the wrong code and the sign-in, each once, for this account;
    // confirming the set-up (a signed-in member's own code) is not a sign-in.
    const trail = await handle.db.select().from(activityEvents).where(eq(activityEvents.email, email));
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
    const { email, secret, nextCode } = await accountWithTotp(ip);
    // The attacker knows the password and opens a fresh challenge per guess (better-auth's own
    // limit is five per challenge); then sends every guess at once.
    const challenges = [];
    for (let i = 0; i < 50; i++) challenges.push(await passwordStep(email, ip));
    expect(challenges.every((c) => c.awaitsSecondFactor)).toBe(true);
    const right = totp(secret);
    const wrong = (i: number) => String((Number(right) + 1 + i) % 1_000_000).padStart(6, "0");
    const outcomes = await Promise.all(challenges.map((c, i) => verifyCode("totp", wrong(i), c.cookie, ip)));
    const checked = outcomes.filter((o) => o === "INVALID_CODE").length;
    const [row] = await handle.db
      .select({ failures: twoFactors.failedVerificationCount })
      .from(twoFactors)
      .innerJoin(users, eq(users.id, twoFactors.userId))
      .where(eq(users.email, email));
    console.log(
      `two-factor limit: 50 wrong codes at once, ${checked} checked (${row!.failures} counted by better-auth), ${outcomes.filter((o) => o === "TOO_MANY_ATTEMPTS").length} refused`,
    );
    expect(checked).toBeLessThanOrEqual(env().SIGNIN_MAX_FAILURES);
    expect(row!.failures).toBeLessThanOrEqual(env().SIGNIN_MAX_FAILURES);
    expect(outcomes.filter((o) => o !== "INVALID_CODE").every((o) => o === "TOO_MANY_ATTEMPTS")).toBe(true);

    // The right code now is refused, and so is signing in with the password again to reset the count.
    const fresh = await passwordStep(email, ip).catch((error) => ({ cookie: "", awaitsSecondFactor: codeOf(error) }));
    expect(fresh.awaitsSecondFactor).toBe("TOO_MANY_ATTEMPTS");
    const spare = challenges.at(-1)!.cookie;
    expect(await verifyCode("totp", nextCode(), spare, ip)).toBe("TOO_MANY_ATTEMPTS");

    // The window passes: the right code gets through.
    await handle.db
      .update(rateLimits)
      .set({ windowStart: sql`${rateLimits.windowStart} - make_interval(mins => ${env().SIGNIN_WINDOW_MINUTES + 1})` })
      .where(sql`${rateLimits.key} like 'signin:%'`);
    expect(await verifyCode("totp", nextCode(), spare, ip)).toBe("signed-in");
  });

  it("the password known: 150 wrong codes at once from 30 addresses; at most SIGNIN_CODE_MAX_FAILURES checked, nothing cleared or made known, better-auth's lock untouched; the owner gets in at home and with a passkey", async () => {
    const home = "198.19.6.1";
    const { email, secret, nextCode, cookie } = await accountWithTotp(home);
    const [owner] = await handle.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    // The owner's passkey, added from the signed-in session at home.
    const credential = newCredential();
    const site = process.env.SITE_URL!;
    const { headers: optionHeaders, response: options } = await getAuth().api.generatePasskeyRegistrationOptions({
      headers: headersFor(cookie, home),
      returnHeaders: true,
    });
    await getAuth().api.verifyPasskeyRegistration({
      body: { response: registrationAnswer(credential, options, site), name: "Phone" },
      headers: new Headers({ cookie: cookiesOf(optionHeaders, cookie), origin: site, "x-forwarded-for": home }),
    });
    expect(await handle.db.select().from(passkeys).where(eq(passkeys.userId, owner!.id))).toHaveLength(1);
    const lastSignIn = async () => (await handle.db.select({ at: profiles.lastSignInAt }).from(profiles).where(eq(profiles.userId, owner!.id)))[0]!.at;
    const signInRows = async () =>
      (await handle.db.select().from(activityEvents).where(eq(activityEvents.email, email))).filter(
        (r) => r.action === "auth.sign-in" || r.action === "auth.session-end",
      ).length;
    const noted = await lastSignIn();
    const rowsBefore = await signInRows();

    // A stranger with the password opens five challenges from each of 30 addresses; from the first
    // five, after two wrong passwords (within the account's ceiling for new addresses).
    const addresses = Array.from({ length: 30 }, (_, i) => `198.19.7.${i + 1}`);
    const challenges: { cookie: string; ip: string }[] = [];
    for (const ip of addresses) {
      for (const wrong of addresses.indexOf(ip) < 5 ? ["Wrong-Pass-1a", "Wrong-Pass-2b"] : []) {
        expect(
          await getAuth()
            .api.signInEmail({ body: { email, password: wrong }, headers: headersFor("", ip) })
            .catch(codeOf),
        ).toBe("INVALID_EMAIL_OR_PASSWORD");
      }
      for (let i = 0; i < 5; i++) {
        const step = await passwordStep(email, ip);
        expect(step.awaitsSecondFactor).toBe(true);
        challenges.push({ cookie: step.cookie, ip });
      }
    }
    // A password awaiting its code proved nothing: the failures stay, no address became known, no
    // sign-in was recorded (nor the end of the session the plugin replaced with a challenge).
    const pairs = await handle.db
      .select()
      .from(rateLimits)
      .where(sql`${rateLimits.key} like ${`signin:pair:${email} 198.19.7.%`}`);
    expect(pairs.map((r) => r.count).filter((n) => n > 0)).toEqual([2, 2, 2, 2, 2]);
    expect((await Promise.all(addresses.map((ip) => isKnownAddress(email, ip)))).some(Boolean)).toBe(false);
    expect(await signInRows()).toBe(rowsBefore);
    expect(await lastSignIn()).toEqual(noted);

    const near = new Set([-30_000, 0, 30_000, 60_000].map((d) => totp(secret, Date.now() + d)));
    const wrongCodes = Array.from({ length: 1000 }, (_, n) => String(n).padStart(6, "0")).filter((c) => !near.has(c));
    const outcomes = await Promise.all(challenges.map((c, i) => verifyCode("totp", wrongCodes[i]!, c.cookie, c.ip)));
    const checked = outcomes.filter((o) => o === "INVALID_CODE").length;
    const [lock] = await handle.db
      .select({ failures: twoFactors.failedVerificationCount, lockedUntil: twoFactors.lockedUntil })
      .from(twoFactors)
      .where(eq(twoFactors.userId, owner!.id));

    // The owner at home: the password, then the right code. Then a passkey from an address never used.
    const ownerChallenge = await passwordStep(email, home);
    const ownerIn = await verifyCode("totp", nextCode(), ownerChallenge.cookie, home);
    const travelling = "198.19.8.1";
    const { headers: authHeaders, response: authOptions } = await getAuth().api.generatePasskeyAuthenticationOptions({
      headers: headersFor("", travelling),
      returnHeaders: true,
    });
    const viaPasskey = await getAuth()
      .api.verifyPasskeyAuthentication({
        body: { response: authenticationAnswer(credential, authOptions, site) },
        headers: new Headers({ cookie: cookiesOf(authHeaders), origin: site, "x-forwarded-for": travelling }),
        returnHeaders: true,
      })
      .then(({ headers }) => (cookiesOf(headers).includes("session_token") ? "signed-in" : "no-session"), codeOf);
    console.log(
      `codes with the password: ${challenges.length} wrong codes at once from ${addresses.length} addresses: ${checked} checked, ${outcomes.filter((o) => o === "TOO_MANY_ATTEMPTS").length} refused by the limit, ${outcomes.filter((o) => o === "ACCOUNT_TEMPORARILY_LOCKED").length} by better-auth's lock (locked: ${lock!.lockedUntil ? "yes" : "no"}); the owner at home with a code: ${ownerIn}; with the passkey from a new address: ${viaPasskey}`,
    );
    expect(checked).toBeLessThanOrEqual(env().SIGNIN_CODE_MAX_FAILURES);
    expect(outcomes.filter((o) => o !== "INVALID_CODE").every((o) => o === "TOO_MANY_ATTEMPTS")).toBe(true);
    expect(lock!.lockedUntil).toBeNull();
    expect(ownerIn).toBe("signed-in");
    expect(viaPasskey).toBe("signed-in");
    expect(await lastSignIn()).not.toEqual(noted);
    // 150 sign-in attempts at once (each an Argon2 check) and a passkey: more than the usual 30 s when the machine is shared.
  }, 90_000);

  it("a TOTP code works once: the same code again is refused, on a new challenge or on two at once", async () => {
    const ip = "198.19.9.1";
    const { email, secret, confirmedAt } = await accountWithTotp(ip);
    // The confirming code, on a sign-in challenge: already used.
    const replay = await passwordStep(email, ip);
    expect(await verifyCode("totp", totp(secret, confirmedAt), replay.cookie, ip)).toBe("CODE_ALREADY_USED");
    // The next step's code, sent on two challenges at once: one signs in, the other is refused.
    const [a, b] = [await passwordStep(email, ip), await passwordStep(email, ip)];
    const next = totp(secret, confirmedAt + 30_000);
    const both = await Promise.all([verifyCode("totp", next, a.cookie, ip), verifyCode("totp", next, b.cookie, ip)]);
    expect(both.sort()).toEqual(["CODE_ALREADY_USED", "signed-in"]);
    // An earlier step's code is refused too, even when it was never used.
    const earlier = await passwordStep(email, ip);
    const previous = totp(secret, confirmedAt - 30_000);
    const answer = await verifyCode("totp", previous, earlier.cookie, ip);
    expect(["CODE_ALREADY_USED", "INVALID_CODE"]).toContain(answer); // INVALID_CODE once the clock has left the window
    // The failure is in the trail, counted like a wrong code.
    const trail = await handle.db.select().from(activityEvents).where(eq(activityEvents.email, email));
    expect(
      trail.filter((r) => r.action === "auth.sign-in-failure" && (r.after as { reason?: string }).reason === "CODE_ALREADY_USED").length,
    ).toBeGreaterThanOrEqual(2);
  });

  it("a hostile challenge cookie checks nothing and counts against nobody", async () => {
    const ip = "198.19.3.1";
    const outcome = await verifyCode("totp", "123456", "kg.two_factor=forged.value", ip);
    expect(outcome).toBe("INVALID_TWO_FACTOR_COOKIE");
    const rows = await handle.db
      .select()
      .from(rateLimits)
      .where(sql`${rateLimits.key} like ${`%${ip}%`} and ${rateLimits.count} > 0`);
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
