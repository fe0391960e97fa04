import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { verify } from "@node-rs/argon2";
import { getAuth } from "@/server/kernel/session/auth";
import { env } from "@/server/kernel/env";
import { notifications, rateLimits, users } from "@/server/kernel/db/schema";
import { setUpTestDatabase } from "./helpers/test-db";

// Every argon2 verification is counted: the figure the sign-in limit must bound (docs/decisions/0020).
vi.mock("@node-rs/argon2", async (importOriginal) => {
  const real = await importOriginal<typeof import("@node-rs/argon2")>();
  return { ...real, verify: vi.fn(real.verify) };
});
const verifications = () => vi.mocked(verify).mock.calls.length;

const handle = setUpTestDatabase();
beforeEach(() => {
  vi.mocked(verify).mockClear();
});

const PASSWORD = "Monsoon-Ledger-2026";
const NEW_PASSWORD = "Copper-Harbour-1984";
const SITE = process.env.SITE_URL!;
let serial = 0;
const uniqueEmail = (label: string) => `${label}-${++serial}-${Date.now()}@test.example`;
const at = (ip: string) => new Headers({ "x-forwarded-for": ip });

type Outcome = "signed-in" | string;
async function signIn(email: string, password: string, ip: string): Promise<Outcome> {
  try {
    await getAuth().api.signInEmail({ body: { email, password }, headers: at(ip) });
    return "signed-in";
  } catch (error) {
    return (error as { body?: { code?: string } }).body?.code ?? String(error);
  }
}

async function mails(email: string, kind: "verify-email" | "reset-password") {
  const rows = await handle.db.select().from(notifications).where(eq(notifications.kind, kind));
  return rows.filter((r) => r.recipients.includes(email));
}

async function createAccount(email: string, { verified = true } = {}) {
  await getAuth().api.signUpEmail({ body: { name: "Owner", email, password: PASSWORD } });
  if (!verified) return;
  const token = /token=([^&\s]+)/.exec((await mails(email, "verify-email")).at(-1)!.textBody)![1]!;
  await getAuth().api.verifyEmail({ query: { token } });
}

async function resetPassword(email: string, ip: string, password: string) {
  await getAuth().api.requestPasswordReset({ body: { email, redirectTo: "/auth/reset-password" } });
  const token = /\/reset-password\/([^?\s]+)/.exec((await mails(email, "reset-password")).at(-1)!.textBody)![1]!;
  await getAuth().api.resetPassword({ body: { newPassword: password, token }, headers: at(ip) });
}

/** `count` wrong guesses at once, then the right password while they are in flight. */
async function concurrentGuesses(email: string, count: number, ipOf: (i: number) => string, right: string) {
  const wrong = Array.from({ length: count }, (_, i) => signIn(email, `Wrong-Guess-${i}-x`, ipOf(i)));
  const last = signIn(email, right, ipOf(count));
  const outcomes = await Promise.all([...wrong, last]);
  return { outcomes, right: outcomes.at(-1)!, checked: verifications(), failed: outcomes.filter((o) => o === "INVALID_EMAIL_OR_PASSWORD").length };
}

describe("the sign-in limit holds under concurrent guesses", () => {
  it(`100 guesses at once from one address: at most SIGNIN_MAX_FAILURES passwords checked, the right one refused (${process.env.DATABASE_URL ? "postgres" : "pglite"})`, async () => {
    const email = uniqueEmail("one-address");
    await createAccount(email);
    const result = await concurrentGuesses(email, 100, () => "198.18.0.1", PASSWORD);
    console.log(
      `sign-in limit, one address: 101 requests at once, ${result.checked} passwords checked, ${result.failed} failures, the right password: ${result.right}`,
    );
    expect(result.checked).toBeLessThanOrEqual(env().SIGNIN_MAX_FAILURES);
    expect(result.failed).toBeLessThanOrEqual(env().SIGNIN_MAX_FAILURES);
    expect(result.right).toBe("TOO_MANY_ATTEMPTS");
  });

  it("100 guesses at once from 100 addresses against one account: at most SIGNIN_ACCOUNT_MAX_FAILURES checked, the right one refused", async () => {
    const email = uniqueEmail("many-addresses");
    await createAccount(email);
    const result = await concurrentGuesses(email, 100, (i) => `198.18.1.${i + 1}`, PASSWORD);
    console.log(
      `sign-in limit, 101 addresses: 101 requests at once, ${result.checked} passwords checked, ${result.failed} failures, the right password: ${result.right}`,
    );
    expect(result.checked).toBeLessThanOrEqual(env().SIGNIN_ACCOUNT_MAX_FAILURES);
    expect(result.right).toBe("TOO_MANY_ATTEMPTS");
  });

  it("one address guessing across many accounts stops at SIGNIN_ADDRESS_MAX_FAILURES", async () => {
    const outcomes = await Promise.all(Array.from({ length: 60 }, (_, i) => signIn(uniqueEmail(`spray-${i}`), "Wrong-Guess-x", "198.18.2.1")));
    const failed = outcomes.filter((o) => o === "INVALID_EMAIL_OR_PASSWORD").length;
    console.log(`sign-in limit, one address over 60 accounts: ${failed} failures answered, ${outcomes.length - failed} refused`);
    expect(failed).toBeLessThanOrEqual(env().SIGNIN_ADDRESS_MAX_FAILURES);
    expect(outcomes.filter((o) => o === "TOO_MANY_ATTEMPTS").length).toBe(outcomes.length - failed);
  });
});

