import "server-only";
import { eq, inArray, sql } from "drizzle-orm";
import { recordActivity } from "../../kernel/activity/activity";
import { db, type Transaction } from "../../kernel/db/client";
import {
  acknowledgedSenders,
  activityEvents,
  analyticsLeadVisits,
  bookings,
  contactMessages,
  leads,
  newsletterSubscribers,
  notifications,
  personInteractions,
  spamSubmissions,
  users,
  webhookDeliveries,
} from "../../kernel/db/schema";
import { bookingUid, queueCalendarWrite } from "../../booking";
import { mailboxKey } from "../../kernel/mail/mailbox";
import { personKey } from "../../kernel/session/person-key";
import { eraseSubscriberIn } from "../../newsletter";
import { databaseError } from "../../kernel/db/errors";
import { PEOPLE_TABLE } from "./people-rows";

// Erasing a person (docs/decisions/0068): every row that names the address, in one transaction,
// as a list of steps, one per table. Each step may first name the records it holds for the person
// (their ids, read and locked before anything is removed), so that rows elsewhere that point at
// them by id (the outbox, webhook deliveries, the activity trail) are found even when they do not
// spell the address. The activity trail is append-only: its rows are kept and what they say about
// the person is replaced (a database function allows only that, migration 0020).

/** What replaces a personal value in the activity trail. */
export const ERASED = "[erased]";

export interface ErasureTarget {
  /** The address, trimmed and lower-cased. */
  emailKey: string;
  /** The person's records by table, read before the first step: `records.leads` are their leads' ids. */
  records: Record<string, string[]>;
}

export interface ErasureStep {
  /** The table whose rows it removes (its counts are reported under this name unless it says otherwise). */
  table: string;
  /** The ids of the person's rows in `table`, locked for the erasure; the activity trail names them by (table, id). */
  records?: (tx: Transaction, emailKey: string) => Promise<string[]>;
  /** Removes or anonymises the rows; returns how many, by table. */
  erase: (tx: Transaction, target: ErasureTarget) => Promise<Record<string, number>>;
}

const idsOf = (rows: { id: string }[]) => rows.map((r) => r.id);
/** An address anywhere inside a text (any case): position() rather than LIKE, so _ and % are plain characters. */
const mentions = (column: unknown, emailKey: string) => sql`strpos(lower(coalesce(${column}::text, '')), ${emailKey}::text) > 0`;
const anyOf = (ids: string[] | undefined) => ids ?? [];

/**
 * The steps, in the order they run (rows that point at a lead or message go before it).
 */
