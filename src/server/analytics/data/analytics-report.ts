import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { CHANNELS, CHANNEL_LABELS, type Channel } from "@/lib/channels";
import { LEAD_DESK } from "@/lib/admin-tables/definition";
import { dealValueOf } from "@/lib/deal-value";
import { requireRole } from "../../kernel/session/auth-guard";
import { db } from "../../kernel/db/client";
import { env } from "../../kernel/env";
import {
  analyticsDailyRollups,
  analyticsUncrossedDays,
  analyticsLeadVisits,
  CROSSED_FILTERS,
  analyticsMessageVisits,
  contactMessages,
  leads,
  type RollupDimension,
  type RollupFilter,
} from "../../kernel/db/schema";
import { utcDay } from "../visitor-id";
import { paidPaiseSql } from "../../billing";
import { leadVisitsSql, oldestRawDay, openRollupRowsSql, recentVisitors, rolledUp, crossedValue, rollupRowsSql, siteHost, storedVisits } from "./analytics";

// The Analytics screen's figures (docs/decisions/0056, 0096). A day already rolled up is read from
// analytics_daily_rollups (its unfiltered rows, or those of the one filter set) and
// analytics_lead_visits; today (and a day the rollup has not reached) is counted from its stored
// visits (analytics_visits, the visitor-days stored since derived from their raw page views) by
// the same SQL the rollup runs (`rollupRowsSql`, `leadVisitsSql`), so a figure does not change when
// its day is rolled up. Two or three filters are read from the rollup's crossed rows (docs/decisions/0100).
// A visit is one visitor's page views with no gap of more than 30 minutes; a bounce is a visit of one
// page view; its duration runs from its first page view to its last. Visitor ids change every day,
// so a person who comes back on another day is another visitor: "visitors" over a period is the sum
// of each day's distinct visitors. A lead is joined to its visitor's latest visit begun that day before it.

export const ANALYTICS_PERIODS = [1, 7, 30, 90] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

/** Filters that apply to every figure: visits that saw the page, came from the source, or carried the campaign. */
export interface AnalyticsFilters {
  page?: string;
  source?: string;
  campaign?: string;
}

export interface Figures {
  visitors: number;
  visits: number;
  pageviews: number;
  /** Share of visits with one page view (0..1); null without visits. */
  bounceRate: number | null;
  /** Mean seconds from a visit's first page view to its last; null without visits. */
  meanDuration: number | null;
}

/** A row of the funnel: visits that began in this group, and what they became by form (free audit, contact) and together. */
export interface FunnelRow {
  key: string;
  label: string;
  visits: number;
  /** Free audit requests. */
  leads: number;
  /** Contact messages. */
  messages: number;
  /** Both forms together: leads + messages. */
  forms: number;
  /** Leads now qualified or won. */
  qualified: number;
  won: number;
  /** The won leads' deal values (src/lib/deal-value.ts: entered, else the chosen package's price), rupees. */
  wonValue: number;
  /** What the won leads have paid: their paid invoices' totals, GST included (billing's paidPaiseSql), paise. */
  paidPaise: number;
}

export interface AnalyticsReport {
  days: AnalyticsPeriod;
  /** The period: [from, to), ISO times; the previous period is as long and ends at `from`. */
  from: string;
  to: string;
  filters: AnalyticsFilters;
  current: Figures;
  previous: Figures;
  /** Per UTC day of the period, oldest first. */
  perDay: { day: string; visitors: number; visits: number; pageviews: number }[];
  topPages: { path: string; visitors: number; pageviews: number }[];
  entryPages: { path: string; visits: number; bounces: number }[];
  sources: { source: string; visits: number }[];
  campaigns: { campaign: string; visits: number }[];
  countries: { country: string; visits: number }[];
  devices: { device: string; visits: number }[];
  funnelByChannel: FunnelRow[];
  funnelByPage: FunnelRow[];
  /** Distinct visitors of the last 30 minutes (no filter). */
  liveVisitors: number;
}

const LIST_LIMIT = 10;
/** The source of a visit with neither utm_source nor a referring site (the Source filter takes it too). */
export const DIRECT = "Direct / none";

/**
 * The filters as a condition over a row `v` of `visits` (src/server/analytics/data/analytics.ts): visits that saw the page, came from the source,
 * carried the campaign. A page as `pages @> array[page]`, which the GIN index of analytics_visits.pages answers.
 */
