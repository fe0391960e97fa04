import "server-only";
import { and, asc, desc, eq, inArray, lt, lte, or, sql, type SQL } from "drizzle-orm";
import { db, type Database, type Executor } from "../../db/client";
import { enqueueMany } from "../../jobs/queue";
import { webhookDeliveries, webhookEndpoints, type WebhookDelivery, type WebhookEndpoint } from "../../db/schema";

// The webhook outbox's statements (docs/decisions/0057). What an event carries is decided by
// src/server/kernel/events/events.ts, how and when a row is sent by src/server/integrations/webhooks/delivery.ts.

export interface QueuedEvent {
  event: string;
  table: string;
  id: string;
  data: Record<string, unknown>;
}

/** A `webhook-id`: `msg_` and 32 hex digits, made by the database so the one statement needs no round trip back. */
const MESSAGE_ID = sql`'msg_' || replace(gen_random_uuid()::text, '-', '')`;

/** The columns a delivery's job is made from, as an insert's `returning` gives them. */
const RETURNING_KEY = sql`returning id, endpoint_id as "endpointId", record_table as "recordTable", record_id as "recordId"`;

/** Whether any endpoint that is not disabled takes one of these events: most sites have none for most. */
export async function anySubscribed(kinds: readonly string[], executor: Executor = db()): Promise<boolean> {
  // (An array literal: the names come from WEBHOOK_EVENTS, letters, dots and underscores only.)
  const subscribed = await executor.execute(
    sql`select 1 from ${webhookEndpoints} e where e.status <> 'disabled' and e.events && ${`{${[...new Set(kinds)].join(",")}}`}::text[] limit 1`,
  );
  return subscribed.rows.length > 0;
}

/**
 * One delivery row per event and endpoint subscribed to it (not disabled), and each row's job, with
 * `executor` (the change's transaction): the rows and their jobs commit with the change or not at
 * all. Rows are numbered in the order of `events`, which is the order they are sent in for one
 * record. Returns how many rows were queued.
 */
export async function insertWebhookDeliveries(events: readonly QueuedEvent[], executor: Executor = db()): Promise<number> {
  // One small query spares a bulk change (up to BULK_LIMIT rows) sending every row's data as JSON
  // only for the join to find nothing.
  if (!(await anySubscribed(events.map((e) => e.event), executor))) return 0;
  let queued = 0;
  for (let i = 0; i < events.length; i += 500) {
    const chunk = events.slice(i, i + 500).map((e, n) => ({ n, event: e.event, table: e.table, id: e.id, data: e.data }));
    const result = await executor.execute<DeliveryKey>(sql`
      insert into ${webhookDeliveries} (endpoint_id, event_type, record_table, record_id, payload, message_id)
      select e.id, v.event, v."table", v.id, v.data, ${MESSAGE_ID}
      from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as v(n int, event text, "table" text, id text, data jsonb)
      join ${webhookEndpoints} e on e.status <> 'disabled' and v.event = any(e.events)
      order by v.n, e.id
      ${RETURNING_KEY}`);
    await enqueueDeliveryJobs(result.rows, executor);
    queued += result.rows.length;
  }
  return queued;
}

/**
 * The same rows as a data-modifying CTE of a public form's one statement (ADR 0013): `stored` is the
 * CTE that inserted the row (returning id, created_at, updated_at); the data's id, times and dashboard
 * link are added from it. Its rows (`hookedRows`) need their jobs enqueued in the statement's
 * transaction (`enqueueDeliveryJobs`).
 */
export const hookedRows = sql`(select coalesce(jsonb_agg(hooked), '[]'::jsonb) from hooked)`;

