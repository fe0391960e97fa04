import "server-only";
import { eq } from "drizzle-orm";
import { db } from "../../db/client";
import { passkeys, users } from "../../db/schema";

// What signing in with a passkey reads and notes (the hooks in server/kernel/session/auth.ts). A
// member's own list, rename and remove are the team feature's (server/team/data/passkeys.ts).

/** The address of the account a passkey credential belongs to, or "" when no stored passkey has that id. */
export async function passkeyOwnerEmail(credentialId: string): Promise<string> {
  const [owner] = await db()
    .select({ email: users.email })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(eq(passkeys.credentialID, credentialId))
    .limit(1);
  return owner?.email ?? "";
}

export async function isPasskeyRegistered(credentialId: string): Promise<boolean> {
  const [existing] = await db().select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.credentialID, credentialId)).limit(1);
  return existing !== undefined;
}

export async function notePasskeyUsed(credentialId: string): Promise<void> {
  await db().update(passkeys).set({ lastUsedAt: new Date() }).where(eq(passkeys.credentialID, credentialId));
}
