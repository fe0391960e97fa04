import "server-only";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { callState, formatCallTime } from "@/lib/booking";
import { dashboardHref } from "@/lib/routes";
import { dealValueOf } from "@/lib/deal-value";
import { SITE_TIME_ZONE } from "@/lib/site-time";
import { INTERACTION_KIND_LABELS, type InteractionInput, type TimelineEntry } from "@/lib/people";
import { recordActivity } from "../../kernel/activity/activity";
import { db, type Executor, type Transaction } from "../../kernel/db/client";
import {
  acknowledgedSenders,
  activityEvents,
  analyticsLeadVisits,
  bookings,
  type Booking,
  contactMessages,
  leads,
  newsletterRecipients,
  newsletterSends,
  newsletterSubscribers,
  notifications,
  personInteractions,
  spamSubmissions,
  users,
  webhookDeliveries,
  type PersonInteraction,
} from "../../kernel/db/schema";
import { personKey, personKeyPads } from "../../kernel/session/person-key";
import { mailboxKey } from "../../kernel/mail/mailbox";
import { stagesIn } from "../../leads";
import { paidPaiseSql } from "../../billing";
import { memberLabel } from "@/lib/format";
import { MESSAGE_STATUS_LABELS } from "@/lib/schemas/admin";
import { subscriberSendRows } from "../../newsletter";

// One page per person (docs/decisions/0068): everything that names one address, joined on the
// address lower-cased and trimmed (the lead desk's "person" grouping, ADR 0050). Roles are checked
// by the callers (src/server/people/people.ts).

/** The activity trail's table name for rows about a person as a whole (an export). */
export const PEOPLE_TABLE = "people";

/**
 * Where an address can be found, for resolving a person's key back to it: every table a person's
 * timeline starts from.
 */
const ADDRESSES = sql`
  select lower(email) as key from ${leads}
  union select lower(email) from ${contactMessages}
  union select email_key from ${newsletterSubscribers}
  union select email_key from ${personInteractions}
  union select lower(email) from ${bookings}
  union select lower(email) from ${spamSubmissions} where email is not null`;

/**
 * The lower-cased address a key was made from, or undefined when no row names it (any more). The
 * database computes each known address's HMAC with the padded keys (RFC 2104) and compares; a
 * person's key is never stored.
 */
export async function emailKeyForPersonKey(key: string, executor: Executor = db()): Promise<string | undefined> {
  const { inner, outer } = personKeyPads();
  const found = await executor.execute<{ key: string }>(sql`
    select key from (${ADDRESSES}) addresses
    where key <> '' and left(encode(sha256(${outer}::bytea || sha256(${inner}::bytea || convert_to(key, 'UTF8'))), 'hex'), 32) = ${key}
    limit 1`);
  return found.rows[0]?.key;
}

const recipientsInclude = (emailKey: string) => sql`${emailKey}::text = any(array(select lower(btrim(r)) from unnest(${notifications.recipients}) as r))`;

export interface PersonHeader {
  key: string;
  emailKey: string;
  /** The address as they last typed it. */
  email: string;
  names: string[];
  phones: string[];
  companies: string[];
  owner: string | null;
  /** The newest lead's or message's status, with what it is. */
  status: { kind: "lead" | "message"; status: string } | null;
  newsletter: { status: string; paused: boolean } | null;
  /** Their leads' deal values summed (src/lib/deal-value.ts); null when none has one. */
  dealValue: number | null;
  /** What their leads have been paid, GST included (billing's paidPaiseSql), whole paise. */
  paidPaise: number;
}

async function personRecords(emailKey: string, executor: Executor = db()) {
  const [leadRows, messageRows, subscriber] = await Promise.all([
    executor.select().from(leads).where(sql`lower(${leads.email}) = ${emailKey}`).orderBy(desc(leads.createdAt), asc(leads.id)),
    executor
      .select()
      .from(contactMessages)
      .where(sql`lower(${contactMessages.email}) = ${emailKey}`)
      .orderBy(desc(contactMessages.createdAt), asc(contactMessages.id)),
    executor
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.emailKey, emailKey))
      .then((rows) => rows[0]),
  ]);
  return { leadRows, messageRows, subscriber };
}

