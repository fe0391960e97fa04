import "server-only";
import { eq, sql } from "drizzle-orm";
import { db, type Executor } from "../../db/client";
import { activityEvents, profiles } from "../../db/schema";

// The activity trail's writes (docs/decisions/0037): rows are only inserted, and removed only by age
// through the database's own function. What a row holds is decided by src/server/kernel/activity/activity.ts.

/** The team role the actor holds now, read where the row is written (`executor`). */
export async function actorRole(userId: string, executor: Executor = db()): Promise<string | null> {
  const [profile] = await executor.select({ role: profiles.role }).from(profiles).where(eq(profiles.userId, userId)).limit(1);
  return profile?.role ?? null;
}

/** Inserts the rows with `executor`, in multi-row inserts of at most 500. */
export async function insertActivityRows(rows: readonly (typeof activityEvents.$inferInsert)[], executor: Executor = db()): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await executor.insert(activityEvents).values(rows.slice(i, i + 500));
}

/** Removes the rows older than `keepDays` (the only deletion the database allows); returns how many. */
export async function pruneActivityOlderThan(keepDays: number, database: Executor = db()): Promise<number> {
  const result = await database.execute<{ removed: number }>(sql`select prune_audit_events(${keepDays}) as removed`);
  return Number(result.rows[0]?.removed ?? 0);
}
