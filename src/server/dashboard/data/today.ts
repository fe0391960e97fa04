import "server-only";
import { sql } from "drizzle-orm";
import { dealValueSql } from "@/lib/deal-value";
import { LEAD_DESK } from "@/lib/admin-tables/definition";
import { memberLabel } from "@/lib/format";
import { addDays, fromSiteDateTimeInput } from "@/lib/site-time";
import { requireRole } from "../../kernel/session/auth-guard";
import { db } from "../../kernel/db/client";
import { contactMessages, leads } from "../../kernel/db/schema";
import { listUpcomingBookings, type BookingListItem } from "../../booking";
import { CLOSED_STAGES_SQL, listDue, siteToday, type DueItem } from "../../leads";

// The Overview's first screen (docs/decisions/0102): a member's day. What is due comes from the Due
// view's own query (listDue) and the day's calls from the Calls screen's (listUpcomingBookings); the
// three lists only this screen shows are read here, oldest first, each with its total.

/** Rows shown per list; the rest are one link away (the Due view, the inbox, the board). */
export const TODAY_LIST_LIMIT = 5;

export const TODAY_WHOSE = { mine: "Mine", all: "Everyone's" } as const;
export type TodayWhose = keyof typeof TODAY_WHOSE;

/** Someone waiting for a first answer: a new lead, or a contact message nobody has replied to. */
export interface WaitingItem {
  id: string;
  name: string;
  email: string;
  phone: string;
  createdAt: Date;
  /** Seconds since it arrived, at `now`. */
  waitingSeconds: number;
  ownerLabel: string | null;
  /** A message's first words; a lead's website. */
  detail: string | null;
}

/** An open deal (any stage but New, Won and Lost) with no follow-up day: nobody has planned what comes next. */
export interface StalledDeal {
  id: string;
  name: string;
  email: string;
  phone: string;
  status: string;
  statusLabel: string;
  /** Its value by the one rule (src/lib/deal-value.ts); null when neither entered nor a package's. */
  value: number | null;
  ownerLabel: string | null;
  updatedAt: Date;
}

export interface TodayWork {
  whose: TodayWhose;
  /** Whether the viewer owns an open lead or message: then the screen opens on theirs. */
  ownsWork: boolean;
  /** The site's day (YYYY-MM-DD). */
  today: string;
  due: { items: DueItem[]; total: number };
  calls: BookingListItem[];
  uncontacted: { items: WaitingItem[]; total: number };
  replies: { items: WaitingItem[]; total: number };
  noNextStep: { items: StalledDeal[]; total: number };
  /** With "mine": the new leads and unanswered messages nobody owns yet (someone has to pick them up). */
  unowned: { uncontacted: number; replies: number };
}

interface WaitingRow extends Record<string, unknown> {
  id: string;
  name: string;
  email: string;
  mobile_number: string;
  created_at: Date | string;
  owner_email: string | null;
  owner_name: string | null;
  detail: string | null;
  total: number;
}

const toWaiting =
  (now: Date) =>
  (r: WaitingRow): WaitingItem => ({
    id: r.id,
    name: r.name,
    email: r.email,
    phone: r.mobile_number,
    createdAt: new Date(r.created_at),
    waitingSeconds: Math.max(0, Math.round((now.getTime() - new Date(r.created_at).getTime()) / 1000)),
    ownerLabel: r.owner_email ? memberLabel(r.owner_name, r.owner_email) : null,
    detail: r.detail,
  });

/** Whether `userId` owns a lead still open (not won or lost) or a message not archived. */
async function ownsOpenWork(userId: string): Promise<boolean> {
  const found = await db().execute<{ ok: number }>(sql`
    select 1 as ok where exists (select 1 from ${leads} where ${leads.ownerId} = ${userId} and ${leads.status} not in (${CLOSED_STAGES_SQL}))
      or exists (select 1 from ${contactMessages} where ${contactMessages.ownerId} = ${userId} and ${contactMessages.status} <> 'archived')`);
  return found.rows.length > 0;
}

/**
 * The viewer's day: follow-ups due today and overdue, today's calls (site time, confirmed ones), new
 * leads not yet contacted and messages not yet replied to (oldest first, with how long they have
 * waited), and open deals with no follow-up day. `whose` "mine" narrows every list to what the viewer
 * owns (calls: those the viewer hosts or whose lead the viewer owns); left out, it is "mine" when the viewer owns open work and "all" otherwise.
 */