const distinct = (values: (string | null | undefined)[]) => [...new Set(values.map((v) => v?.trim()).filter((v): v is string => Boolean(v)))];

/** The page's header: who they are, from their newest submission back. */
export async function personHeader(emailKey: string): Promise<PersonHeader> {
  const [{ leadRows, messageRows, subscriber }, paidRows] = await Promise.all([
    personRecords(emailKey),
    db()
      .select({ paid: sql<string>`coalesce(sum(${paidPaiseSql(leads.id)}), 0)::text` })
      .from(leads)
      .where(sql`lower(${leads.email}) = ${emailKey}`),
  ]);
  const submissions = [
    ...leadRows.map((r) => ({ kind: "lead" as const, at: r.createdAt, email: r.email, name: r.name, phone: r.mobileNumber, company: null, ownerId: r.ownerId, status: r.status })),
    ...messageRows.map((r) => ({ kind: "message" as const, at: r.createdAt, email: r.email, name: r.name, phone: r.mobileNumber, company: r.company, ownerId: r.ownerId, status: r.status })),
  ].sort((a, b) => b.at.getTime() - a.at.getTime());
  const newest = submissions[0];
  const ownerId = submissions.find((s) => s.ownerId)?.ownerId ?? null;
  const ownerRow = ownerId ? (await db().select({ name: users.name, email: users.email }).from(users).where(eq(users.id, ownerId)))[0] : undefined;
  // By name, as staff know each other ("Name (address)").
  const owner = ownerRow ? memberLabel(ownerRow.name, ownerRow.email) : null;
  return {
    key: personKey(emailKey),
    emailKey,
    email: newest?.email.trim() ?? subscriber?.email ?? emailKey,
    names: distinct(submissions.map((s) => s.name)),
    phones: distinct(submissions.map((s) => s.phone)),
    companies: distinct(submissions.map((s) => s.company)),
    owner,
    status: newest ? { kind: newest.kind, status: newest.status } : null,
    newsletter: subscriber ? { status: subscriber.status, paused: subscriber.paused } : null,
    dealValue: leadRows.reduce<number | null>((sum, r) => (dealValueOf(r) === null ? sum : (sum ?? 0) + dealValueOf(r)!), null),
    paidPaise: Number(paidRows[0]?.paid ?? 0),
  };
}

/** Members named as staff know them ("Name (address)"), by the addresses the trail recorded. */
async function memberNames(emails: readonly (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(emails.filter((e): e is string => Boolean(e)))];
  if (wanted.length === 0) return new Map();
  const rows = await db().select({ name: users.name, email: users.email }).from(users).where(inArray(users.email, wanted));
  return new Map(rows.map((r) => [r.email, memberLabel(r.name, r.email)]));
}

const LEAD_HREF = (id: string) => dashboardHref("leads", { edit: id });
const MESSAGE_HREF = (id: string) => dashboardHref("messages", { edit: id });
const iso = (value: Date | string) => new Date(value).toISOString();
const clip = (text: string | null | undefined, length = 200) => (text && text.length > length ? `${text.slice(0, length)}…` : (text ?? undefined));

/** What an activity row about their lead or message says, in a line. */
function describeChange(
  action: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  statusName: (status: unknown) => string = (status) => String(status ?? "—"),
): { title: string; detail?: string } {
  if (action === "create") return { title: "Added by hand" };
  if (action === "delete") return { title: "Deleted" };
  const fields = Object.keys({ ...before, ...after });
  const notes = typeof after?.notes === "string" ? after.notes : undefined;
  if (fields.includes("status")) {
    return { title: `Status: ${statusName(before?.status)} → ${statusName(after?.status)}`, detail: notes ? `Note: ${clip(notes)}` : undefined };
  }
  if (notes !== undefined) return { title: "Note", detail: clip(notes) };
  return { title: `Changed: ${fields.join(", ") || action}` };
}

/**
 * Everything that happened with this person, newest first: each form they sent, each mail the
 * outbox holds for them, the newsletter's sign-up and letters, the changes the team made to their
 * submissions, and what members logged by hand. `viewerId` marks the entries the viewer may edit.
 */
