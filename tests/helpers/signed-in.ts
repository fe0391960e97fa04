import type { Database } from "@/server/kernel/db/client";

/** The password of every member a test signs in with `signedInMember`. */
export const MEMBER_PASSWORD = "Monsoon-Ledger-2026";

let counter = 0;

/**
 * A verified member with `role` and a password, signed in through better-auth itself: their id,
 * address and the session cookie a request of theirs carries. `prefix` names the address
 * (`<prefix><n>@team.test`); `ip` is the address the sign-in came from.
 */
export async function signedInMember(
  db: Database,
  role: string,
  options: { prefix?: string; ip?: string } = {},
): Promise<{ id: string; email: string; cookie: string }> {
  const { getAuth, hashPassword } = await import("@/server/kernel/session/auth");
  const { profiles } = await import("@/server/kernel/db/schema");
  const n = ++counter;
  const email = `${options.prefix ?? "member"}${n}@team.test`;
  const context = await getAuth().$context;
  const user = await context.internalAdapter.createUser({ name: `Member ${n}`, email, emailVerified: true }, { method: "email-password" });
  await context.internalAdapter.linkAccount({ userId: user.id, providerId: "credential", accountId: user.id, password: await hashPassword(MEMBER_PASSWORD) });
  await db.insert(profiles).values({ userId: user.id, role }).onConflictDoUpdate({ target: profiles.userId, set: { role } });
  const { headers } = await getAuth().api.signInEmail({
    body: { email, password: MEMBER_PASSWORD },
    returnHeaders: true,
    headers: new Headers({ "x-forwarded-for": options.ip ?? "203.0.113.9" }),
  });
  const cookie = headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { id: user.id, email, cookie };
}
