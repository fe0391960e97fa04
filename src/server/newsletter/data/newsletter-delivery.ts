import "server-only";
import { and, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import { db, type Database, type Executor } from "../../kernel/db/client";
import { blogPosts, newsletterLinks, newsletterRecipients, newsletterSends, newsletterSubscribers, rateLimits, type BlogPost, type NewsletterSend } from "../../kernel/db/schema";

// The statements that send a newsletter (docs/decisions/0062): the recipients written once when a
// send starts, claimed in small batches by whichever process asks (FOR UPDATE SKIP LOCKED and a
// claim until `locked_until`), under one rate shared by every process, each copy marked on its own.

/** One transaction on `database` (default: the configured one), for the queueing of src/server/newsletter/send.ts. */
export async function newsletterTransaction<T>(fn: (tx: Executor) => Promise<T>, database: Database = db()): Promise<T> {
  return database.transaction(fn);
}

/** Sends whose time came: scheduled → sending, by one process (the others find the row changed). */
export async function startDueSends(now: Date, database: Database = db()): Promise<string[]> {
  const rows = await database
    .update(newsletterSends)
    .set({ status: "sending", startedAt: now })
    .where(and(eq(newsletterSends.status, "scheduled"), lte(newsletterSends.scheduledAt, now)))
    .returning({ id: newsletterSends.id });
  return rows.map((r) => r.id);
}

/** Sends that are sending but whose recipients were not written yet (a start, or a process that died mid-queue). */
export async function sendsToQueue(database: Database = db()): Promise<string[]> {
  const rows = await database
    .select({ id: newsletterSends.id })
    .from(newsletterSends)
    .where(and(eq(newsletterSends.status, "sending"), isNull(newsletterSends.queuedAt)));
  return rows.map((r) => r.id);
}

/**
 * Takes the right to queue a send's recipients: the row is updated only while `queued_at` is null,
 * and the update's lock makes a second process wait for this transaction, then find it set.
 */
export async function claimQueueing(sendId: string, now: Date, tx: Executor): Promise<NewsletterSend | null> {
  const [row] = await tx
    .update(newsletterSends)
    .set({ queuedAt: now, startedAt: sql`coalesce(${newsletterSends.startedAt}, ${now})` })
    .where(and(eq(newsletterSends.id, sendId), isNull(newsletterSends.queuedAt), inArray(newsletterSends.status, ["sending", "paused"])))
    .returning();
  return row ?? null;
}

export async function postForSend(postId: string, executor: Executor = db()): Promise<BlogPost | undefined> {
  const [post] = await executor.select().from(blogPosts).where(eq(blogPosts.id, postId));
  return post;
}

/** The send's counted links, one row per distinct address (kept if already there); their ids by address. */
export async function storeSendLinks(sendId: string, urls: readonly string[], tx: Executor): Promise<Map<string, number>> {
  if (urls.length === 0) return new Map();
  await tx
    .insert(newsletterLinks)
    .values(urls.map((url) => ({ sendId, url })))
    .onConflictDoNothing();
  const rows = await tx
    .select({ id: newsletterLinks.id, url: newsletterLinks.url })
    .from(newsletterLinks)
    .where(and(eq(newsletterLinks.sendId, sendId), inArray(newsletterLinks.url, [...urls])));
  return new Map(rows.map((r) => [r.url, r.id]));
}

/**
 * Every recipient of a send in one INSERT ... SELECT: confirmed, not paused subscribers whose topics
 * meet the send's (a send without topics goes to everyone; a subscriber without topics takes every
 * topic). The Message-ID is made from the send and the subscriber, so it is the same on every attempt.
 */
export async function insertRecipients(send: Pick<NewsletterSend, "id" | "topics">, messageDomain: string, tx: Executor): Promise<number> {
  const s = newsletterSubscribers;
  const topics = `{${send.topics.map((t) => `"${t.replace(/["\\]/g, "\\$&")}"`).join(",")}}`;
  const result = await tx.execute<{ n: number | string }>(sql`
    with written as (
    insert into ${newsletterRecipients} (send_id, subscriber_id, email, message_id)
    select ${send.id}::uuid, ${s.id}, ${s.email}, '<nl.' || ${send.id}::text || '.' || ${s.id}::text || '@' || ${messageDomain}::text || '>'
    from ${s}
    where ${s.status} = 'confirmed' and not ${s.paused}
      and (cardinality(${topics}::text[]) = 0 or cardinality(${s.topics}) = 0 or ${s.topics} && ${topics}::text[])
    on conflict (send_id, subscriber_id) do nothing
    returning 1)
    select count(*) as n from written`);
  return Number(result.rows[0]!.n);
}

