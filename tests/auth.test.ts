import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { parseOptions } from "@node-rs/argon2";
import { getAuth, hashPassword, verifyPassword } from "@/server/kernel/session/auth";
import { getViewer, requireRole, AccessDeniedError } from "@/server/kernel/session/auth-guard";

const requireAdmin = (headers: Headers) => requireRole(["owner", "admin"], headers);
import { notifications, profiles, sessions, users } from "@/server/kernel/db/schema";
import { hasVerifiedAdmin, setRoleByEmail } from "@/server/kernel/session/data/profiles";
import { weakPasswordReason } from "@/lib/schemas/auth";
import { setUpTestDatabase } from "./helpers/test-db";

const handle = setUpTestDatabase();

const PASSWORD = "Monsoon-Ledger-2026";
const ORIGIN = "http://localhost:3999";

async function signUp(email: string) {
  await getAuth().api.signUpEmail({ body: { name: "Test", email, password: PASSWORD } });
}

/** Signs in through better-auth and returns request headers carrying the session cookie. */
async function signInHeaders(email: string): Promise<Headers> {
  const { headers } = await getAuth().api.signInEmail({ body: { email, password: PASSWORD }, returnHeaders: true });
  const cookie = headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return new Headers({ cookie, origin: ORIGIN });
}

async function verifyByMail(email: string) {
  const rows = await handle.db.select().from(notifications).where(eq(notifications.kind, "verify-email"));
  const mail = rows.filter((r) => r.recipients.includes(email)).at(-1)!;
  const token = /token=([^&\s]+)/.exec(mail.textBody)![1]!;
  await getAuth().api.verifyEmail({ query: { token } });
}

describe("passwords", () => {
  it("are hashed with argon2id at OWASP's minimum or above, and verified", async () => {
    const hash = await hashPassword(PASSWORD);
    expect(hash).toMatch(/^\$argon2id\$/);
    const options = parseOptions(hash);
    expect(options.memoryCost).toBeGreaterThanOrEqual(19_456);
    expect(options.timeCost).toBeGreaterThanOrEqual(2);
    expect(await verifyPassword({ hash, password: PASSWORD })).toBe(true);
    expect(await verifyPassword({ hash, password: "wrong" })).toBe(false);
    expect(await verifyPassword({ hash: "not a hash", password: PASSWORD })).toBe(false);
  });

  it("refuse the most common and trivially guessed ones", () => {
    for (const weak of ["password", "Password123", "12345678", "qwertyuiop", "aaaaaaaa", "abcdefgh", "87654321"]) {
      expect(weakPasswordReason(weak), weak).toBeTruthy();
    }
    expect(weakPasswordReason("me@x.in", "me@x.in")).toBeTruthy();
    expect(weakPasswordReason(PASSWORD)).toBeUndefined();
  });
});

describe("access: anonymous, signed-in non-admin, unverified admin address, admin", () => {
  it("only a verified admin passes requireAdmin", async () => {
    expect(await getViewer(new Headers())).toEqual({ kind: "anonymous" });
    expect(await hasVerifiedAdmin()).toBe(false);
    await expect(requireAdmin(new Headers())).rejects.toBeInstanceOf(AccessDeniedError);

    // A regular account: verified, never admin.
    await signUp("member@test.example");
    const [member] = await handle.db.select().from(users).where(eq(users.email, "member@test.example"));
    expect(member!.emailVerified).toBe(false);
    expect((await handle.db.select().from(profiles).where(eq(profiles.userId, member!.id)))[0]?.role).toBe("user");
    await expect(signInHeaders("member@test.example")).rejects.toMatchObject({ body: { code: "EMAIL_NOT_VERIFIED" } });
    await verifyByMail("member@test.example");
    const memberHeaders = await signInHeaders("member@test.example");
    expect((await getViewer(memberHeaders)).kind).toBe("denied");
    await expect(requireAdmin(memberHeaders)).rejects.toMatchObject({ reason: "denied" });

    // An address in ADMIN_EMAILS that has not verified: given the role by the CLI, still denied.
    await signUp("boss-unverified@test.example");
    expect(await setRoleByEmail("boss-unverified@test.example", "owner")).toMatchObject({ emailVerified: false });
    await expect(signInHeaders("boss-unverified@test.example")).rejects.toMatchObject({ body: { code: "EMAIL_NOT_VERIFIED" } });
    // Not yet an admin who can sign in: /auth still explains how to make one.
    expect(await hasVerifiedAdmin()).toBe(false);

    // The listed address becomes admin when it verifies.
    await signUp("boss@test.example");
    await verifyByMail("boss@test.example");
    const bossHeaders = await signInHeaders("boss@test.example");
    const viewer = await getViewer(bossHeaders);
    expect(viewer).toMatchObject({ kind: "staff", user: { email: "boss@test.example", emailVerified: true, role: "owner" } });
    expect(await requireAdmin(bossHeaders)).toMatchObject({ email: "boss@test.example" });
    expect(await hasVerifiedAdmin()).toBe(true);

    // Revoked: the sessions end at once (another owner remains, so the change is allowed).
    await setRoleByEmail("boss@test.example", "user");
    expect((await getViewer(bossHeaders)).kind).toBe("anonymous");
    await setRoleByEmail("boss@test.example", "admin");
    const again = await signInHeaders("boss@test.example");
    expect(await getViewer(again)).toMatchObject({ kind: "staff", user: { role: "admin" } });

    // Sessions last 12 hours, absolute; sign-out ends the session on the server.
    const [session] = await handle.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, (viewer as { user: { id: string } }).user.id));
    const hours = (session!.expiresAt.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(11.9);
    expect(hours).toBeLessThanOrEqual(12);
    await getAuth().api.signOut({ headers: again });
    expect(await getViewer(again)).toEqual({ kind: "anonymous" });
  });

  it("a role cannot be set through the account API", async () => {
    await expect(
      getAuth().api.signUpEmail({ body: { name: "X", email: "sneaky@test.example", password: PASSWORD, role: "admin" } as never }),
    ).resolves.toBeTruthy();
    const [user] = await handle.db.select().from(users).where(eq(users.email, "sneaky@test.example"));
    const [profile] = await handle.db.select().from(profiles).where(eq(profiles.userId, user!.id));
    expect(profile!.role).toBe("user");
  });
});
