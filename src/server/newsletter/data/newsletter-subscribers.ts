import "server-only";
import { and, arrayContains, asc, desc, eq, ilike, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { SubscriberSource, SubscriberStatus } from "@/lib/newsletter";
import { recordActivity } from "../../kernel/activity/activity";
import { db, type Executor, type Transaction } from "../../kernel/db/client";
import { enqueueWebhookEvent } from "../../kernel/events/events";
import { newsletterClicks, newsletterRecipients, newsletterSubscribers, notifications, type NewsletterSubscriber } from "../../kernel/db/schema";
import { enqueueMail, type MailInput } from "../../kernel/mail/mail";
import { mailboxHash } from "../../kernel/mail/mailbox";
import { countEventSql } from "../../kernel/db/rate-limit";

// The newsletter's list (docs/newsletter.md, "Subscribing"; docs/decisions/0064): sign-ups, the
// confirmation, the preferences page's changes, the expiry of unconfirmed sign-ups, and the
// dashboard's list, export and erasure. Roles are checked by the callers (src/server/newsletter/).

/** The mail kind of a confirmation request: what erasure looks for in the outbox. */
export const CONFIRMATION_MAIL_KIND = "newsletter-confirm";

export interface SignUp {
  email: string;
  topics: string[];
  source: SubscriberSource;
  leadId?: string | null;
  contactMessageId?: string | null;
}

/** What a sign-up did; the visitor is told the same whatever it is (docs/decisions/0064). */
export type SignUpOutcome = "created" | "resent" | "pending-unchanged" | "resubscribed" | "already-confirmed" | "suppressed";

/** Confirmation requests a mailbox gets in a day: one, whatever spelling (+tags, Gmail's dots, case) asks. */
export const CONFIRMATIONS_PER_MAILBOX_DAY = 1;

/**
 * Whether the mailbox `email` reaches (+tags and Gmail's dots folded, as the forms' acknowledgements
 * count them, docs/decisions/0042) may get a confirmation request now: counted in the sign-up's
 * transaction under a hashed key, one a day. Over it the sign-up is still stored (pending) and the
 * visitor told the same, but no mail goes: many spellings cannot aim requests at one inbox.
 */
async function mailboxAllowsConfirmation(tx: Executor, email: string, now: Date): Promise<boolean> {
  const rule = { limit: CONFIRMATIONS_PER_MAILBOX_DAY, windowMs: 24 * 60 * 60_000 };
  const rows = await tx.execute<{ count: number | string; window_start: string | Date }>(countEventSql(`newsletter-confirm:${mailboxHash(email)}`, rule, now));
  return Number(rows.rows[0]!.count) <= rule.limit;
}

/**
 * One sign-up, in one transaction with its confirmation mail: the row is inserted once per address
 * (the unique `email_key`; requests at once wait on it and then find the row), then locked and
 * decided on by its state. `mail` builds the confirmation for the row as it will be stored.
 */
export async function signUpSubscriber(
  input: SignUp,
  resendAfterMs: number,
  mail: (row: NewsletterSubscriber) => MailInput,
  now = new Date(),
): Promise<SignUpOutcome> {
  return db().transaction(async (tx) => {
    const key = input.email.trim().toLowerCase();
    const [created] = await tx
      .insert(newsletterSubscribers)
      .values({
        email: input.email.trim(),
        emailKey: key,
        topics: input.topics,
        source: input.source,
        leadId: input.leadId ?? null,
        contactMessageId: input.contactMessageId ?? null,
        confirmationSentAt: now,
      })
      .onConflictDoNothing({ target: newsletterSubscribers.emailKey })
      .returning();
    if (created) {
      if (await mailboxAllowsConfirmation(tx, created.email, now)) await enqueueMail(tx, mail(created));
      return "created";
    }
    const [row] = await tx.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.emailKey, key)).for("update");
    if (!row) throw new Error("newsletter sign-up neither stored nor found");
    switch (row.status) {
      case "confirmed":
        return "already-confirmed";
      case "suppressed":
        return "suppressed";
      case "pending": {
        const due = now.getTime() - row.confirmationSentAt.getTime() >= resendAfterMs;
        const [updated] = await tx
          .update(newsletterSubscribers)
          .set({ topics: input.topics, ...(due ? { confirmationSentAt: now } : {}), updatedAt: now })
          .where(eq(newsletterSubscribers.id, row.id))
          .returning();
        if (!due) return "pending-unchanged";
        if (await mailboxAllowsConfirmation(tx, updated!.email, now)) await enqueueMail(tx, mail(updated!));
        return "resent";
      }
      case "unsubscribed": {
        // Back to pending with new links: every link sent before (a forwarded preferences link) is void.
        const [updated] = await tx
          .update(newsletterSubscribers)
          .set({
            status: "pending",
            topics: input.topics,
            paused: false,
            source: input.source,
            tokenVersion: sql`${newsletterSubscribers.tokenVersion} + 1`,
            confirmationSentAt: now,
            confirmedAt: null,
            unsubscribedAt: null,
            updatedAt: now,
          })
          .where(eq(newsletterSubscribers.id, row.id))
          .returning();
        if (await mailboxAllowsConfirmation(tx, updated!.email, now)) await enqueueMail(tx, mail(updated!));
        return "resubscribed";
      }
    }
  });
}

