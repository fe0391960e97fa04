import "server-only";
import { and, eq, inArray, lt, ne, sql } from "drizzle-orm";
import { db, type Database, type Executor, type Transaction } from "../../kernel/db/client";
import { newsletterEventsSeen, newsletterRecipients, newsletterSends, newsletterSubscribers } from "../../kernel/db/schema";
import type { SubscriberStatus, SuppressionReason } from "../../../lib/newsletter";

// The statements of what comes back from sent letters (docs/decisions/0063): one-click unsubscribes,
// the provider's bounce, complaint and delivery notifications, and counted clicks. What they mean is
// decided by src/server/newsletter/suppression.ts.

/**
 * Does `work` once per provider notification id, across processes and retries: the id is claimed in
 * the transaction that applies it, so a notification delivered twice (SNS and webhook senders retry
 * whenever an answer is late) is applied once, and one whose work fails leaves no claim and can be
 * sent again. Returns null when the id was already applied.
 */
export async function applyEventOnce<T>(eventId: string, work: (tx: Transaction) => Promise<T>, database: Database = db()): Promise<{ value: T } | null> {
  return database.transaction(async (tx) => {
    const claimed = await tx.insert(newsletterEventsSeen).values({ id: eventId }).onConflictDoNothing().returning({ id: newsletterEventsSeen.id });
    if (claimed.length === 0) return null;
    return { value: await work(tx) };
  });
}

/** Forgets the notification ids older than `days` (a notification that old is refused on its own timestamp). */
export async function pruneEventsSeen(days: number, executor: Executor = db()): Promise<number> {
  const removed = await executor
    .delete(newsletterEventsSeen)
    .where(lt(newsletterEventsSeen.receivedAt, sql`now() - make_interval(days => ${Math.floor(days)})`))
    .returning({ id: newsletterEventsSeen.id });
  return removed.length;
}

export type UnsubscribeOutcome = "unsubscribed" | "already" | "not-found";

/**
 * Unsubscribes the subscriber a signed link names, when the link's version is the row's: one
 * conditional UPDATE, so any number of requests at once change the row once (the first), and the
 * rest find it already done. The send is recorded when it still exists (a deleted send names none).
 * A suppressed address stays suppressed: it is never sent again either way.
 */
export async function unsubscribeSubscriber(id: string, tokenVersion: number, sendId: string | null, executor: Executor = db()): Promise<UnsubscribeOutcome> {
  const s = newsletterSubscribers;
  const fromSend = sendId ? sql`(select ${newsletterSends.id} from ${newsletterSends} where ${newsletterSends.id} = ${sendId}::uuid)` : null;
  const changed = await executor
    .update(s)
    .set({ status: "unsubscribed", unsubscribedAt: sql`now()`, unsubscribedFromSendId: fromSend, updatedAt: sql`now()` })
    .where(and(eq(s.id, id), eq(s.tokenVersion, tokenVersion), inArray(s.status, ["pending", "confirmed"])))
    .returning({ id: s.id });
  if (changed.length > 0) return "unsubscribed";
  const found = await executor
    .select({ id: s.id })
    .from(s)
    .where(and(eq(s.id, id), eq(s.tokenVersion, tokenVersion)));
  return found.length > 0 ? "already" : "not-found";
}

export interface RecipientCopy {
  id: number;
  sendId: string;
  subscriberId: string;
  email: string;
}

/** The copy of a send that went out with one of these Message-IDs (its spellings with and without angle brackets). */
export async function findRecipientByMessageId(messageIds: readonly string[], executor: Executor = db()): Promise<RecipientCopy | null> {
  if (messageIds.length === 0) return null;
  const r = newsletterRecipients;
  const [row] = await executor
    .select({ id: r.id, sendId: r.sendId, subscriberId: r.subscriberId, email: r.email })
    .from(r)
    .where(inArray(r.messageId, [...messageIds]))
    .limit(1);
  return row ?? null;
}

