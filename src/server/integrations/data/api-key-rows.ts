import "server-only";
import { and, desc, eq, isNull, lt, or, sql } from "drizzle-orm";
import { TEAM_DESK } from "@/lib/admin-tables/definition";
import type { ApiScope } from "@/lib/api-scopes";
import { recordActivity } from "../../kernel/activity/activity";
import { requireRole } from "../../kernel/session/auth-guard";
import { db } from "../../kernel/db/client";
import { apiKeys, users } from "../../kernel/db/schema";

// The API keys' statements (docs/decisions/0059). Made, listed and revoked by owners and admins (the
// team desk, as the Team screen); read by hash on every API request by src/server/integrations/api-keys.ts.

export interface StoredApiKey {
  id: string;
  name: string;
  scopes: ApiScope[];
  createdBy: string | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
}

/** The key whose token hashes to `tokenHash`, revoked and expired ones included (the caller says which). */
export async function findApiKeyByHash(tokenHash: string): Promise<StoredApiKey | undefined> {
  const [row] = await db()
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      scopes: apiKeys.scopes,
      createdBy: apiKeys.createdBy,
      expiresAt: apiKeys.expiresAt,
      revokedAt: apiKeys.revokedAt,
      lastUsedAt: apiKeys.lastUsedAt,
    })
    .from(apiKeys)
    .where(eq(apiKeys.tokenHash, tokenHash))
    .limit(1);
  return row && { ...row, scopes: row.scopes as ApiScope[] };
}

/**
 * Stamps the key as used now unless it was stamped within the last minute: at most one write a
 * minute per key, however many requests and processes (the condition is in the UPDATE).
 */
export async function noteApiKeyUsed(id: string, now = new Date()): Promise<void> {
  const minuteAgo = new Date(now.getTime() - 60_000);
  await db()
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, minuteAgo))));
}

export interface ApiKeySummary {
  id: string;
  name: string;
  shownPrefix: string;
  scopes: ApiScope[];
  createdByEmail: string | null;
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  status: "active" | "expired" | "revoked";
}

/** Every key, newest first, for the API keys screen. */
export async function listApiKeys(): Promise<ApiKeySummary[]> {
  await requireRole(TEAM_DESK.read);
  const rows = await db()
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      shownPrefix: apiKeys.shownPrefix,
      scopes: apiKeys.scopes,
      createdByEmail: users.email,
      createdAt: apiKeys.createdAt,
      expiresAt: apiKeys.expiresAt,
      lastUsedAt: apiKeys.lastUsedAt,
      revokedAt: apiKeys.revokedAt,
    })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
    .limit(500);
  const now = Date.now();
  return rows.map((r) => ({
    ...r,
    scopes: r.scopes as ApiScope[],
    status: r.revokedAt ? "revoked" : r.expiresAt && r.expiresAt.getTime() <= now ? "expired" : "active",
  }));
}

/** Stores a new key by its hash (the key itself is never stored) and records who made it. */
export async function insertApiKey(input: { name: string; scopes: ApiScope[]; expiresAt: Date | null; tokenHash: string; shownPrefix: string }): Promise<{ id: string }> {
  const user = await requireRole(TEAM_DESK.write);
  return db().transaction(async (tx) => {
    const [row] = await tx
      .insert(apiKeys)
      .values({ name: input.name, scopes: input.scopes, expiresAt: input.expiresAt, tokenHash: input.tokenHash, shownPrefix: input.shownPrefix, createdBy: user.id })
      .returning({ id: apiKeys.id });
    // Name, scopes, expiry and the shown prefix: never the hash, never the key.
    await recordActivity(
      {
        action: "api_key.create",
        actor: user,
        table: "api_keys",
        recordId: row!.id,
        after: { name: input.name, scopes: input.scopes, expiresAt: input.expiresAt, shownPrefix: input.shownPrefix },
      },
      tx,
    );
    return { id: row!.id };
  });
}

/** Revokes a key at once (every request reads the row); false when there is no such key still in force. */
export async function revokeApiKey(id: string): Promise<boolean> {
  const user = await requireRole(TEAM_DESK.write);
  return db().transaction(async (tx) => {
    const [gone] = await tx
      .update(apiKeys)
      .set({ revokedAt: sql`now()`, revokedBy: user.id })
      .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id, name: apiKeys.name, revokedAt: apiKeys.revokedAt });
    if (!gone) return false;
    await recordActivity({ action: "api_key.revoke", actor: user, table: "api_keys", recordId: id, before: { revokedAt: null }, after: { keyName: gone.name, revokedAt: gone.revokedAt } }, tx);
    return true;
  });
}