export type ConfirmOutcome = { kind: "confirmed" | "already"; row: NewsletterSubscriber } | { kind: "invalid" };

/** Confirms a pending row named by a confirmation link of its current version. */
export async function confirmSubscriber(id: string, tokenVersion: number, now = new Date()): Promise<ConfirmOutcome> {
  // The confirmed sign-up is a webhook event (newsletter.subscribed), queued in the confirmation's transaction.
  const [row] = await db().transaction(async (tx) => {
    const rows = await tx
      .update(newsletterSubscribers)
      .set({ status: "confirmed", confirmedAt: now, updatedAt: now })
      .where(and(eq(newsletterSubscribers.id, id), eq(newsletterSubscribers.tokenVersion, tokenVersion), eq(newsletterSubscribers.status, "pending")))
      .returning();
    if (rows[0]) await enqueueWebhookEvent(tx, "newsletter.subscribed", "newsletter_subscribers", rows[0].id, rows[0]);
    return rows;
  });
  if (row) return { kind: "confirmed", row };
  const current = await subscriberByToken(id, tokenVersion);
  // Two clicks (or a reload) of the same link: the second finds it confirmed, which is what it asked.
  if (current?.status === "confirmed") return { kind: "already", row: current };
  return { kind: "invalid" };
}

/** The row a link names, if the link's version is still the row's. */
export async function subscriberByToken(id: string, tokenVersion: number): Promise<NewsletterSubscriber | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db()
    .select()
    .from(newsletterSubscribers)
    .where(and(eq(newsletterSubscribers.id, id), eq(newsletterSubscribers.tokenVersion, tokenVersion)));
  return row;
}

export type PreferenceChange = { topics: string[] } | { paused: boolean } | { unsubscribe: true };

/**
 * A change from the preferences page, only on a row the link's version still names and that is on
 * the list (pending or confirmed): an unsubscribed or suppressed row is left as it is.
 */
export async function changePreferences(id: string, tokenVersion: number, change: PreferenceChange, now = new Date()): Promise<NewsletterSubscriber | undefined> {
  if (!isUuid(id)) return undefined;
  const set =
    "unsubscribe" in change
      ? { status: "unsubscribed" as const, unsubscribedAt: now, paused: false }
      : "paused" in change
        ? { paused: change.paused }
        : { topics: change.topics };
  const [row] = await db()
    .update(newsletterSubscribers)
    .set({ ...set, updatedAt: now })
    .where(
      and(
        eq(newsletterSubscribers.id, id),
        eq(newsletterSubscribers.tokenVersion, tokenVersion),
        inArray(newsletterSubscribers.status, ["pending", "confirmed"]),
      ),
    )
    .returning();
  return row;
}

/** Deletes the sign-ups left unconfirmed for `days` (their confirmation asked for that long ago). Returns how many. */
export async function deleteStalePending(days: number, executor: Executor = db(), now = new Date()): Promise<number> {
  const floor = new Date(now.getTime() - days * 86_400_000);
  const removed = await executor
    .delete(newsletterSubscribers)
    .where(and(eq(newsletterSubscribers.status, "pending"), lt(newsletterSubscribers.confirmationSentAt, floor)))
    .returning({ id: newsletterSubscribers.id });
  return removed.length;
}

// ---------------------------------------------------------------------------------------------
// The dashboard's list (src/app/admin/(dashboard)/newsletter/subscribers)
// ---------------------------------------------------------------------------------------------

export interface SubscriberFilter {
  q?: string;
  topic?: string;
  status?: SubscriberStatus;
}

export const SUBSCRIBERS_PAGE_SIZE = 50;

