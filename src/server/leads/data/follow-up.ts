import "server-only";
import { sql } from "drizzle-orm";
import { LEAD_DESK, type DeskMember } from "@/lib/admin-tables/definition";
import type { InboxDecoration } from "@/lib/admin-tables/inbox";
import { memberLabel } from "@/lib/format";
import { MESSAGE_STATUS_LABELS } from "@/lib/schemas/admin";
import { toSiteDateTimeInput } from "@/lib/site-time";
import { requireRole } from "../../kernel/session/auth-guard";
import { db, type Executor } from "../../kernel/db/client";
import { contactMessages, leads } from "../../kernel/db/schema";
import { env } from "../../kernel/env";
import { EVERY_FIVE_MINUTES, type TimedJob } from "../../kernel/jobs/jobs";
import { runOnce } from "../../kernel/jobs/data/job-runs";
import { enqueueMail, type MailInput } from "../../kernel/mail/mail";
import { composeMail } from "../../kernel/mail/compose";
import { siteConfig } from "../../kernel/site-config";
import { dashboardHref } from "@/lib/routes";
import { personKey } from "../../kernel/session/person-key";
import { deskLinks } from "../../kernel/mail/notify";

// Follow-up on the lead desk (docs/decisions/0050): every lead and message may have an owner (a
// member of the desk) and a day for the next follow-up; the Due view lists what is due by today,
// and each owner gets one morning digest of their due items, once a day across every process.


const DESK_ROLES = sql.join(
  LEAD_DESK.write.map((r) => sql`${r}`),
  sql`, `,
);

async function deskMembers(executor: Executor = db()): Promise<(DeskMember & { email: string })[]> {
  const rows = await executor.execute<{ id: string; name: string; email: string }>(
    sql`select u.id, u.name, u.email from users u join profiles p on p.user_id = u.id where p.role in (${DESK_ROLES}) order by lower(u.name), u.email limit 500`,
  );
  return rows.rows.map((r) => ({ id: r.id, email: r.email, label: memberLabel(r.name, r.email) }));
}

/** Who may own a lead or message: the members of the lead desk, for the dialog's owner menu. */
export async function listDeskMembers(): Promise<DeskMember[]> {
  await requireRole(LEAD_DESK.read);
  return (await deskMembers()).map(({ id, label }) => ({ id, label }));
}

export const NOT_A_DESK_MEMBER = "Choose a member of the team who works on leads.";

/** Null when the owner may be set (nobody, or a member of the desk); else the field's message. */
export async function ownerRefusal(ownerId: unknown, executor: Executor = db()): Promise<string | null> {
  if (ownerId === null || ownerId === undefined || ownerId === "") return null;
  const found = await executor.execute<{ ok: number }>(
    sql`select 1 as ok from profiles where user_id = ${String(ownerId)} and role in (${DESK_ROLES}) limit 1`,
  );
  return found.rows.length > 0 ? null : NOT_A_DESK_MEMBER;
}

/** Today in the site's time zone, as the `date` columns store it. */
export function siteToday(now = new Date()): string {
  return toSiteDateTimeInput(now).slice(0, 10);
}

export interface DueItem {
  kind: "lead" | "message";
  id: string;
  name: string;
  email: string;
  phone: string;
  status: string;
  /** The status as the dashboard names it: a stage's name, a message's status label. */
  statusLabel: string;
  followUpOn: string;
  ownerId: string | null;
  ownerEmail: string | null;
  /** The owner as staff know them: "Name (address)". */
  ownerLabel: string | null;
  createdAt: Date;
}

