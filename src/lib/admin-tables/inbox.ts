import type { Attribution } from "@/server/kernel/db/schema";
import { LIMITS } from "../limits";
import type { LeadVisit } from "./lead-visit";
import type { AdminTableDefinition, CsvColumn, FieldSpec, RowSummary } from "./definition";

type Sender = { id: string; createdAt: Date; name: string; email: string; mobileNumber: string };

// What the two inbox tables (leads, contact messages) share: how a sender is summarised and the
// attribution columns of their CSV export.

export function senderLine(row: { email: string; mobileNumber: string }): RowSummary["line"] {
  // The number is a tap-to-call link (a phone dials it; a desktop offers its calling app).
  return [{ mailto: row.email }, " · ", { tel: row.mobileNumber }];
}

const TOUCH_KEYS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content", "referrer", "landing_page"] as const;

/** First and last touch, then the form's page: the columns every inbox export ends with. */
export function attributionColumns<Row extends { attribution: Attribution }>(): CsvColumn<Row>[] {
  const touch = (label: string, which: "first_touch" | "last_touch") =>
    TOUCH_KEYS.map((key) => ({ header: `${label} ${key}`, value: (row: Row) => row.attribution[which]?.[key] }));
  return [...touch("First touch", "first_touch"), ...touch("Last touch", "last_touch"), { header: "Form page", value: (row) => row.attribution.form_page }];
}

/** The sorts both inboxes offer first. */
export function senderSorts<Row extends Sender>(): AdminTableDefinition<Row>["sorts"] {
  return {
    created_at: { column: "createdAt", label: "Date" },
    name: { column: "name", label: "Name" },
    email: { column: "email" },
    // Everything one address sent, together (ADR 0050).
    person: { column: "email", label: "Person (grouped)", group: true },
  };
}

/** Who wrote: the first three fields of both inbox dialogs. */
export function senderFields<Row extends Sender>(): FieldSpec<Row>[] {
  return [
    { name: "name", label: "Name", control: "text", required: true, max: LIMITS.personName, half: true },
    { name: "email", label: "Email", control: "email", required: true, max: LIMITS.email, half: true },
    { name: "mobileNumber", label: "Mobile", control: "tel", required: true, max: LIMITS.mobile, half: true },
  ];
}

/** Who follows the row up and when (ADR 0050): the last fields of both inbox dialogs. */
export function followUpFieldSpecs<Row extends Sender & { ownerId: string | null; followUpOn: string | null }>(): FieldSpec<Row>[] {
  return [
    { name: "ownerId", label: "Owner", control: "member", half: true },
    { name: "followUpOn", label: "Next follow-up", control: "date", half: true, hint: "The owner's morning digest lists it from this day." },
  ];
}

/** What the list adds to an inbox row (server/dashboard/admin-hooks.ts): the owner's address and the person's other submissions. */
export interface InboxDecoration {
  ownerEmail?: string | null;
  /** A lead's payments in paise, GST included (docs/decisions/0109); leads only. */
  paidPaise?: number;
  person?: { kind: "lead" | "message"; id: string; createdAt: string; status: string; text: string }[];
  /** The person's page (/admin/people/<key>, docs/decisions/0068). */
  personHref?: string;
  /** The visit that led to the row (server/leads/data/lead-visits.ts); absent when it could not be read. */
  visit?: LeadVisit;
}

/** The owner, the follow-up day and the person's number of submissions, as badges of a row. */
export function followUpBadges(row: { followUpOn: string | null } & InboxDecoration): NonNullable<RowSummary["badges"]> {
  return [
    ...(row.ownerEmail ? [{ label: `Owner: ${row.ownerEmail}`, tone: "muted" as const }] : []),
    ...(row.followUpOn ? [{ label: `Follow up ${row.followUpOn}`, tone: "muted" as const }] : []),
    ...(row.person && row.person.length > 1 ? [{ label: `${row.person.length} submissions`, tone: "accent" as const }] : []),
  ];
}

/** The follow-up columns of both inbox exports. */
export function followUpColumns<Row extends { followUpOn: string | null; firstContactedAt: Date | null } & InboxDecoration>(): CsvColumn<Row>[] {
  return [
    { header: "Owner", value: (r) => r.ownerEmail },
    { header: "Next follow-up", value: (r) => r.followUpOn },
    { header: "First contacted", value: (r) => r.firstContactedAt },
  ];
}

/** The first columns of both inbox exports. */
export function senderColumns<Row extends Sender>(): CsvColumn<Row>[] {
  return [
    { header: "Created", value: (r) => r.createdAt },
    { header: "Name", value: (r) => r.name },
    { header: "Email", value: (r) => r.email },
    { header: "Mobile", value: (r) => r.mobileNumber },
  ];
}