function filterWhere(filter: SubscriberFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.q) parts.push(ilike(newsletterSubscribers.emailKey, `%${filter.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  if (filter.status) parts.push(eq(newsletterSubscribers.status, filter.status));
  // "Every topic" (an empty list) receives a letter of any topic, so it is listed under each one.
  if (filter.topic) parts.push(sql`(${arrayContains(newsletterSubscribers.topics, [filter.topic])} or ${newsletterSubscribers.topics} = '{}'::text[])`);
  return parts.length ? and(...parts) : undefined;
}

export async function listSubscribers(filter: SubscriberFilter, page: number): Promise<{ rows: NewsletterSubscriber[]; total: number }> {
  const where = filterWhere(filter);
  const [rows, [count]] = await Promise.all([
    db()
      .select()
      .from(newsletterSubscribers)
      .where(where)
      .orderBy(desc(newsletterSubscribers.createdAt), asc(newsletterSubscribers.id))
      .limit(SUBSCRIBERS_PAGE_SIZE)
      .offset(Math.max(0, page - 1) * SUBSCRIBERS_PAGE_SIZE),
    db().select({ n: sql<number>`count(*)::int` }).from(newsletterSubscribers).where(where),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** Every row of the filter, for the CSV export. */
export async function exportSubscribers(filter: SubscriberFilter): Promise<NewsletterSubscriber[]> {
  return db().select().from(newsletterSubscribers).where(filterWhere(filter)).orderBy(desc(newsletterSubscribers.createdAt), asc(newsletterSubscribers.id));
}

export async function subscriberById(id: string): Promise<NewsletterSubscriber | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, id));
  return row;
}

/** One person's data (their right of access): their row, every copy of a send made for them, every click of theirs. */
export async function subscriberData(id: string) {
  const subscriber = await subscriberById(id);
  if (!subscriber) return undefined;
  return { subscriber, ...(await subscriberSendRows(id)) };
}

/** Every copy of a send made for a subscriber, and every click of theirs: what their export holds besides their row. */
export async function subscriberSendRows(id: string) {
  const recipients = await db().select().from(newsletterRecipients).where(eq(newsletterRecipients.subscriberId, id)).orderBy(asc(newsletterRecipients.id));
  const clicks = recipients.length
    ? await db()
        .select()
        .from(newsletterClicks)
        .where(
          inArray(
            newsletterClicks.recipientId,
            recipients.map((r) => r.id),
          ),
        )
    : [];
  return { recipients, clicks };
}

/** Removes a subscriber (their sends' copies and clicks go with it, by the foreign keys' cascade), recorded with the row. */
export async function deleteSubscriberRow(id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  return db().transaction(async (tx) => {
    const [gone] = await tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.id, id)).returning();
    if (!gone) return false;
    await recordActivity(
      { action: "newsletter.subscriber-delete", table: "newsletter_subscribers", recordId: id, before: { email: gone.email, status: gone.status, source: gone.source } },
      tx,
    );
    return true;
  });
}

/**
 * Erasure (docs/decisions/0064): the row, by cascade every copy of a send and every click of theirs,
 * and the confirmation mails still in the outbox, in one transaction; the activity row says that an
 * address was erased and how much went with it, never the address or the row's id.
 */
export async function eraseSubscriberRow(id: string): Promise<{ recipients: number; clicks: number } | undefined> {
  if (!isUuid(id)) return undefined;
  return db().transaction(async (tx) => {
    const [row] = await tx.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, id)).for("update");
    if (!row) return undefined;
    const counts = await eraseSubscriberIn(tx, row);
    await recordActivity({ action: "newsletter.subscriber-erase", table: "newsletter_subscribers", after: { erased: "an address", ...counts } }, tx);
    return counts;
  });
}

/**
 * The erasure's writes inside the caller's transaction, the row already locked by it: the row, its
 * copies and clicks (by cascade) and its confirmation mails. A person's erasure (data/person-erase.ts)
 * runs it as one of its steps.
 */
export async function eraseSubscriberIn(tx: Transaction, row: NewsletterSubscriber): Promise<{ recipients: number; clicks: number }> {
  const counts = await erasureCounts(tx, row.id);
  await tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.id, row.id));
  await tx
    .delete(notifications)
    .where(and(eq(notifications.kind, CONFIRMATION_MAIL_KIND), sql`${row.emailKey}::text = any(array(select lower(r) from unnest(${notifications.recipients}) as r))`));
  return counts;
}

async function erasureCounts(tx: Transaction, id: string): Promise<{ recipients: number; clicks: number }> {
  const [counts] = (
    await tx.execute<{ recipients: number; clicks: number }>(
      sql`select (select count(*)::int from ${newsletterRecipients} where subscriber_id = ${id}) as recipients,
        (select count(*)::int from ${newsletterClicks} c join ${newsletterRecipients} r on r.id = c.recipient_id where r.subscriber_id = ${id}) as clicks`,
    )
  ).rows;
  return { recipients: Number(counts?.recipients ?? 0), clicks: Number(counts?.clicks ?? 0) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
function isUuid(id: string): boolean {
  return UUID.test(id);
}
