import "server-only";
import type { Executor } from "../db/client";
import { insertWebhookDeliveries, type QueuedEvent } from "./data/webhook-outbox";
import { env } from "../env";
import { dashboardHref } from "@/lib/routes";
import { dealValueWithSource } from "@/lib/deal-value";
import type { WebhookEvent } from "@/lib/webhooks";

// The site's webhook events (docs/integrations.md lists them with their payloads) and the one place
// that turns a change into them. Every event is queued, with its delivery jobs (docs/decisions/0093),
// in the transaction of the change (docs/decisions/0057): the dashboard's writes through the activity trail, which every one of them
// writes in its transaction (src/server/kernel/activity/activity.ts calls `queueEventsForChanges`); the
// public forms in their one statement (src/server/leads/data/submissions.ts); scheduled publishing in its
// flip's transaction. Code that writes another way (a REST API) calls `enqueueWebhookEvent` in its
// own transaction, after locking the record's row, so that events of one record are numbered in
// the order their changes committed.

/** The tables that have events, and the name their events carry. */
const SUBJECTS = {
  leads: "lead",
  contact_messages: "message",
  blog_posts: "post",
  case_studies: "case_study",
  testimonials: "testimonial",
} as const;
type SubjectTable = keyof typeof SUBJECTS;

/** The fields an event's `data` carries, per table: what a CRM or a chat needs, never internal ids of accounts. */
const FIELDS: Record<SubjectTable, readonly string[]> = {
  leads: [
    "id",
    "name",
    "email",
    "mobileNumber",
    "websiteUrl",
    "monthlyRevenue",
    "growthChallenge",
    "service",
    "package",
    "status",
    "followUpOn",
    "dealValue",
    "expectedCloseOn",
    "attribution",
    "createdAt",
    "updatedAt",
  ],
  contact_messages: ["id", "name", "email", "mobileNumber", "company", "message", "status", "followUpOn", "attribution", "createdAt", "updatedAt"],
  blog_posts: [
    "id",
    "title",
    "slug",
    "excerpt",
    "authorName",
    "featuredImageUrl",
    "tags",
    "published",
    "featured",
    "hiddenFromSearch",
    "createdAt",
    "updatedAt",
  ],
  case_studies: [
    "id",
    "title",
    "companyName",
    "industry",
    "challenge",
    "solution",
    "results",
    "featured",
    "imageUrl",
    "metrics",
    "timeframe",
    "services",
    "journey",
    "testimonialQuote",
    "testimonialAuthor",
    "createdAt",
    "updatedAt",
  ],
  testimonials: ["id", "clientName", "company", "role", "content", "rating", "featured", "imageUrl", "createdAt", "updatedAt"],
};

const isSubject = (table: string | null | undefined): table is SubjectTable => Boolean(table && table in SUBJECTS);

/**
 * Tables whose events are queued by name where the change is made (a booking by the visitor's or a
 * member's action, a sign-up by its confirmation link), never from the activity trail. No account
 * ids: a call says its member by name only.
 */
const NAMED_FIELDS: Record<"bookings" | "newsletter_subscribers" | "experiments" | "proposals" | "invoices", readonly string[]> = {
  bookings: [
    "id",
    "startsAt",
    "endsAt",
    "name",
    "email",
    "phone",
    "company",
    "topic",
    "timeZone",
    "status",
    "hostName",
    "leadId",
    "cancelledAt",
    "createdAt",
    "updatedAt",
  ],
  newsletter_subscribers: ["id", "email", "topics", "source", "status", "confirmedAt", "createdAt", "updatedAt"],
  // An experiment stopped: what it tested and, worked out in the stop's transaction, its results.
  experiments: ["id", "key", "name", "target", "goal", "status", "trafficPercent", "minDays", "variants", "startedAt", "stoppedAt", "results"],
  // A proposal's figures in paise; the client by the name they typed, never their address or browser.
  proposals: [
    "id",
    "number",
    "version",
    "title",
    "status",
    "leadId",
    "taxablePaise",
    "totalPaise",
    "monthlyTotalPaise",
    "validUntil",
    "acceptedAt",
    "acceptedName",
    "documentSha256",
    "createdAt",
    "updatedAt",
  ],
  // An invoice paid: its number and amounts in paise, and the lead (the deal) it bills; no payer's details.
  invoices: ["id", "number", "issuedAt", "totalPaise", "status", "paidAt", "leadId", "paymentId"],
};
const isNamedTable = (table: string): table is keyof typeof NAMED_FIELDS => table in NAMED_FIELDS;

function plainValue(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (value === undefined) return null;
  return value;
}

