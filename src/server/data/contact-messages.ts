import "server-only";
import { and, desc, eq } from "drizzle-orm";
import type { AdminMessageData } from "@/lib/schemas/admin";
import type { ContactFormData } from "@/lib/schemas/lead-forms";
import { requireAdmin } from "../auth-guard";
import { db } from "../db/client";
import { MESSAGE_STATUSES, contactMessages, type Attribution, type ContactMessage, type MessageStatus } from "../db/schema";
import { env } from "../env";
import { headerSafe } from "../mail";
import { leadNotification } from "../notify";
import { countWhere, listPage, searchWhere, type ListParams, type ListResult } from "./admin-list";
import { storeSubmission, type CountedLimit, type CreatedRow, type RateLimited } from "./submissions";

/**
 * Stores a contact message and its notification in one statement; a repeated key stores nothing.
 * With a rate limit, the submission is counted in the same statement and stored only within it.
 */
export function createContactMessage(data: ContactFormData, attribution: Attribution, submissionKey: string | null): Promise<CreatedRow>;
export function createContactMessage(
  data: ContactFormData,
  attribution: Attribution,
  submissionKey: string | null,
  rateLimit: CountedLimit,
): Promise<CreatedRow | RateLimited>;
export function createContactMessage(data: ContactFormData, attribution: Attribution, submissionKey: string | null, rateLimit?: CountedLimit) {
  const body = leadNotification(
    "contact",
    [
      ["Name", data.name],
      ["Email", data.email],
      ["Mobile", data.mobileNumber],
      ["Company", data.company],
      ["Message", data.message],
    ],
    attribution,
    "/admin?tab=messages",
  );
  return storeSubmission({
    table: contactMessages,
    columns: { name: data.name, email: data.email, mobile_number: data.mobileNumber, company: data.company, message: data.message },
    attribution,
    submissionKey,
    mail: {
      kind: "contact",
      recipients: env().NOTIFY_EMAILS,
      subject: `New contact message from ${headerSafe(data.name, 80)}${data.company ? ` (${headerSafe(data.company, 80)})` : ""}`,
      text: body.text,
      html: body.html,
      replyTo: data.email,
    },
    rateLimit,
  });
}

// ---- Admin (every function checks the admin role itself: GUIDE rule 2) -------------------------

const MESSAGE_SEARCH = [contactMessages.name, contactMessages.email, contactMessages.mobileNumber, contactMessages.company, contactMessages.message, contactMessages.notes];
const MESSAGE_SORTS = { created_at: contactMessages.createdAt, name: contactMessages.name, email: contactMessages.email, company: contactMessages.company, status: contactMessages.status };

function messageFilters(params: ListParams) {
  const status = MESSAGE_STATUSES.find((s) => s === params.status);
  return [searchWhere(params.q, MESSAGE_SEARCH), status ? eq(contactMessages.status, status) : undefined];
}

export async function listMessagesForAdmin(params: ListParams): Promise<ListResult<ContactMessage>> {
  await requireAdmin();
  return listPage<ContactMessage>({ table: contactMessages, where: messageFilters(params), sortable: MESSAGE_SORTS, defaultSort: "created_at", params });
}

export async function countMessagesForAdmin(params: ListParams): Promise<number> {
  await requireAdmin();
  return countWhere(contactMessages, and(...messageFilters(params)));
}

export async function exportMessages(params: ListParams, limit = 50_000): Promise<ContactMessage[]> {
  await requireAdmin();
  return db().select().from(contactMessages).where(and(...messageFilters(params))).orderBy(desc(contactMessages.createdAt)).limit(limit);
}

export async function createMessageByAdmin(data: AdminMessageData): Promise<string> {
  await requireAdmin();
  const [row] = await db().insert(contactMessages).values(data).returning({ id: contactMessages.id });
  return row!.id;
}

export async function updateMessage(id: string, data: AdminMessageData): Promise<boolean> {
  await requireAdmin();
  const rows = await db().update(contactMessages).set(data).where(eq(contactMessages.id, id)).returning({ id: contactMessages.id });
  return rows.length === 1;
}

export async function setMessageStatus(id: string, status: MessageStatus): Promise<boolean> {
  await requireAdmin();
  const rows = await db().update(contactMessages).set({ status }).where(eq(contactMessages.id, id)).returning({ id: contactMessages.id });
  return rows.length === 1;
}

export async function deleteMessage(id: string): Promise<boolean> {
  await requireAdmin();
  const rows = await db().delete(contactMessages).where(eq(contactMessages.id, id)).returning({ id: contactMessages.id });
  return rows.length === 1;
}
