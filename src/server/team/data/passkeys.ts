import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { STAFF_ROLES } from "@/lib/admin-tables/definition";
import { recordActivity } from "../../kernel/activity/activity";
import { requireRole } from "../../kernel/session/auth-guard";
import { db } from "../../kernel/db/client";
import { passkeys } from "../../kernel/db/schema";

// A member's own passkeys (docs/decisions/0046). Registering one is the browser's ceremony through
// better-auth's endpoints (recorded in the activity trail by server/kernel/session/auth.ts); listing, renaming and removing are here, each
// limited to the asking member's own rows. No public key leaves this module.

export interface PasskeySummary {
  id: string;
  name: string | null;
  createdAt: Date | null;
  lastUsedAt: Date | null;
  backedUp: boolean;
}

/** The asking member's passkeys, oldest first. Needs a session only: setting one up may be what the team requires first. */
export async function listMyPasskeys(userId: string): Promise<PasskeySummary[]> {
  return db()
    .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt, backedUp: passkeys.backedUp })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt));
}

/** False when the asking member has no passkey with this id (another member's included). */
export async function removeMyPasskey(id: string, requestHeaders?: Headers): Promise<boolean> {
  const user = await requireRole(STAFF_ROLES, requestHeaders);
  return db().transaction(async (tx) => {
    const [gone] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, user.id)))
      .returning({ id: passkeys.id, name: passkeys.name });
    if (!gone) return false;
    await recordActivity({ action: "passkey.remove", actor: user, table: "passkeys", recordId: gone.id, before: { name: gone.name } }, tx);
    return true;
  });
}

/** False when the asking member has no passkey with this id. */
export async function renameMyPasskey(id: string, name: string, requestHeaders?: Headers): Promise<boolean> {
  const user = await requireRole(STAFF_ROLES, requestHeaders);
  return db().transaction(async (tx) => {
    const [before] = await tx
      .select({ name: passkeys.name })
      .from(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, user.id)))
      .for("update");
    if (!before) return false;
    await tx.update(passkeys).set({ name }).where(eq(passkeys.id, id));
    await recordActivity({ action: "passkey.rename", actor: user, table: "passkeys", recordId: id, before, after: { name } }, tx);
    return true;
  });
}
