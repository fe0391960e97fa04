import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { db, type Executor } from "../../kernel/db/client";
import { acknowledgedSenders, contactMessages, leads, notifications, rateLimits, type Attribution } from "../../kernel/db/schema";
import { env } from "../../kernel/env";
import { log } from "../../kernel/log";
import { outboxValues, queueDelivery, type MailInput } from "../../kernel/mail/mail";
import { isQueueStarted } from "../../kernel/jobs/queue";
import { enqueueDeliveryJobs, hookedRows, submissionDeliveriesCte, type DeliveryKey } from "../../kernel/events/data/webhook-outbox";
import { countEventSql, rateLimitResult, type RateLimitResult, type RateLimitRule } from "../../kernel/db/rate-limit";

/**
 * A public form's submission stored in ONE statement (ADR 0013): the per-IP rate-limit count, the
 * row (once per submission key), its notification in the outbox and its webhook deliveries
 * (docs/decisions/0057), as data-modifying CTEs: the lead and its mail are stored together or not
 * at all, and over the limit nothing is stored (the count itself is kept). One statement to the
 * database instead of five (count; begin; insert; insert mail; commit), in one transaction with the
 * queue's job for each mail it stored (docs/decisions/0092).
 */

export interface CreatedRow {
  id: string;
  /** False when the submission key had been stored already: a double submission. */
  isNew: boolean;
}

/** Over the limit: nothing stored. */
export interface RateLimited {
  limited: RateLimitResult;
}

export interface CountedLimit {
  key: string;
  rule: RateLimitRule;
}

interface Submission {
  table: typeof leads | typeof contactMessages;
  /**
   * SQL column name -> text value (null for an empty optional field), or a whole number for an integer
   * column; `id`, the row's uuid made beforehand, so that its notification can link to it.
   */
  columns: Record<string, string | number | null>;
  attribution: Attribution;
  submissionKey: string | null;
  /** The notification; the link to the stored row is added here. */
  mail: Omit<MailInput, "leadId" | "contactMessageId">;
  rateLimit?: CountedLimit;
  /**
   * The acknowledgement to the sender (ADR 0042): queued only with a newly stored row, only when no
   * acknowledgement went to this mailbox today in the site's time zone, and only within the hourly
   * limits per client address and over all clients.
   */
  acknowledgement?: Acknowledgement;
  /**
   * The webhook event of a newly stored row (docs/decisions/0057), queued in the same statement for
   * every endpoint subscribed: `data` is the event's data without the row's id, times and dashboard
   * link, which the statement adds from the stored row.
   */
  webhook?: { event: string; table: string; data: Record<string, unknown>; dashboardPrefix: string };
}

export interface Acknowledgement {
  mail: Omit<MailInput, "leadId" | "contactMessageId">;
  /** The mailbox the address reaches (src/server/kernel/mail/mailbox.ts): what the once-a-day rule counts. */
  mailbox: string;
  /** The sending client (src/server/kernel/mail/mailbox.ts clientKey), when there is one; a move out of Spam has none. */
  client?: string;
}

/** The window of the acknowledgement limits: one hour. */
export const ACKNOWLEDGEMENT_WINDOW_MS = 60 * 60_000;

