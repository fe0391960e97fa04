import "server-only";
import { and, asc, desc, eq, inArray, isNull, lt, lte, notExists, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db, type Database, type Executor } from "../../db/client";
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

/**
 * One delivery row per event and endpoint subscribed to it (not disabled), in one statement with
 * `executor` (the change's transaction). Rows are numbered in the order of `events`, which is the
 * order they are sent in for one record. Returns how many rows were queued.
 */
export async function insertWebhookDeliveries(events: readonly QueuedEvent[], executor: Executor = db()): Promise<number> {
  // Most sites have no endpoint for most events: one small query spares a bulk change (up to
  // BULK_LIMIT rows) sending every row's data as JSON only for the join to find nothing.
  // (An array literal: the names come from WEBHOOK_EVENTS, letters, dots and underscores only.)
  const kinds = [...new Set(events.map((e) => e.event))];
  const subscribed = await executor.execute(
    sql`select 1 from ${webhookEndpoints} e where e.status <> 'disabled' and e.events && ${`{${kinds.join(",")}}`}::text[] limit 1`,
  );
  if (subscribed.rows.length === 0) return 0;
  let queued = 0;
  for (let i = 0; i < events.length; i += 500) {
    const chunk = events.slice(i, i + 500).map((e, n) => ({ n, event: e.event, table: e.table, id: e.id, data: e.data }));
    const result = await executor.execute<{ id: number }>(sql`
      insert into ${webhookDeliveries} (endpoint_id, event_type, record_table, record_id, payload, message_id)
      select e.id, v.event, v."table", v.id, v.data, ${MESSAGE_ID}
      from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as v(n int, event text, "table" text, id text, data jsonb)
      join ${webhookEndpoints} e on e.status <> 'disabled' and v.event = any(e.events)
      order by v.n, e.id
      returning id`);
    queued += result.rows.length;
  }
  return queued;
}

/**
 * The same rows as a data-modifying CTE of a public form's one statement (ADR 0013): `stored` is the
 * CTE that inserted the row (returning id, created_at, updated_at); the data's id, times and dashboard
 * link are added from it.
 */
export function submissionDeliveriesCte(event: string, table: string, data: Record<string, unknown>, dashboardPrefix: string): SQL {
  const iso = (column: string) => sql`to_char(${sql.identifier("stored")}.${sql.identifier(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  return sql`hooked as (
      insert into ${webhookDeliveries} (endpoint_id, event_type, record_table, record_id, payload, message_id)
      select e.id, ${event}::text, ${table}::text, stored.id::text,
        ${JSON.stringify(data)}::jsonb || jsonb_build_object('id', stored.id::text, 'createdAt', ${iso("created_at")}, 'updatedAt', ${iso("updated_at")}, 'dashboardUrl', ${dashboardPrefix}::text || stored.id::text),
        ${MESSAGE_ID}
      from stored join ${webhookEndpoints} e on e.status <> 'disabled' and ${event}::text = any(e.events)
      order by e.id
      returning id
    )`;
}

const later = alias(webhookDeliveries, "earlier");

/**
 * Claims up to `limit` due deliveries until `claimUntil`: pending, due, not held by a live claim, of
 * an active endpoint, and the first still pending of their endpoint and record (a row is not sent
 * while an earlier one for the same record is pending or in flight). The due rows are locked,
 * skipping those another process holds, and each claim counts as an attempt. At most `perEndpoint`
 * rows of one endpoint are claimed (the oldest): what one process has in flight to a receiver is
 * what a kill -9 of it can make arrive twice (docs/decisions/0079); the rest stay due for the next
 * batch or another process.
 */
export async function claimDueDeliveries(
  now: Date,
  claimUntil: Date,
  limit: number,
  database: Database = db(),
  perEndpoint = Number.POSITIVE_INFINITY,
): Promise<WebhookDelivery[]> {
  const d = webhookDeliveries;
  const claimable = and(eq(d.status, "pending"), lte(d.nextAttemptAt, now), or(isNull(d.lockedUntil), lt(d.lockedUntil, now)));
  return database.transaction(async (tx) => {
    // Each endpoint's oldest claimable rows are chosen before the batch's limit applies, so a receiver
    // with a long backlog takes its `perEndpoint` share of a batch and the other receivers the rest
    // (a limit applied first would fill the batch with one receiver's rows and send one of them).
    const ranked = tx
      .select({ id: d.id, rank: sql<number>`row_number() over (partition by ${d.endpointId} order by ${d.id})`.as("rank") })
      .from(d)
      .innerJoin(webhookEndpoints, and(eq(webhookEndpoints.id, d.endpointId), eq(webhookEndpoints.status, "active")))
      .where(
        and(
          claimable,
          notExists(
            tx
              .select({ one: sql`1` })
              .from(later)
              .where(and(eq(later.endpointId, d.endpointId), eq(later.recordTable, d.recordTable), eq(later.recordId, d.recordId), eq(later.status, "pending"), lt(later.id, d.id))),
          ),
        ),
      )
      .as("ranked");
    const candidates = tx
      .select({ id: ranked.id })
      .from(ranked)
      .where(Number.isFinite(perEndpoint) ? lte(ranked.rank, perEndpoint) : undefined);
    // The lock re-reads the row: one another process claimed meanwhile no longer matches `claimable`.
    const due = await tx
      .select({ id: d.id })
      .from(d)
      .where(and(inArray(d.id, candidates), claimable))
      .orderBy(asc(d.id))
      .limit(limit)
      .for("update", { of: d, skipLocked: true });
    const chosen = due.map((row) => row.id);
    if (chosen.length === 0) return [];
    // The rows left out are unlocked at commit, unclaimed and unchanged.
    const rows = await tx
      .update(d)
      .set({ lockedUntil: claimUntil, attempts: sql`${d.attempts} + 1`, lastAttemptAt: now })
      .where(inArray(d.id, chosen))
      .returning();
    return rows.sort((a, b) => a.id - b.id);
  });
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

/** Delivered: whoever sent it (a claim that ran out while the answer came still counts). */
export async function markDeliveryDelivered(id: number, outcome: AttemptOutcome, now: Date, database: Database = db()): Promise<void> {
  await database
    .update(webhookDeliveries)
    .set({ status: "delivered", deliveredAt: now, lockedUntil: null, lastResponseCode: outcome.responseCode, lastError: null, lastResponseBody: outcome.responseBody })
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, "pending")));
}

/**
 * A failed attempt, recorded only by the claim that made it (`claimedUntil`): pending again at
 * `nextAttemptAt`, or failed for good.
 */
export async function markDeliveryFailed(
  id: number,
  claimedUntil: Date,
  failure: AttemptOutcome & { giveUp: boolean; nextAttemptAt: Date },
  database: Database = db(),
): Promise<boolean> {
  const rows = await database
    .update(webhookDeliveries)
    .set({
      status: failure.giveUp ? "failed" : "pending",
      nextAttemptAt: failure.nextAttemptAt,
      lockedUntil: null,
      lastResponseCode: failure.responseCode,
      lastError: failure.error?.slice(0, 1000) ?? null,
      lastResponseBody: failure.responseBody,
    })
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, "pending"), eq(webhookDeliveries.lockedUntil, claimedUntil)))
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
