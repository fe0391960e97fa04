import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import { db, type Executor, type Transaction } from "../../db/client";
import { notifications, type Notification } from "../../db/schema";

// The mail outbox's rows (docs/decisions/0005, 0092). What goes in a row, and when a mail is tried,
// is decided by src/server/kernel/mail/mail.ts and the job queue; these are the statements it runs.

/** Anything that writes: the database or the transaction of the change the mail belongs to. */
export type OutboxExecutor = Executor;

/** Runs `work` in a transaction of its own: a mail's row and its job written together when no change carries them. */
export async function inOutboxTransaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
  return db().transaction(work);
}

/** Stores one mail to send; returns its id. */
export async function insertOutboxRow(values: typeof notifications.$inferInsert, executor: OutboxExecutor = db()): Promise<string> {
  const [row] = await executor.insert(notifications).values(values).returning({ id: notifications.id });
  return row!.id;
}

/**
 * Claims one mail for a try, in one conditional statement: only while it is pending and no other try
 * holds it (`locked_until` in the future). A mail already marked sent (or given up) is never claimed
 * again, so a job run a second time after its lease ran out sends nothing twice. Returns the row,
 * "busy" when another try holds it, or null when it is no longer pending (or gone).
 */
export async function claimNotification(id: string, claimSeconds: number, database: Executor = db()): Promise<Notification | "busy" | null> {
  const [claimed] = await database
    .update(notifications)
    .set({ lockedUntil: sql`now() + ${claimSeconds}::int * interval '1 second'` })
    .where(
      and(
        eq(notifications.id, id),
        eq(notifications.status, "pending"),
        sql`(${notifications.lockedUntil} is null or ${notifications.lockedUntil} <= now())`,
      ),
    )
    .returning();
  if (claimed) return claimed;
  const [row] = await database.select({ status: notifications.status }).from(notifications).where(eq(notifications.id, id));
  return row?.status === "pending" ? "busy" : null;
}

export async function markNotificationSent(id: string, messageId: string, database: Executor = db()): Promise<void> {
  await database
    .update(notifications)
    .set({ status: "sent", sentAt: new Date(), messageId, lockedUntil: null, attempts: sql`${notifications.attempts} + 1`, lastError: null })
    .where(and(eq(notifications.id, id), eq(notifications.status, "pending")));
}

/** A failed try: counted and released; given up (status `failed`) on the last try. Returns the tries so far. */
export async function markNotificationFailed(id: string, failure: { lastError: string; giveUp: boolean }, database: Executor = db()): Promise<number> {
  const [row] = await database
    .update(notifications)
    .set({ attempts: sql`${notifications.attempts} + 1`, lastError: failure.lastError, lockedUntil: null, status: failure.giveUp ? "failed" : "pending" })
    .where(and(eq(notifications.id, id), eq(notifications.status, "pending")))
    .returning({ attempts: notifications.attempts });
  return row?.attempts ?? 0;
}

/** The mails still waiting to be sent, oldest first: what the queue adopts at its start. */
export async function pendingNotificationIds(database: Executor = db()): Promise<string[]> {
  const rows = await database
    .select({ id: notifications.id })
    .from(notifications)
    .where(eq(notifications.status, "pending"))
    .orderBy(asc(notifications.createdAt), asc(notifications.id));
  return rows.map((r) => r.id);
}