export const ERASURE_STEPS: ErasureStep[] = [
  {
    table: "newsletter_subscribers",
    records: async (tx, key) => idsOf(await tx.select({ id: newsletterSubscribers.id }).from(newsletterSubscribers).where(eq(newsletterSubscribers.emailKey, key)).for("update")),
    erase: async (tx, t) => {
      const [row] = await tx.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.emailKey, t.emailKey));
      if (!row) return { newsletter_subscribers: 0, newsletter_recipients: 0, newsletter_clicks: 0 };
      const { recipients, clicks } = await eraseSubscriberIn(tx, row);
      return { newsletter_subscribers: 1, newsletter_recipients: recipients, newsletter_clicks: clicks };
    },
  },
  {
    // Mail to them (acknowledgements, newsletter confirmations) and mail about their submissions
    // (the team's notifications carry their name, address and message), sent or waiting.
    table: "notifications",
    erase: async (tx, t) => {
      const gone = await tx
        .delete(notifications)
        .where(
          sql`${t.emailKey}::text = any(array(select lower(btrim(r)) from unnest(${notifications.recipients}) as r))
            or ${anyOf(t.records.leads).length ? inArray(notifications.leadId, anyOf(t.records.leads)) : sql`false`}
            or ${anyOf(t.records.contact_messages).length ? inArray(notifications.contactMessageId, anyOf(t.records.contact_messages)) : sql`false`}
            or lower(btrim(coalesce(${notifications.replyTo}, ''))) = ${t.emailKey}
            or ${mentions(notifications.subject, t.emailKey)} or ${mentions(notifications.textBody, t.emailKey)} or ${mentions(notifications.htmlBody, t.emailKey)}`,
        )
        .returning({ id: notifications.id });
      // Their ids name the outbox folder's files of these mails, removed after the commit (erasePerson).
      t.records.outbox_files = gone.map((row) => row.id);
      return { notifications: gone.length };
    },
  },
  {
    // A webhook's payload is a copy of the lead or message: not sent (or kept) after the erasure.
    table: "webhook_deliveries",
    erase: async (tx, t) => {
      const refs = [...anyOf(t.records.leads).map((id) => ["leads", id]), ...anyOf(t.records.contact_messages).map((id) => ["contact_messages", id])];
      const byRecord = refs.length
        ? sql`(${webhookDeliveries.recordTable}, ${webhookDeliveries.recordId}) in (${sql.join(
            refs.map(([table, id]) => sql`(${table}::text, ${id}::text)`),
            sql`, `,
          )})`
        : sql`false`;
      const gone = await tx
        .delete(webhookDeliveries)
        .where(sql`${byRecord} or ${mentions(webhookDeliveries.payload, t.emailKey)}`)
        .returning({ id: webhookDeliveries.id });
      return { webhook_deliveries: gone.length };
    },
  },
  {
    table: "spam_submissions",
    erase: async (tx, t) => {
      const gone = await tx
        .delete(spamSubmissions)
        .where(sql`lower(btrim(coalesce(${spamSubmissions.email}, ''))) = ${t.emailKey} or ${mentions(spamSubmissions.fields, t.emailKey)}`)
        .returning({ id: spamSubmissions.id });
      return { spam_submissions: gone.length };
    },
  },
  {
    // The once-a-day acknowledgement rule's memory, kept under the mailbox the address reaches.
    table: "acknowledged_senders",
    erase: async (tx, t) => {
      const gone = await tx
        .delete(acknowledgedSenders)
        .where(inArray(acknowledgedSenders.email, [...new Set([t.emailKey, mailboxKey(t.emailKey)])]))
        .returning({ email: acknowledgedSenders.email });
      return { acknowledged_senders: gone.length };
    },
  },
  {
    table: "person_interactions",
    records: async (tx, key) => idsOf(await tx.select({ id: personInteractions.id }).from(personInteractions).where(eq(personInteractions.emailKey, key)).for("update")),
    erase: async (tx, t) => {
      const gone = await tx.delete(personInteractions).where(eq(personInteractions.emailKey, t.emailKey)).returning({ id: personInteractions.id });
      return { person_interactions: gone.length };
    },
  },
  {
    // The visit a lead came from holds no person (pages, channel, source), but it is theirs: it goes with the lead.
    table: "analytics_lead_visits",
    erase: async (tx, t) => {
      const ids = anyOf(t.records.leads);
      if (ids.length === 0) return { analytics_lead_visits: 0 };
      const gone = await tx.delete(analyticsLeadVisits).where(inArray(analyticsLeadVisits.leadId, ids)).returning({ id: analyticsLeadVisits.leadId });
      return { analytics_lead_visits: gone.length };
    },
  },
  {
    // Their strategy calls (name, address, phone, company, topic). A call still in a member's own
    // calendar is taken out of it: the delete is queued in this transaction and replaces any write
    // still pending, so no copy of the event's text stays behind (docs/decisions/0066).
    table: "bookings",
    records: async (tx, key) => idsOf(await tx.select({ id: bookings.id }).from(bookings).where(sql`lower(${bookings.email}) = ${key}`).for("update")),
    erase: async (tx, t) => {
      const ids = anyOf(t.records.bookings);
      if (ids.length === 0) return { bookings: 0 };
      const gone = await tx.delete(bookings).where(inArray(bookings.id, ids)).returning({ id: bookings.id, hostId: bookings.hostId });
      for (const call of gone) {
        if (call.hostId) await queueCalendarWrite({ userId: call.hostId, uid: bookingUid(call), action: "delete", icsText: null }, tx);
      }
      return { bookings: gone.length };
    },
  },
  {
    table: "leads",
    records: async (tx, key) => idsOf(await tx.select({ id: leads.id }).from(leads).where(sql`lower(${leads.email}) = ${key}`).for("update")),
    erase: async (tx, t) => {
      const ids = anyOf(t.records.leads);
      if (ids.length === 0) return { leads: 0 };
      const gone = await tx.delete(leads).where(inArray(leads.id, ids)).returning({ id: leads.id });
      return { leads: gone.length };
    },
  },
  {
    table: "contact_messages",
    records: async (tx, key) => idsOf(await tx.select({ id: contactMessages.id }).from(contactMessages).where(sql`lower(${contactMessages.email}) = ${key}`).for("update")),
    erase: async (tx, t) => {
      const ids = anyOf(t.records.contact_messages);
      if (ids.length === 0) return { contact_messages: 0 };
      const gone = await tx.delete(contactMessages).where(inArray(contactMessages.id, ids)).returning({ id: contactMessages.id });
      return { contact_messages: gone.length };
    },
  },
  {
    table: "audit_events",
    erase: (tx, t) => anonymiseTrail(tx, t),
  },
];

// ---- The activity trail -------------------------------------------------------------------------

/** The tables whose records' trail rows are about the person as a whole (every personal value goes). */
const RECORD_TABLES = ["leads", "contact_messages", "person_interactions", "newsletter_subscribers", "bookings"];
/**
 * Fields of a record's snapshot that describe the team's work, not the person: kept unless they
 * spell the address. Everything else in a snapshot about their record (name, phone, company,
 * message, notes, website, attribution...) becomes "[erased]".
 */
const WORK_FIELDS = new Set(["status", "ownerId", "followUpOn", "firstContactedAt", "service", "package", "kind", "occurredAt", "createdAt", "source", "topics", "paused", "format", "rows"]);