/** The rate-limit counters an acknowledgement is counted against, with their limits (FORM_ACKNOWLEDGEMENT_*_HOURLY_LIMIT). */
export function acknowledgementLimits(client: string | undefined): { key: string; limit: number }[] {
  const e = env();
  const limits = [{ key: "acknowledgement:all", limit: e.FORM_ACKNOWLEDGEMENT_HOURLY_LIMIT }];
  if (client) limits.push({ key: `acknowledgement:client:${client}`, limit: e.FORM_ACKNOWLEDGEMENT_CLIENT_HOURLY_LIMIT });
  // Sorted: statements that count the same rows lock them in one order (no deadlock on PostgreSQL).
  return limits.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** The day an acknowledgement is counted in: the site's (Asia/Kolkata), as the database's clock says. */
export const ACKNOWLEDGEMENT_DAY = sql`(now() at time zone 'Asia/Kolkata')::date`;

interface ResultRow extends Record<string, unknown> {
  id: string | null;
  /** The outbox rows this statement stored (the notification, the acknowledgement). */
  mail_ids: string[] | null;
  /** The acknowledgement limits this submission went over (their keys). */
  ack_over?: string[];
  existing_id: string | null;
  count: number | string | null;
  window_start: string | Date | null;
  /** The webhook deliveries the statement queued, for their jobs. */
  hooked?: DeliveryKey[] | null;
}

export async function storeSubmission(s: Submission): Promise<CreatedRow | RateLimited> {
  const now = new Date();
  const linkColumn = s.table === leads ? "lead_id" : "contact_message_id";
  const mail = outboxValues(s.mail);
  const names = Object.keys(s.columns);
  const columnList = sql.join([...names, "attribution", "submission_key"].map((n) => sql.identifier(n)), sql`, `);
  const values = sql.join(
    [
      ...names.map((n) => (n === "id" ? sql`${s.columns[n]}::uuid` : typeof s.columns[n] === "number" ? sql`${s.columns[n]}::integer` : sql`${s.columns[n]}::text`)),
      sql`${JSON.stringify(s.attribution)}::jsonb`,
      sql`${s.submissionKey}::text`,
    ],
    sql`, `,
  );
  const ack = s.acknowledgement ? outboxValues(s.acknowledgement.mail) : null;
  const ackLimits = acknowledgementLimits(s.acknowledgement?.client);
  const ackWindowFloor = new Date(now.getTime() - ACKNOWLEDGEMENT_WINDOW_MS);
  const limit = s.rateLimit;
  const counted: SQL = limit ? sql`counted as (${countEventSql(limit.key, limit.rule, now)}),` : sql``;
  const gate: SQL = limit ? sql`from counted where counted.count <= ${limit.rule.limit}` : sql``;
  const statement = sql`with ${counted}
    stored as (
      insert into ${s.table} (${columnList}) select ${values} ${gate}
      on conflict (submission_key) do nothing
      returning id, created_at, updated_at
    ),
    queued as (
      insert into ${notifications} (kind, recipients, subject, text_body, html_body, reply_to, ${sql.identifier(linkColumn)})
      select ${mail.kind}::text, array(select jsonb_array_elements_text(${JSON.stringify(mail.recipients)}::jsonb)), ${mail.subject}::text,
        ${mail.textBody}::text, ${mail.htmlBody}::text, ${mail.replyTo}::text, stored.id from stored
      returning id
    )${s.webhook ? sql`,
    ${submissionDeliveriesCte(s.webhook.event, s.webhook.table, s.webhook.data, s.webhook.dashboardPrefix)}` : sql``}${
      ack
        ? sql`,
    ack_limits (key, ceiling) as (values ${sql.join(ackLimits.map((l) => sql`(${l.key}::text, ${l.limit}::int)`), sql`, `)}),
    ack_counted as (
      insert into ${rateLimits} (key, window_start, count)
      select ack_limits.key, ${now}, 1
      from stored, ack_limits
      where not exists (select 1 from ${acknowledgedSenders} where email = ${s.acknowledgement!.mailbox}::text and day = ${ACKNOWLEDGEMENT_DAY})
      order by ack_limits.key
      on conflict (key) do update set
        count = case when ${rateLimits.windowStart} <= ${ackWindowFloor} then 1 else ${rateLimits.count} + 1 end,
        window_start = case when ${rateLimits.windowStart} <= ${ackWindowFloor} then ${now} else ${rateLimits.windowStart} end
      returning key, count
    ),
    ack_over as (select ack_counted.key from ack_counted join ack_limits on ack_limits.key = ack_counted.key where ack_counted.count > ack_limits.ceiling),
    acknowledged as (
      insert into ${acknowledgedSenders} (email, day)
      select ${s.acknowledgement!.mailbox}::text, ${ACKNOWLEDGEMENT_DAY} from stored
      where exists (select 1 from ack_counted) and not exists (select 1 from ack_over)
      on conflict do nothing
      returning email
    ),
    acknowledgement as (
      insert into ${notifications} (kind, recipients, subject, text_body, html_body, reply_to, ${sql.identifier(linkColumn)})
      select ${ack.kind}::text, array[lower(${ack.recipients[0]}::text)], ${ack.subject}::text,
        ${ack.textBody}::text, ${ack.htmlBody}::text, ${ack.replyTo}::text, stored.id from stored, acknowledged
      returning id
    )`
        : sql``
    }
    select (select id from stored) as id,
      array(select id from queued${ack ? sql` union all select id from acknowledgement` : sql``}) as mail_ids,
      ${s.webhook ? sql`${hookedRows} as hooked,` : sql``}
      ${ack ? sql`array(select key from ack_over order by key) as ack_over,` : sql``}
      ${s.submissionKey === null ? sql`null` : sql`(select id from ${s.table} where submission_key = ${s.submissionKey}::text)`} as existing_id,
      ${limit ? sql`counted.count, counted.window_start from counted` : sql`null as count, null as window_start`}`;
  const database = db();
  // The statement and its jobs commit together: its mails' (docs/decisions/0092) and, when an
  // endpoint takes the event, its webhook deliveries' (ADR 0093). With no queue started in this
  // process yet, the statement stands alone and its rows are adopted when the queue starts.
  const started = isQueueStarted();
  const run = async (executor: Executor) => {
    const [stored] = (await executor.execute<ResultRow>(statement)).rows;
    if (stored?.mail_ids?.length) await queueDelivery(executor, stored.mail_ids);
    if (started && stored?.hooked?.length) await enqueueDeliveryJobs(stored.hooked, executor);
    return stored;
  };
  const row = started ? await database.transaction(run) : await run(database);
  if (limit) {
    const verdict = rateLimitResult({ count: row!.count!, window_start: row!.window_start! }, limit.rule, now, database);
    if (!verdict.allowed) return { limited: verdict };
  }
  if (row!.id) {
    // Over an hourly limit: no acknowledgement, and the mailbox is not claimed for the day.
    const over = row!.ack_over ?? [];
    if (over.length > 0) {
      log("warn", "acknowledgement not sent: hourly limit reached", { id: row!.id, limits: over.map((key) => (key === "acknowledgement:all" ? "all clients" : "this client")) });
    }
    return { id: row!.id, isNew: true };
  }
  if (row!.existing_id) return { id: row!.existing_id, isNew: false };
  // The same key stored by a statement that committed while this one waited on the unique index:
  // this statement's snapshot predates it, a new one sees it.
  if (s.submissionKey !== null) {
    const again = await database.execute<{ id: string }>(sql`select id from ${s.table} where submission_key = ${s.submissionKey}`);
    if (again.rows[0]) return { id: again.rows[0].id, isNew: false };
  }
  throw new Error("submission neither stored nor found");
}

/** Deletes acknowledgement claims of days before yesterday: only today's are consulted. Returns how many. */
export async function pruneAcknowledgedSenders(database: Executor = db()): Promise<number> {
  const removed = await database
    .delete(acknowledgedSenders)
    .where(sql`${acknowledgedSenders.day} < ${ACKNOWLEDGEMENT_DAY} - 1`)
    .returning({ email: acknowledgedSenders.email });
  return removed.length;
}
