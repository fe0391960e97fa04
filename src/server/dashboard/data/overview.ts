import "server-only";
import { sql } from "drizzle-orm";
import { CHANNELS, channelSql, type Channel } from "@/lib/channels";
import { orderRevenue } from "@/lib/overview-figures";
import { dealValueSql } from "@/lib/deal-value";
import { LEAD_DESK } from "@/lib/admin-tables/definition";
import { SITE_TIME_ZONE } from "@/lib/site-time";
import { requireRole } from "../../kernel/session/auth-guard";
import { db } from "../../kernel/db/client";
import { contactMessages, leads, LEAD_STATUSES, type LeadStatus } from "../../kernel/db/schema";
import { siteConfig } from "../../kernel/site-config";
import { CLOSED_STAGES_SQL, stagesIn } from "../../leads";
import { paidPaiseSql } from "../../billing";

// The lead desk's overview (docs/decisions/0049): every figure is counted by PostgreSQL, one query
// each, over the period's leads and contact messages (spam is kept in its own table and never counted).

export const OVERVIEW_PERIODS = [4, 12, 26, 52] as const;

export interface Overview {
  weeks: number;
  /** Monday of each week in the site's time zone (YYYY-MM-DD), oldest first. */
  weekStarts: string[];
  /** Per week, per channel: leads and messages. */
  perWeek: { week: string; channel: Channel; leads: number; messages: number }[];
  channels: { channel: Channel; leads: number; messages: number }[];
  /** Leads by current status; "reached" counts those at the stage or past it (won passes every stage). */
  funnel: {
    /** Free audit requests (leads) of the period. */
    total: number;
    /** Contact messages of the period: the other form, counted beside the leads (they have no stages). */
    messages: number;
    /** The built-in stages always, and the owner's own stages that hold a lead of the period. */
    byStatus: Record<LeadStatus, number> & Record<string, number>;
    reached: { contacted: number; qualified: number; won: number };
  };
  /** Leads by revenue bracket, in the public form's order (orderRevenue). */
  revenue: { bracket: string; leads: number }[];
  /** The pages first landed on, by path (query and fragment left out: landingPath). */
  landingPages: { page: string; count: number }[];
  campaigns: { campaign: string; count: number }[];
  /**
   * From arrival to the first move to a contacted state (first_contacted_at, ADR 0050), over the
   * period's leads and messages: the median in seconds (null when none was contacted), how many were
   * contacted and how many still wait.
   */
  firstContact: { medianSeconds: number | null; contacted: number; waiting: number };
  /**
   * The key figures' leads (docs/decisions/0072): those that arrived in the last 7 days and in the 7
   * days before (whatever the period), and the leads of the period that moved to Won with their value.
   */
  newLeads: { lastSevenDays: number; sevenDaysBefore: number };
  /** The same for contact messages: the key figure counts both forms. */
  newMessages: { lastSevenDays: number; sevenDaysBefore: number };
  /** The leads of the period that moved to Won: how many, their value (rupees) and what they have paid (paise, GST included: paidPaiseSql). */
  won: { count: number; value: number; paidPaise: number };
  /**
   * The pipeline now (docs/decisions/0067): each open stage (all but Won and Lost) in the board's
   * order with its leads and their deal value; and the value won in each of the last 12 months
   * (site time, by when the lead moved to Won), oldest first.
   */
  pipeline: {
    open: { key: string; name: string; count: number; value: number }[];
    wonByMonth: { month: string; count: number; value: number; paidPaise: number }[];
  };
}

function ownHost(): string {
  try {
    return new URL(siteConfig().url).hostname;
  } catch {
    return "";
  }
}

/** The screen's overview, for the roles that read the lead desk. */
export async function loadOverview(weeks: number, now = new Date()): Promise<Overview> {
  await requireRole(LEAD_DESK.read);
  return overviewReport(weeks, now);
}

/**
 * The period: the last `weeks` whole weeks (Monday to Sunday in the site's time zone), this one
 * included. Unguarded: callers are loadOverview and the MCP server's tool, which checks the API key's
 * scope instead of a session (src/server/integrations/mcp.ts).
 */