function visitFilterSql(filters: AnalyticsFilters): SQL | undefined {
  const conditions = [
    filters.page ? sql`v.pages @> array[${filters.page}::text]` : null,
    filters.source ? (filters.source === DIRECT ? sql`v.source is null` : sql`v.source = ${filters.source.toLowerCase()}`) : null,
    filters.campaign ? sql`v.campaign = ${filters.campaign}` : null,
  ].filter((c): c is SQL => c !== null);
  return conditions.length ? sql.join(conditions, sql` and `) : undefined;
}

/** The same filters over a row `lv` of analytics_lead_visits ('' for no source or campaign). */
function leadFilterSql(filters: AnalyticsFilters): SQL {
  const conditions = [
    filters.page ? sql`${filters.page} = any(lv.pages)` : null,
    filters.source ? sql`lv.source = ${filters.source === DIRECT ? "" : filters.source.toLowerCase()}` : null,
    filters.campaign ? sql`lv.campaign = ${filters.campaign}` : null,
  ].filter((c): c is SQL => c !== null);
  return conditions.length ? sql.join(conditions, sql` and `) : sql`true`;
}

interface Totals {
  visitors: number;
  visits: number;
  pageviews: number;
  bounces: number;
  duration: number;
}
const noTotals = (): Totals => ({ visitors: 0, visits: 0, pageviews: 0, bounces: 0, duration: 0 });
function add(into: Totals, row: Totals): void {
  into.visitors += row.visitors;
  into.visits += row.visits;
  into.pageviews += row.pageviews;
  into.bounces += row.bounces;
  into.duration += row.duration;
}
function figuresOf(t: Totals): Figures {
  return {
    visitors: t.visitors,
    visits: t.visits,
    pageviews: t.pageviews,
    bounceRate: t.visits ? t.bounces / t.visits : null,
    meanDuration: t.visits ? t.duration / t.visits : null,
  };
}

type RollupRow = Totals & { day: string | null; dimension: RollupDimension; value: string };

/** The days of a report: both periods' first, the current one's first and last, its end, and the days not rolled up yet. */
interface Span {
  previous: string;
  first: string;
  last: string;
  to: string;
  open: string[];
  /** For two filters or three: the days whose rollup rows have no crossed rows yet (analytics_uncrossed_days). */
  uncrossed: string[];
}

/** SQL: the date `day` is one of `days` (an index range or a few equalities, not a subquery per row). */
const inDays = (day: SQL, days: string[]): SQL => (days.length ? sql`${day} in (${sql.join(days.map((d) => sql`${d}::date`), sql`, `)})` : sql`false`);

/** The days from `first` to `last` that have no rollup yet (today, and a day the job has not reached). */
async function openDays(first: string, last: string): Promise<string[]> {
  const rows = await db().execute<{ day: string }>(sql`
    select to_char(d, 'YYYY-MM-DD') as day from generate_series(${first}::date, ${last}::date, interval '1 day') as d where not ${rolledUp(sql`d::date`)}`);
  return rows.rows.map((r) => r.day);
}

/** The filter set as a rollup row's filter_kind and filter_value ('' and '' for none; two or three as their crossed rows). */
function rollupFilter(filters: AnalyticsFilters): { kind: RollupFilter; value: SQL } {
  const source = filters.source ? (filters.source === DIRECT ? "" : filters.source.toLowerCase()) : undefined;
  const set = { page: filters.page || undefined, source, campaign: filters.campaign || undefined };
  const given = (Object.keys(set) as (keyof typeof set)[]).filter((k) => set[k] !== undefined);
  if (given.length > 1) return { kind: given.join("_") as RollupFilter, value: crossedValue(...given.map((k) => sql`${set[k]!}`)) };
  const [only] = given;
  return only ? { kind: only, value: sql`${set[only]!}::text` } : { kind: "", value: sql`''::text` };
}

/** The days from `first` to `last` whose rollup rows were counted before the filters were crossed. */
async function uncrossedDays(first: string, last: string): Promise<string[]> {
  const rows = await db().execute<{ day: string }>(sql`
    select to_char(day, 'YYYY-MM-DD') as day from ${analyticsUncrossedDays} where day >= ${first}::date and day <= ${last}::date order by day`);
  return rows.rows.map((r) => r.day);
}

/**
 * Every figure of the screen in one statement, in the shape of analytics_daily_rollups: the `all`
 * row of each day of both periods, and the other dimensions summed over the current period. A
 * rolled-up day is read from its rollup rows (those of the filters set, crossed when there are
 * several) and only the others (today, a day the job has not reached) are counted from their
 * visits, from the running rollup corrected by the visitor-days stored since. A day counted before
 * the filters were crossed is counted from its visits (`storedVisits`: the stored ones, and those of
 * visitor-days stored since derived from their raw page views), which the filters select.
 */
