import "server-only";
import { randomUUID } from "node:crypto";
import type { ContactFormData } from "@/lib/schemas/lead-forms";
import { contactMessages, type Attribution } from "../../kernel/db/schema";
import { env } from "../../kernel/env";
import { headerSafe } from "../../kernel/mail/mail";
import { acknowledgementMail, leadNotification } from "../../kernel/mail/notify";
import { storeSubmission, type CountedLimit, type CreatedRow, type RateLimited } from "./submissions";
import { dashboardRecordPrefix, webhookData } from "../../kernel/events/events";

/**
 * Stores a contact message and its notification in one statement; a repeated key stores nothing.
 * With a rate limit, the submission is counted in the same statement and stored only within it.
 */
export function createContactMessage(data: ContactFormData, attribution: Attribution, submissionKey: string | null, rateLimit?: undefined, client?: string, visitorId?: string | null): Promise<CreatedRow>;
export function createContactMessage(
  data: ContactFormData,
  attribution: Attribution,
  submissionKey: string | null,
  rateLimit: CountedLimit,
  client?: string,
  visitorId?: string | null,
): Promise<CreatedRow | RateLimited>;
export function createContactMessage(data: ContactFormData, attribution: Attribution, submissionKey: string | null, rateLimit?: CountedLimit, client?: string, visitorId?: string | null) {
  const fields: [string, string | null][] = [
    ["Name", data.name],
    ["Email", data.email],
    ["Mobile", data.mobileNumber],
    ["Company", data.company],
    ["Message", data.message],
  ];
  // Made here rather than by the database, so that the notification can link to the message itself.
  const id = randomUUID();
  const body = leadNotification("contact", `New contact message from ${headerSafe(data.name, 80)}${data.company ? ` (${headerSafe(data.company, 80)})` : ""}`, fields, attribution, { id, phone: data.mobileNumber });
  return storeSubmission({
    table: contactMessages,
    // visitor_id: the visit that led here (docs/decisions/0056); null when the visitor was not counted.
    columns: { id, name: data.name, email: data.email, mobile_number: data.mobileNumber, company: data.company, message: data.message, visitor_id: visitorId ?? null },
    attribution,
    submissionKey,
    mail: {
      kind: "contact",
      recipients: env().NOTIFY_EMAILS,
      ...body,
      replyTo: data.email,
    },
    rateLimit,
    acknowledgement: acknowledgementMail("contact", data.email, { client }),
    webhook: {
      event: "message.created",
      table: "contact_messages",
      data: webhookData("contact_messages", {
        name: data.name,
        email: data.email,
        mobileNumber: data.mobileNumber,
        company: data.company,
        message: data.message,
        status: "new",
        followUpOn: null,
        attribution,
      }),
      dashboardPrefix: dashboardRecordPrefix("contact_messages"),
    },
  });
}