/**
 * A call as the timeline names it (docs/decisions/0077): a time the visitor held but never confirmed
 * was not a booked call, whether it is still held, ran out, or was let go; a confirmed one was.
 */
function callWords(call: Pick<Booking, "status" | "confirmedAt" | "outcome">): { title: string; status: string } {
  const state = callState(call);
  if (!call.confirmedAt) {
    const held = "Held a time for a strategy call on";
    if (state === "held") return { title: held, status: "Held, not yet confirmed" };
    if (state === "released") return { title: held, status: "Released: not confirmed in time" };
    return { title: held, status: "Released before it was confirmed" };
  }
  const booked = "Booked a strategy call for";
  if (state === "cancelled") return { title: booked, status: "Cancelled" };
  return { title: booked, status: call.outcome === "held" ? "Call held" : call.outcome === "no_show" ? "No-show" : "Booked" };
}

export async function personTimeline(emailKey: string, viewerId: string): Promise<TimelineEntry[]> {
  const { leadRows, messageRows, subscriber } = await personRecords(emailKey);
  const entries: TimelineEntry[] = [];
  for (const r of leadRows) {
    const what = [r.service && r.package ? `${r.service}: ${r.package}` : r.service, r.monthlyRevenue].filter(Boolean).join(" · ");
    entries.push({ id: `lead:${r.id}`, at: iso(r.createdAt), kind: "lead", title: "Sent the growth audit form", detail: clip([what, r.growthChallenge].filter(Boolean).join(" — ")), href: LEAD_HREF(r.id) });
  }
  for (const r of messageRows) {
    entries.push({ id: `message:${r.id}`, at: iso(r.createdAt), kind: "message", title: "Sent a contact message", detail: clip(r.message), href: MESSAGE_HREF(r.id) });
  }
  const mails = await db()
    .select({ id: notifications.id, kind: notifications.kind, subject: notifications.subject, status: notifications.status, sentAt: notifications.sentAt, createdAt: notifications.createdAt })
    .from(notifications)
    .where(recipientsInclude(emailKey));
  for (const m of mails) {
    entries.push({ id: `mail:${m.id}`, at: iso(m.sentAt ?? m.createdAt), kind: "mail", title: m.subject, detail: m.status === "sent" ? "Sent" : m.status === "failed" ? "Failed" : "Waiting to be sent" });
  }
  if (subscriber) {
    entries.push({ id: `newsletter:${subscriber.id}:signup`, at: iso(subscriber.createdAt), kind: "newsletter", title: "Signed up for the newsletter", detail: `From: ${subscriber.source}` });
    if (subscriber.confirmedAt) entries.push({ id: `newsletter:${subscriber.id}:confirmed`, at: iso(subscriber.confirmedAt), kind: "newsletter", title: "Confirmed the newsletter sign-up" });
    if (subscriber.unsubscribedAt) entries.push({ id: `newsletter:${subscriber.id}:left`, at: iso(subscriber.unsubscribedAt), kind: "newsletter", title: "Unsubscribed from the newsletter" });
    if (subscriber.suppressedAt) entries.push({ id: `newsletter:${subscriber.id}:suppressed`, at: iso(subscriber.suppressedAt), kind: "newsletter", title: "Newsletter stopped", detail: subscriber.suppressedReason ?? undefined });
    const letters = await db()
      .select({ id: newsletterRecipients.id, status: newsletterRecipients.status, sentAt: newsletterRecipients.sentAt, createdAt: newsletterRecipients.createdAt, subject: newsletterSends.subject })
      .from(newsletterRecipients)
      .innerJoin(newsletterSends, eq(newsletterSends.id, newsletterRecipients.sendId))
      .where(eq(newsletterRecipients.subscriberId, subscriber.id));
    for (const l of letters) entries.push({ id: `letter:${l.id}`, at: iso(l.sentAt ?? l.createdAt), kind: "letter", title: l.subject, detail: l.status });
  }
  const refs = [...leadRows.map((r) => ({ table: "leads", id: r.id })), ...messageRows.map((r) => ({ table: "contact_messages", id: r.id }))];
  if (refs.length > 0) {
    const changes = await db()
      .select()
      .from(activityEvents)
      .where(sql`(${activityEvents.tableName}, ${activityEvents.recordId}) in (${sql.join(
        refs.map((r) => sql`(${r.table}::text, ${r.id}::text)`),
        sql`, `,
      )})`);
    // Statuses by the names the dashboard shows (a stage's name, a message's label), members by name.
    const stageNames = new Map((await stagesIn()).map((st) => [st.key, st.name]));
    const byEmail = await memberNames(changes.map((c) => c.email));
    for (const c of changes) {
      const statusName = (status: unknown) =>
        status === null || status === undefined
          ? "—"
          : c.tableName === "leads"
            ? (stageNames.get(String(status)) ?? String(status))
            : (MESSAGE_STATUS_LABELS[String(status) as keyof typeof MESSAGE_STATUS_LABELS] ?? String(status));
      const { title, detail } = describeChange(c.action, c.before ?? null, c.after ?? null, statusName);
      const href = c.tableName === "leads" ? LEAD_HREF(c.recordId!) : MESSAGE_HREF(c.recordId!);
      entries.push({ id: `activity:${c.id}`, at: iso(c.at), kind: "activity", title, detail, by: c.email ? (byEmail.get(c.email) ?? c.email) : c.email, href });
    }
  }
  const logged = await db()
    .select({ row: personInteractions, member: users.email, memberName: users.name })
    .from(personInteractions)
    .leftJoin(users, eq(users.id, personInteractions.memberId))
    .where(eq(personInteractions.emailKey, emailKey));
  for (const { row, member: memberEmail, memberName } of logged) {
    const member = memberEmail ? memberLabel(memberName, memberEmail) : memberEmail;
    entries.push({
      id: `interaction:${row.id}`,
      at: iso(row.occurredAt),
      kind: "interaction",
      title: INTERACTION_KIND_LABELS[row.kind],
      detail: row.summary,
      by: member,
      interaction: { id: row.id, kind: row.kind, occurredAt: iso(row.occurredAt), summary: row.summary, mine: row.memberId !== null && row.memberId === viewerId },
    });
  }
  const calls = await db()
    .select({ row: bookings, host: users.name })
    .from(bookings)
    .leftJoin(users, eq(users.id, bookings.hostId))
    .where(sql`lower(${bookings.email}) = ${emailKey}`);
  for (const { row, host } of calls) {
    const { title, status } = callWords(row);
    entries.push({
      id: `booking:${row.id}`,
      at: iso(row.createdAt),
      kind: "booking",
      title: `${title} ${formatCallTime(row.startsAt, SITE_TIME_ZONE)}`,
      detail: [status, host ? `with ${host}` : undefined, clip(row.topic)].filter(Boolean).join(" · "),
      href: dashboardHref("booking"),
    });
  }
  return entries.sort((a, b) => (a.at === b.at ? (a.id < b.id ? 1 : -1) : a.at < b.at ? 1 : -1));
}