/** Rows still open (a won or lost lead and an archived message need no follow-up). */
const DUE_SQL = (today: string, ownerId?: string | null) => sql`
  select 'lead' as kind, l.id, l.name, l.email, l.mobile_number, l.status, coalesce(ls.name, l.status) as status_label, l.follow_up_on::text as follow_up_on, l.owner_id, u.email as owner_email, u.name as owner_name, l.created_at
    from ${leads} l left join users u on u.id = l.owner_id left join lead_stages ls on ls.key = l.status
    where l.follow_up_on <= ${today}::date and l.status not in ('won', 'lost') ${ownerId === undefined ? sql`` : ownerId === null ? sql`and l.owner_id is null` : sql`and l.owner_id = ${ownerId}`}
  union all
  select 'message', m.id, m.name, m.email, m.mobile_number, m.status, m.status, m.follow_up_on::text, m.owner_id, u.email, u.name, m.created_at
    from ${contactMessages} m left join users u on u.id = m.owner_id
    where m.follow_up_on <= ${today}::date and m.status <> 'archived' ${ownerId === undefined ? sql`` : ownerId === null ? sql`and m.owner_id is null` : sql`and m.owner_id = ${ownerId}`}
  order by follow_up_on, created_at
  limit 1000`;

interface DueRow extends Record<string, unknown> {
  kind: "lead" | "message";
  id: string;
  name: string;
  email: string;
  mobile_number: string;
  status: string;
  status_label: string;
  follow_up_on: string;
  owner_id: string | null;
  owner_email: string | null;
  owner_name: string | null;
  created_at: Date | string;
}

const toItem = (r: DueRow): DueItem => ({
  kind: r.kind,
  id: r.id,
  name: r.name,
  email: r.email,
  phone: r.mobile_number,
  status: r.status,
  statusLabel: r.kind === "message" ? (MESSAGE_STATUS_LABELS[r.status as keyof typeof MESSAGE_STATUS_LABELS] ?? r.status) : r.status_label,
  followUpOn: r.follow_up_on,
  ownerId: r.owner_id,
  ownerEmail: r.owner_email,
  ownerLabel: r.owner_email ? memberLabel(r.owner_name, r.owner_email) : null,
  createdAt: new Date(r.created_at),
});

/** What is overdue or due today; `owner` narrows to one member's items, or (null) to nobody's. */
export async function listDue(options: { owner?: string | null; today?: string } = {}): Promise<DueItem[]> {
  await requireRole(LEAD_DESK.read);
  const rows = await db().execute<DueRow>(DUE_SQL(options.today ?? siteToday(), options.owner));
  return rows.rows.map(toItem);
}

