import "server-only";
import { and, asc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { db, type Executor } from "../../kernel/db/client";
import {
  analyticsDailyRollups,
  analyticsEvents,
  analyticsLeadVisits,
  analyticsMessageVisits,
  analyticsSalts,
  contactMessages,
  leads,
  type DeviceClass,
  type RollupDimension,
} from "../../kernel/db/schema";
import { channelOfTouchSql } from "@/lib/channels";
import { siteConfig } from "../../kernel/site-config";
import type { PageViewRecord } from "../page-view";
import { forgetSaltKey, newSalt, oldestUsableSaltDay, optedOut, saltUsable, utcDay, visitorDigest, visitorIdFrom } from "../visitor-id";
import { ipFromHeaders } from "../../kernel/request-info";
import { log } from "../../kernel/log";

/**
 * The site's own analytics, its storage and its rollup (docs/decisions/0056, docs/analytics.md).
 * Tables (src/server/kernel/db/schema.ts):
 * - analytics_salts: one secret per UTC day, deleted once the day is over (plus SALT_GRACE_MS);
 * - analytics_events: the raw page views, kept ANALYTICS_RAW_DAYS days;
 * - analytics_daily_rollups: per day, the figures by dimension and value, kept for good;
 * - analytics_lead_visits: the visit each lead was sent from, written with its day's rollup.
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
  forgetPastSalts(now);
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
  forgetPastSalts(now);
  return removed.length;
}

/** Forgets this process's copy of the salts (tests: another process's view of the table). */
export function forgetCachedSalts(): void {
  for (const salt of salts.values()) forgetSaltKey(salt);
  salts.clear();
}

/** Drops the copies (and keys) of salts whose day and grace are over. */
function forgetPastSalts(now: Date): void {
  for (const [day, salt] of salts) {
    if (saltUsable(day, now)) continue;
    salts.delete(day);
    forgetSaltKey(salt);
  }
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
 * The CTEs `numbered` (each page view of `where` with its visit's number among its visitor's visits
 * of the day and `starts` = 1 on a visit's first page view; `source` = utm_source, else the referring
 * host without www., else null) and `visits` (one row per visit: its UTC day, entry page, source,
 * medium, campaign, referring host, device, browser and country from its first page view, its page
 * views, its pages in order, its first and last page view's times and the seconds between them).
 * A visit ends after more than VISIT_GAP_MINUTES without a page view, and at midnight (UTC): a
 * visitor id is a day's (its salt changes), so a visit is always one day's. The rollup, the
 * Analytics screen's unrolled days and filters, and a lead's visit all count with this one definition.
 */
/** A page view's source over analytics_events' columns: utm_source lower-cased, else the referring host without www., else null. */
export const PAGE_VIEW_SOURCE = sql`coalesce(nullif(lower(btrim(utm_source)), ''), case when internal then null else regexp_replace(lower(referrer_host), '^www\\.', '') end)`;

export function visitsIn(where: SQL): SQL {
  return sql`ev as (
      select id, day, visitor_id, at, path, device, browser, country, utm_source, utm_medium as medium, utm_campaign as campaign, referrer_host,
        ${PAGE_VIEW_SOURCE} as source,
        case when lag(at) over w is null or at - lag(at) over w > make_interval(mins => ${VISIT_GAP_MINUTES}) then 1 else 0 end as starts
      from ${analyticsEvents} where ${where}
      window w as (partition by day, visitor_id order by at, id)
    ),
    numbered as (
      select ev.*, sum(starts) over (partition by day, visitor_id order by at, id rows between unbounded preceding and current row) as visit_no from ev
    ),
    -- Materialized: a filter on a visit's first page view must not be pushed into this join (the
    -- planner then misjudged it as a few rows and looped over every visit for each, 30 s on a day).
    visits as materialized (
      select a.day, a.visitor_id, a.visit_no, a.pageviews, a.seconds, a.started, a.ended, f.path as entry_path, a.pages,
        f.source, f.utm_source, f.medium, f.campaign, f.referrer_host, f.device, f.browser, f.country
      from (
        select day, visitor_id, visit_no, count(*)::int as pageviews, extract(epoch from max(at) - min(at)) as seconds, min(at) as started, max(at) as ended,
          array_agg(path order by at, id) as pages
        from numbered group by day, visitor_id, visit_no
      ) a
      -- The visit's first page view (the one that started it) gives its entry page and first touch.
      join numbered f on f.starts = 1 and f.day = a.day and f.visitor_id = a.visitor_id and f.visit_no = a.visit_no
    )`;
}

/** The site's host (SITE_URL's): a referrer from it is not a referral when the channel is named. */
export function siteHost(): string {
  try {
    return new URL(siteConfig().url).hostname;
  } catch {
    return "";
  }
}

/**
 * A visit's channel, by the lead desk's rule table (src/lib/channels.ts) applied to its first page
 * view as the lead desk would store that touch; `v` is a row of `visits`.
 */
function visitChannelSql(host: string): SQL {
  return channelOfTouchSql({ medium: sql`v.medium`, source: sql`v.utm_source`, host: sql`v.referrer_host` }, host);
}

/**
 * Rows in the shape of analytics_daily_rollups (day, filter_kind, filter_value, dimension, value,
 * visitors, visits, pageviews, bounces, duration_seconds) counted from the raw page views of `where`.
 * The rollup asks for `byFilter`: the rows of every visit (filter_kind '') and, again, those of the
 * visits each single filter keeps (each page a visit saw, its source, its campaign). The Analytics
 * screen asks for the unfiltered rows of the days not rolled up yet, keeping only the visits `filter`
 * keeps (an SQL condition over a row `v` of `visits`). Either way a figure is counted by this SQL.
 */
export function rollupRowsSql(where: SQL, host: string, options: { filter?: SQL; byFilter?: boolean } = {}): SQL {
  const columns = sql`day, visitor_id, visit_no, pageviews, seconds, entry_path, pages, source, campaign, country, device, channel`;
  const keyed = options.byFilter
    ? sql`select ${columns}, ''::text as filter_kind, ''::text as filter_value from fv
        union all select ${columns}, 'source', coalesce(source, '') from fv
        union all select ${columns}, 'campaign', coalesce(campaign, '') from fv
        union all select ${columns}, 'page', p.path from fv cross join lateral (select distinct unnest(fv.pages) as path) p`
    : sql`select ${columns}, ''::text as filter_kind, ''::text as filter_value from fv`;
  const visit = (dimension: RollupDimension, value: SQL) => sql`
    select day, filter_kind, filter_value, ${dimension}::text as dimension, ${value} as value, count(distinct visitor_id)::int as visitors,
      count(*)::int as visits, sum(pageviews)::int as pageviews, (count(*) filter (where pageviews = 1))::int as bounces,
      round(sum(seconds))::bigint as duration_seconds
    from keyed group by 1, 2, 3, 5`;
  return sql`with ${visitsIn(where)},
    fv as (select v.*, ${visitChannelSql(host)} as channel from visits v ${options.filter ? sql`where ${options.filter}` : sql``}),
    keyed as materialized (${keyed})
    ${visit("all", sql`''`)}
    union all ${visit("entry", sql`entry_path`)}
    union all ${visit("source", sql`coalesce(source, '')`)}
    union all ${visit("campaign", sql`coalesce(campaign, '')`)}
    union all ${visit("country", sql`coalesce(country, '')`)}
    union all ${visit("device", sql`device`)}
    union all ${visit("channel", sql`channel`)}
    union all
    select k.day, k.filter_kind, k.filter_value, 'page', p.path, count(distinct k.visitor_id)::int, count(distinct k.visit_no::text || ':' || k.visitor_id)::int,
      count(*)::int, (count(*) filter (where k.pageviews = 1))::int, 0::bigint
    from keyed k cross join lateral unnest(k.pages) as p(path)
    group by 1, 2, 3, 5`;
}

/**
 * The visit each lead of `leadWhere` (a condition over `l`, a row of leads) was sent from: the
 * latest visit of its visitor id begun that day before it was sent, as `visitPathFor` finds it for
 * the lead desk (a form filled in slowly still belongs to the visit that opened it; the visitor id is
 * that day's only). Rows in the shape of analytics_lead_visits; a lead without a counted visit has
 * none. Each lead reads only its visitor's page views of that day.
 */
export function leadVisitsSql(leadWhere: SQL, host: string, form: "audit" | "contact" = "audit"): SQL {
  // A contact message joins its visit by the same rule (its rows: analytics_message_visits); `l` is then a message.
  const table = form === "audit" ? leads : contactMessages;
  const id = form === "audit" ? sql`lead_id` : sql`message_id`;
  return sql`select l.id as ${id}, lv.day, lv.entry_path, lv.channel, lv.source, lv.campaign, lv.pages
    from ${table} l cross join lateral (
      with ${visitsIn(sql`day = (l.created_at at time zone 'UTC')::date and visitor_id = l.visitor_id and at <= l.created_at`)}
      select v.day, v.entry_path, ${visitChannelSql(host)} as channel, coalesce(v.source, '') as source, coalesce(v.campaign, '') as campaign, v.pages
      from visits v order by v.started desc limit 1
    ) lv
    where l.visitor_id is not null and ${leadWhere}`;
}

/**
 * Rolls up one day: its rows of analytics_daily_rollups, unfiltered and by each single filter (replacing what an earlier rollup of it
 * wrote) and the visits of its leads into analytics_lead_visits, in one transaction's statements.
 */
export async function rollUpDay(day: string, executor: Executor = db(), host: string = siteHost()): Promise<void> {
  // A day's page views are sorted several times: in memory (the job's transaction only; no effect outside one).
  await executor.execute(sql`set local work_mem = '64MB'`);
  await executor.execute(sql`delete from ${analyticsDailyRollups} where day = ${day}::date`);
  await executor.execute(sql`insert into ${analyticsDailyRollups} (day, filter_kind, filter_value, dimension, value, visitors, visits, pageviews, bounces, duration_seconds)
    ${rollupRowsSql(sql`day = ${day}::date`, host, { byFilter: true })}`);
  await executor.execute(sql`insert into ${analyticsLeadVisits} (lead_id, day, entry_path, channel, source, campaign, pages)
    ${leadVisitsSql(sql`l.created_at >= ${day}::date::timestamptz and l.created_at < (${day}::date + 1)::timestamptz`, host)}
    on conflict (lead_id) do update set day = excluded.day, entry_path = excluded.entry_path, channel = excluded.channel,
      source = excluded.source, campaign = excluded.campaign, pages = excluded.pages`);
  await executor.execute(sql`insert into ${analyticsMessageVisits} (message_id, day, entry_path, channel, source, campaign, pages)
    ${leadVisitsSql(sql`l.created_at >= ${day}::date::timestamptz and l.created_at < (${day}::date + 1)::timestamptz`, host, "contact")}
    on conflict (message_id) do update set day = excluded.day, entry_path = excluded.entry_path, channel = excluded.channel,
      source = excluded.source, campaign = excluded.campaign, pages = excluded.pages`);
}

/** SQL: the `day` (a date expression) has been rolled up. */
export const rolledUp = (day: SQL): SQL =>
  sql`exists (select 1 from ${analyticsDailyRollups} r where r.filter_kind = '' and r.filter_value = '' and r.day = ${day} and r.dimension = 'all' and r.value = '')`;

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
    where not ${rolledUp(sql`d::date`)}
      and exists (select 1 from ${analyticsEvents} e where e.day = d::date)
    order by d`);
  return rows.rows.map((r) => r.day);
}

/** The oldest day whose raw page views are kept (`keepDays`, ANALYTICS_RAW_DAYS): every day before it is pruned. */
export function oldestRawDay(keepDays: number, now: Date = new Date()): string {
  return utcDay(new Date(now.getTime() - keepDays * 86_400_000));
}

/** Deletes raw page views older than `keepDays` days; the rollups stay. */
export async function pruneRawPageViews(keepDays: number, now: Date = new Date(), executor: Executor = db()): Promise<number> {
  const oldest = oldestRawDay(keepDays, now);
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

/** Distinct visitors with a page view in the last `minutes` minutes (the real-time figure). */
export async function recentVisitors(minutes: number = VISIT_GAP_MINUTES, now: Date = new Date(), executor: Executor = db()): Promise<number> {
  const [row] = await executor
    .select({ n: sql<number>`count(distinct ${analyticsEvents.visitorId})::int` })
    .from(analyticsEvents)
    .where(gte(analyticsEvents.at, new Date(now.getTime() - minutes * 60_000)));
  return Number(row?.n ?? 0);
}
