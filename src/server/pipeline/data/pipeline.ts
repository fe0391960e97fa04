import "server-only";
import { and, eq, gte, isNull, lt, sql, type SQL } from "drizzle-orm";
import { LEAD_DESK } from "@/lib/admin-tables/definition";
import { leadsTable } from "@/lib/admin-tables/leads";
import { BOARD_PAGE, companyFromWebsite, daysInStage, type BoardFilters } from "@/lib/pipeline";
import { fromSiteDateTimeInput, toSiteDateTimeInput } from "@/lib/site-time";
import { dealValueSql } from "@/lib/deal-value";
import { requireRole } from "../../kernel/session/auth-guard";
import { db } from "../../kernel/db/client";
import { activityEvents, leads, users } from "../../kernel/db/schema";
import { searchWhere } from "../../kernel/db/admin-list";
import { stagesIn, type StageInfo } from "../../leads";
import { paidPaiseSql } from "../../billing";

// The pipeline board's reads (docs/decisions/0067): one column per stage with the whole column's
// count and value, and only its first cards (BOARD_PAGE, more on request), so that a board of
// thousands of leads is two short queries and a page of a few hundred cards.

export interface BoardCard {
  id: string;
  /** The person (the lead's name): the card's title. */
  name: string;
  /** Their company, read from the website's host (src/lib/pipeline.ts companyFromWebsite); null without one. */
  company: string | null;
  status: string;
  /** The deal's value by the one rule (src/lib/deal-value.ts); null when neither a value nor a priced package. */
  dealValue: number | null;
  /** Whether the value was entered or is the chosen package's price. */
  dealValueFromPackage: boolean;
  /** What the deal has been paid, GST included (billing's paidPaiseSql): whole paise, 0 when nothing. */
  paidPaise: number;
  ownerLabel: string | null;
  followUpOn: string | null;
  /** What is to be done on the follow-up day. */
  nextStep: string | null;
  expectedCloseOn: string | null;
  /** Whole days since the lead entered its stage (stage_changed_at, docs/decisions/0101). */
  daysInStage: number;
  /** The latest row of the activity trail about this lead (ISO), else when it was stored. */
  lastActivityAt: string;
}

export interface BoardColumn extends StageInfo {
  count: number;
  /** Sum of the column's deal values (src/lib/deal-value.ts), whole rupees (leads without one count as nothing). */
  total: number;
  /** What the column's deals have been paid (billing's paidPaiseSql), whole paise. */
  paidPaise: number;
  cards: BoardCard[];
}

export interface Board {
  columns: BoardColumn[];
  /** Every lead the filters match, and their value. */
  count: number;
  total: number;
  /** The site's day the board was read on (YYYY-MM-DD): the cards' dates are written against it. */
  today: string;
}

const searchColumns = leadsTable.search.map((name) => (leads as unknown as Record<string, typeof leads.name>)[name]!);

/** The filters as conditions on leads (`me` is the signed-in member). */
export function boardWhere(filters: BoardFilters, me: string): SQL | undefined {
  const start = filters.from ? fromSiteDateTimeInput(`${filters.from}T00:00`) : null;
  const endDay = filters.to ? fromSiteDateTimeInput(`${filters.to}T00:00`) : null;
  const end = endDay ? new Date(endDay.getTime() + 24 * 3600 * 1000) : null;
  return and(
    searchWhere(filters.q, searchColumns),
    filters.owner === "none" ? isNull(leads.ownerId) : filters.owner ? eq(leads.ownerId, filters.owner === "me" ? me : filters.owner) : undefined,
    filters.service ? eq(leads.service, filters.service) : undefined,
    start ? gte(leads.createdAt, start) : undefined,
    end ? lt(leads.createdAt, end) : undefined,
  );
}

