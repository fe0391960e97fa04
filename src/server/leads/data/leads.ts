import "server-only";
import { randomUUID } from "node:crypto";
import type { FreeAuditData } from "@/lib/schemas/lead-forms";
import { leads, type Attribution } from "../../kernel/db/schema";
import { env } from "../../kernel/env";
import { headerSafe } from "../../kernel/mail/mail";
import { acknowledgementMail, leadNotification } from "../../kernel/mail/notify";
import { storeSubmission, type CountedLimit, type CreatedRow, type RateLimited } from "./submissions";
import { dashboardRecordPrefix, webhookData } from "../../kernel/events/events";

export type { CreatedRow } from "./submissions";

/** A lead asks for a free audit, or (from /book when no time is free) for a call; both are stored alike. */
export type LeadIntent = "audit" | "call";

/**
 * Stores a free audit request and its notification in one statement; a repeated key stores nothing.
 * With a rate limit, the submission is counted in the same statement and stored only within it.
 * A call request is the same row; only its notification and acknowledgement say it asked for a call.
 */
export function createLead(
  data: FreeAuditData,
  attribution: Attribution,
  submissionKey: string | null,
  rateLimit?: undefined,
  client?: string,
  visitorId?: string | null,
  intent?: LeadIntent,
): Promise<CreatedRow>;
export function createLead(
  data: FreeAuditData,
  attribution: Attribution,
  submissionKey: string | null,
  rateLimit: CountedLimit,
  client?: string,
  visitorId?: string | null,
  intent?: LeadIntent,
): Promise<CreatedRow | RateLimited>;
export function createLead(
  data: FreeAuditData,
  attribution: Attribution,
  submissionKey: string | null,
  rateLimit?: CountedLimit,
  client?: string,
  visitorId?: string | null,
  intent: LeadIntent = "audit",
) {
  const fields: [string, string | null][] = [
    ["Name", data.name],
    ["Email", data.email],
    ["Mobile", data.mobileNumber],
    ["Website", data.websiteUrl],
    ["Monthly revenue", data.monthlyRevenue],
    ["Growth challenge", data.growthChallenge],
    ["Package", data.package ? `${data.package.service}: ${data.package.package}` : null],
  ];
  // Made here rather than by the database, so that the notification can link to the lead itself.
  const id = randomUUID();
  const subject = `${intent === "call" ? "New call request" : "New growth audit request"}: ${headerSafe(data.name, 80)} (${data.monthlyRevenue})`;
  const body = leadNotification(intent, subject, data.package ? fields : fields.slice(0, -1), attribution, { id, phone: data.mobileNumber });
  return storeSubmission({
    table: leads,
    columns: {
      id,
      name: data.name,
      email: data.email,
      mobile_number: data.mobileNumber,
      website_url: data.websiteUrl,
      monthly_revenue: data.monthlyRevenue,
      growth_challenge: data.growthChallenge,
      service: data.package?.service ?? null,
      package: data.package?.package ?? null,
      // No deal value is stored: the column holds only what staff set, and a lead without one is worth
      // its package's current price on every screen (src/lib/deal-value.ts, docs/decisions/0080).
      // The visit that led here (docs/decisions/0056); null when the visitor was not counted.
      visitor_id: visitorId ?? null,
    },
    attribution,
    submissionKey,
    mail: {
      kind: "lead",
      recipients: env().NOTIFY_EMAILS,
      ...body,
      replyTo: data.email,
    },
    rateLimit,
    acknowledgement: acknowledgementMail(intent, data.email, { package: data.package, client }),
    webhook: {
      event: "lead.created",
      table: "leads",
      data: webhookData("leads", {
        name: data.name,
        email: data.email,
        mobileNumber: data.mobileNumber,
        websiteUrl: data.websiteUrl,
        monthlyRevenue: data.monthlyRevenue,
        growthChallenge: data.growthChallenge,
        service: data.package?.service ?? null,
        package: data.package?.package ?? null,
        status: "new",
        dealValue: null,
        expectedCloseOn: null,
        followUpOn: null,
        attribution,
      }),
      dashboardPrefix: dashboardRecordPrefix("leads"),
    },
  });
}