function scrubMentions(value: unknown, emailKey: string): unknown {
  if (typeof value === "string") return value.toLowerCase().includes(emailKey) ? ERASED : value;
  if (Array.isArray(value)) return value.map((v) => scrubMentions(v, emailKey));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubMentions(v, emailKey)]));
  return value;
}

function scrubRecord(snapshot: Record<string, unknown>, emailKey: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(snapshot).map(([k, v]) => [k, v === null ? null : WORK_FIELDS.has(k) ? scrubMentions(v, emailKey) : ERASED]));
}

async function anonymiseTrail(tx: Transaction, t: ErasureTarget): Promise<Record<string, number>> {
  const key = personKey(t.emailKey);
  const refs = RECORD_TABLES.flatMap((table) => anyOf(t.records[table]).map((id) => [table, id] as const));
  const about = refs.length
    ? sql`(${activityEvents.tableName}, ${activityEvents.recordId}) in (${sql.join(
        refs.map(([table, id]) => sql`(${table}::text, ${id}::text)`),
        sql`, `,
      )})`
    : sql`false`;
  const rows = await tx
    .select()
    .from(activityEvents)
    .where(
      sql`${about} or (${activityEvents.tableName} = ${PEOPLE_TABLE} and ${activityEvents.recordId} = ${key})
        or lower(coalesce(${activityEvents.email}, '')) = ${t.emailKey}
        or ${mentions(activityEvents.before, t.emailKey)} or ${mentions(activityEvents.after, t.emailKey)}`,
    );
  const aboutRecord = new Set(refs.map(([table, id]) => `${table}:${id}`));
  const changes = rows.flatMap((row) => {
    const whole = aboutRecord.has(`${row.tableName}:${row.recordId}`);
    const scrub = (snapshot: Record<string, unknown> | null) =>
      snapshot === null ? null : whole ? scrubRecord(snapshot, t.emailKey) : (scrubMentions(snapshot, t.emailKey) as Record<string, unknown>);
    const change = {
      id: row.id,
      // An event without an account that typed their address (a failed sign-in) keeps no address.
      email: row.email && row.email.trim().toLowerCase() === t.emailKey ? null : row.email,
      record_id: row.tableName === PEOPLE_TABLE && row.recordId === key ? null : row.recordId,
      before: scrub(row.before ?? null),
      after: scrub(row.after ?? null),
    };
    const same =
      change.email === row.email &&
      change.record_id === row.recordId &&
      JSON.stringify(change.before) === JSON.stringify(row.before ?? null) &&
      JSON.stringify(change.after) === JSON.stringify(row.after ?? null);
    return same ? [] : [change];
  });
  if (changes.length > 0) await tx.execute(sql`select erase_audit_personal_data(${JSON.stringify(changes)}::jsonb)`);
  return { audit_events: changes.length };
}

// ---- The erasure --------------------------------------------------------------------------------

/** `outboxIds`: the outbox rows removed, whose .eml files (when mail goes to a folder) go next. */
export type ErasureResult = { ok: true; counts: Record<string, number>; outboxIds: string[] } | { ok: false; reason: "nothing" | "member" };

const RETRIED = new Set(["40001", "40P01"]);

/**
 * Erases everything that names the address, in one REPEATABLE READ transaction: every step sees one
 * snapshot, so a submission from the same address committed while it runs is either wholly in it
 * (and erased: its lead, its mails, its trail) or wholly outside it (and kept whole), never split.
 * A conflict with a concurrent write (a mail being marked sent, a second erasure) rolls it back and
 * it runs again, a few times. A team member's own address is refused: removing a member is the
 * Team screen's work.
 */
export async function erasePersonRows(emailKey: string, attempts = 5): Promise<ErasureResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db().transaction(async (tx) => {
        await tx.execute(sql`set transaction isolation level repeatable read`);
        const [member] = await tx
          .select({ id: users.id })
          .from(users)
          .where(sql`lower(btrim(${users.email})) = ${emailKey}`)
          .limit(1);
        if (member) return { ok: false as const, reason: "member" as const };
        const records: Record<string, string[]> = {};
        for (const step of ERASURE_STEPS) if (step.records) records[step.table] = await step.records(tx, emailKey);
        const counts: Record<string, number> = {};
        for (const step of ERASURE_STEPS) Object.assign(counts, await step.erase(tx, { emailKey, records }));
        const total = Object.entries(counts).reduce((sum, [table, n]) => sum + (table === "audit_events" ? 0 : n), 0);
        if (total === 0) return { ok: false as const, reason: "nothing" as const };
        // The one row that says what went: counts by table, no address, no name, no id of theirs.
        await recordActivity({ action: "person.erase", table: PEOPLE_TABLE, after: { erased: "a person", ...counts } }, tx);
        return { ok: true as const, counts, outboxIds: records.outbox_files ?? [] };
      });
    } catch (error) {
      if (attempt >= attempts || !RETRIED.has(databaseError(error)?.code ?? "")) throw error;
    }
  }
}
