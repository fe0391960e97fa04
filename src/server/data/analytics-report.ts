import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { CHANNELS, CHANNEL_LABELS, channelSql, type Channel } from "@/lib/channels";
import { LEAD_DESK } from "@/lib/admin-tables/definition";
import { packageChoices, services } from "@/content/services";
import { requireRole } from "../auth/auth-guard";
import { db } from "../db/client";
import { analyticsEvents, leads } from "../db/schema";
import { siteConfig } from "../site-config";
import { recentVisitors, VISIT_GAP_MINUTES, visitsIn } from "./analytics";

// The Analytics screen's figures (docs/decisions/0056): every number is counted by the database from
// the raw page views of the period (kept ANALYTICS_RAW_DAYS, so a period is at most that long).
// A visit is one visitor's page views with no gap of more than 30 minutes; a bounce is a visit of one
// page view; its duration runs from its first page view to its last. Visitor ids change every day,
// so a person who comes back on another day is another visitor: "visitors" over a period is the sum
// of each day's distinct visitors. Leads are joined to the visit their visitor id and time fall in.

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

/** A row of the funnel: visits that began in this group, and the leads they became. */
export interface FunnelRow {
  key: string;
  label: string;
  visits: number;
  leads: number;
  /** Leads now qualified or won. */
  qualified: number;
  won: number;
  /** The chosen packages' prices of the won leads, rupees (a lead without a package adds nothing). */
  wonValue: number;
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

function ownHost(): string {
  try {
    return new URL(siteConfig().url).hostname;
  } catch {
    return "";
  }
}

/** Rupees a won lead is worth: its package's price (the monthly retainer, or the one-time or project price). */
const PACKAGE_PRICES = new Map(
  packageChoices().map((choice) => {
    const service = services.find((s) => s.slug === choice.service)!;
    const pkg = service.detail.packages.find((p) => p.name === choice.name)!;
    return [`${choice.serviceTitle}\u0000${choice.name}`, pkg.price] as const;
  }),
);
export function packagePrice(service: string | null, pkg: string | null): number {
  return (service && pkg && PACKAGE_PRICES.get(`${service}\u0000${pkg}`)) || 0;
}

/**
 * The period's visits, one row each (counted as the daily rollup counts them: `visitsIn`), with the
 * channel of each and only those the filters keep.
 */
function visitsSql(from: string, to: string, filters: AnalyticsFilters, host: string): SQL {
  const e = analyticsEvents;
  const conditions = [
    filters.page ? sql`${filters.page} = any(pages)` : null,
    filters.source ? (filters.source === DIRECT ? sql`source is null` : sql`source = ${filters.source.toLowerCase()}`) : null,
    filters.campaign ? sql`campaign = ${filters.campaign}` : null,
  ].filter((c): c is SQL => c !== null);
  // The visit's first touch as the lead desk stores one, so that one rule table names the channel.
  const touch = sql`jsonb_build_object('first_touch', jsonb_strip_nulls(jsonb_build_object('utm_source', utm_source, 'utm_medium', medium,
    'referrer', case when referrer_host is null then null else 'https://' || referrer_host || '/' end)))`;
  return sql`(
    with ${visitsIn(sql`${e.at} >= ${from}::timestamptz and ${e.at} < ${to}::timestamptz`)}
    select *, ${channelSql(touch, host)} as channel from visits
    ${conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``}
  ) as v`;
}

async function figures(from: string, to: string, filters: AnalyticsFilters, host: string): Promise<Figures> {
  const [row] = (
    await db().execute<{ visitors: number; visits: number; pageviews: number; bounces: number; duration: number | null }>(sql`
      select count(distinct visitor_id)::int as visitors, count(*)::int as visits, coalesce(sum(pageviews), 0)::int as pageviews,
        count(*) filter (where pageviews = 1)::int as bounces, avg(seconds)::float8 as duration
      from ${visitsSql(from, to, filters, host)}`)
  ).rows;
  const visits = Number(row?.visits ?? 0);
  return {
    visitors: Number(row?.visitors ?? 0),
    visits,
    pageviews: Number(row?.pageviews ?? 0),
    bounceRate: visits ? Number(row!.bounces) / visits : null,
    meanDuration: visits && row?.duration !== null ? Number(row!.duration) : null,
  };
}

/** Visits grouped by `key` (a column of the visits), and the leads whose visit it was, with their outcome. */
async function funnel(from: string, to: string, filters: AnalyticsFilters, host: string, key: "channel" | "entry_path"): Promise<FunnelRow[]> {
  const rows = (
    await db().execute<{ key: string; visits: number; leads: number; qualified: number; won: number; service: string | null; package: string | null; won_here: number }>(sql`
      with v as (select * from ${visitsSql(from, to, filters, host)}),
      joined as (
        select l.status, l.service, l.package, (
          select ${sql.identifier(key)} from v where v.visitor_id = l.visitor_id and v.started <= l.created_at and l.created_at <= v.ended + make_interval(mins => ${VISIT_GAP_MINUTES})
          order by v.started desc limit 1
        ) as key
        from ${leads} l where l.visitor_id is not null and l.created_at >= ${from}::timestamptz and l.created_at < ${to}::timestamptz
      ),
      lead_counts as (
        select key, count(*)::int as leads, count(*) filter (where status in ('qualified', 'won'))::int as qualified,
          count(*) filter (where status = 'won')::int as won
        from joined where key is not null group by key
      ),
      won_packages as (
        select key, service, package, count(*)::int as won_here from joined where key is not null and status = 'won' group by 1, 2, 3
      ),
      visit_counts as (select ${sql.identifier(key)} as key, count(*)::int as visits from v group by 1)
      select vc.key, vc.visits, coalesce(lc.leads, 0) as leads, coalesce(lc.qualified, 0) as qualified, coalesce(lc.won, 0) as won,
        wp.service, wp.package, coalesce(wp.won_here, 0) as won_here
      from visit_counts vc left join lead_counts lc using (key) left join won_packages wp using (key)
      order by vc.visits desc, vc.key`)
  ).rows;
  const byKey = new Map<string, FunnelRow>();
  for (const r of rows) {
    const row = byKey.get(r.key) ?? {
      key: r.key,
      label: key === "channel" ? (CHANNEL_LABELS[r.key as Channel] ?? r.key) : r.key,
      visits: Number(r.visits),
      leads: Number(r.leads),
      qualified: Number(r.qualified),
      won: Number(r.won),
      wonValue: 0,
    };
    row.wonValue += packagePrice(r.service, r.package) * Number(r.won_here);
    byKey.set(r.key, row);
  }
  const out = [...byKey.values()];
  if (key === "channel") out.sort((a, b) => CHANNELS.indexOf(a.key as Channel) - CHANNELS.indexOf(b.key as Channel));
  return key === "channel" ? out : out.slice(0, LIST_LIMIT);
}

/** The period ending now (its last day is today, UTC), `days` long, and the one before it. */
export function analyticsPeriod(days: AnalyticsPeriod, now = new Date()): { from: string; to: string; previousFrom: string } {
  const to = new Date(now.getTime() + 1);
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1)));
  const previous = new Date(start.getTime() - days * 86_400_000);
  return { from: start.toISOString(), to: to.toISOString(), previousFrom: previous.toISOString() };
}