async function rollupRows(days: Span, filters: AnalyticsFilters, host: string): Promise<RollupRow[]> {
  const filter = visitFilterSql(filters);
  const one = rollupFilter(filters);
  const figures = sql`day, dimension, value, visitors, visits, pageviews, bounces, duration_seconds`;
  const counted = (range: (day: SQL) => SQL) =>
    sql`(select ${figures} from (${rollupRowsSql(storedVisits(range, host, { to: days.to, last: days.last, filter }), { detailFrom: days.first })}) as counted)`;
  const uncrossed = days.uncrossed;
  const open = days.open.filter((day) => !uncrossed.includes(day));
  const r = sql`((select ${figures} from ${analyticsDailyRollups}
          where filter_kind = ${one.kind} and filter_value = ${one.value} and day >= ${days.previous}::date and day <= ${days.last}::date
            and (dimension = 'all' or day >= ${days.first}::date) and not ${inDays(sql`day`, uncrossed)})
        union all (select ${figures} from (${openRollupRowsSql((day) => inDays(day, open), host, { to: days.to, last: days.last, filter, ...one })}) as running)
        ${uncrossed.length ? sql`union all ${counted((day) => inDays(day, uncrossed))}` : sql``})`;
  // Counting the open days (and uncrossed days' visits) hashes tens of thousands of visits per dimension:
  // in memory rather than in files (PostgreSQL's default work_mem of 4 MB sent them to disk), for this statement only.
  const rows = await db().transaction(async (tx) => {
    await tx.execute(sql`set local work_mem = '128MB'`);
    // PostgreSQL would compile this statement (its estimated cost is over jit_above_cost): about 200 ms
    // on this machine, for a statement that then runs in tens of milliseconds.
    await tx.execute(sql`set local jit = off`);
    return tx.execute<{ day: string | null; dimension: RollupDimension; value: string; visitors: number; visits: number; pageviews: number; bounces: number; duration: number }>(sql`
    with r as ${r}
    select to_char(day, 'YYYY-MM-DD') as day, dimension, value, visitors, visits, pageviews, bounces, duration_seconds::float8 as duration from r where dimension = 'all'
    union all
    select null, dimension, value, sum(visitors)::int, sum(visits)::int, sum(pageviews)::int, sum(bounces)::int, sum(duration_seconds)::float8
    from r where dimension <> 'all' and day >= ${days.first}::date group by dimension, value`);
  });
  return rows.rows.map((row) => ({
    ...row,
    visitors: Number(row.visitors),
    visits: Number(row.visits),
    pageviews: Number(row.pageviews),
    bounces: Number(row.bounces),
    duration: Number(row.duration),
  }));
}

/**
 * The leads and contact messages of the period with the visit each was sent from
 * (analytics_lead_visits / analytics_message_visits for a rolled-up day, `leadVisitsSql` over the raw
 * page views for the others), kept when their visit passes the filters. A message of a day rolled up
 * before messages were kept with their visits is joined from the raw page views, on the days those
 * are still kept (`oldestRaw`, ANALYTICS_RAW_DAYS): a day past it answers from its kept rows alone,
 * the same whether or not the prune has run yet.
 */
async function leadVisits(days: Span, period: { from: string; to: string }, filters: AnalyticsFilters, host: string, oldestRaw: string) {
  const inPeriod = sql`l.created_at >= ${period.from}::timestamptz and l.created_at < ${period.to}::timestamptz`;
  const messageDay = sql`(l.created_at at time zone 'UTC')::date`;
  const openDay = inDays(messageDay, days.open);
  const rows = await db().execute<{
    form: "audit" | "contact";
    status: string;
    deal_value: number | string | null;
    paid_paise: number | string | null;
    service: string | null;
    package: string | null;
    entry_path: string;
    channel: string;
  }>(sql`
    with lv as (
      select lead_id, day, entry_path, channel, source, campaign, pages from ${analyticsLeadVisits} lv
        where lv.day >= ${days.first}::date and lv.day <= ${days.last}::date and not ${inDays(sql`lv.day`, days.open)}
      union all
      ${leadVisitsSql(sql`${inPeriod} and ${openDay}`, host)}
    ),
    mv as (
      select message_id, day, entry_path, channel, source, campaign, pages from ${analyticsMessageVisits} lv
        where lv.day >= ${days.first}::date and lv.day <= ${days.last}::date and not ${inDays(sql`lv.day`, days.open)}
      union all
      ${leadVisitsSql(
        sql`${inPeriod} and (${openDay} or (${messageDay} >= ${oldestRaw}::date and not exists (select 1 from ${analyticsMessageVisits} x where x.message_id = l.id)))`,
        host,
        "contact",
      )}
    )
    select 'audit' as form, l.status, l.deal_value, ${paidPaiseSql(sql`l.id`)} as paid_paise, l.service, l.package, lv.entry_path, lv.channel
    from lv join ${leads} l on l.id = lv.lead_id
    where ${inPeriod} and ${leadFilterSql(filters)}
    union all
    select 'contact', l.status, null, null, null, null, lv.entry_path, lv.channel
    from mv lv join ${contactMessages} l on l.id = lv.message_id
    where ${inPeriod} and ${leadFilterSql(filters)}`);
  return rows.rows;
}

