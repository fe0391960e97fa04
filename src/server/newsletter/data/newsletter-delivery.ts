import "server-only";
import { and, eq, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import { db, type Database, type Executor } from "../../kernel/db/client";
import { enqueue, enqueueMany } from "../../kernel/jobs/queue";
import { blogPosts, newsletterLinks, newsletterRecipients, newsletterSends, newsletterSubscribers, rateLimits, type BlogPost, type NewsletterSend } from "../../kernel/db/schema";

// The statements that send a newsletter (docs/decisions/0062, 0094): the recipients written once when
// a send starts, with a job of the queue per batch of copies in the same transaction; each batch's job
// claims its copies a few at a time under one rate shared by every process, each copy marked on its own.

/** One transaction on `database` (default: the configured one), for the queueing of src/server/newsletter/send.ts. */
export async function newsletterTransaction<T>(fn: (tx: Executor) => Promise<T>, database: Database = db()): Promise<T> {
  return database.transaction(fn);
}

// ---------------------------------------------------------------------------------------------
// The queue's jobs (docs/decisions/0094)
// ---------------------------------------------------------------------------------------------

/** Starts a send: its letter rendered and its recipients written (at its scheduled time, or now). */
export const NEWSLETTER_START_JOB = "newsletter.start";
/** Sends one batch of a send's copies. */
export const NEWSLETTER_COPIES_JOB = "newsletter.copies";
/**
 * Copies per batch job: copy ids of one send from `from` to `from + COPIES_PER_JOB - 1`, `from` a
 * multiple of it. The grouping depends on the ids alone, so every enqueue of a batch (the start,
 * a resume, `adopt`) names the same copies under the same key.
 */
export const COPIES_PER_JOB = 50;

export interface StartJobData {
  sendId: string;
}

export interface CopiesJobData {
  sendId: string;
  /** The batch's first copy id (a multiple of COPIES_PER_JOB); its copies are `from` to `from + COPIES_PER_JOB - 1`. */
  from: number;
}

/** The start job's name for a send and its time ("now" when sent at once): a time named once, whoever enqueues it. */
function startJobId(sendId: string, at: Date | null): string {
  return `${sendId}@${at ? at.toISOString() : "now"}`;
}

/** Enqueues, in the caller's transaction, the start of a send now or at `at` (its schedule). */
export async function enqueueStart(sendId: string, at: Date | null, tx: Executor): Promise<void> {
  const id = startJobId(sendId, at);
  await enqueue(NEWSLETTER_START_JOB, { sendId } satisfies StartJobData, { key: id, id, ...(at ? { startAfter: at } : {}) }, tx);
}

/**
 * Enqueues a job per batch of the send's copies still to send, in the caller's transaction. `stable`:
 * each under the batch's own id (the start and `adopt`: once, however often); otherwise under a new
 * one (a resume: the batch's earlier job may have run, finding the send paused). The key is the
 * batch's either way, and the policy singleton: one job of a batch runs at a time.
 */
export async function enqueueCopyBatches(sendId: string, stable: boolean, tx: Executor): Promise<number> {
  const r = newsletterRecipients;
  const rows = await tx.execute<{ batch: number | string }>(sql`
    select distinct (${r.id} / ${COPIES_PER_JOB}) * ${COPIES_PER_JOB} as batch from ${r}
    where ${r.sendId} = ${sendId} and ${r.status} in ('pending', 'sending') order by 1`);
  return enqueueMany(
    NEWSLETTER_COPIES_JOB,
    rows.rows.map((row) => {
      const from = Number(row.batch);
      const key = `${sendId}/${from}`;
      return { data: { sendId, from } satisfies CopiesJobData, options: { key, ...(stable ? { id: key } : {}) } };
    }),
    tx,
  );
}

/** A batch's job again, for what its try left (the same key: it starts once that try has ended). */
export async function enqueueBatchAgain(batch: CopiesJobData, database: Database = db()): Promise<void> {
  await enqueue(NEWSLETTER_COPIES_JOB, batch, { key: `${batch.sendId}/${batch.from}` }, database);
}

/**
 * A scheduled send whose time came becomes sending (by the database's clock, the one its start job
 * was started by): by one job, the others find the row changed. Returns whether it moved.
 */
export async function startDueSend(sendId: string, tx: Executor): Promise<boolean> {
  const rows = await tx
    .update(newsletterSends)
    .set({ status: "sending", startedAt: sql`now()` })
    .where(and(eq(newsletterSends.id, sendId), eq(newsletterSends.status, "scheduled"), lte(newsletterSends.scheduledAt, sql`now()`)))
    .returning({ id: newsletterSends.id });
  return rows.length > 0;
}

/**
 * What the timed job left to do when the queue took over, enqueued once however many starts: the
 * start of scheduled sends (at their time) and of started sends whose recipients were not written,
 * and the batches of copies still to send of sends that are sending (a paused one's are enqueued
 * by its resume). Returns the jobs added.
 */
export async function adoptNewsletterWork(database: Database = db()): Promise<number> {
  let added = 0;
  const unstarted = await database
    .select({ id: newsletterSends.id, status: newsletterSends.status, scheduledAt: newsletterSends.scheduledAt })
    .from(newsletterSends)
    .where(
      or(
        and(eq(newsletterSends.status, "scheduled"), isNotNull(newsletterSends.scheduledAt)),
        and(inArray(newsletterSends.status, ["sending", "paused"]), isNull(newsletterSends.queuedAt)),
      ),
    );
  for (const send of unstarted) {
    const at = send.status === "scheduled" ? send.scheduledAt : null;
    const id = startJobId(send.id, at);
    if (await enqueue(NEWSLETTER_START_JOB, { sendId: send.id } satisfies StartJobData, { key: id, id, ...(at ? { startAfter: at } : {}) }, database)) added++;
  }
  const sending = await database
    .select({ id: newsletterSends.id })
    .from(newsletterSends)
    .where(and(eq(newsletterSends.status, "sending"), isNotNull(newsletterSends.queuedAt)));
  for (const send of sending) added += await enqueueCopyBatches(send.id, true, database);
  return added;
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
}

export interface RateRule {
  /** Copies allowed per window, across every process. */
  perWindow: number;
  windowMs: number;
}

/** The rate's counter in `rate_limits`: one row for every process (docs/decisions/0006, 0062). */
export const RATE_KEY = "newsletter:send";
/** Each window is spread over this many slices: by the end of slice k, k/SLICES of it may be spent. */
export const SLICES = 60;

export interface Claim {
  /** The copies to send now, in id order. */
  copies: ClaimedCopy[];
  /** The rate had no room: nothing was claimed, and there may be copies left. */
  limited: boolean;
  /** Rows taken, the skipped ones included: none means the batch has nothing left to send now (or its send is not sending). */
  taken: number;
}

/**
 * Claims up to `limit` of a batch's copies still to send, in one transaction that holds the rate's
 * row lock, so that the processes' jobs claim one after another and never together spend more than
 * the window allows. A copy is taken only while it is pending, or sending (a try that died before
 * its mark: the job runs again after its lease, and only one job of a batch runs at a time), and
 * only while its send is sending: a job run again finds what was sent marked and leaves it, and a
 * paused or cancelled send's copies stay put. Copies whose subscriber left, was suppressed or paused
 * since the send started are marked skipped here, just before their turn, and are not counted
 * against the rate. `passOver`: copies the server refused earlier in this try (they wait for the next).
 */
export async function claimCopies(
  batch: CopiesJobData,
  now: Date,
  limit: number,
  rule: RateRule,
  passOver: readonly number[] = [],
  database: Database = db(),
): Promise<Claim> {
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
    if (room <= 0) return { copies: [], limited: true, taken: 0 };
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
        join ${newsletterSends} ns on ns.id = ${r.sendId} and ns.status = 'sending'
        join ${s} on ${s.id} = ${r.subscriberId}
        where ${r.sendId} = ${batch.sendId} and ${r.id} >= ${batch.from} and ${r.id} < ${batch.from + COPIES_PER_JOB}
          and ${r.status} in ('pending', 'sending')
          ${passOver.length > 0 ? sql`and ${r.id} not in (${sql.join(passOver.map((id) => sql`${id}`), sql`, `)})` : sql``}
        order by ${r.id}
        limit ${room}
        for update of ${r}
      )
      update ${r} set
        status = case when due.ok then 'sending' else 'skipped' end,
        attempts = ${r.attempts} + case when due.ok then 1 else 0 end
      from due where ${r.id} = due.id
      returning ${r.id} as id, ${r.sendId} as send_id, ${r.subscriberId} as subscriber_id, ${r.email} as email,
        ${r.messageId} as message_id, ${r.attempts} as attempts, due.token_version as token_version, due.ok as ok`);
    const copies = claimed.rows.filter((row) => row.ok);
    if (copies.length > 0) await tx.update(rateLimits).set({ count: sql`${rateLimits.count} + ${copies.length}` }).where(eq(rateLimits.key, RATE_KEY));
    return {
      limited: false,
      taken: claimed.rows.length,
      copies: copies
        .map((row) => ({
          id: Number(row.id),
          sendId: row.send_id,
          subscriberId: row.subscriber_id,
          email: row.email,
          messageId: row.message_id,
          attempts: Number(row.attempts),
          tokenVersion: Number(row.token_version),
        }))
        .sort((a, b) => a.id - b.id),
    };
  });
}

/** Accepted by the mail server: marked at once (docs/decisions/0062, "Marked right after the 250"). */
export async function markCopySent(id: number, now: Date, database: Database = db()): Promise<void> {
  await database
    .update(newsletterRecipients)
    .set({ status: "sent", sentAt: now, lastError: null })
    .where(and(eq(newsletterRecipients.id, id), eq(newsletterRecipients.status, "sending")));
}

/** A failed try: pending again (the batch's job tries again after the queue's back-off), or failed for good. */
export async function markCopyFailed(id: number, failure: { error: string; giveUp: boolean }, database: Database = db()): Promise<void> {
  await database
    .update(newsletterRecipients)
    .set({ status: failure.giveUp ? "failed" : "pending", lastError: failure.error.slice(0, 1000) })
    .where(and(eq(newsletterRecipients.id, id), eq(newsletterRecipients.status, "sending")));
}

/** The last try of a batch: its copies refused in that try are failed for good. */
export async function failCopies(ids: readonly number[], database: Database = db()): Promise<void> {
  if (ids.length === 0) return;
  await database
    .update(newsletterRecipients)
    .set({ status: "failed" })
    .where(and(inArray(newsletterRecipients.id, [...ids]), eq(newsletterRecipients.status, "pending")));
}

/** Claimed copies not handed to the server: pending again, the claim's try not counted. */
export async function releaseCopies(ids: readonly number[], database: Database = db()): Promise<void> {
  if (ids.length === 0) return;
  await database
    .update(newsletterRecipients)
    .set({ status: "pending", attempts: sql`greatest(${newsletterRecipients.attempts} - 1, 0)` })
    .where(and(inArray(newsletterRecipients.id, [...ids]), eq(newsletterRecipients.status, "sending")));
}

/**
 * The send becomes sent when nothing of it is left to send (pending or in flight rows keep it
 * sending): each batch's job asks when it ends, and the last to end finds nothing left. Returns
 * whether it did.
 */
export async function finishSend(sendId: string, now: Date, executor: Executor = db()): Promise<boolean> {
  const rows = await executor
    .update(newsletterSends)
    .set({ status: "sent", finishedAt: now })
    .where(
      and(
        eq(newsletterSends.id, sendId),
        eq(newsletterSends.status, "sending"),
        sql`${newsletterSends.queuedAt} is not null`,
        sql`not exists (select 1 from ${newsletterRecipients} r where r.send_id = ${newsletterSends.id} and r.status in ('pending', 'sending'))`,
      ),
    )
    .returning({ id: newsletterSends.id });
  return rows.length > 0;
}