export async function overviewReport(weeks: number, now = new Date()): Promise<Overview> {
  const host = ownHost();
  const zone = SITE_TIME_ZONE;
  const at = sql`${now.toISOString()}::timestamptz`;
  const weekOf = (column: unknown) => sql`date_trunc('week', ${column} at time zone ${zone})::date`;
  const startSql = sql`(date_trunc('week', ${at} at time zone ${zone}) - make_interval(weeks => ${weeks - 1})) at time zone ${zone}`;
  const both = sql`(
    select 'lead' as kind, ${leads.createdAt} as created_at, ${leads.attribution} as attribution, ${leads.firstContactedAt} as first_contacted_at, ${leads.status} = 'new' as waiting
      from ${leads} where ${leads.createdAt} >= ${startSql} and ${leads.createdAt} <= ${at}
    union all
    select 'message', ${contactMessages.createdAt}, ${contactMessages.attribution}, ${contactMessages.firstContactedAt}, ${contactMessages.status} = 'new' from ${contactMessages} where ${contactMessages.createdAt} >= ${startSql} and ${contactMessages.createdAt} <= ${at}
  ) as submissions`;
  // A deal's value by the one rule (src/lib/deal-value.ts): entered, else the chosen package's price.
  const value = dealValueSql({ dealValue: leads.dealValue, service: leads.service, package: leads.package });
  // What those deals have paid by the one rule (billing's paidPaiseSql): their paid invoices' totals.
  const paid = paidPaiseSql(leads.id);
  const inPeriod = sql`${leads.createdAt} >= ${startSql} and ${leads.createdAt} <= ${at}`;

  const monthOf = sql`date_trunc('month', ${at} at time zone ${zone})`;
  // A landing page's path, as landingPath in src/lib/overview-figures.ts: no scheme and host, no query, no fragment.
  const landingPathSql = sql`coalesce(nullif(split_part(split_part(regexp_replace(attribution -> 'first_touch' ->> 'landing_page', '^[a-zA-Z][a-zA-Z0-9+.-]*://[^/?#]*', ''), '?', 1), '#', 1), ''), '/')`;
  const [perWeekRows, weekRows, statusRows, revenueRows, pageRows, campaignRows, contactRows, stages, openRows, wonRows, recentRows, messageRows, wonInPeriodRows] =
    await Promise.all([
    db().execute<{ week: string; channel: Channel; leads: number; messages: number }>(sql`
      select ${weekOf(sql`created_at`)}::text as week, ${channelSql(sql`attribution`, host)} as channel,
        count(*) filter (where kind = 'lead')::int as leads, count(*) filter (where kind = 'message')::int as messages
      from ${both} group by 1, 2 order by 1, 2`),
    db().execute<{ week: string }>(sql`
      select generate_series(date_trunc('week', ${at} at time zone ${zone}) - make_interval(weeks => ${weeks - 1}), date_trunc('week', ${at} at time zone ${zone}), interval '1 week')::date::text as week`),
    db().execute<{ status: LeadStatus; count: number }>(sql`select ${leads.status} as status, count(*)::int as count from ${leads} where ${inPeriod} group by 1`),
    db().execute<{ bracket: string; leads: number }>(sql`
      select coalesce(${leads.monthlyRevenue}, 'Not given') as bracket, count(*)::int as leads from ${leads} where ${inPeriod} group by 1`),
    db().execute<{ page: string; count: number }>(sql`
      select ${landingPathSql} as page, count(*)::int as count from ${both}
      where attribution -> 'first_touch' ->> 'landing_page' is not null group by 1 order by 2 desc, 1 limit 5`),
    db().execute<{ campaign: string; count: number }>(sql`
      select attribution -> 'first_touch' ->> 'utm_campaign' as campaign, count(*)::int as count from ${both}
      where attribution -> 'first_touch' ->> 'utm_campaign' is not null group by 1 order by 2 desc, 1 limit 5`),
    db().execute<{ median: number | string | null; contacted: number; waiting: number }>(sql`
      select percentile_cont(0.5) within group (order by extract(epoch from first_contacted_at - created_at)) as median,
        count(first_contacted_at)::int as contacted, count(*) filter (where waiting)::int as waiting
      from ${both}`),
    stagesIn(),
    db().execute<{ status: string; count: number; value: string }>(sql`
      select ${leads.status} as status, count(*)::int as count, coalesce(sum(${value}), 0)::text as value
      from ${leads} where ${leads.status} not in (${CLOSED_STAGES_SQL}) group by 1`),
    db().execute<{ month: string; count: number; value: string; paid: string }>(sql`
      select to_char(m.month, 'YYYY-MM') as month, count(${leads.id})::int as count, coalesce(sum(${value}), 0)::text as value,
        coalesce(sum(${paid}) filter (where ${leads.id} is not null), 0)::text as paid
      from generate_series(${monthOf} - interval '11 months', ${monthOf}, interval '1 month') as m(month)
      left join ${leads} on ${leads.status} = 'won' and date_trunc('month', ${leads.wonAt} at time zone ${zone}) = m.month
      group by m.month order by m.month`),
    db().execute<{ recent: number; before: number }>(sql`
      select count(*) filter (where ${leads.createdAt} > ${at} - interval '7 days')::int as recent,
        count(*) filter (where ${leads.createdAt} <= ${at} - interval '7 days')::int as before
      from ${leads} where ${leads.createdAt} > ${at} - interval '14 days' and ${leads.createdAt} <= ${at}`),
    db().execute<{ recent: number; before: number; period: number }>(sql`
      select count(*) filter (where ${contactMessages.createdAt} > ${at} - interval '7 days')::int as recent,
        count(*) filter (where ${contactMessages.createdAt} <= ${at} - interval '7 days' and ${contactMessages.createdAt} > ${at} - interval '14 days')::int as before,
        count(*) filter (where ${contactMessages.createdAt} >= ${startSql})::int as period
      from ${contactMessages} where (${contactMessages.createdAt} > ${at} - interval '14 days' or ${contactMessages.createdAt} >= ${startSql}) and ${contactMessages.createdAt} <= ${at}`),
    db().execute<{ count: number; value: string; paid: string }>(sql`
      select count(*)::int as count, coalesce(sum(${value}), 0)::text as value, coalesce(sum(${paid}), 0)::text as paid from ${leads}
      where ${leads.status} = 'won' and ${leads.wonAt} >= ${startSql} and ${leads.wonAt} <= ${at}`),
  ]);

  const perWeek = perWeekRows.rows.map((r) => ({ ...r, leads: Number(r.leads), messages: Number(r.messages) }));
  const channels = CHANNELS.map((channel) => ({
    channel,
    leads: perWeek.filter((r) => r.channel === channel).reduce((n, r) => n + r.leads, 0),
    messages: perWeek.filter((r) => r.channel === channel).reduce((n, r) => n + r.messages, 0),
  }));
  const byStatus = Object.fromEntries(LEAD_STATUSES.map((s) => [s, 0])) as Record<LeadStatus, number> & Record<string, number>;
  for (const r of statusRows.rows) byStatus[r.status] = Number(r.count);
  const total = Object.values(byStatus).reduce((n, c) => n + c, 0);
  // A custom stage counts as contacted wherever it stands (as the first-contact stamp does), and as
  // qualified when it comes after Qualified on the board; Lost is shown apart.
  const order = stages.map((s) => s.key);
  const qualifiedOrLater = stages.filter((s) => s.key !== "lost" && order.indexOf(s.key) >= order.indexOf("qualified")).map((s) => s.key);
  const openByKey = new Map(openRows.rows.map((r) => [r.status, r]));
  return {
    weeks,
    weekStarts: weekRows.rows.map((r) => r.week),
    perWeek,
    channels,
    funnel: {
      total,
      messages: Number(messageRows.rows[0]?.period ?? 0),
      byStatus,
      reached: {
        contacted: total - byStatus.new - byStatus.lost,
        qualified: qualifiedOrLater.reduce((n, key) => n + (byStatus[key] ?? 0), 0),
        won: byStatus.won,
      },
    },
    revenue: orderRevenue(revenueRows.rows.map((r) => ({ bracket: r.bracket, leads: Number(r.leads) }))),
    landingPages: pageRows.rows.map((r) => ({ page: r.page, count: Number(r.count) })),
    campaigns: campaignRows.rows.map((r) => ({ campaign: r.campaign, count: Number(r.count) })),
    firstContact: {
      medianSeconds: contactRows.rows[0]?.median === null || contactRows.rows[0]?.median === undefined ? null : Number(contactRows.rows[0].median),
      contacted: Number(contactRows.rows[0]?.contacted ?? 0),
      waiting: Number(contactRows.rows[0]?.waiting ?? 0),
    },
    newLeads: { lastSevenDays: Number(recentRows.rows[0]?.recent ?? 0), sevenDaysBefore: Number(recentRows.rows[0]?.before ?? 0) },
    newMessages: { lastSevenDays: Number(messageRows.rows[0]?.recent ?? 0), sevenDaysBefore: Number(messageRows.rows[0]?.before ?? 0) },
    won: {
      count: Number(wonInPeriodRows.rows[0]?.count ?? 0),
      value: Number(wonInPeriodRows.rows[0]?.value ?? 0),
      paidPaise: Number(wonInPeriodRows.rows[0]?.paid ?? 0),
    },
    pipeline: {
      open: stages
        .filter((s) => s.open)
        .map((s) => ({ key: s.key, name: s.name, count: Number(openByKey.get(s.key)?.count ?? 0), value: Number(openByKey.get(s.key)?.value ?? 0) })),
      wonByMonth: wonRows.rows.map((r) => ({ month: r.month, count: Number(r.count), value: Number(r.value), paidPaise: Number(r.paid) })),
    },
  };
}