/** Visits grouped by channel or entry page, and the leads whose visit it was, with their outcome. */
function funnel(rows: RollupRow[], leadRows: Awaited<ReturnType<typeof leadVisits>>, key: "channel" | "entry"): FunnelRow[] {
  const byKey = new Map<string, FunnelRow>();
  for (const r of rows) {
    if (r.dimension !== key) continue;
    const label = key === "channel" ? (CHANNEL_LABELS[r.value as Channel] ?? r.value) : r.value;
    byKey.set(r.value, { key: r.value, label, visits: r.visits, leads: 0, messages: 0, forms: 0, qualified: 0, won: 0, wonValue: 0, paidPaise: 0 });
  }
  for (const lead of leadRows) {
    const row = byKey.get(key === "channel" ? lead.channel : lead.entry_path);
    if (!row) continue;
    row.forms += 1;
    if (lead.form === "contact") {
      row.messages += 1;
      continue;
    }
    row.leads += 1;
    if (lead.status === "qualified" || lead.status === "won") row.qualified += 1;
    if (lead.status === "won") {
      row.won += 1;
      row.wonValue += dealValueOf({ dealValue: lead.deal_value === null ? null : Number(lead.deal_value), service: lead.service, package: lead.package }) ?? 0;
      row.paidPaise += Number(lead.paid_paise ?? 0);
    }
  }
  const out = [...byKey.values()];
  if (key === "channel") return out.sort((a, b) => CHANNELS.indexOf(a.key as Channel) - CHANNELS.indexOf(b.key as Channel));
  return out.sort((a, b) => b.visits - a.visits || a.key.localeCompare(b.key)).slice(0, LIST_LIMIT);
}

/** The period ending now (its last day is today, UTC), `days` long, and the one before it. */
export function analyticsPeriod(days: AnalyticsPeriod, now = new Date()): { from: string; to: string; previousFrom: string } {
  const to = new Date(now.getTime() + 1);
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1)));
  const previous = new Date(start.getTime() - days * 86_400_000);
  return { from: start.toISOString(), to: to.toISOString(), previousFrom: previous.toISOString() };
}

/** The screen's report, for the roles that read the lead desk. */
export async function loadAnalytics(days: AnalyticsPeriod, filters: AnalyticsFilters, now = new Date()): Promise<AnalyticsReport> {
  await requireRole(LEAD_DESK.read);
  return analyticsReport(days, filters, now);
}

/**
 * The report itself, unguarded: callers are loadAnalytics, the query benchmark (scripts/analytics-data.ts)
 * and the MCP server's tool, which checks the API key's scope instead of a session.
 */