export async function storeRendered(sendId: string, rendered: { html: string; text: string }, tx: Executor): Promise<void> {
  await tx.update(newsletterSends).set({ renderedHtml: rendered.html, renderedText: rendered.text }).where(eq(newsletterSends.id, sendId));
}

export async function sendById(id: string, executor: Executor = db()): Promise<NewsletterSend | undefined> {
  const [row] = await executor.select().from(newsletterSends).where(eq(newsletterSends.id, id));
  return row;
}

export interface ClaimedCopy {
  id: number;
  sendId: string;
  subscriberId: string;
  email: string;
  messageId: string;
  attempts: number;
  tokenVersion: number;
  lockedUntil: Date;
}

export interface RateRule {
  /** Copies allowed per window, across every process. */
  perWindow: number;
  windowMs: number;
}

/** The rate's counter in `rate_limits`: one row for every process (docs/decisions/0006, 0062). */
export const RATE_KEY = "newsletter:send";
/** Each window is spread over this many slices: by the end of slice k, k/SLICES of it may be spent. */
const SLICES = 60;

/**
 * Claims up to `limit` copies due now, in one transaction that holds the rate's row lock, so that
 * processes claim one after another and never together spend more than the window allows. Copies
 * whose subscriber left, was suppressed or paused since the send started are marked skipped here,
 * just before their turn, and are not counted against the rate. Rows of a paused send stay put.
 */
export async function claimCopies(now: Date, claimUntil: Date, limit: number, rule: RateRule, database: Database = db()): Promise<ClaimedCopy[]> {
  return database.transaction(async (tx) => {
    const windowStart = new Date(Math.floor(now.getTime() / rule.windowMs) * rule.windowMs);
    const slice = Math.min(SLICES, Math.floor(((now.getTime() - windowStart.getTime()) * SLICES) / rule.windowMs) + 1);
    const allowedSoFar = Math.max(1, Math.floor((rule.perWindow * slice) / SLICES));
    const counted = await tx.execute<{ count: number | string }>(sql`
      insert into ${rateLimits} (key, window_start, count) values (${RATE_KEY}, ${windowStart}, 0)
      on conflict (key) do update set
        count = case when ${rateLimits.windowStart} < ${windowStart} then 0 else ${rateLimits.count} end,
        window_start = greatest(${rateLimits.windowStart}, ${windowStart})
      returning count`);
    const room = Math.min(limit, allowedSoFar - Number(counted.rows[0]!.count));
    if (room <= 0) return [];
    const r = newsletterRecipients;
    const s = newsletterSubscribers;
    const claimed = await tx.execute<{
      id: number | string;
      send_id: string;
      subscriber_id: string;
      email: string;
      message_id: string;
      attempts: number;
      token_version: number;
      ok: boolean;
    }>(sql`
      with due as (
        select ${r.id} as id, (${s.status} = 'confirmed' and not ${s.paused}) as ok, ${s.tokenVersion} as token_version
        from ${r}
        join ${newsletterSends} ns on ns.id = ${r.sendId} and ns.status = 'sending' and ns.queued_at is not null
        join ${s} on ${s.id} = ${r.subscriberId}
        where ${r.status} in ('pending', 'sending') and ${r.nextAttemptAt} <= ${now}
          and (${r.lockedUntil} is null or ${r.lockedUntil} < ${now})
        order by ${r.id}
        limit ${room}
        for update of ${r} skip locked
      )
      update ${r} set
        status = case when due.ok then 'sending' else 'skipped' end,
        locked_until = case when due.ok then ${claimUntil}::timestamptz end,
        attempts = ${r.attempts} + case when due.ok then 1 else 0 end
      from due where ${r.id} = due.id
      returning ${r.id} as id, ${r.sendId} as send_id, ${r.subscriberId} as subscriber_id, ${r.email} as email,
        ${r.messageId} as message_id, ${r.attempts} as attempts, due.token_version as token_version, due.ok as ok`);
    const copies = claimed.rows.filter((row) => row.ok);
    if (copies.length > 0) await tx.update(rateLimits).set({ count: sql`${rateLimits.count} + ${copies.length}` }).where(eq(rateLimits.key, RATE_KEY));
    return copies
      .map((row) => ({
        id: Number(row.id),
        sendId: row.send_id,
        subscriberId: row.subscriber_id,
        email: row.email,
        messageId: row.message_id,
        attempts: Number(row.attempts),
        tokenVersion: Number(row.token_version),
        lockedUntil: claimUntil,
      }))
      .sort((a, b) => a.id - b.id);
  });
}

