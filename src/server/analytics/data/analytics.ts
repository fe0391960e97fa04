import "server-only";
import { and, asc, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import { db, type Database, type Executor } from "../../kernel/db/client";
import {
  analyticsDailyRollups,
  analyticsEvents,
  analyticsLeadVisits,
  analyticsMessageVisits,
  analyticsOpenRollups,
  analyticsSalts,
  analyticsUncrossedDays,
  analyticsVisitMarks,
  CROSSED_FILTERS,
  analyticsVisits,
  contactMessages,
  leads,
  type DeviceClass,
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
 * - analytics_lead_visits: the visit each lead was sent from, written with its day's rollup;
 * - analytics_visits: one row per visit, kept as long as the raw page views, and
 *   analytics_visit_marks: the visitor-days whose page views changed since (docs/decisions/0096).
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

/**
 * The visitor id of the day for a digest the host computed (visitor-id.ts): what an A/B experiment
 * assigns a visitor without consent by (docs/decisions/0107), the id their page views and forms are
 * stored with. Null when the day's salt cannot be had.
 */
export async function visitorIdOfDigest(digest: string, at: Date = new Date()): Promise<string | null> {
  const salt = await saltFor(utcDay(at), at);
  return salt ? visitorIdFrom(salt, digest) : null;
}

// ---------------------------------------------------------------------------------------------
// Writing page views (the host's queue calls this through the bridge, host/analytics.ts)
// ---------------------------------------------------------------------------------------------

/**
 * Stores one batch of counted page views in one multi-row INSERT, each with its day's visitor id.
 * Page views of a day whose salt is gone (a batch held past midnight and the grace) are dropped.
 */
export async function storePageViews(batch: PageViewRecord[], now: Date = new Date()): Promise<number> {
  const rows: Record<string, string | number | boolean | null>[] = [];
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
      experiment_key: view.exposure?.key ?? null,
      variant: view.exposure?.variant ?? null,
    });
  }
  if (late) log("warn", "analytics: page views of a day already over were dropped", { event: "analytics.late", dropped: late });
  // One parameter, a JSON array, rather than twelve per row: a batch of 500 is sent and planned as one value.
  if (rows.length) {
    await db().execute(sql`insert into ${analyticsEvents} (at, day, visitor_id, path, referrer_host, internal, utm_source, utm_medium, utm_campaign, device, browser, country, experiment_key, variant)
      select at, day, visitor_id, path, referrer_host, internal, utm_source, utm_medium, utm_campaign, device, browser, country, experiment_key, variant
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(at timestamptz, day date, visitor_id text, path text, referrer_host text, internal boolean,
        utm_source text, utm_medium text, utm_campaign text, device text, browser text, country text, experiment_key text, variant smallint)`);
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

export function visitsIn(where: SQL, name: "visits" | "raw_visits" = "visits"): SQL {
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
    ${sql.identifier(name)} as materialized (
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

/** The columns of a row of `visits` (visitsIn's CTE) and of analytics_visits, in the same order. */
const VISIT_COLUMNS = sql`day, visitor_id, visit_no, started, ended, pageviews, seconds, entry_path, pages, source, utm_source, medium, campaign, referrer_host, device, browser, country`;

/**
 * The CTE `visits` (visitsIn's columns and the visit's `channel`) of the days `days` (a condition
 * over the date column it is given), as visitsIn would derive them from the raw page views before
 * `to` (docs/decisions/0096): the stored visits (analytics_visits) of every visitor-day that is not
 * marked, and the marked visitor-days derived from their raw page views. A visitor-day with a stored
 * visit ending at or after `to` (a report of a moment already past, on `last`, the period's last
 * day) is derived from its page views before `to` too. `filter`, a condition over a row `v` of
 * visits, is applied on both sides, where the stored side's indexes (source, campaign, pages) serve it.
 */
export function storedVisits(days: (day: SQL) => SQL, host: string, options: { to?: string; last?: string; filter?: SQL } = {}): SQL {
  const filter = options.filter ?? sql`true`;
  return sql`${visitParts(days, host, options)},
    visits as (
      select ${VISIT_COLUMNS}, channel from ${analyticsVisits} v
        where ${days(sql`v.day`)} and ${filter} and not exists (select 1 from dirty d where d.day = v.day and d.visitor_id = v.visitor_id)
      union all
      select * from raw_dirty
    )`;
}

/**
 * The CTEs `dirty` (the marked visitor-days of `days`, and those with a stored visit ending at or
 * after `to`), `stored_dirty` (their stored visits) and `raw_dirty` (their visits derived from the
 * raw page views before `to`), both kept by `filter` and with visitsIn's columns and the channel.
 */
function visitParts(days: (day: SQL) => SQL, host: string, options: { to?: string; last?: string; filter?: SQL }, rawDays = days): SQL {
  const filter = options.filter ?? sql`true`;
  const late =
    options.to && options.last
      ? sql`union select w.day, w.visitor_id from ${analyticsVisits} w where w.day = ${options.last}::date and w.ended >= ${options.to}::timestamptz`
      : sql``;
  const before = options.to ? sql`and at < ${options.to}::timestamptz` : sql``;
  return sql`dirty as materialized (
      select m.day, m.visitor_id from ${analyticsVisitMarks} m where ${days(sql`m.day`)}
      ${late}
    ),
    ${visitsIn(sql`${rawDays(sql`day`)} ${before} and (day, visitor_id) in (select day, visitor_id from dirty)`, "raw_visits")},
    stored_dirty as (
      select ${VISIT_COLUMNS}, channel from ${analyticsVisits} v
        where ${days(sql`v.day`)} and ${filter} and exists (select 1 from dirty d where d.day = v.day and d.visitor_id = v.visitor_id)
    ),
    raw_dirty as (
      select ${VISIT_COLUMNS}, ${visitChannelSql(host)} as channel from raw_visits v where ${filter}
    )`;
}

/**
 * Rows in the shape of analytics_daily_rollups of the days `days` that are not rolled up, counted
 * from their running rollup (analytics_open_rollups, the rows of filter `kind`/`value`) as the
 * stored visits give it, less the stored visits of the visitor-days marked since and plus those
 * visitor-days derived from their raw page views (docs/decisions/0096). Every figure of a group is a
 * sum over its visitor-days, so the running rollup takes them away and adds them back exactly; the
 * seconds are summed exact and rounded once, as a rollup of the day rounds them.
 */
export function openRollupRowsSql(
  days: (day: SQL) => SQL,
  host: string,
  options: { to?: string; last?: string; filter?: SQL; kind: string; value: SQL },
): SQL {
  const open = (day: SQL) => sql`${days(day)} and not ${rolledUp(day)}`;
  // The raw page views are read only for the marked visitor-days of `open` days (`dirty`): no check per page view.
  const parts = visitParts(open, host, options, days);
  const figures = (sign: number) =>
    sql`day, dimension, value, ${sign}::int * visitors as visitors, ${sign}::int * visits as visits, ${sign}::int * pageviews as pageviews,
      ${sign}::int * bounces as bounces, ${sign}::int * duration_seconds as duration_seconds`;
  return sql`select day, ''::text as filter_kind, ''::text as filter_value, dimension, value, sum(visitors)::int as visitors, sum(visits)::int as visits,
      sum(pageviews)::int as pageviews, sum(bounces)::int as bounces, round(sum(duration_seconds))::bigint as duration_seconds
    from (
      select ${figures(1)} from ${analyticsOpenRollups} o where o.filter_kind = ${options.kind} and o.filter_value = ${options.value} and ${open(sql`o.day`)}
      union all
      select ${figures(-1)} from (${rollupRowsSql(sql`${parts}, visits as (select * from stored_dirty)`, { exactSeconds: true })}) taken
      union all
      select ${figures(1)} from (${rollupRowsSql(sql`${parts}, visits as (select * from raw_dirty)`, { exactSeconds: true })}) added
    ) x
    group by day, dimension, value
    having sum(visits) <> 0`;
}

/** Adds (1) or takes away (-1) the rollup rows of `visits` (CTEs ending with `visits`) to a day's running rollup. */
async function addToOpenRollup(visits: SQL, sign: 1 | -1, executor: Executor): Promise<void> {
  await executor.execute(sql`insert into ${analyticsOpenRollups} as o (day, filter_kind, filter_value, dimension, value, visitors, visits, pageviews, bounces, duration_seconds)
    select day, filter_kind, filter_value, dimension, value, ${sign}::int * visitors, ${sign}::int * visits, ${sign}::int * pageviews, ${sign}::int * bounces,
      ${sign}::int * duration_seconds
    from (${rollupRowsSql(visits, { byFilter: true, exactSeconds: true })}) r
    on conflict (filter_kind, filter_value, day, dimension, value) do update set visitors = o.visitors + excluded.visitors, visits = o.visits + excluded.visits,
      pageviews = o.pageviews + excluded.pageviews, bounces = o.bounces + excluded.bounces, duration_seconds = o.duration_seconds + excluded.duration_seconds`);
}

/**
 * The filter_value of a crossed rollup row (`source_campaign`, `page_source`, `page_campaign`,
 * `page_source_campaign`): the values as a JSON array, so no text in one can make two sets one ('' for
 * none, as the single filters store them).
 */
export const crossedValue = (...values: SQL[]): SQL =>
  sql`json_build_array(${sql.join(
    values.map((v) => sql`${v}::text`),
    sql`, `,
  )})::text`;

/**
 * Rows in the shape of analytics_daily_rollups (day, filter_kind, filter_value, dimension, value,
 * visitors, visits, pageviews, bounces, duration_seconds) counted from the CTEs `visits` that end
 * with a CTE `visits` of visitsIn's columns and the visit's `channel` (`storedVisits`, or a day's
 * rows of analytics_visits). The rollup asks for `byFilter`: the rows of every visit (filter_kind '')
 * and, again, those of the visits each single filter keeps (each page a visit saw, its source, its
 * campaign, and each pair and the three of them; `crossed` asks for those crossed alone). The Analytics screen asks for the unfiltered rows of the visits its filters keep
 * (already applied by `storedVisits`). Either way a figure is counted by this SQL.
 * Every count is made by hashing, not sorting: a visitor with one visit in a group (day and filter)
 * is counted as it is; the visits of one with several are grouped per visitor first (per dimension
 * and value; for a page, per visit and then per visitor), so a group's visitors is a count of rows.
 */
export function rollupRowsSql(visits: SQL, options: { byFilter?: boolean | "crossed"; exactSeconds?: boolean; detailFrom?: string } = {}): SQL {
  // Before `detailFrom` (the previous period of a report), only the day's `all` row is wanted.
  const detail = (k: SQL) => (options.detailFrom ? sql`${k}.day >= ${options.detailFrom}::date` : sql`true`);
  const columns = sql`day, visitor_id, visit_no, pageviews, seconds, entry_path, pages, source, campaign, country, device, channel`;
  const pair = crossedValue;
  const crossedSources = sql`select ${columns}, 'source_campaign'::text as filter_kind, ${pair(sql`coalesce(source, '')`, sql`coalesce(campaign, '')`)} as filter_value from visits`;
  // Each page a visit saw, alone (`page`) and with the visit's source, campaign, or both: one unnest for the four.
  const pageKinds = (kinds: "all" | "crossed") =>
    sql`select ${columns}, f.kind, f.value from visits cross join lateral (select distinct unnest(visits.pages) as path) p
      cross join lateral (values ${kinds === "all" ? sql`('page'::text, p.path), ` : sql``}('page_source'::text, ${pair(sql`p.path`, sql`coalesce(visits.source, '')`)}),
        ('page_campaign', ${pair(sql`p.path`, sql`coalesce(visits.campaign, '')`)}),
        ('page_source_campaign', ${pair(sql`p.path`, sql`coalesce(visits.source, '')`, sql`coalesce(visits.campaign, '')`)})) as f(kind, value)`;
  const keyed =
    options.byFilter === "crossed"
      ? sql`${crossedSources} union all ${pageKinds("crossed")}`
      : options.byFilter
        ? sql`select ${columns}, ''::text as filter_kind, ''::text as filter_value from visits
        union all select ${columns}, 'source', coalesce(source, '') from visits
        union all select ${columns}, 'campaign', coalesce(campaign, '') from visits
        union all ${crossedSources}
        union all ${pageKinds("all")}`
        : sql`select ${columns}, ''::text as filter_kind, ''::text as filter_value from visits`;
  const dimensions = (k: SQL) => sql`(select * from (values ('all'::text, ''::text), ('entry', ${k}.entry_path), ('source', coalesce(${k}.source, '')),
    ('campaign', coalesce(${k}.campaign, '')), ('country', coalesce(${k}.country, '')), ('device', ${k}.device), ('channel', ${k}.channel)) as dv(dimension, value)
    where dv.dimension = 'all' or ${detail(k)}) as d`;
  return sql`with ${visits},
    keyed as materialized (${keyed}),
    -- The visitors with several visits in a group (day and filter): only theirs need grouping per visitor.
    several as materialized (
      select day, filter_kind, filter_value, visitor_id from keyed group by 1, 2, 3, 4 having count(*) > 1
    ),
    single as (
      select k.* from keyed k
      where not exists (select 1 from several s where s.day = k.day and s.filter_kind = k.filter_kind and s.filter_value = k.filter_value and s.visitor_id = k.visitor_id)
    ),
    multiple as (
      select k.* from keyed k
      where exists (select 1 from several s where s.day = k.day and s.filter_kind = k.filter_kind and s.filter_value = k.filter_value and s.visitor_id = k.visitor_id)
    ),
    per_visitor as (
      select k.day, k.filter_kind, k.filter_value, d.dimension, d.value, k.visitor_id, count(*) as visits, sum(k.pageviews) as pageviews,
        count(*) filter (where k.pageviews = 1) as bounces, sum(k.seconds) as seconds
      from multiple k cross join lateral ${dimensions(sql`k`)}
      group by 1, 2, 3, 4, 5, 6
    ),
    page_visits as (
      select k.day, k.filter_kind, k.filter_value, p.path, k.visitor_id, k.visit_no, count(*) as views, count(*) filter (where k.pageviews = 1) as bounces
      from multiple k cross join lateral unnest(k.pages) as p(path)
      where ${detail(sql`k`)}
      group by 1, 2, 3, 4, 5, 6
    ),
    counted as (
      -- A visitor with one visit in the group is one visitor in each of its rows.
      -- Every dimension in one pass (grouping sets); before \`detailFrom\`, the day's total only.
      select k.day, k.filter_kind, k.filter_value,
        case when grouping(k.entry_path) = 0 then 'entry' when grouping(k.src) = 0 then 'source' when grouping(k.camp) = 0 then 'campaign'
          when grouping(k.ctry) = 0 then 'country' when grouping(k.device) = 0 then 'device' when grouping(k.channel) = 0 then 'channel' else 'all' end as dimension,
        coalesce(k.entry_path, k.src, k.camp, k.ctry, k.device, k.channel, '') as value,
        count(*) as visitors, count(*) as visits, sum(k.pageviews) as pageviews, count(*) filter (where k.pageviews = 1) as bounces, sum(k.seconds) as seconds
      from (select s.*, coalesce(s.source, '') as src, coalesce(s.campaign, '') as camp, coalesce(s.country, '') as ctry from single s where ${detail(sql`s`)}) k
      group by grouping sets ((k.day, k.filter_kind, k.filter_value), (k.day, k.filter_kind, k.filter_value, k.entry_path),
        (k.day, k.filter_kind, k.filter_value, k.src), (k.day, k.filter_kind, k.filter_value, k.camp), (k.day, k.filter_kind, k.filter_value, k.ctry),
        (k.day, k.filter_kind, k.filter_value, k.device), (k.day, k.filter_kind, k.filter_value, k.channel))
      union all
      select k.day, k.filter_kind, k.filter_value, 'all', '', count(*), count(*), sum(k.pageviews), count(*) filter (where k.pageviews = 1), sum(k.seconds)
      from single k where not (${detail(sql`k`)})
      group by 1, 2, 3
      union all
      select day, filter_kind, filter_value, dimension, value, count(*), sum(visits), sum(pageviews), sum(bounces), sum(seconds)
      from per_visitor group by 1, 2, 3, 4, 5
      union all
      select k.day, k.filter_kind, k.filter_value, 'page', p.path, count(*), count(*), sum(p.views), sum(p.views) filter (where k.pageviews = 1), 0
      from single k cross join lateral (select u.path, count(*) as views from unnest(k.pages) as u(path) group by u.path) p
      where ${detail(sql`k`)}
      group by 1, 2, 3, 4, 5
      union all
      select day, filter_kind, filter_value, 'page', path, count(*), sum(visits), sum(views), sum(bounces), 0
      from (
        select day, filter_kind, filter_value, path, visitor_id, count(*) as visits, sum(views) as views, sum(bounces) as bounces
        from page_visits group by 1, 2, 3, 4, 5
      ) page_visitors
      group by 1, 2, 3, 4, 5
    )
    select day, filter_kind, filter_value, dimension, value, sum(visitors)::int as visitors, sum(visits)::int as visits, sum(pageviews)::int as pageviews,
      coalesce(sum(bounces), 0)::int as bounces, ${options.exactSeconds ? sql`sum(seconds)` : sql`round(sum(seconds))::bigint`} as duration_seconds
    from counted group by 1, 2, 3, 4, 5`;
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

/** One lock for every writer of analytics_visits: a day rewritten by two processes at once would collide on its keys. */
const VISITS_LOCK = sql`hashtext('analytics_visits')`;

/**
 * Rewrites the stored visits of `day` from its raw page views (of `visitors` only, when given: the
 * marked visitor-days) and removes their marks, in the caller's transaction. The marks go first, and
 * locked in key order, as the trigger that writes them locks them (drizzle/0026_analytics_visits.sql): a page view being
 * stored holds its visitor-day's mark until it commits, so the delete waits for it and the rewrite
 * then sees it; one stored after the delete marks its visitor-day again, derived from raw page views
 * until the next rewrite.
 */
async function rewriteVisits(day: string, executor: Executor, host: string, options: { visitors?: string[]; open?: boolean } = {}): Promise<void> {
  const visitors = options.visitors;
  const whose = (column: SQL) => (visitors ? sql`${column} in (select jsonb_array_elements_text(${JSON.stringify(visitors)}::jsonb))` : sql`true`);
  const stored = sql`visits as (select ${VISIT_COLUMNS}, channel from ${analyticsVisits} where day = ${day}::date and ${whose(sql`visitor_id`)})`;
  await executor.execute(sql`delete from ${analyticsVisitMarks} where (day, visitor_id) in (
    select day, visitor_id from ${analyticsVisitMarks} where day = ${day}::date and ${whose(sql`visitor_id`)} order by visitor_id for update)`);
  // An open day's running rollup loses these visitor-days' old visits and gets their new ones (all of them, for the whole day).
  if (!options.open || !visitors) await executor.execute(sql`delete from ${analyticsOpenRollups} where day = ${day}::date`);
  // An open day's running rollup counted whole has its crossed rows with the others.
  if (options.open && !visitors) await executor.execute(sql`delete from ${analyticsUncrossedDays} where day = ${day}::date`);
  else await addToOpenRollup(stored, -1, executor);
  await executor.execute(sql`delete from ${analyticsVisits} where day = ${day}::date and ${whose(sql`visitor_id`)}`);
  await executor.execute(sql`insert into ${analyticsVisits} (${VISIT_COLUMNS}, channel)
    with ${visitsIn(sql`day = ${day}::date and ${whose(sql`visitor_id`)}`)}
    select ${VISIT_COLUMNS}, ${visitChannelSql(host)} from visits v`);
  if (options.open) {
    await addToOpenRollup(stored, 1, executor);
    if (visitors) await executor.execute(sql`delete from ${analyticsOpenRollups} where day = ${day}::date and visits = 0`);
  }
}

/** A day with more marked visitor-days than this is rewritten whole (one pass over its page views). */
const WHOLE_DAY_MARKS = 5_000;

/**
 * Writes the visits of the marked visitor-days (page views stored since), oldest day first, each day
 * in a transaction of its own, until none is left or `budgetMs` has passed; one process at a time
 * (another one's run is skipped). The timed job calls it every minute (docs/decisions/0096), so
 * readers derive from raw page views only the minute's new visitor-days. Returns the visitor-days written.
 */
export async function refreshVisits(options: { budgetMs?: number; database?: Database; host?: string } = {}): Promise<number> {
  const database = options.database ?? db();
  const host = options.host ?? siteHost();
  const started = Date.now();
  let written = 0;
  for (;;) {
    const result = await database.transaction(async (tx) => {
      const [lock] = (await tx.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(${VISITS_LOCK}) as locked`)).rows;
      if (!lock?.locked) return null;
      const [next] = (
        await tx.execute<{ day: string; n: number }>(sql`
          select to_char(day, 'YYYY-MM-DD') as day, count(*)::int as n from ${analyticsVisitMarks}
          where day = (select min(day) from ${analyticsVisitMarks}) group by day`)
      ).rows;
      if (!next) return null;
      await tx.execute(sql`set local work_mem = '64MB'`);
      const [state] = (await tx.execute<{ closed: boolean }>(sql`select ${rolledUp(sql`${next.day}::date`)} as closed`)).rows;
      const open = !state?.closed;
      if (Number(next.n) > WHOLE_DAY_MARKS) {
        await rewriteVisits(next.day, tx, host, { open });
        return Number(next.n);
      }
      const visitors = (
        await tx.execute<{ visitor_id: string }>(sql`select visitor_id from ${analyticsVisitMarks} where day = ${next.day}::date`)
      ).rows.map((r) => r.visitor_id);
      await rewriteVisits(next.day, tx, host, { visitors, open });
      return visitors.length;
    });
    if (result === null) return written;
    written += result;
    if (Date.now() - started > (options.budgetMs ?? 20_000)) return written;
  }
}

/**
 * Adds the crossed rows (two filters or three; docs/decisions/0100) of the days counted before the rollup
 * crossed them (analytics_uncrossed_days), the latest day first, each in a transaction of its
 * own under the visits' lock, until none is left or `budgetMs` has passed: a rolled-up day's from
 * its stored visits into its rollup, an open day's into its running rollup (which then equals the
 * stored visits' rows, as every rewrite keeps it). Returns the days crossed.
 */
export async function crossUncrossedDays(options: { budgetMs?: number; database?: Database } = {}): Promise<number> {
  const database = options.database ?? db();
  const started = Date.now();
  let crossed = 0;
  for (;;) {
    const done = await database.transaction(async (tx) => {
      const [lock] = (await tx.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(${VISITS_LOCK}) as locked`)).rows;
      if (!lock?.locked) return false;
      const [next] = (
        await tx.execute<{ day: string; closed: boolean }>(
          sql`select to_char(day, 'YYYY-MM-DD') as day, ${rolledUp(sql`u.day`)} as closed from ${analyticsUncrossedDays} u order by day desc limit 1`,
        )
      ).rows;
      if (!next) return false;
      await tx.execute(sql`set local work_mem = '64MB'`);
      const visits = sql`visits as (select ${VISIT_COLUMNS}, channel from ${analyticsVisits} where day = ${next.day}::date)`;
      const table = next.closed ? analyticsDailyRollups : analyticsOpenRollups;
      await tx.execute(sql`delete from ${table} where day = ${next.day}::date and filter_kind in ${CROSSED_FILTERS}`);
      await tx.execute(sql`insert into ${table} (day, filter_kind, filter_value, dimension, value, visitors, visits, pageviews, bounces, duration_seconds)
        ${rollupRowsSql(visits, { byFilter: "crossed", exactSeconds: !next.closed })}`);
      await tx.execute(sql`delete from ${analyticsUncrossedDays} where day = ${next.day}::date`);
      return true;
    });
    if (!done) return crossed;
    crossed += 1;
    if (Date.now() - started > (options.budgetMs ?? 20_000)) return crossed;
  }
}

/**
 * Rolls up one day: its visits into analytics_visits, then its rows of analytics_daily_rollups,
 * unfiltered, by each single filter and by the filters crossed, counted from those visits (replacing what an earlier rollup
 * of it wrote), and the visits of its leads into analytics_lead_visits, in one transaction's statements.
 */
export async function rollUpDay(day: string, executor: Executor = db(), host: string = siteHost()): Promise<void> {
  // One transaction (a savepoint in the caller's): the visits and the rows counted from them go together.
  await executor.transaction((tx) => rollUpDayIn(day, tx, host));
}

async function rollUpDayIn(day: string, executor: Executor, host: string): Promise<void> {
  // A day's page views are sorted several times: in memory (the transaction only).
  await executor.execute(sql`set local work_mem = '64MB'`);
  await executor.execute(sql`select pg_advisory_xact_lock(${VISITS_LOCK})`);
  await rewriteVisits(day, executor, host, { open: false });
  await executor.execute(sql`delete from ${analyticsDailyRollups} where day = ${day}::date`);
  await executor.execute(sql`insert into ${analyticsDailyRollups} (day, filter_kind, filter_value, dimension, value, visitors, visits, pageviews, bounces, duration_seconds)
    ${rollupRowsSql(sql`visits as (select ${VISIT_COLUMNS}, channel from ${analyticsVisits} where day = ${day}::date)`, { byFilter: true })}`);
  await executor.execute(sql`delete from ${analyticsUncrossedDays} where day = ${day}::date`);
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

/** Deletes raw page views older than `keepDays` days, and their stored visits and marks; the rollups stay. */
export async function pruneRawPageViews(keepDays: number, now: Date = new Date(), executor: Executor = db()): Promise<number> {
  const oldest = oldestRawDay(keepDays, now);
  await executor.delete(analyticsVisits).where(lt(analyticsVisits.day, oldest));
  await executor.delete(analyticsVisitMarks).where(lt(analyticsVisitMarks.day, oldest));
  await executor.delete(analyticsOpenRollups).where(lt(analyticsOpenRollups.day, oldest));
  // A page crossed with a source, a campaign or both has nearly as many rows as the visits: kept as long as they are (docs/decisions/0100).
  await executor
    .delete(analyticsDailyRollups)
    .where(and(lt(analyticsDailyRollups.day, oldest), inArray(analyticsDailyRollups.filterKind, ["page_source", "page_campaign", "page_source_campaign"])));
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