describe("a stranger cannot lock the owner out", () => {
  it("the stranger is throttled from one address or many; the owner signs in from their own address", async () => {
    const email = uniqueEmail("owner");
    await createAccount(email);
    const home = "198.18.3.1";
    expect(await signIn(email, PASSWORD, home)).toBe("signed-in");

    // A stranger from one address, then from forty.
    const fromOne = await Promise.all(Array.from({ length: 10 }, (_, i) => signIn(email, `Wrong-${i}-x`, "198.18.4.1")));
    expect(fromOne.filter((o) => o === "TOO_MANY_ATTEMPTS").length).toBe(10 - env().SIGNIN_MAX_FAILURES);
    const fromMany = await Promise.all(Array.from({ length: 40 }, (_, i) => signIn(email, `Wrong-${i}-y`, `198.18.5.${i + 1}`)));
    const refused = fromMany.filter((o) => o === "TOO_MANY_ATTEMPTS").length;
    expect(refused).toBeGreaterThanOrEqual(40 - env().SIGNIN_ACCOUNT_MAX_FAILURES);
    // The ceiling holds for any new address, even with the right password...
    expect(await signIn(email, PASSWORD, "198.18.6.1")).toBe("TOO_MANY_ATTEMPTS");
    // ...but not for the owner's own.
    expect(await signIn(email, PASSWORD, home)).toBe("signed-in");
    console.log(
      `lockout: the stranger had ${fromOne.filter((o) => o !== "TOO_MANY_ATTEMPTS").length} of 10 and ${40 - refused} of 40 guesses answered; the owner from home: signed in`,
    );
  });

  it("after a completed reset the owner gets in at once, from the address they reset from, while the stranger goes on", async () => {
    const email = uniqueEmail("reset-owner");
    await createAccount(email);
    const home = "198.18.7.1";
    expect(await signIn(email, PASSWORD, home)).toBe("signed-in");
    // The owner forgets the password at home and is refused; a stranger elsewhere fills the account's ceiling.
    for (let i = 0; i < env().SIGNIN_MAX_FAILURES; i++) expect(await signIn(email, `Forgotten-${i}-x`, home)).toBe("INVALID_EMAIL_OR_PASSWORD");
    expect(await signIn(email, PASSWORD, home)).toBe("TOO_MANY_ATTEMPTS");
    await Promise.all(Array.from({ length: 30 }, (_, i) => signIn(email, `Wrong-${i}-z`, `198.18.8.${i + 1}`)));
    const travelling = "198.18.9.1";
    expect(await signIn(email, PASSWORD, travelling)).toBe("TOO_MANY_ATTEMPTS");

    // A reset completed at home: in at once.
    await resetPassword(email, home, NEW_PASSWORD);
    expect(await signIn(email, NEW_PASSWORD, home)).toBe("signed-in");

    // A reset completed from an address never used before, while the stranger keeps guessing (six
    // minutes later: one reset mail per account per five minutes).
    const [user] = await handle.db.select().from(users).where(eq(users.email, email));
    await handle.db
      .update(rateLimits)
      .set({ windowStart: sql`${rateLimits.windowStart} - interval '6 minutes'` })
      .where(eq(rateLimits.key, `reset-mail:${user!.id}`));
    await resetPassword(email, travelling, PASSWORD);
    await Promise.all(Array.from({ length: 30 }, (_, i) => signIn(email, `Wrong-${i}-w`, `198.18.10.${i + 1}`)));
    expect(await signIn(email, PASSWORD, travelling)).toBe("signed-in");
  });

  it("the throttle message only suggests what helps", async () => {
    const email = uniqueEmail("message");
    await createAccount(email);
    for (let i = 0; i <= env().SIGNIN_MAX_FAILURES; i++) await signIn(email, `Wrong-${i}-m`, "198.18.11.1");
    const error = await getAuth()
      .api.signInEmail({ body: { email, password: PASSWORD }, headers: at("198.18.11.1") })
      .catch((e: unknown) => e as { body: { message: string }; statusCode: number; headers: Record<string, string> });
    expect(error).toMatchObject({
      statusCode: 429,
      body: { message: expect.stringMatching(/Please wait \d+ minutes? .*a completed reset lets you in at once/) },
    });
  });
});