// ---- Logged interactions ------------------------------------------------------------------------

type Actor = { id: string; email: string };
const interactionSnapshot = (row: PersonInteraction) => ({ kind: row.kind, occurredAt: row.occurredAt, summary: row.summary });

export async function createInteraction(emailKey: string, input: Omit<InteractionInput, "person">, actor: Actor): Promise<PersonInteraction> {
  return db().transaction(async (tx) => {
    const [row] = await tx
      .insert(personInteractions)
      .values({ emailKey, kind: input.kind, occurredAt: input.occurredAt, summary: input.summary, memberId: actor.id })
      .returning();
    await recordActivity({ action: "person.interaction-create", table: "person_interactions", recordId: row!.id, after: interactionSnapshot(row!) }, tx);
    return row!;
  });
}

export type OwnChange = { ok: true } | { ok: false; reason: "missing" | "not-yours" };

/** The entry, locked for the change, when it is on this person and the actor logged it; otherwise why not. */
async function lockOwnInteraction(tx: Transaction, emailKey: string, id: string, actor: Actor): Promise<PersonInteraction | Extract<OwnChange, { ok: false }>> {
  const [row] = await tx
    .select()
    .from(personInteractions)
    .where(and(eq(personInteractions.id, id), eq(personInteractions.emailKey, emailKey)))
    .for("update");
  if (!row) return { ok: false, reason: "missing" };
  if (row.memberId !== actor.id) return { ok: false, reason: "not-yours" };
  return row;
}