export async function analyticsReport(days: AnalyticsPeriod, filters: AnalyticsFilters, now = new Date()): Promise<AnalyticsReport> {
  const host = siteHost();
  const { from, to, previousFrom } = analyticsPeriod(days, now);
  const span: Span = { previous: previousFrom.slice(0, 10), first: from.slice(0, 10), last: utcDay(now), to, open: [], uncrossed: [] };
  [span.open, span.uncrossed] = await Promise.all([
    openDays(span.previous, span.last),
    (CROSSED_FILTERS as readonly string[]).includes(rollupFilter(filters).kind) ? uncrossedDays(span.previous, span.last) : [],
  ]);
  const [rows, leadRows, live] = await Promise.all([rollupRows(span, filters, host), leadVisits(span, { from, to }, filters, host, oldestRawDay(env().ANALYTICS_RAW_DAYS, now)), recentVisitors(30, now)]);

  const current = noTotals();
  const previous = noTotals();
  const byDay = new Map<string, RollupRow>();
  for (const row of rows) {
    if (row.dimension !== "all") continue;
    add(row.day! >= span.first ? current : previous, row);
    byDay.set(row.day!, row);
  }
  const perDay: AnalyticsReport["perDay"] = [];
  for (let t = Date.parse(from); t < Date.parse(to); t += 86_400_000) {
    const day = utcDay(new Date(t));
    const row = byDay.get(day);
    perDay.push({ day, visitors: row?.visitors ?? 0, visits: row?.visits ?? 0, pageviews: row?.pageviews ?? 0 });
  }
  /** The rows of a dimension, the largest first (by `measure`, then by value), at most LIST_LIMIT. */
  const top = (dimension: RollupDimension, measure: "visits" | "pageviews" = "visits") =>
    rows
      .filter((r) => r.dimension === dimension)
      .sort((a, b) => b[measure] - a[measure] || a.value.localeCompare(b.value))
      .slice(0, LIST_LIMIT);
  const named = (value: string, none: string) => value || none;
  return {
    days,
    from,
    to,
    filters,
    current: figuresOf(current),
    previous: figuresOf(previous),
    perDay,
    topPages: top("page", "pageviews").map((r) => ({ path: r.value, visitors: r.visitors, pageviews: r.pageviews })),
    entryPages: top("entry").map((r) => ({ path: r.value, visits: r.visits, bounces: r.bounces })),
    sources: top("source").map((r) => ({ source: named(r.value, DIRECT), visits: r.visits })),
    campaigns: top("campaign").map((r) => ({ campaign: named(r.value, "None"), visits: r.visits })),
    countries: top("country").map((r) => ({ country: named(r.value, "Not known"), visits: r.visits })),
    devices: top("device").map((r) => ({ device: r.value, visits: r.visits })),
    funnelByChannel: funnel(rows, leadRows, "channel"),
    funnelByPage: funnel(rows, leadRows, "entry"),
    liveVisitors: live,
  };
}

/** What the screen shows as CSV rows: section, item, measure, value (one figure a row, so every table fits one shape). */
export function analyticsCsvRows(report: AnalyticsReport): (string | number | null)[][] {
  const rows: (string | number | null)[][] = [];
  const totals = (label: string, f: Figures) => {
    rows.push(["Totals", label, "Visitors", f.visitors], ["Totals", label, "Visits", f.visits], ["Totals", label, "Page views", f.pageviews]);
    rows.push(["Totals", label, "Bounce rate", f.bounceRate === null ? null : Math.round(f.bounceRate * 1000) / 10]);
    rows.push(["Totals", label, "Visit duration (s)", f.meanDuration === null ? null : Math.round(f.meanDuration)]);
  };
  totals("This period", report.current);
  totals("Previous period", report.previous);
  for (const d of report.perDay) rows.push(["Per day", d.day, "Visitors", d.visitors], ["Per day", d.day, "Visits", d.visits], ["Per day", d.day, "Page views", d.pageviews]);
  for (const r of report.topPages) rows.push(["Top pages", r.path, "Visitors", r.visitors], ["Top pages", r.path, "Page views", r.pageviews]);
  for (const r of report.entryPages) rows.push(["Entry pages", r.path, "Visits", r.visits], ["Entry pages", r.path, "Bounces", r.bounces]);
  for (const r of report.sources) rows.push(["Sources", r.source, "Visits", r.visits]);
  for (const r of report.campaigns) rows.push(["Campaigns", r.campaign, "Visits", r.visits]);
  for (const r of report.countries) rows.push(["Countries", r.country, "Visits", r.visits]);
  for (const r of report.devices) rows.push(["Devices", r.device, "Visits", r.visits]);
  const funnel = (section: string, list: FunnelRow[]) => {
    for (const r of list)
      rows.push(
        [section, r.label, "Visits", r.visits],
        [section, r.label, "Audit requests", r.leads],
        [section, r.label, "Contact messages", r.messages],
        [section, r.label, "Both forms", r.forms],
        [section, r.label, "Qualified", r.qualified],
        [section, r.label, "Won", r.won],
        [section, r.label, "Won value (INR)", r.wonValue],
        [section, r.label, "Paid (INR incl. GST)", r.paidPaise / 100],
      );
  };
  funnel("Funnel by channel", report.funnelByChannel);
  funnel("Funnel by entry page", report.funnelByPage);
  rows.push(["Live", "Last 30 minutes", "Visitors", report.liveVisitors]);
  return rows;
}

/** The period and filters of the screen's address (its GET form), as the page and the CSV export read them. */
export function analyticsQuery(params: URLSearchParams): { days: AnalyticsPeriod; filters: AnalyticsFilters } {
  const asked = Number(params.get("days"));
  const days: AnalyticsPeriod = (ANALYTICS_PERIODS as readonly number[]).includes(asked) ? (asked as AnalyticsPeriod) : 30;
  const value = (name: keyof AnalyticsFilters) => params.get(name)?.trim().slice(0, 300) || undefined;
  return { days, filters: { page: value("page"), source: value("source"), campaign: value("campaign") } };
}
