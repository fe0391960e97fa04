import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { notifications } from "@/server/kernel/db/schema";
import { setUpTestDatabase } from "./helpers/test-db";
import { totp, wrongCode } from "../e2e/totp";

// The second factor's Server Actions through the one form wrapper, on a real database and
// better-auth: what a member sees for a wrong code, a used backup code, hostile input, and where
// each success leads (docs/decisions/0036).
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

const { signInAction } = await import("@/server/team/auth-actions");
const { verifySecondFactorAction, startTotpAction, confirmTotpAction, setTeamTwoFactorAction, backupCodesSavedAction } =
  await import("@/server/team/two-factor-actions");
const { markBackupCodesSaved, unsavedBackupCodes } = await import("@/server/kernel/session/data/two-factor");
const { getAuth } = await import("@/server/kernel/session/auth");
const { isTwoFactorRequired } = await import("@/server/kernel/session/data/team-settings");

const PASSWORD = "Monsoon-Ledger-2026";
const IDLE = { status: "idle" } as const;
const formOf = (values: Record<string, string>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) form.set(k, v);
  return form;
};
const redirectOf = (promise: Promise<unknown>) =>
  promise.then(
    (answer) => ({ answer }),
    (error: unknown) => (error instanceof Redirected ? error.url : Promise.reject(error)),
  );

const cookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");

const handle = setUpTestDatabase();
let ip = "";
beforeEach(() => {
  ip = `198.51.101.${++serial}`;
  requestHeaders = new Headers({ host: new URL(SITE).host, origin: SITE, "x-forwarded-for": ip });
});
const withCookie = (cookie: string) => {
  requestHeaders = new Headers({ host: new URL(SITE).host, origin: SITE, "x-forwarded-for": ip, cookie });
};

/** A verified account, signed in: its session cookie. */
async function member(email: string): Promise<string> {
  await getAuth().api.signUpEmail({ body: { name: "Member", email, password: PASSWORD } });
  const [mail] = (await handle.db.select().from(notifications).where(eq(notifications.kind, "verify-email"))).filter((r) => r.recipients.includes(email));
  await getAuth().api.verifyEmail({ query: { token: /token=([^&\s]+)/.exec(mail!.textBody)![1]! } });
  const { headers } = await getAuth().api.signInEmail({ body: { email, password: PASSWORD }, headers: requestHeaders, returnHeaders: true });
  return cookieOf(headers);
}

describe("two-factor actions", () => {
  it("set-up: a wrong password and hostile codes are refused beside the field; a right code turns it on", async () => {
    const email = "setup@test.example";
    withCookie(await member(email));
    expect(await startTotpAction(IDLE, formOf({ password: "Not-The-Password-1" }))).toMatchObject({
      status: "invalid",
      fieldErrors: { password: "That password is not right." },
    });
    expect(await redirectOf(startTotpAction(IDLE, formOf({ password: PASSWORD })))).toBe("/admin/security");
    for (const code of ["", "12345", "1234567", "12a456", "123\u0000456", "<script>"]) {
      const answer = await confirmTotpAction(IDLE, formOf({ code }));
      expect(answer.status).toBe("invalid");
      expect(answer.fieldErrors?.code).toBeTruthy();
      expect(JSON.stringify(answer)).not.toContain("<script>");
    }
    const secret = await secretOf(email);
    const userId = (await getAuth().api.getSession({ headers: requestHeaders }))!.user.id;
    // No backup codes for a set-up not yet confirmed: they would be useless if it were abandoned.
    expect(await unsavedBackupCodes(userId)).toBeNull();
    expect(await redirectOf(confirmTotpAction(IDLE, formOf({ code: totp(secret) })))).toBe("/admin/security?enabled=1");
    // Confirmed: the ten codes are shown (each reload too) until the member says they saved them, then never.
    const codes = await unsavedBackupCodes(userId);
    expect(codes).toHaveLength(10);
    expect(await unsavedBackupCodes(userId)).toEqual(codes);
    // (Turning it on replaced the session; "I have saved my codes" is pressed in e2e/two-factor.spec.ts.)
    expect(await markBackupCodesSaved(userId)).toBe(true);
    expect(await unsavedBackupCodes(userId)).toBeNull();
    // A second "saved" (another tab) changes nothing.
    expect(await markBackupCodesSaved(userId)).toBe(false);
    // Without a session the action changes nothing.
    expect(await backupCodesSavedAction(IDLE, new FormData())).toMatchObject({ status: "refused" });
  });

  it("sign-in: the password leads to the second step; a wrong code is a field message; the right one opens the dashboard", async () => {
    const email = "second-step@test.example";
    const session = await member(email);
    withCookie(session);
    await redirectOf(startTotpAction(IDLE, formOf({ password: PASSWORD })));
    const secret = await secretOf(email);
    const confirmedAt = Date.now();
    await redirectOf(confirmTotpAction(IDLE, formOf({ code: totp(secret, confirmedAt) })));
    // Each code works once: the confirming one is used, the next step's signs in.
    const next = totp(secret, confirmedAt + 30_000);

    withCookie("");
    expect(await redirectOf(signInAction(IDLE, formOf({ email, password: PASSWORD })))).toBe("/auth/two-factor");
    // Without the challenge cookie the action refuses: nothing to finish.
    expect(await verifySecondFactorAction(IDLE, formOf({ method: "totp", code: next }))).toMatchObject({ status: "refused", title: "Sign In Again" });

    const { headers } = await getAuth().api.signInEmail({ body: { email, password: PASSWORD }, headers: requestHeaders, returnHeaders: true });
    withCookie(cookieOf(headers));
    const wrong = wrongCode(secret);
    expect(await verifySecondFactorAction(IDLE, formOf({ method: "totp", code: wrong }))).toMatchObject({
      status: "invalid",
      fieldErrors: { code: expect.stringContaining("not right") },
    });
    expect(await verifySecondFactorAction(IDLE, formOf({ method: "backup", code: "abc" }))).toMatchObject({
      status: "invalid",
      fieldErrors: { code: expect.stringContaining("ten letters") },
    });
    expect(await verifySecondFactorAction(IDLE, formOf({ method: "sms", code: "123456" }))).toMatchObject({ status: "invalid" });
    expect(await verifySecondFactorAction(IDLE, formOf({ method: "totp", code: totp(secret, confirmedAt) }))).toMatchObject({
      status: "invalid",
      fieldErrors: { code: "That code was already used. Wait for the next one in your app and enter it." },
    });
    expect(await redirectOf(verifySecondFactorAction(IDLE, formOf({ method: "totp", code: next })))).toBe("/admin?welcome=1");
  });

  it("the team requirement cannot be turned on by an admin without a second factor", async () => {
    withCookie(await member("boss@test.example"));
    expect(await setTeamTwoFactorAction(IDLE, formOf({ requireTwoFactor: "on" }))).toMatchObject({
      status: "invalid",
      fieldErrors: { requireTwoFactor: expect.any(String) },
    });
    expect(await isTwoFactorRequired()).toBe(false);
    expect(await setTeamTwoFactorAction(IDLE, formOf({ requireTwoFactor: "maybe" }))).toMatchObject({ status: "invalid" });
  });
});

/** The secret as the Security page shows it (the pending set-up, decrypted on the server). */
async function secretOf(email: string): Promise<string> {
  const { pendingTotp } = await import("@/server/kernel/session/data/two-factor");
  const session = await getAuth().api.getSession({ headers: requestHeaders });
  const pending = await pendingTotp(session!.user.id, email);
  expect(pending?.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
  return pending!.secret;
}