/** Changes an entry the actor logged, on this person; another member's entry is refused and left as it was. */
export async function updateOwnInteraction(emailKey: string, id: string, input: Omit<InteractionInput, "person">, actor: Actor): Promise<OwnChange> {
  return db().transaction(async (tx) => {
    const row = await lockOwnInteraction(tx, emailKey, id, actor);
    if ("ok" in row) return row;
    const [updated] = await tx
      .update(personInteractions)
      .set({ kind: input.kind, occurredAt: input.occurredAt, summary: input.summary })
      .where(eq(personInteractions.id, id))
      .returning();
    await recordActivity({ action: "person.interaction-update", table: "person_interactions", recordId: id, before: interactionSnapshot(row), after: interactionSnapshot(updated!) }, tx);
    return { ok: true };
  });
}

export async function deleteOwnInteraction(emailKey: string, id: string, actor: Actor): Promise<OwnChange> {
  return db().transaction(async (tx) => {
    const row = await lockOwnInteraction(tx, emailKey, id, actor);
    if ("ok" in row) return row;
    await tx.delete(personInteractions).where(eq(personInteractions.id, id));
    await recordActivity({ action: "person.interaction-delete", table: "person_interactions", recordId: id, before: interactionSnapshot(row) }, tx);
    return { ok: true };
  });
}

// ---- Export ---------------------------------------------------------------------------------------

/** Every row that names the person, by table (their right of access): what the export writes out. */
export interface PersonData {
  leads: Record<string, unknown>[];
  contact_messages: Record<string, unknown>[];
  spam_submissions: Record<string, unknown>[];
  notifications: Record<string, unknown>[];
  newsletter_subscribers: Record<string, unknown>[];
  newsletter_recipients: Record<string, unknown>[];
  newsletter_clicks: Record<string, unknown>[];
  person_interactions: Record<string, unknown>[];
  bookings: Record<string, unknown>[];
  /** Webhook deliveries carrying a copy of their lead or message (docs/decisions/0078: every place erasure looks). */
  webhook_deliveries: Record<string, unknown>[];
  analytics_lead_visits: Record<string, unknown>[];
  acknowledged_senders: Record<string, unknown>[];
  audit_events: Record<string, unknown>[];
}

export async function personData(emailKey: string): Promise<PersonData> {
  const { leadRows, messageRows, subscriber } = await personRecords(emailKey);
  const leadIds = leadRows.map((r) => r.id);
  const messageIds = messageRows.map((r) => r.id);
  const [spam, mails, { recipients, clicks }, interactions, calls] = await Promise.all([
    db()
      .select()
      .from(spamSubmissions)
      .where(sql`lower(${spamSubmissions.email}) = ${emailKey}`)
      .orderBy(asc(spamSubmissions.createdAt)),
    db()
      .select()
      .from(notifications)
      .where(
        sql`${recipientsInclude(emailKey)}
          or ${leadIds.length ? inArray(notifications.leadId, leadIds) : sql`false`}
          or ${messageIds.length ? inArray(notifications.contactMessageId, messageIds) : sql`false`}`,
      )
      .orderBy(asc(notifications.createdAt)),
    subscriber ? subscriberSendRows(subscriber.id) : { recipients: [], clicks: [] },
    db().select().from(personInteractions).where(eq(personInteractions.emailKey, emailKey)).orderBy(asc(personInteractions.occurredAt)),
    db().select().from(bookings).where(sql`lower(${bookings.email}) = ${emailKey}`).orderBy(asc(bookings.createdAt)),
  ]);
  const refs = [
    ...leadIds.map((id) => ({ table: "leads", id })),
    ...messageIds.map((id) => ({ table: "contact_messages", id })),
    ...interactions.map((r) => ({ table: "person_interactions", id: r.id })),
    ...calls.map((r) => ({ table: "bookings", id: r.id })),
    ...(subscriber ? [{ table: "newsletter_subscribers", id: subscriber.id }] : []),
    { table: PEOPLE_TABLE, id: personKey(emailKey) },
  ];
  const activity = await db()
    .select()
    .from(activityEvents)
    .where(sql`(${activityEvents.tableName}, ${activityEvents.recordId}) in (${sql.join(
      refs.map((r) => sql`(${r.table}::text, ${r.id}::text)`),
      sql`, `,
    )})`)
    .orderBy(asc(activityEvents.at));
  return {
    leads: leadRows.reverse(),
    contact_messages: messageRows.reverse(),
    spam_submissions: spam,
    notifications: mails,
    newsletter_subscribers: subscriber ? [subscriber] : [],
    newsletter_recipients: recipients,
    newsletter_clicks: clicks,
    person_interactions: interactions,
    bookings: calls,
    ...(await deliveryVisitAndAcknowledgementRows(emailKey, leadIds, messageIds)),
    audit_events: activity,
  };
}

