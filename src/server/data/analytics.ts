import "server-only";
import { and, asc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { db, type Executor } from "../db/client";
import { analyticsDailyTotals, analyticsEvents, analyticsSalts, type DeviceClass } from "../db/schema";
import type { PageViewRecord } from "../analytics/page-view";
import { newSalt, oldestUsableSaltDay, optedOut, saltUsable, utcDay, visitorDigest, visitorIdFrom } from "../analytics/visitor-id";
import { ipFromHeaders } from "../request-info";
import { log } from "../log";

/**
 * The site's own analytics, its storage and its rollup (docs/decisions/0056, docs/analytics.md).
 * Tables (src/server/db/schema.ts):
 * - analytics_salts: one secret per UTC day, deleted once the day is over (plus SALT_GRACE_MS);
 * - analytics_events: the raw page views, kept ANALYTICS_RAW_DAYS days;
 * - analytics_daily_visits, analytics_daily_pages, analytics_daily_totals: the daily rollups, kept for good.
 * A visit is a visitor's page views with no gap over VISIT_GAP_MINUTES; a bounce is a visit of one page view.
 */

export const VISIT_GAP_MINUTES = 30;

// ---------------------------------------------------------------------------------------------
// Salts and visitor ids
// ---------------------------------------------------------------------------------------------

/** This process's copy of the salts in use (today's, and yesterday's during the grace). */
const salts = new Map<string, string>();

/**
 * The salt of `day`, created by the first process that needs it (INSERT ... ON CONFLICT DO NOTHING,
 * then SELECT: every process reads the same one). Null once the day is over and its grace passed:
 * a deleted salt is never made again, so that day's ids cannot be recomputed.
 */
export async function saltFor(day: string, now: Date = new Date(), executor: Executor = db()): Promise<string | null> {
  for (const kept of salts.keys()) if (!saltUsable(kept, now)) salts.delete(kept);
  if (!saltUsable(day, now)) return null;
  const cached = salts.get(day);
  if (cached) return cached;
  await executor.insert(analyticsSalts).values({ day, salt: newSalt() }).onConflictDoNothing();
  const [row] = await executor.select({ salt: analyticsSalts.salt }).from(analyticsSalts).where(eq(analyticsSalts.day, day));
  if (!row) return null; // deleted meanwhile: the day is over
  salts.set(day, row.salt);
  return row.salt;
}

/** Deletes the salts of days that are over (plus the grace); each process's copy goes with the same rule. */
export async function deleteExpiredSalts(now: Date = new Date(), executor: Executor = db()): Promise<number> {
  const removed = await executor
    .delete(analyticsSalts)
    .where(lt(analyticsSalts.day, oldestUsableSaltDay(now)))
    .returning({ day: analyticsSalts.day });
  for (const kept of salts.keys()) if (!saltUsable(kept, now)) salts.delete(kept);
  return removed.length;
}

/** Forgets this process's copy of the salts (tests: another process's view of the table). */
export function forgetCachedSalts(): void {
  salts.clear();
}

/**
 * The visitor id of the request that sent a form, computed as the host computes a page view's
 * (src/server/analytics/page-view.ts): today's salt, the Host header, the client's address and
 * the user agent. Null for a visitor who asked not to be tracked (Sec-GPC, DNT) or when the salt
 * cannot be had (the database is down: the form is stored without it).
 */
export async function visitorIdForRequest(headers: Headers, now: Date = new Date()): Promise<string | null> {
  if (optedOut((name) => headers.get(name))) return null;
  try {
    const salt = await saltFor(utcDay(now), now);
    if (!salt) return null;
    return visitorIdFrom(salt, visitorDigest(headers.get("host") ?? "", ipFromHeaders(headers), headers.get("user-agent") ?? ""));
  } catch (error) {
    log("warn", "analytics: no visitor id for a submission", { event: "analytics.visitor-id-failed", error: String(error) });
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Writing page views (the host's queue calls this through the bridge, host/analytics.ts)
// ---------------------------------------------------------------------------------------------

/**
 * Stores one batch of counted page views in one multi-row INSERT, each with its day's visitor id.
 * Page views of a day whose salt is gone (a batch held past midnight and the grace) are dropped.
 */
export async function storePageViews(batch: PageViewRecord[], now: Date = new Date()): Promise<number> {
  const rows: Record<string, string | boolean | null>[] = [];
  let late = 0;
  for (const view of batch) {
    const day = utcDay(view.at);
    const salt = await saltFor(day, now);
    if (!salt) {
      late++;
      continue;
    }
    rows.push({
      at: view.at.toISOString(),
      day,
      visitor_id: visitorIdFrom(salt, view.digest),
      path: view.path,
      referrer_host: view.referrerHost,
      internal: view.internal,
      utm_source: view.utmSource,
      utm_medium: view.utmMedium,
      utm_campaign: view.utmCampaign,
      device: view.device,
      browser: view.browser,
      country: view.country,
    });
  }
  if (late) log("warn", "analytics: page views of a day already over were dropped", { event: "analytics.late", dropped: late });
  // One parameter, a JSON array, rather than twelve per row: a batch of 500 is sent and planned as one value.
  if (rows.length) {
    await db().execute(sql`insert into ${analyticsEvents} (at, day, visitor_id, path, referrer_host, internal, utm_source, utm_medium, utm_campaign, device, browser, country)
      select at, day, visitor_id, path, referrer_host, internal, utm_source, utm_medium, utm_campaign, device, browser, country
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(at timestamptz, day date, visitor_id text, path text, referrer_host text, internal boolean,
        utm_source text, utm_medium text, utm_campaign text, device text, browser text, country text)`);
  }
  return rows.length;
}

// ---------------------------------------------------------------------------------------------
// Visits (derived, never stored) and the daily rollup
// ---------------------------------------------------------------------------------------------

/**
 * The CTEs `numbered` (each page view of `where` with its visitor's visit number and `starts` = 1 on
 * a visit's first page view, `source` = utm_source, else the referring host without www., else
 * null) and `visits` (one row per visit: its entry page, source, medium, campaign, referring host,
 * device, browser and country from its first page view, its page views, its pages in order, its
 * first and last page view's times and the seconds between them). A visit ends after more than
 * VISIT_GAP_MINUTES without a page view. The rollup reads one day; the Analytics screen a period
 * (src/server/data/analytics-report.ts), so both count visits the same way.
 */
export function visitsIn(where: SQL): SQL {
  return sql`ev as (
      select id, visitor_id, at, path, device, browser, country, utm_source, utm_medium as medium, utm_campaign as campaign, referrer_host,
        coalesce(nullif(lower(btrim(utm_source)), ''), case when internal then null else regexp_replace(lower(referrer_host), '^www\\.', '') end) as source,
        case when lag(at) over w is null or at - lag(at) over w > make_interval(mins => ${VISIT_GAP_MINUTES}) then 1 else 0 end as starts
      from ${analyticsEvents} where ${where}
      window w as (partition by visitor_id order by at, id)
    ),
    numbered as (
      select ev.*, sum(starts) over (partition by visitor_id order by at, id rows between unbounded preceding and current row) as visit_no from ev
    ),
    visits as (
      select visitor_id, visit_no, count(*)::int as pageviews, extract(epoch from max(at) - min(at)) as seconds, min(at) as started, max(at) as ended,
        (array_agg(path order by at, id))[1] as entry_path,
        array_agg(path order by at, id) as pages,
        (array_agg(source order by at, id))[1] as source,
        (array_agg(utm_source order by at, id))[1] as utm_source,
        (array_agg(medium order by at, id))[1] as medium,
        (array_agg(campaign order by at, id))[1] as campaign,
        (array_agg(referrer_host order by at, id))[1] as referrer_host,
        (array_agg(device order by at, id))[1] as device,
        (array_agg(browser order by at, id))[1] as browser,
        (array_agg(country order by at, id))[1] as country
      from numbered group by visitor_id, visit_no
    )`;
}

const visitsOf = (day: string): SQL => visitsIn(sql`day = ${day}::date`);

/**
 * Rolls up one day into analytics_daily_visits, analytics_daily_pages and analytics_daily_totals
 * (replacing what an earlier rollup of it wrote), in one statement.
 */
export async function rollUpDay(day: string, executor: Executor = db()): Promise<void> {
  await executor.execute(sql`delete from analytics_daily_visits where day = ${day}::date`);
  await executor.execute(sql`delete from analytics_daily_pages where day = ${day}::date`);
  await executor.execute(sql`with ${visitsOf(day)},
    by_visit as (
      insert into analytics_daily_visits (day, entry_path, source, medium, campaign, device, browser, country, visitors, visits, pageviews, bounces, duration_seconds)
      select ${day}::date, entry_path, source, medium, campaign, device, browser, country,
        count(distinct visitor_id), count(*), sum(pageviews), count(*) filter (where pageviews = 1), round(coalesce(sum(seconds), 0))::bigint
      from visits group by entry_path, source, medium, campaign, device, browser, country
      returning 1
    ),
    by_page as (
      insert into analytics_daily_pages (day, path, source, campaign, device, country, visitors, visits, pageviews, entries)
      select ${day}::date, n.path, v.source, v.campaign, n.device, n.country,
        count(distinct n.visitor_id), count(distinct n.visitor_id || ':' || n.visit_no), count(*), count(*) filter (where n.starts = 1)
      from numbered n join visits v on v.visitor_id = n.visitor_id and v.visit_no = n.visit_no
      group by n.path, v.source, v.campaign, n.device, n.country
      returning 1
    )
    insert into ${analyticsDailyTotals} (day, visitors, visits, pageviews, bounces, duration_seconds)
    select ${day}::date, count(distinct visitor_id), count(*), coalesce(sum(pageviews), 0), count(*) filter (where pageviews = 1), round(coalesce(sum(seconds), 0))::bigint
    from visits
    on conflict (day) do update set visitors = excluded.visitors, visits = excluded.visits, pageviews = excluded.pageviews,
      bounces = excluded.bounces, duration_seconds = excluded.duration_seconds, rolled_up_at = now()`);
}

/**
 * The days to roll up: over (their salt's grace passed, so no page view of theirs is still on its
 * way), within the raw retention, with page views and without a rollup. Yesterday, and any day a
 * stopped server missed.
 */
export async function dueRollupDays(keepDays: number, now: Date = new Date(), executor: Executor = db()): Promise<string[]> {
  const lastClosed = new Date(Date.parse(`${oldestUsableSaltDay(now)}T00:00:00Z`) - 86_400_000);
  const first = new Date(lastClosed.getTime() - keepDays * 86_400_000);
  const rows = await executor.execute<{ day: string }>(sql`
    select to_char(d, 'YYYY-MM-DD') as day
    from generate_series(${utcDay(first)}::date, ${utcDay(lastClosed)}::date, interval '1 day') as d
    where not exists (select 1 from ${analyticsDailyTotals} t where t.day = d::date)
      and exists (select 1 from ${analyticsEvents} e where e.day = d::date)
    order by d`);
  return rows.rows.map((r) => r.day);
}

/** Deletes raw page views older than `keepDays` days; the rollups stay. */
export async function pruneRawPageViews(keepDays: number, now: Date = new Date(), executor: Executor = db()): Promise<number> {
  const oldest = utcDay(new Date(now.getTime() - keepDays * 86_400_000));
  const removed = await executor.delete(analyticsEvents).where(lt(analyticsEvents.day, oldest)).returning({ id: analyticsEvents.id });
  return removed.length;
}

// ---------------------------------------------------------------------------------------------
// Reading (the lead desk and the Analytics screen)
// ---------------------------------------------------------------------------------------------

export interface VisitPath {
  startedAt: Date;
  endedAt: Date;
  landingPage: string;
  /** Every page view of the visit, in order. */
  pages: { path: string; at: Date }[];
  /** utm_source, else the referring host, else null (direct). */
  source: string | null;
  referrerHost: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  device: DeviceClass;
  browser: string | null;
  country: string | null;
  /** The visitor's visits earlier that day. */
  earlierVisits: number;
}

/**
 * The visit of `visitorId` on `day` that was going on at `at` (a lead's submission time): the last
 * visit begun by then; without `at`, the day's last visit. Null when the visitor has no page view
 * that day (not counted: a bot, staff, Sec-GPC/DNT, or the raw rows are past ANALYTICS_RAW_DAYS).
 */
export async function visitPathFor(visitorId: string, day: string, at?: Date, executor: Executor = db()): Promise<VisitPath | null> {
  const conditions = [eq(analyticsEvents.day, day), eq(analyticsEvents.visitorId, visitorId)];
  if (at) conditions.push(lt(analyticsEvents.at, new Date(at.getTime() + 1)));
  const views = await executor
    .select()
    .from(analyticsEvents)
    .where(and(...conditions))
    .orderBy(asc(analyticsEvents.at), asc(analyticsEvents.id));
  if (views.length === 0) return null;
  let start = 0;
  let visits = 0;
  for (let i = 1; i < views.length; i++) {
    if (views[i]!.at.getTime() - views[i - 1]!.at.getTime() > VISIT_GAP_MINUTES * 60_000) {
      start = i;
      visits++;
    }
  }
  const visit = views.slice(start);
  const first = visit[0]!;
  const source = first.utmSource?.trim().toLowerCase() || (first.internal ? null : (first.referrerHost?.replace(/^www\./, "") ?? null));
  return {
    startedAt: first.at,
    endedAt: visit.at(-1)!.at,
    landingPage: first.path,
    pages: visit.map((v) => ({ path: v.path, at: v.at })),
    source,
    referrerHost: first.referrerHost,
    utmSource: first.utmSource,
    utmMedium: first.utmMedium,
    utmCampaign: first.utmCampaign,
    device: first.device,
    browser: first.browser,
    country: first.country,
    earlierVisits: visits,
  };
}

export interface DayTotals {
  day: string;
  visitors: number;
  visits: number;
  pageviews: number;
  bounces: number;
  durationSeconds: number;
}

/**
 * The figures of each day from `from` to `to` (inclusive): rolled-up days from
 * analytics_daily_totals, the others (today, a day not yet rolled up) computed from the raw rows.
 * Visitors are per day: a visitor of two days counts on both (the salt changes at midnight).
 */
export async function dailyTotals(from: string, to: string, executor: Executor = db()): Promise<DayTotals[]> {
  const rolled = await executor
    .select()
    .from(analyticsDailyTotals)
    .where(and(gte(analyticsDailyTotals.day, from), lt(analyticsDailyTotals.day, nextDay(to))));
  const byDay = new Map<string, DayTotals>(
    rolled.map((r) => [r.day, { day: r.day, visitors: r.visitors, visits: r.visits, pageviews: r.pageviews, bounces: r.bounces, durationSeconds: r.durationSeconds }]),
  );
  const days: DayTotals[] = [];
  for (let day = from; day <= to; day = nextDay(day)) days.push(byDay.get(day) ?? (await liveTotals(day, executor)));
  return days;
}

/** One day's figures from its raw rows, without writing (today's, on the screen). */
export async function liveTotals(day: string, executor: Executor = db()): Promise<DayTotals> {
  const rows = await executor.execute<Record<string, string | number>>(sql`with ${visitsOf(day)}
    select count(distinct visitor_id) as visitors, count(*) as visits, coalesce(sum(pageviews), 0) as pageviews,
      count(*) filter (where pageviews = 1) as bounces, round(coalesce(sum(seconds), 0)) as duration_seconds
    from visits`);
  const r = rows.rows[0]!;
  return {
    day,
    visitors: Number(r.visitors),
    visits: Number(r.visits),
    pageviews: Number(r.pageviews),
    bounces: Number(r.bounces),
    durationSeconds: Number(r.duration_seconds),
  };
}

/** Distinct visitors with a page view in the last `minutes` minutes (the real-time figure). */
export async function recentVisitors(minutes: number = VISIT_GAP_MINUTES, now: Date = new Date(), executor: Executor = db()): Promise<number> {
  const [row] = await executor
    .select({ n: sql<number>`count(distinct ${analyticsEvents.visitorId})::int` })
    .from(analyticsEvents)
    .where(gte(analyticsEvents.at, new Date(now.getTime() - minutes * 60_000)));
  return Number(row?.n ?? 0);
}

function nextDay(day: string): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000));
}
