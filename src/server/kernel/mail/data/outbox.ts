import "server-only";
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import { db, type Database } from "../../db/client";
import { notifications, type Notification } from "../../db/schema";

// The mail outbox's rows (docs/decisions/0005). What goes in a row, and when a failed mail is tried
// again, is decided by src/server/kernel/mail/mail.ts; these are the statements it runs.

/** Anything that can insert: the database or the transaction of the change the mail belongs to. */
export type OutboxExecutor = Pick<Database, "insert">;

/** Stores one mail to send; returns its id. */
export async function insertOutboxRow(values: typeof notifications.$inferInsert, executor: OutboxExecutor = db()): Promise<string> {
  const [row] = await executor.insert(notifications).values(values).returning({ id: notifications.id });
  return row!.id;
}

/**
 * Claims up to `limit` due notifications (pending, due, not claimed by a live worker) until
 * `claimUntil`, in one statement: the due rows are locked, skipping those another worker holds.
 * Longest-waiting first: a mail that just failed goes behind those not yet tried.
 */
export async function claimDueNotifications(now: Date, claimUntil: Date, limit: number, database: Database = db()): Promise<Notification[]> {
  const due = database
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.status, "pending"),
        lte(notifications.nextAttemptAt, now),
        or(isNull(notifications.lockedUntil), lt(notifications.lockedUntil, now)),
      ),
    )
    .orderBy(asc(notifications.nextAttemptAt), asc(notifications.createdAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  return (await database.update(notifications).set({ lockedUntil: claimUntil }).where(inArray(notifications.id, due)).returning()).sort(
    (a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime() || a.createdAt.getTime() - b.createdAt.getTime(),
  );
}

export async function markNotificationSent(id: string, messageId: string, database: Database = db()): Promise<void> {
  await database
    .update(notifications)
    .set({ status: "sent", sentAt: new Date(), messageId, lockedUntil: null, attempts: sql`${notifications.attempts} + 1`, lastError: null })
    .where(eq(notifications.id, id));
}

/** A failed attempt: counted, released, and due again at `nextAttemptAt` unless given up. */
export async function markNotificationFailed(
  id: string,
  failure: { attempts: number; lastError: string; giveUp: boolean; nextAttemptAt: Date },
  database: Database = db(),
): Promise<void> {
  await database
    .update(notifications)
    .set({
      attempts: failure.attempts,
      lastError: failure.lastError,
      lockedUntil: null,
      status: failure.giveUp ? "failed" : "pending",
      nextAttemptAt: failure.nextAttemptAt,
    })
    .where(eq(notifications.id, id));
}
