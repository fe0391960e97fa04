import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { db, type Database } from "./db/client";
import { rateLimits } from "./db/schema";

/**
 * Fixed-window counters kept in the database, so every server process on one database shares them
 * (docs/decisions/0006). One upsert per counted event; no read-modify-write race. A form submission
 * counts its event in the same statement that stores it (src/server/data/submissions.ts, ADR 0013).
 */
export interface RateLimitResult {
  allowed: boolean;
  count: number;
  retryAfterSeconds: number;
}

export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

function result(count: number, windowStart: Date, rule: RateLimitRule, now: Date): RateLimitResult {
  const resetAt = windowStart.getTime() + rule.windowMs;
  return {
    allowed: count <= rule.limit,
    count,
    retryAfterSeconds: Math.max(1, Math.ceil((resetAt - now.getTime()) / 1000)),
  };
}

/**
 * The counting upsert as a statement of its own or as the first step (a CTE) of a larger one:
 * returns one row (count, window_start) for the key after counting this event.
 */
export function countEventSql(key: string, rule: RateLimitRule, now: Date): SQL {
  const windowFloor = new Date(now.getTime() - rule.windowMs);
  return sql`insert into ${rateLimits} (key, window_start, count) values (${key}, ${now}, 1)
    on conflict (key) do update set
      count = case when ${rateLimits.windowStart} <= ${windowFloor} then 1 else ${rateLimits.count} + 1 end,
      window_start = case when ${rateLimits.windowStart} <= ${windowFloor} then ${now} else ${rateLimits.windowStart} end
    returning count, window_start`;
}

/** The verdict from the row that `countEventSql` returned. */
export function rateLimitResult(row: { count: number | string; window_start: string | Date }, rule: RateLimitRule, now: Date, database: Database = db()): RateLimitResult {
  if (Math.random() < 0.01) void pruneRateLimits(database);
  return result(Number(row.count), new Date(row.window_start), rule, now);
}

/** Counts one event against the key; `allowed` is false once the count is over the limit. */
export async function hitRateLimit(key: string, rule: RateLimitRule, database: Database = db()): Promise<RateLimitResult> {
  const now = new Date();
  const rows = await database.execute<{ count: number; window_start: string | Date }>(countEventSql(key, rule, now));
  return rateLimitResult(rows.rows[0]!, rule, now, database);
}

/** The current count without counting: for limits that only count failures. */
export async function peekRateLimit(key: string, rule: RateLimitRule, database: Database = db()): Promise<RateLimitResult> {
  const now = new Date();
  const windowFloor = new Date(now.getTime() - rule.windowMs);
  const rows = await database.execute<{ count: number; window_start: string | Date }>(sql`
    select count, window_start from ${rateLimits} where key = ${key} and window_start > ${windowFloor}`);
  const row = rows.rows[0];
  if (!row) return { allowed: true, count: 0, retryAfterSeconds: 0 };
  return { ...result(Number(row.count), new Date(row.window_start), rule, now), allowed: Number(row.count) < rule.limit };
}

export async function clearRateLimit(key: string, database: Database = db()): Promise<void> {
  await database.execute(sql`delete from ${rateLimits} where key = ${key}`);
}

async function pruneRateLimits(database: Database): Promise<void> {
  await database.execute(sql`delete from ${rateLimits} where window_start < now() - interval '2 days'`).catch(() => {});
}