/** Marks a copy bounced (once: a second report keeps the first time). */
export async function markRecipientBounced(id: number, executor: Executor = db()): Promise<void> {
  const r = newsletterRecipients;
  await executor
    .update(r)
    .set({ status: "bounced", bouncedAt: sql`coalesce(${r.bouncedAt}, now())` })
    .where(eq(r.id, id));
}

export interface LockedSubscriber {
  id: string;
  status: SubscriberStatus;
  softBounces: number;
}

/** The subscriber row by id or by address, locked until the transaction ends (its soft-bounce count is read and written). */
export async function lockSubscriber(by: { id: string } | { emailKey: string }, tx: Transaction): Promise<LockedSubscriber | null> {
  const s = newsletterSubscribers;
  const [row] = await tx
    .select({ id: s.id, status: s.status, softBounces: s.softBounces })
    .from(s)
    .where("id" in by ? eq(s.id, by.id) : eq(s.emailKey, by.emailKey))
    .for("update");
  return row ?? null;
}

/** Suppresses an address that is not already suppressed; true when this call did. */
export async function suppressSubscriber(id: string, reason: SuppressionReason, executor: Executor = db()): Promise<boolean> {
  const s = newsletterSubscribers;
  const changed = await executor
    .update(s)
    .set({ status: "suppressed", suppressedReason: reason, suppressedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(s.id, id), ne(s.status, "suppressed")))
    .returning({ id: s.id });
  return changed.length > 0;
}

/** Adds one soft bounce; returns the count in a row. */
export async function addSoftBounce(id: string, executor: Executor = db()): Promise<number> {
  const s = newsletterSubscribers;
  const [row] = await executor
    .update(s)
    .set({ softBounces: sql`${s.softBounces} + 1`, updatedAt: sql`now()` })
    .where(eq(s.id, id))
    .returning({ softBounces: s.softBounces });
  return row?.softBounces ?? 0;
}

/** A delivered letter ends a run of soft bounces. */
export async function resetSoftBounces(id: string, executor: Executor = db()): Promise<void> {
  const s = newsletterSubscribers;
  await executor
    .update(s)
    .set({ softBounces: 0, updatedAt: sql`now()` })
    .where(and(eq(s.id, id), ne(s.softBounces, 0)));
}

export type ClickOutcome = { url: string } | { refused: "no-link" | "other-send" };

/**
 * One click on a counted link, in one statement: the link's stored address, when the recipient's
 * copy belongs to the link's send; the link's `clicks` counts every click, `newsletter_clicks` one
 * row per recipient (the first). A recipient of another send, or a deleted one, counts nothing.
 */
export async function recordClick(linkId: number, recipientId: number, executor: Executor = db()): Promise<ClickOutcome> {
  const result = await executor.execute<{ url: string; same_send: boolean }>(sql`
    with link as (
      select l.id, l.url, exists (
        select 1 from newsletter_recipients r where r.id = ${recipientId} and r.send_id = l.send_id
      ) as same_send
      from newsletter_links l where l.id = ${linkId}
    ),
    counted as (
      update newsletter_links l set clicks = l.clicks + 1
      from link where l.id = link.id and link.same_send
      returning l.id
    ),
    first as (
      insert into newsletter_clicks (link_id, recipient_id)
      select link.id, ${recipientId}::bigint from link where link.same_send
      on conflict do nothing
    )
    select url, same_send from link`);
  const row = result.rows[0];
  if (!row) return { refused: "no-link" };
  return row.same_send ? { url: row.url } : { refused: "other-send" };
}

/** Where a counted link goes, checked as `recordClick` checks it, without counting (a HEAD request). */
export async function findClickTarget(linkId: number, recipientId: number, executor: Executor = db()): Promise<ClickOutcome> {
  const result = await executor.execute<{ url: string; same_send: boolean }>(sql`
    select l.url, exists (select 1 from newsletter_recipients r where r.id = ${recipientId} and r.send_id = l.send_id) as same_send
    from newsletter_links l where l.id = ${linkId}`);
  const row = result.rows[0];
  if (!row) return { refused: "no-link" };
  return row.same_send ? { url: row.url } : { refused: "other-send" };
}