/** The board for a member of the lead desk: every stage in order, each with its count, value and first cards. */
export async function loadBoard(filters: BoardFilters): Promise<Board> {
  const user = await requireRole(LEAD_DESK.read);
  const where = boardWhere(filters, user.id);
  const limits = sql.join(
    Object.entries(filters.show).map(([stage, n]) => sql`when ${stage} then ${n}::integer`),
    sql` `,
  );
  const limitFor = Object.keys(filters.show).length > 0 ? sql`case ranked.status ${limits} else ${BOARD_PAGE}::integer end` : sql`${BOARD_PAGE}::integer`;
  const value = dealValueSql({ dealValue: leads.dealValue, service: leads.service, package: leads.package });
  const paid = paidPaiseSql(leads.id);
  const ranked = db()
    .select({
      id: leads.id,
      name: leads.name,
      websiteUrl: leads.websiteUrl,
      status: leads.status,
      dealValue: sql<string | null>`${value}::text`.as("deal_value_of"),
      dealValueEntered: sql<boolean>`${leads.dealValue} is not null`.as("deal_value_entered"),
      paidPaise: sql<string>`${paid}::text`.as("paid_paise"),
      followUpOn: leads.followUpOn,
      nextStep: leads.nextStep,
      expectedCloseOn: leads.expectedCloseOn,
      stageChangedAt: leads.stageChangedAt,
      createdAt: leads.createdAt,
      ownerLabel: sql<string | null>`coalesce(nullif(${users.name}, ''), ${users.email})`.as("owner_label"),
      rank: sql<number>`row_number() over (partition by ${leads.status} order by ${leads.updatedAt} desc, ${leads.id} desc)`.as("rank"),
    })
    .from(leads)
    .leftJoin(users, eq(users.id, leads.ownerId))
    .where(where)
    .as("ranked");
  const [stages, totals, cards] = await Promise.all([
    stagesIn(),
    db()
      .select({
        status: leads.status,
        count: sql<number>`count(*)::int`,
        total: sql<string>`coalesce(sum(${value}), 0)::text`,
        paidPaise: sql<string>`coalesce(sum(${paid}), 0)::text`,
      })
      .from(leads)
      .where(where)
      .groupBy(leads.status),
    db()
      .select({
        id: ranked.id,
        name: ranked.name,
        websiteUrl: ranked.websiteUrl,
        status: ranked.status,
        dealValue: ranked.dealValue,
        dealValueEntered: ranked.dealValueEntered,
        paidPaise: ranked.paidPaise,
        followUpOn: ranked.followUpOn,
        nextStep: ranked.nextStep,
        expectedCloseOn: ranked.expectedCloseOn,
        stageChangedAt: ranked.stageChangedAt,
        createdAt: ranked.createdAt,
        ownerLabel: ranked.ownerLabel,
        lastActivityAt: sql<string | null>`(select max(${activityEvents.at}) from ${activityEvents} where ${activityEvents.tableName} = 'leads' and ${activityEvents.recordId} = ranked.id::text)::text`,
      })
      .from(ranked)
      .where(sql`ranked.rank <= ${limitFor}`)
      .orderBy(ranked.status, ranked.rank),
  ]);
  const byStage = new Map<string, { count: number; total: number; paidPaise: number }>(
    totals.map((t) => [t.status, { count: Number(t.count), total: Number(t.total), paidPaise: Number(t.paidPaise) }]),
  );
  const cardsByStage = new Map<string, BoardCard[]>();
  const now = new Date();
  for (const c of cards) {
    const list = cardsByStage.get(c.status) ?? [];
    list.push({
      id: c.id,
      name: c.name,
      company: companyFromWebsite(c.websiteUrl),
      status: c.status,
      dealValue: c.dealValue === null ? null : Number(c.dealValue),
      dealValueFromPackage: c.dealValue !== null && !c.dealValueEntered,
      paidPaise: Number(c.paidPaise ?? 0),
      ownerLabel: c.ownerLabel,
      followUpOn: c.followUpOn,
      nextStep: c.nextStep,
      expectedCloseOn: c.expectedCloseOn,
      daysInStage: daysInStage(c.stageChangedAt, now),
      lastActivityAt: c.lastActivityAt ? new Date(c.lastActivityAt).toISOString() : new Date(c.createdAt).toISOString(),
    });
    cardsByStage.set(c.status, list);
  }
  const columns = stages.map((stage) => ({ ...stage, ...(byStage.get(stage.key) ?? { count: 0, total: 0, paidPaise: 0 }), cards: cardsByStage.get(stage.key) ?? [] }));
  return {
    columns,
    count: columns.reduce((n, c) => n + c.count, 0),
    total: columns.reduce((n, c) => n + c.total, 0),
    today: toSiteDateTimeInput(now).slice(0, 10),
  };
}

/** A lead's name, company and status, for the answer to a move (a member of the desk only). */
export async function leadHeadline(id: string): Promise<{ name: string; company: string | null; status: string } | undefined> {
  await requireRole(LEAD_DESK.read);
  const [row] = await db().select({ name: leads.name, websiteUrl: leads.websiteUrl, status: leads.status }).from(leads).where(eq(leads.id, id)).limit(1);
  return row && { name: row.name, company: companyFromWebsite(row.websiteUrl), status: row.status };
}
