import "server-only";
import { eq, lt, sql } from "drizzle-orm";
import { recordActivity, type ActivityEntry } from "../../kernel/activity/activity";
import { db, type Executor } from "../../kernel/db/client";
import { spamSubmissions, type SpamSubmission } from "../../kernel/db/schema";

// The Spam view's rows (docs/decisions/0043); what is held and how it is released is decided in
// src/server/leads/spam.ts.

/** Keeps one refused submission; returns its id. */
export async function insertSpamSubmission(values: typeof spamSubmissions.$inferInsert): Promise<string> {
  const [row] = await db().insert(spamSubmissions).values(values).returning({ id: spamSubmissions.id });
  return row!.id;
}

export async function spamSubmissionById(id: string): Promise<SpamSubmission | undefined> {
  const [held] = await db().select().from(spamSubmissions).where(eq(spamSubmissions.id, id));
  return held;
}

/**
 * Removes the held submission and writes `activity` in the same transaction; false when it was no
 * longer there (of two removals at once, one finds it gone and records nothing).
 */
export async function removeSpamSubmission(id: string, activity: ActivityEntry): Promise<boolean> {
  return db().transaction(async (tx) => {
    const [removed] = await tx.delete(spamSubmissions).where(eq(spamSubmissions.id, id)).returning({ id: spamSubmissions.id });
    if (!removed) return false;
    await recordActivity(activity, tx);
    return true;
  });
}

/** Deletes held submissions older than `keepDays`; returns how many. */
export async function deleteSpamOlderThan(keepDays: number, database: Executor = db()): Promise<number> {
  const removed = await database
    .delete(spamSubmissions)
    .where(lt(spamSubmissions.createdAt, sql`now() - make_interval(days => ${keepDays})`))
    .returning({ id: spamSubmissions.id });
  return removed.length;
}