export function submissionDeliveriesCte(event: string, table: string, data: Record<string, unknown>, dashboardPrefix: string): SQL {
  const iso = (column: string) => sql`to_char(${sql.identifier("stored")}.${sql.identifier(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  return sql`hooked as (
      insert into ${webhookDeliveries} (endpoint_id, event_type, record_table, record_id, payload, message_id)
      select e.id, ${event}::text, ${table}::text, stored.id::text,
        ${JSON.stringify(data)}::jsonb || jsonb_build_object('id', stored.id::text, 'createdAt', ${iso("created_at")}, 'updatedAt', ${iso("updated_at")}, 'dashboardUrl', ${dashboardPrefix}::text || stored.id::text),
        ${MESSAGE_ID}
      from stored join ${webhookEndpoints} e on e.status <> 'disabled' and ${event}::text = any(e.events)
      order by e.id
      ${RETURNING_KEY}
    )`;
}

/**
 * The queue's job that sends a delivery (src/server/integrations/webhooks/delivery.ts, ADR 0093):
 * one per row, carrying its id, keyed by the endpoint and record (the key_strict_fifo policy starts a
 * key's jobs one at a time in the order they were enqueued, and a job waiting to retry holds back
 * the later ones), grouped by the endpoint (a process sends one request at a time to a receiver).
 */
export const WEBHOOK_DELIVERY_JOB = "webhook.delivery";

export interface WebhookDeliveryJobData {
  deliveryId: number;
}

export type DeliveryKey = Pick<WebhookDelivery, "id" | "endpointId" | "recordTable" | "recordId">;

/**
 * Enqueues the job of each row with `executor` (the transaction that inserted or re-queued them).
 * `tag` names the occasion for rows that had a job before (a resume, "Send again"): without it the
 * job is named by the row alone, so enqueueing a row's first job again (adopt) adds none.
 */
export async function enqueueDeliveryJobs(
  rows: readonly DeliveryKey[],
  executor: Executor,
  options: { tag?: string; startAfter?: (row: DeliveryKey) => Date | undefined } = {},
): Promise<number> {
  const jobs = [...rows]
    .sort((a, b) => a.id - b.id)
    .map((row) => ({
      data: { deliveryId: Number(row.id) } satisfies WebhookDeliveryJobData,
      options: {
        key: `${row.endpointId}/${row.recordTable}/${row.recordId}`,
        group: row.endpointId,
        id: options.tag ? `${row.id}/${options.tag}` : String(row.id),
        startAfter: options.startAfter?.(row),
      },
    }));
  let added = 0;
  for (let i = 0; i < jobs.length; i += 500) added += await enqueueMany(WEBHOOK_DELIVERY_JOB, jobs.slice(i, i + 500), executor);
  return added;
}

/**
 * Deliveries queued before they were sent by the job queue (the table was their queue: a timer
 * claimed its due rows): a job for each pending row, named by the row as at insert, so that
 * enqueueing them again at the next start adds none. Returns how many were enqueued.
 */
export async function adoptPendingDeliveries(database: Database = db()): Promise<number> {
  const d = webhookDeliveries;
  const pending = await database
    .select({ id: d.id, endpointId: d.endpointId, recordTable: d.recordTable, recordId: d.recordId, nextAttemptAt: d.nextAttemptAt })
    .from(d)
    .where(eq(d.status, "pending"))
    .orderBy(asc(d.id));
  const due = new Map(pending.map((row) => [row.id, row.nextAttemptAt]));
  return enqueueDeliveryJobs(pending, database, { startAfter: (row) => due.get(row.id) });
}

/**
 * The deliveries waiting for an endpoint that is sent to again (resumed: the jobs of a paused or
 * disabled endpoint end without sending): a job each, at its next try, named by `tag` (the pause
 * it ends). Returns how many were enqueued.
 */
export async function enqueueWaitingDeliveries(endpointId: string, tag: string, executor: Executor): Promise<number> {
  const d = webhookDeliveries;
  const waiting = await executor
    .select({ id: d.id, endpointId: d.endpointId, recordTable: d.recordTable, recordId: d.recordId, nextAttemptAt: d.nextAttemptAt })
    .from(d)
    .where(and(eq(d.endpointId, endpointId), eq(d.status, "pending")))
    .orderBy(asc(d.id));
  const due = new Map(waiting.map((row) => [row.id, row.nextAttemptAt]));
  return enqueueDeliveryJobs(waiting, executor, { tag, startAfter: (row) => due.get(row.id) });
}

/**
 * The delivery a job of `deliveryId`'s key sends now: the oldest row still pending of the same
 * endpoint and record (the job's own, or an earlier one: jobs of one transaction start in no fixed
 * order among themselves), with its endpoint. Null when none is pending (sent, given up, deleted).
 */
export async function nextDeliveryOf(deliveryId: number, database: Database = db()): Promise<{ delivery: WebhookDelivery; endpoint: WebhookEndpoint } | null> {
  const d = webhookDeliveries;
  const [own] = await database.select({ endpointId: d.endpointId, recordTable: d.recordTable, recordId: d.recordId }).from(d).where(eq(d.id, deliveryId));
  if (!own) return null;
  const [row] = await database
    .select()
    .from(d)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, d.endpointId))
    .where(and(eq(d.endpointId, own.endpointId), eq(d.recordTable, own.recordTable), eq(d.recordId, own.recordId), eq(d.status, "pending")))
    .orderBy(asc(d.id))
    .limit(1);
  return row ? { delivery: row.webhook_deliveries, endpoint: row.webhook_endpoints } : null;
}

/**
 * An attempt begins: counted before the request goes, so one cut short by a killed process still
 * counts (its job runs again once its lease runs out). Returns the count, or null when the row is
 * no longer pending.
 */
export async function startAttempt(id: number, now: Date, database: Database = db()): Promise<number | null> {
  const [row] = await database
    .update(webhookDeliveries)
    .set({ attempts: sql`${webhookDeliveries.attempts} + 1`, lastAttemptAt: now })
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, "pending")))
    .returning({ attempts: webhookDeliveries.attempts });
  return row ? row.attempts : null;
}

export async function endpointsByIds(ids: readonly string[], database: Database = db()): Promise<WebhookEndpoint[]> {
  if (ids.length === 0) return [];
  return database.select().from(webhookEndpoints).where(inArray(webhookEndpoints.id, [...ids]));
}

export interface AttemptOutcome {
  responseCode: number | null;
  error: string | null;
  responseBody: string | null;
}

/**
 * Delivered, once: only a row still pending is marked, so a job run again after its lease ran out
 * (the receiver answered the first run too) records nothing twice. Returns whether it marked it.
 */
export async function markDeliveryDelivered(id: number, outcome: AttemptOutcome, now: Date, database: Database = db()): Promise<boolean> {
  const rows = await database
    .update(webhookDeliveries)
    .set({ status: "delivered", deliveredAt: now, lastResponseCode: outcome.responseCode, lastError: null, lastResponseBody: outcome.responseBody })
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, "pending")))
    .returning({ id: webhookDeliveries.id });
  return rows.length > 0;
}

/** A failed attempt of a row still pending: pending again until `nextAttemptAt` (its job's next try), or failed for good. */
export async function markDeliveryFailed(id: number, failure: AttemptOutcome & { giveUp: boolean; nextAttemptAt: Date }, database: Database = db()): Promise<boolean> {
  const rows = await database
    .update(webhookDeliveries)
    .set({
      status: failure.giveUp ? "failed" : "pending",
      nextAttemptAt: failure.nextAttemptAt,
      lastResponseCode: failure.responseCode,
      lastError: failure.error?.slice(0, 1000) ?? null,
      lastResponseBody: failure.responseBody,
    })
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, "pending")))
    .returning({ id: webhookDeliveries.id });
  return rows.length > 0;
}

/** A delivered attempt clears the endpoint's run of failures. */
export async function recordEndpointSuccess(endpointId: string, database: Database = db()): Promise<void> {
  await database
    .update(webhookEndpoints)
    .set({ consecutiveFailures: 0, failingSince: null })
    .where(and(eq(webhookEndpoints.id, endpointId), or(sql`${webhookEndpoints.consecutiveFailures} <> 0`, sql`${webhookEndpoints.failingSince} is not null`)));
}

/**
 * A failed attempt is counted against its endpoint; an active endpoint whose attempts have all failed
 * `pauseAfterFailures` times in a row over at least `pauseAfterMs` is paused with `reason`. Returns
 * true when this failure paused it.
 */
export async function recordEndpointFailure(
  endpointId: string,
  now: Date,
  rule: { pauseAfterFailures: number; pauseAfterMs: number; reason: string },
  database: Database = db(),
): Promise<boolean> {
  const e = webhookEndpoints;
  const since = sql`coalesce(${e.failingSince}, ${now})`;
  const pauses = sql`${e.status} = 'active' and ${e.consecutiveFailures} + 1 >= ${rule.pauseAfterFailures} and ${since} <= ${new Date(now.getTime() - rule.pauseAfterMs)}`;
  const [row] = await database
    .update(e)
    .set({
      consecutiveFailures: sql`${e.consecutiveFailures} + 1`,
      failingSince: since,
      status: sql`case when ${pauses} then 'paused' else ${e.status} end`,
      pausedReason: sql`case when ${pauses} then ${rule.reason}::text else ${e.pausedReason} end`,
      pausedAt: sql`case when ${pauses} then ${now}::timestamptz else ${e.pausedAt} end`,
    })
    .where(eq(e.id, endpointId))
    .returning({ paused: sql<boolean>`${e.status} = 'paused' and ${e.pausedAt} = ${now}::timestamptz` });
  return Boolean(row?.paused);
}

/** The receiver said the address is gone (410): nothing more is sent until someone resumes it. */
export async function disableEndpoint(endpointId: string, reason: string, now: Date, database: Database = db()): Promise<void> {
  await database
    .update(webhookEndpoints)
    .set({ status: "disabled", pausedReason: reason, pausedAt: now })
    .where(and(eq(webhookEndpoints.id, endpointId), sql`${webhookEndpoints.status} <> 'disabled'`));
}

/** The most recent deliveries of each endpoint (at most `perEndpoint`), newest first. */
export async function recentDeliveries(endpointIds: readonly string[], perEndpoint: number, database: Executor = db()): Promise<WebhookDelivery[]> {
  if (endpointIds.length === 0) return [];
  const ranked = database
    .select({ id: webhookDeliveries.id, rank: sql<number>`row_number() over (partition by ${webhookDeliveries.endpointId} order by ${webhookDeliveries.id} desc)`.as("rank") })
    .from(webhookDeliveries)
    .where(inArray(webhookDeliveries.endpointId, [...endpointIds]))
    .as("ranked");
  const ids = database.select({ id: ranked.id }).from(ranked).where(lte(ranked.rank, perEndpoint));
  return database.select().from(webhookDeliveries).where(inArray(webhookDeliveries.id, ids)).orderBy(desc(webhookDeliveries.id));
}

/** Every delivery of one endpoint, oldest first (tests and the bench read them). */
export async function deliveriesOf(endpointId: string, database: Executor = db()): Promise<WebhookDelivery[]> {
  return database.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId)).orderBy(asc(webhookDeliveries.id));
}

/** Delivered and failed rows older than `keepDays` go (the screen shows recent ones); returns how many. */
export async function pruneWebhookDeliveries(keepDays: number, executor: Executor = db()): Promise<number> {
  const removed = await executor
    .delete(webhookDeliveries)
    .where(and(sql`${webhookDeliveries.status} <> 'pending'`, lt(webhookDeliveries.createdAt, sql`now() - make_interval(days => ${keepDays})`)))
    .returning({ id: webhookDeliveries.id });
  return removed.length;
}
