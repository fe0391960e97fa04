import "server-only";
import { and, desc, eq, gt, inArray, or, sql } from "drizzle-orm";
import { LEAD_DESK } from "@/lib/admin-tables/definition";
import { recordActivityMany } from "../../kernel/activity/activity";
import { requireRole } from "../../kernel/session/auth-guard";
import { db } from "../../kernel/db/client";
import { notifications } from "../../kernel/db/schema";
import { requeueMail } from "../../kernel/mail/mail";

/** Notifications of what visitors send: the agency's and the sender's acknowledgement. */
const DESK_KINDS = ["lead", "contact", "acknowledgement"];

export interface NotificationHealth {
  /** Given up after their last attempt. */
  failed: number;
  /** Failed at least once and waiting for their next attempt. */
  retrying: number;
  /** When the oldest of those was queued. */
  since: Date | null;
  /** The mail server's (or connection's) last answer, from the most recently tried of them. */
  lastError: string | null;
}

const troubled = and(
  inArray(notifications.kind, DESK_KINDS),
  or(eq(notifications.status, "failed"), and(eq(notifications.status, "pending"), gt(notifications.attempts, 0))),
);

/**
 * What has not been delivered, for the dashboard's banner: never silent while a notification is
 * failing or has been given up (ADR 0044). One aggregate and one row.
 */
export async function notificationHealth(): Promise<NotificationHealth> {
  await requireRole(LEAD_DESK.read);
  const [counts] = await db()
    .select({
      failed: sql<number>`count(*) filter (where ${notifications.status} = 'failed')`.mapWith(Number),
      retrying: sql<number>`count(*) filter (where ${notifications.status} = 'pending')`.mapWith(Number),
      since: sql<Date | null>`min(${notifications.createdAt})`.mapWith((v: string | Date | null) => (v === null ? null : new Date(v))),
    })
    .from(notifications)
    .where(troubled);
  const [last] = await db()
    .select({ lastError: notifications.lastError })
    .from(notifications)
    .where(troubled)
    .orderBy(desc(notifications.updatedAt))
    .limit(1);
  return { failed: counts?.failed ?? 0, retrying: counts?.retrying ?? 0, since: counts?.since ?? null, lastError: last?.lastError ?? null };
}

/**
 * Sends every given-up notification again, now: back to pending with a fresh count of attempts and a
 * new job. Returns how many. Those still retrying have their job start now (docs/decisions/0092).
 */
export async function retryNotifications(): Promise<number> {
  await requireRole(LEAD_DESK.write);
  const rows = await db().transaction(async (tx) => {
    const queued = await tx
      .update(notifications)
      .set({
        status: "pending",
        attempts: sql`case when ${notifications.status} = 'failed' then 0 else ${notifications.attempts} end`,
        nextAttemptAt: sql`now()`,
      })
      .where(troubled)
      .returning({ id: notifications.id });
    // One row per notification queued again, in the same transaction (docs/decisions/0037).
    await recordActivityMany(queued.map((row) => ({ action: "notifications.retry", table: "notifications", recordId: row.id, after: { status: "pending" } })), tx);
    await requeueMail(
      tx,
      queued.map((row) => row.id),
    );
    return queued;
  });
  return rows.length;
}