export async function loadAnalytics(days: AnalyticsPeriod, filters: AnalyticsFilters, now = new Date()): Promise<AnalyticsReport> {
  await requireRole(LEAD_DESK.read);
  const host = ownHost();
  const { from, to, previousFrom } = analyticsPeriod(days, now);
  const v = () => visitsSql(from, to, filters, host);
  // A column's values by visits; `none` names the visits without one.
  const grouped = async <K extends string>(column: string, name: K, none: string) =>
    (
      await db().execute<Record<K, string> & { visits: number }>(sql`
        select coalesce(${sql.identifier(column)}, ${none}) as ${sql.identifier(name)}, count(*)::int as visits from ${v()} group by 1 order by 2 desc, 1 limit ${LIST_LIMIT}`)
    ).rows.map((r) => ({ ...r, visits: Number(r.visits) }));

  const [current, previous, perDay, topPages, entryPages, sources, campaigns, countries, devices, funnelByChannel, funnelByPage, live] = await Promise.all([
    figures(from, to, filters, host),
    figures(previousFrom, from, filters, host),
    db().execute<{ day: string; visitors: number; visits: number; pageviews: number }>(sql`
      select d::date::text as day, count(distinct visitor_id)::int as visitors, count(started)::int as visits, coalesce(sum(pageviews), 0)::int as pageviews
      from generate_series(${from}::timestamptz, ${to}::timestamptz - interval '1 second', interval '1 day') as d
      left join ${v()} on (started at time zone 'UTC')::date = (d at time zone 'UTC')::date
      group by 1 order by 1`),
    db().execute<{ path: string; visitors: number; pageviews: number }>(sql`
      select path, count(distinct visitor_id)::int as visitors, count(*)::int as pageviews
      from (select visitor_id, unnest(pages) as path from ${v()}) as p group by 1 order by 3 desc, 1 limit ${LIST_LIMIT}`),
    db().execute<{ path: string; visits: number; bounces: number }>(sql`
      select entry_path as path, count(*)::int as visits, count(*) filter (where pageviews = 1)::int as bounces
      from ${v()} group by 1 order by 2 desc, 1 limit ${LIST_LIMIT}`),
    grouped("source", "source", DIRECT),
    grouped("campaign", "campaign", "None"),
    grouped("country", "country", "Not known"),
    grouped("device", "device", "Not known"),
    funnel(from, to, filters, host, "channel"),
    funnel(from, to, filters, host, "entry_path"),
    recentVisitors(30, now),
  ]);
  const numbers = <T extends Record<string, unknown>>(rows: T[], keys: (keyof T)[]) => rows.map((r) => ({ ...r, ...Object.fromEntries(keys.map((k) => [k, Number(r[k])])) }));
  return {
    days,
    from,
    to,
    filters,
    current,
    previous,
    perDay: numbers(perDay.rows, ["visitors", "visits", "pageviews"]),
    topPages: numbers(topPages.rows, ["visitors", "pageviews"]),
    entryPages: numbers(entryPages.rows, ["visits", "bounces"]),
    sources,
    campaigns,
    countries,
    devices,
    funnelByChannel,
    funnelByPage,
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
        [section, r.label, "Leads", r.leads],
        [section, r.label, "Qualified", r.qualified],
        [section, r.label, "Won", r.won],
        [section, r.label, "Won value (INR)", r.wonValue],
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