/** The rows of the three tables the erasure clears by record or mailbox (src/server/people/data/person-erase.ts), for the export. */
async function deliveryVisitAndAcknowledgementRows(emailKey: string, leadIds: string[], messageIds: string[]) {
  const refs = [...leadIds.map((id) => ["leads", id]), ...messageIds.map((id) => ["contact_messages", id])];
  const byRecord = refs.length
    ? sql`(${webhookDeliveries.recordTable}, ${webhookDeliveries.recordId}) in (${sql.join(
        refs.map(([table, id]) => sql`(${table}::text, ${id}::text)`),
        sql`, `,
      )})`
    : sql`false`;
  const [deliveries, visits, acknowledged] = await Promise.all([
    db()
      .select()
      .from(webhookDeliveries)
      .where(sql`${byRecord} or strpos(lower(${webhookDeliveries.payload}::text), ${emailKey}::text) > 0`)
      .orderBy(asc(webhookDeliveries.id)),
    leadIds.length ? db().select().from(analyticsLeadVisits).where(inArray(analyticsLeadVisits.leadId, leadIds)) : Promise.resolve([]),
    db()
      .select()
      .from(acknowledgedSenders)
      .where(inArray(acknowledgedSenders.email, [...new Set([emailKey, mailboxKey(emailKey)])])),
  ]);
  return { webhook_deliveries: deliveries, analytics_lead_visits: visits, acknowledged_senders: acknowledged };
}

/** The export's activity row: which person (by key, never the address), the format and how many rows. */
export async function recordPersonExport(emailKey: string, format: "json" | "csv", rows: number): Promise<void> {
  await recordActivity({ action: "person.export", table: PEOPLE_TABLE, recordId: personKey(emailKey), after: { format, rows } });
}

// ---- Finding a person -----------------------------------------------------------------------------

export interface PersonListItem {
  key: string;
  email: string;
  name: string | null;
  submissions: number;
  lastAt: string;
}

/** The most people the People screen lists at once. */
export const PEOPLE_LIST_LIMIT = 50;

/**
 * People who sent a form, newest first, or those whose address or name contains `q`: the People
 * screen's list (each links to the person's page by key).
 */
export async function listPeople(q: string | undefined): Promise<PersonListItem[]> {
  const like = q ? `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const found = await db().execute<{ key: string; email: string; name: string | null; submissions: number | string; last_at: Date | string }>(sql`
    select key, (array_agg(email order by created_at desc))[1] as email, (array_agg(name order by created_at desc))[1] as name,
        count(*) as submissions, max(created_at) as last_at
      from (
        select lower(email) as key, email, name, created_at from ${leads}
        union all select lower(email), email, name, created_at from ${contactMessages}
      ) submissions
      ${like ? sql`where key like ${like} or lower(name) like ${like}` : sql``}
      group by key order by max(created_at) desc limit ${PEOPLE_LIST_LIMIT}`);
  return found.rows.map((r) => ({ key: personKey(r.key), email: r.email, name: r.name, submissions: Number(r.submissions), lastAt: iso(r.last_at) }));
}