/** Where staff open a lead or message in the dashboard: the prefix the record's id is appended to. */
export function dashboardRecordPrefix(table: "leads" | "contact_messages"): string {
  const screen = table === "leads" ? "leads" : "messages";
  return `${env().SITE_URL.replace(/\/$/, "")}${dashboardHref(screen)}?edit=`;
}

/**
 * An event's `data` from a row as the query builder reads it (camelCase keys): the table's fields,
 * dates as ISO text, and the link a person follows (the dashboard for a lead or message, the article
 * for a post).
 */
export function webhookData(table: string, row: Record<string, unknown>): Record<string, unknown> {
  const fields = isSubject(table) ? FIELDS[table] : isNamedTable(table) ? NAMED_FIELDS[table] : null;
  if (!fields) return {};
  const data: Record<string, unknown> = {};
  for (const field of fields) if (field in row) data[field] = plainValue(row[field]);
  // A lead's deal value by the one rule (src/lib/deal-value.ts), as the screens and the API show it.
  if (table === "leads" && "dealValue" in row) {
    const value = dealValueWithSource(row as { dealValue?: number | null; service?: string | null; package?: string | null });
    data.dealValue = value?.value ?? null;
    data.dealValueFrom = value?.source ?? null;
  }
  if ((table === "bookings" || table === "proposals") && typeof row.leadId === "string") data.dashboardUrl = `${dashboardRecordPrefix("leads")}${row.leadId}`;
  if ((table === "bookings" || table === "invoices") && typeof row.leadId === "string") data.dashboardUrl = `${dashboardRecordPrefix("leads")}${row.leadId}`;
  if ((table === "leads" || table === "contact_messages") && typeof row.id === "string") data.dashboardUrl = `${dashboardRecordPrefix(table)}${row.id}`;
  if (table === "experiments" && typeof row.id === "string")
    data.dashboardUrl = `${env().SITE_URL.replace(/\/$/, "")}${dashboardHref("experiments")}/${row.id}`;
  if (table === "blog_posts" && typeof row.slug === "string") data.url = `${env().SITE_URL.replace(/\/$/, "")}/blog/${row.slug}`;
  return data;
}

/** A change as the activity trail records it: the row before and after (either may be absent). */
export interface RecordChange {
  action: string;
  table?: string | null;
  recordId?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** The actions of the trail that change a record's content (others, like a preview link, are not events). */
const CHANGE_ACTIONS = new Set(["create", "update", "status", "delete", "revision.restore", "schedule.publish", "schedule.unpublish"]);

/**
 * The events one change makes: created / updated / deleted for the content tables (leads and messages
 * have no deleted event), and for posts only the crossing of "published" (a published post deleted
 * is unpublished).
 */
export function eventsForChange(change: RecordChange): QueuedEvent[] {
  const { table, recordId, before, after } = change;
  if (!isSubject(table) || !recordId || !CHANGE_ACTIONS.has(change.action)) return [];
  const subject = SUBJECTS[table];
  const id = String(recordId);
  const one = (event: WebhookEvent, row: Record<string, unknown>): QueuedEvent[] => [{ event, table, id, data: webhookData(table, { ...row, id }) }];
  if (table === "blog_posts") {
    const was = Boolean(before?.published);
    const is = Boolean(after?.published);
    if (!was && is) return one("post.published", after!);
    if (was && !is) return one("post.unpublished", after ?? before!);
    return [];
  }
  if (!before && after) return one(`${subject}.created` as WebhookEvent, after);
  if (before && after) return one(`${subject}.updated` as WebhookEvent, after);
  if (before && !after && (table === "case_studies" || table === "testimonials")) return one(`${subject}.deleted` as WebhookEvent, before);
  return [];
}

/**
 * Queues the events of changes recorded in the trail, with the trail's executor (the change's
 * transaction). Called by `recordActivityMany` only: every dashboard write passes there.
 */
export async function queueEventsForChanges(changes: readonly RecordChange[], executor?: Executor): Promise<number> {
  const events = changes.flatMap(eventsForChange);
  return events.length === 0 ? 0 : insertWebhookDeliveries(events, executor);
}

/**
 * Queues one event for every endpoint subscribed to it, inside `tx`, the transaction of the change
 * (call it after the write, with the record's row locked or just inserted, so that the events of
 * one record are numbered in commit order). `data` is the record as the query builder reads it;
 * only the event's fields of it are sent. Returns how many deliveries were queued.
 */
export async function enqueueWebhookEvent(tx: Executor, event: WebhookEvent, table: string, id: string, data: Record<string, unknown>): Promise<number> {
  return insertWebhookDeliveries([{ event, table, id, data: webhookData(table, { ...data, id }) }], tx);
}