/** Accepted by the mail server: marked at once, whoever's claim it was (a claim that ran out still sent it). */
export async function markCopySent(id: number, now: Date, database: Database = db()): Promise<void> {
  await database
    .update(newsletterRecipients)
    .set({ status: "sent", sentAt: now, lockedUntil: null, lastError: null })
    .where(and(eq(newsletterRecipients.id, id), eq(newsletterRecipients.status, "sending")));
}

/** A failed attempt, recorded only by the claim that made it: pending again at `nextAttemptAt`, or failed for good. */
export async function markCopyFailed(
  id: number,
  claimedUntil: Date,
  failure: { error: string; giveUp: boolean; nextAttemptAt: Date },
  database: Database = db(),
): Promise<void> {
  await database
    .update(newsletterRecipients)
    .set({ status: failure.giveUp ? "failed" : "pending", lockedUntil: null, nextAttemptAt: failure.nextAttemptAt, lastError: failure.error.slice(0, 1000) })
    .where(and(eq(newsletterRecipients.id, id), eq(newsletterRecipients.status, "sending"), eq(newsletterRecipients.lockedUntil, claimedUntil)));
}

/** Claimed copies not handed to the server, given back by the claim that holds them: pending again, the claim not counted. */
export async function releaseCopies(ids: readonly number[], claimedUntil: Date, database: Database = db()): Promise<void> {
  if (ids.length === 0) return;
  await database
    .update(newsletterRecipients)
    .set({ status: "pending", lockedUntil: null, attempts: sql`greatest(${newsletterRecipients.attempts} - 1, 0)` })
    .where(and(inArray(newsletterRecipients.id, [...ids]), eq(newsletterRecipients.status, "sending"), eq(newsletterRecipients.lockedUntil, claimedUntil)));
}

/** Sends with nothing left to send become sent (pending or in-flight rows keep them sending). */
export async function finishSends(now: Date, database: Database = db()): Promise<string[]> {
  const rows = await database
    .update(newsletterSends)
    .set({ status: "sent", finishedAt: now })
    .where(
      and(
        eq(newsletterSends.status, "sending"),
        sql`${newsletterSends.queuedAt} is not null`,
        sql`not exists (select 1 from ${newsletterRecipients} r where r.send_id = ${newsletterSends.id} and r.status in ('pending', 'sending'))`,
      ),
    )
    .returning({ id: newsletterSends.id });
  return rows.map((r) => r.id);
}

/** Whether any send is sending now (the job's rounds do nothing more when none is). */
export async function anySending(database: Database = db()): Promise<boolean> {
  const rows = await database.select({ id: newsletterSends.id }).from(newsletterSends).where(eq(newsletterSends.status, "sending")).limit(1);
  return rows.length > 0;
}
