import "server-only";
import { eq } from "drizzle-orm";
import { db } from "../../db/client";
import { users } from "../../db/schema";

// Reads of better-auth's account table for the app's own rules (sign-up, invitations, the activity
// trail's actor); better-auth writes the table through its adapter (data/auth-store.ts).

export interface Account {
  id: string;
  email: string;
}

/** The account whose address is `email` (stored lower-cased), if any. */
export async function accountByEmail(email: string): Promise<Account | undefined> {
  const [account] = await db().select({ id: users.id, email: users.email }).from(users).where(eq(users.email, email)).limit(1);
  return account;
}

export async function accountById(id: string): Promise<Account | undefined> {
  const [account] = await db().select({ id: users.id, email: users.email }).from(users).where(eq(users.id, id)).limit(1);
  return account;
}