/** Whole days between a follow-up day and today (0: due today). */
export function daysOverdue(followUpOn: string, today: string): number {
  return Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${followUpOn}T00:00:00Z`)) / 86_400_000);
}

function digestMail(owner: string, items: DueItem[], today: string): MailInput {
  const site = siteConfig();
  const link = `${site.url}${dashboardHref("due", { owner: "me" })}`;
  const line = (i: DueItem) => {
    const late = daysOverdue(i.followUpOn, today);
    return `${i.kind === "lead" ? "Lead" : "Message"}: ${i.name} <${i.email}>, ${i.status}, ${late === 0 ? "due today" : `${late} day${late === 1 ? "" : "s"} overdue`}`;
  };
  const count = `${items.length} follow-up${items.length === 1 ? "" : "s"}`;
  return {
    kind: "follow-up-digest",
    recipients: [owner],
    ...composeMail({
      subject: `${count} due today: ${site.name}`,
      paragraphs: ["Good morning,", "These are yours to follow up today:"],
      // Each item links to itself, with its phone and the one button that marks it done.
      sections: items.map((i) => ({ paragraphs: [line(i)], links: deskLinks(i.kind === "lead" ? "leads" : "messages", i.id, i.phone, "Open") })),
      button: { label: "All of them in the dashboard", url: link },
    }),
  };
}

/**
 * Queues each owner's digest of due items for `today`, once for that day across every process
 * (the claim and the mails are one transaction, ADR 0050). Returns how many mails this call queued,
 * 0 when another process (or an earlier round) has done the day.
 */
export async function queueFollowUpDigests(today = siteToday(), database = db()): Promise<number> {
  let queued = 0;
  await runOnce(
    "follow-up-digest",
    today,
    async (tx) => {
      const due = (await tx.execute<DueRow>(DUE_SQL(today))).rows.map(toItem);
      const byOwner = new Map<string, DueItem[]>();
      for (const item of due) if (item.ownerEmail) byOwner.set(item.ownerEmail, [...(byOwner.get(item.ownerEmail) ?? []), item]);
      for (const [owner, items] of byOwner) {
        await enqueueMail(tx, digestMail(owner, items, today));
        queued++;
      }
    },
    database,
  );
  return queued;
}

/** True once the site's clock has passed the digest time today. */
export function isDigestTime(now = new Date(), at = env().FOLLOW_UP_DIGEST_AT): boolean {
  return toSiteDateTimeInput(now).slice(11, 16) >= at;
}

/** A tick every five minutes (docs/decisions/0095); the day's row in `job_runs` makes it once a day (ADR 0050). */
export const followUpDigestJob: TimedJob = {
  name: "follow-up-digest",
  cron: EVERY_FIVE_MINUTES,
  run: async () => {
    if (isDigestTime()) await queueFollowUpDigests();
  },
};

// ---- What an inbox list row shows beyond its columns --------------------------------------------

/** The most submissions of one person a row carries (the dialog lists them, the badge counts them). */
export const PERSON_LIMIT = 50;

interface PersonRow extends Record<string, unknown> {
  kind: "lead" | "message";
  id: string;
  key: string;
  created_at: Date | string;
  status: string;
  text: string | null;
}

/**
 * Adds each row's owner address and, unless for an export, every submission of the same person
 * (the same address, any case) from both inbox tables, newest first (ADR 0050).
 */
export async function decorateInboxRows(rows: Record<string, unknown>[], options: { forExport?: boolean } = {}): Promise<Record<string, unknown>[]> {
  if (rows.length === 0) return rows;
  const ownerIds = [...new Set(rows.map((r) => r.ownerId).filter((v): v is string => typeof v === "string"))];
  const owners = new Map<string, string>();
  if (ownerIds.length > 0) {
    const found = await db().execute<{ id: string; email: string }>(
      sql`select id, email from users where id in (${sql.join(ownerIds.map((id) => sql`${id}`), sql`, `)})`,
    );
    for (const o of found.rows) owners.set(o.id, o.email);
  }
  const people = new Map<string, NonNullable<InboxDecoration["person"]>>();
  if (!options.forExport) {
    const keys = [...new Set(rows.map((r) => String(r.email).toLowerCase()))];
    const list = sql.join(keys.map((k) => sql`${k}`), sql`, `);
    const found = await db().execute<PersonRow>(sql`
      select kind, id, key, created_at, status, text from (
        select *, row_number() over (partition by key order by created_at desc) as n from (
          select 'lead' as kind, id, lower(email) as key, created_at, status,
              coalesce(nullif(concat_ws(': ', service, package), ''), concat_ws(' — ', monthly_revenue, left(growth_challenge, 120))) as text
            from ${leads} where lower(email) in (${list})
          union all
          select 'message', id, lower(email), created_at, status, left(message, 120)
            from ${contactMessages} where lower(email) in (${list})
        ) both_tables
      ) numbered where n <= ${PERSON_LIMIT} order by key, created_at desc`);
    for (const p of found.rows) {
      const entry = { kind: p.kind, id: p.id, createdAt: new Date(p.created_at).toISOString(), status: p.status, text: p.text ?? "" };
      people.set(p.key, [...(people.get(p.key) ?? []), entry]);
    }
  }
  return rows.map((r) => ({
    ...r,
    ownerEmail: typeof r.ownerId === "string" ? (owners.get(r.ownerId) ?? null) : null,
    ...(options.forExport ? {} : { person: people.get(String(r.email).toLowerCase()) ?? [], personHref: `${dashboardHref("people")}/${personKey(String(r.email))}` }),
  }));
}
