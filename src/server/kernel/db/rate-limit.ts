import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { db, type Database } from "./client";
import { rateLimits } from "./schema";

/**
 * Fixed-window counters kept in the database, so every server process on one database shares them
 * (docs/decisions/0006). One upsert per counted event; no read-modify-write race. A form submission
 * counts its event in the same statement that stores it (src/server/leads/data/submissions.ts, ADR 0013).
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
export function rateLimitResult(
  row: { count: number | string; window_start: string | Date },
  rule: RateLimitRule,
  now: Date,
  database: Database = db(),
): RateLimitResult {
  if (Math.random() < 0.01) void pruneRateLimits(database);
  return result(Number(row.count), new Date(row.window_start), rule, now);
}

/** Counts one event against the key; `allowed` is false once the count is over the limit. */
export async function hitRateLimit(key: string, rule: RateLimitRule, database: Database = db()): Promise<RateLimitResult> {
  const now = new Date();
  const rows = await database.execute<{ count: number; window_start: string | Date }>(countEventSql(key, rule, now));
  return rateLimitResult(rows.rows[0]!, rule, now, database);
}

/**
 * The verdict the next event would get, without counting one: a submission the visitor must correct
 * (fields refused) is told about a limit already reached, and leaves the count as it was.
 */
export async function peekRateLimit(key: string, rule: RateLimitRule, database: Database = db()): Promise<RateLimitResult> {
  const now = new Date();
  const rows = await database.execute<{ count: number | string; window_start: string | Date }>(
    sql`select count, window_start from ${rateLimits} where key = ${key} and window_start > ${new Date(now.getTime() - rule.windowMs)}`,
  );
  const row = rows.rows[0];
  if (!row) return { allowed: true, count: 0, retryAfterSeconds: 0 };
  return result(Number(row.count) + 1, new Date(row.window_start), rule, now);
}

/**
 * Counts one event against each key in one statement, so that requests in flight together each see
 * the counts their own event made (docs/decisions/0020). Keys are taken in sorted order: two such
 * statements lock shared rows in the same order and cannot deadlock on PostgreSQL.
 */
export async function hitRateLimits(
  keys: string[],
  windowMs: number,
  database: Database = db(),
): Promise<Map<string, { count: number; retryAfterSeconds: number }>> {
  const now = new Date();
  const windowFloor = new Date(now.getTime() - windowMs);
  const sorted = [...new Set(keys)].sort();
  const rows = await database.execute<{ key: string; count: number | string; window_start: string | Date }>(sql`
    insert into ${rateLimits} (key, window_start, count)
    values ${sql.join(
      sorted.map((key) => sql`(${key}, ${now}, 1)`),
      sql`, `,
    )}
    on conflict (key) do update set
      count = case when ${rateLimits.windowStart} <= ${windowFloor} then 1 else ${rateLimits.count} + 1 end,
      window_start = case when ${rateLimits.windowStart} <= ${windowFloor} then ${now} else ${rateLimits.windowStart} end
    returning key, count, window_start`);
  if (Math.random() < 0.01) void pruneRateLimits(database);
  return new Map(
    rows.rows.map((row) => {
      const { count, retryAfterSeconds } = result(Number(row.count), new Date(row.window_start), { limit: 0, windowMs }, now);
      return [row.key, { count, retryAfterSeconds }];
    }),
  );
}

/** Takes one counted event back from each key (a slot that was not used up). */
export async function giveBackRateLimits(keys: string[], database: Database = db()): Promise<void> {
  if (keys.length === 0) return;
  // Rows are locked in key order, as the counting upsert takes them: two statements that lock the
  // same rows in different orders deadlock on PostgreSQL when requests arrive together.
  await database.execute(sql`update ${rateLimits} set count = greatest(${rateLimits.count} - 1, 0)
    where key in (select key from ${rateLimits} where key in (${sql.join(
      keys.map((key) => sql`${key}`),
      sql`, `,
    )}) order by key for update)`);
}

export async function clearRateLimit(key: string, database: Database = db()): Promise<void> {
  await database.execute(sql`delete from ${rateLimits} where key = ${key}`);
}

async function pruneRateLimits(database: Database): Promise<void> {
  await database.execute(sql`delete from ${rateLimits} where window_start < now() - interval '2 days'`).catch(() => {});
}

/** Deletes the counters named in `keys` and every counter whose key starts with `prefix`. */
export async function clearRateLimitsOf(keys: readonly string[], prefix: string, database: Database = db()): Promise<void> {
  await database.delete(rateLimits).where(
    sql`${rateLimits.key} in (${sql.join(
      keys.map((key) => sql`${key}`),
      sql`, `,
    )}) or left(${rateLimits.key}, ${prefix.length}) = ${prefix}`,
  );
}