export async function loadTodayWork(options: { whose?: TodayWhose; now?: Date } = {}): Promise<TodayWork> {
  const user = await requireRole(LEAD_DESK.read);
  const now = options.now ?? new Date();
  const today = siteToday(now);
  const ownsWork = await ownsOpenWork(user.id);
  const whose: TodayWhose = options.whose ?? (ownsWork ? "mine" : "all");
  const mine = whose === "mine" ? user.id : undefined;
  const ownedBy = (column: unknown) => (mine === undefined ? sql`` : sql`and ${column} = ${mine}`);
  const value = dealValueSql({ dealValue: leads.dealValue, service: leads.service, package: leads.package });
  const dayStart = fromSiteDateTimeInput(`${today}T00:00`)!;
  const dayEnd = fromSiteDateTimeInput(`${addDays(today, 1)}T00:00`)!;

  const [due, calls, uncontacted, replies, stalled, unowned] = await Promise.all([
    listDue({ owner: mine, today }),
    // The whole site day, calls already over included (their outcome is still to record); confirmed only, as the Due view.
    listUpcomingBookings({ from: dayStart, to: dayEnd, confirmedOnly: true }),
    db().execute<WaitingRow>(sql`
      select l.id, l.name, l.email, l.mobile_number, l.created_at, u.email as owner_email, u.name as owner_name, l.website_url as detail,
          count(*) over ()::int as total
        from ${leads} l left join users u on u.id = l.owner_id
        where l.status = 'new' and (l.follow_up_on is null or l.follow_up_on > ${today}::date) ${ownedBy(sql`l.owner_id`)}
        order by l.created_at, l.id limit ${TODAY_LIST_LIMIT}`),
    db().execute<WaitingRow>(sql`
      select m.id, m.name, m.email, m.mobile_number, m.created_at, u.email as owner_email, u.name as owner_name, left(m.message, 140) as detail,
          count(*) over ()::int as total
        from ${contactMessages} m left join users u on u.id = m.owner_id
        where m.status = 'new' ${ownedBy(sql`m.owner_id`)}
        order by m.created_at, m.id limit ${TODAY_LIST_LIMIT}`),
    db().execute<{
      id: string;
      name: string;
      email: string;
      mobile_number: string;
      status: string;
      status_label: string;
      value: string | null;
      owner_email: string | null;
      owner_name: string | null;
      updated_at: Date | string;
      total: number;
    }>(sql`
      select ${leads.id} as id, ${leads.name} as name, ${leads.email} as email, ${leads.mobileNumber} as mobile_number, ${leads.status} as status,
          coalesce(ls.name, ${leads.status}) as status_label, (${value})::text as value, u.email as owner_email, u.name as owner_name,
          ${leads.updatedAt} as updated_at, count(*) over ()::int as total
        from ${leads} left join lead_stages ls on ls.key = ${leads.status} left join users u on u.id = ${leads.ownerId}
        where ${leads.status} not in (${CLOSED_STAGES_SQL}) and ${leads.status} <> 'new' and ${leads.followUpOn} is null ${ownedBy(leads.ownerId)}
        order by ${leads.updatedAt}, ${leads.id} limit ${TODAY_LIST_LIMIT}`),
    mine === undefined
      ? Promise.resolve({ rows: [{ leads: 0, messages: 0 }] })
      : db().execute<{ leads: number; messages: number }>(sql`
          select (select count(*) from ${leads} where ${leads.status} = 'new' and ${leads.ownerId} is null)::int as leads,
            (select count(*) from ${contactMessages} where ${contactMessages.status} = 'new' and ${contactMessages.ownerId} is null)::int as messages`),
  ]);

  // Mine: the calls the viewer hosts, and those of the leads the viewer owns (a colleague may host them).
  const ownedLeads = new Set<string>();
  const leadIds = [...new Set(calls.flatMap((c) => (c.leadId ? [c.leadId] : [])))];
  if (mine !== undefined && leadIds.length > 0) {
    const owned = await db().execute<{ id: string }>(
      sql`select ${leads.id} as id from ${leads} where ${leads.ownerId} = ${mine} and ${leads.id} in (${sql.join(
        leadIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    for (const r of owned.rows) ownedLeads.add(r.id);
  }
  const total = (rows: { total: number }[]) => Number(rows[0]?.total ?? 0);
  const todaysCalls = mine === undefined ? calls : calls.filter((c) => c.hostId === mine || (c.leadId !== null && ownedLeads.has(c.leadId)));
  // Each person once, in the most pressing list: a lead with a call today is in the calls, not also
  // due; a new lead due today is in the follow-ups (its row offers Mark contacted), not also waiting.
  const calledLeads = new Set(todaysCalls.flatMap((c) => (c.leadId ? [c.leadId] : [])));
  const dueLeft = due.filter((item) => !(item.kind === "lead" && calledLeads.has(item.id)));
  return {
    whose,
    ownsWork,
    today,
    due: { items: dueLeft.slice(0, TODAY_LIST_LIMIT), total: dueLeft.length },
    calls: todaysCalls,
    uncontacted: { items: uncontacted.rows.map(toWaiting(now)), total: total(uncontacted.rows) },
    replies: { items: replies.rows.map(toWaiting(now)), total: total(replies.rows) },
    noNextStep: {
      items: stalled.rows.map((r) => ({
        id: r.id,
        name: r.name,
        email: r.email,
        phone: r.mobile_number,
        status: r.status,
        statusLabel: r.status_label,
        value: r.value === null ? null : Number(r.value),
        ownerLabel: r.owner_email ? memberLabel(r.owner_name, r.owner_email) : null,
        updatedAt: new Date(r.updated_at),
      })),
      total: total(stalled.rows),
    },
    unowned: { uncontacted: Number(unowned.rows[0]?.leads ?? 0), replies: Number(unowned.rows[0]?.messages ?? 0) },
  };
}