describe("verification mail and link", () => {
  it("30 correct sign-ins at once to an unverified account queue at most one new mail", async () => {
    const email = uniqueEmail("unverified");
    await createAccount(email, { verified: false });
    expect(await mails(email, "verify-email")).toHaveLength(1);

    const fromOne = await Promise.all(Array.from({ length: 30 }, () => signIn(email, PASSWORD, "198.18.12.1")));
    expect(fromOne.every((o) => o === "EMAIL_NOT_VERIFIED" || o === "TOO_MANY_ATTEMPTS")).toBe(true);
    const afterOne = (await mails(email, "verify-email")).length;

    // Five minutes later (the interval's row moved back), thirty addresses at once: one more mail.
    const [user] = await handle.db.select().from(users).where(eq(users.email, email));
    await handle.db
      .update(rateLimits)
      .set({ windowStart: sql`${rateLimits.windowStart} - interval '6 minutes'` })
      .where(eq(rateLimits.key, `verify-mail:${user!.id}`));
    const fromMany = await Promise.all(Array.from({ length: 30 }, (_, i) => signIn(email, PASSWORD, `198.18.13.${i + 1}`)));
    expect(fromMany.filter((o) => o === "EMAIL_NOT_VERIFIED").length).toBeGreaterThan(1);
    const afterMany = (await mails(email, "verify-email")).length;
    console.log(
      `verification mail: sign-up 1, then 30 sign-ins at once: ${afterOne - 1} more; 5 minutes later 30 from 30 addresses: ${afterMany - afterOne} more`,
    );
    expect(afterOne).toBe(1);
    expect(afterMany).toBe(2);
  });

  it("the verification link works once; a second use is refused with a clear message", async () => {
    const email = uniqueEmail("link");
    await createAccount(email, { verified: false });
    const url = /(http\S+\/api\/auth\/verify-email\?\S+)/.exec((await mails(email, "verify-email")).at(-1)!.textBody)![1]!;
    const link = new URL(url);
    link.searchParams.set("callbackURL", "/auth?verified=1");
    const first = await getAuth().handler(new Request(link));
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe("/auth?verified=1");
    const [user] = await handle.db.select().from(users).where(eq(users.email, email));
    expect(user!.emailVerified).toBe(true);

    const second = await getAuth().handler(new Request(link));
    expect(second.headers.get("location")).toBe("/auth?error=LINK_USED");
    const token = link.searchParams.get("token")!;
    await expect(getAuth().api.verifyEmail({ query: { token } })).rejects.toMatchObject({
      body: { code: "LINK_USED", message: expect.stringContaining("already used") },
    });
    // A token that is not valid is answered by better-auth and writes nothing (a GET changes no table).
    const claims = async () =>
      (
        await handle.db
          .select()
          .from(rateLimits)
          .where(sql`${rateLimits.key} like 'verify-link:%'`)
      ).length;
    const before = await claims();
    const forged = await getAuth().handler(new Request(`${SITE}/api/auth/verify-email?token=not-a-token&callbackURL=/auth`));
    expect(forged.headers.get("location")).toBe("/auth?error=INVALID_TOKEN");
    expect(await claims()).toBe(before);
    console.log(`verification link: first use ${first.status} ${first.headers.get("location")}, second ${second.status} ${second.headers.get("location")}`);
  });
});

describe("the session token stays in its httpOnly cookie", () => {
  it("sign-in and get-session answer without the token; the cookie still works", async () => {
    const email = uniqueEmail("session");
    await createAccount(email);
    const signIn = await getAuth().handler(
      new Request(`${SITE}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: SITE, "x-forwarded-for": "198.18.14.1" },
        body: JSON.stringify({ email, password: PASSWORD }),
      }),
    );
    expect(signIn.status).toBe(200);
    const signInBody = (await signIn.json()) as Record<string, unknown>;
    expect(signInBody).not.toHaveProperty("token");
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const sessionToken = decodeURIComponent(cookie.split("=")[1]!).split(".")[0]!;
    expect(sessionToken.length).toBeGreaterThan(10);

    const session = await getAuth().handler(new Request(`${SITE}/api/auth/get-session`, { headers: { cookie } }));
    const text = await session.text();
    const body = JSON.parse(text) as { session: Record<string, unknown>; user: { email: string } };
    expect(body.user.email).toBe(email);
    expect(body.session).not.toHaveProperty("token");
    expect(text).not.toContain(sessionToken);
    // The server-side reading of the same cookie is unchanged.
    const viewer = await getAuth().api.getSession({ headers: new Headers({ cookie }) });
    expect(viewer?.user.email).toBe(email);
  });
});
