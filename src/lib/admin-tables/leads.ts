import type { Lead } from "@/server/kernel/db/schema";
import { formatRupees } from "../format";
import { dealValueOf, dealValueWithSource } from "../deal-value";
import { LIMITS } from "../limits";
import { AdminLeadSchema, EARLIER_REVENUE_CHOICES, LEAD_STATUS_LABELS } from "../schemas/admin";
import { FREE_AUDIT_REVENUE_BRACKETS } from "../schemas/form-rules";
import { LEAD_DESK, defineTable, filterOf, optionsOf } from "./definition";
import {
  attributionColumns,
  followUpBadges,
  followUpColumns,
  followUpFieldSpecs,
  senderColumns,
  senderFields,
  senderLine,
  senderSorts,
  type InboxDecoration,
} from "./inbox";

export const leadsTable = defineTable<Lead & InboxDecoration>({
  id: "leads",
  table: "leads",
  label: "Growth Audit Leads",
  noun: { one: "lead", many: "leads", title: "Lead" },
  access: LEAD_DESK,
  schema: AdminLeadSchema,
  search: ["name", "email", "mobileNumber", "websiteUrl", "growthChallenge", "notes"],
  sorts: {
    ...senderSorts<Lead & InboxDecoration>(),
    status: { column: "status", label: "Status" },
    follow_up: { column: "followUpOn", label: "Follow-up date" },
    monthly_revenue: { column: "monthlyRevenue", label: "Revenue" },
  },
  defaultSort: "created_at",
  filter: { column: "status", options: filterOf(LEAD_STATUS_LABELS) },
  inbox: true,
  fields: [
    ...senderFields<Lead & InboxDecoration>(),
    { name: "websiteUrl", label: "Website", control: "url", max: LIMITS.url, half: true },
    {
      name: "monthlyRevenue",
      label: "Monthly revenue",
      control: "select",
      // The public form's own list, so a lead typed in by hand and one from the form compare.
      options: [{ value: "", label: "Not given" }, ...FREE_AUDIT_REVENUE_BRACKETS.map((c) => ({ value: c, label: c }))],
      unlisted: (value) => ((EARLIER_REVENUE_CHOICES as readonly string[]).includes(value) ? `${value} (an earlier bracket)` : null),
      half: true,
    },
    // The built-in stages; the page passes the owner's own too, in the board's order (docs/decisions/0067).
    { name: "status", label: "Status", control: "select", required: true, options: optionsOf(LEAD_STATUS_LABELS), initial: "new", half: true },
    {
      name: "dealValue",
      label: "Deal value (₹)",
      control: "text",
      half: true,
      hint: "Whole rupees, e.g. 150000. Left empty, the deal is worth the chosen package's price.",
    },
    { name: "expectedCloseOn", label: "Expected close", control: "date", half: true },
    { name: "growthChallenge", label: "Growth challenge", control: "textarea", rows: 3, max: LIMITS.longText },
    { name: "notes", label: "Internal notes", control: "textarea", rows: 3, max: LIMITS.longText, hint: "Only staff see these." },
    ...followUpFieldSpecs<Lead & InboxDecoration>(),
    // Beside the follow-up day it belongs to: the pipeline card shows both (docs/decisions/0101).
    {
      name: "nextStep",
      label: "Next step",
      control: "text",
      max: LIMITS.nextStep,
      half: true,
      hint: "What is to be done on the follow-up day, e.g. Send the proposal.",
    },
  ],
  extras: ["person", "attribution", "visit"],
  summary: (r) => ({
    title: r.name,
    badges: [
      ...(dealValueOf(r) !== null
        ? [{ label: `${formatRupees(dealValueOf(r)!)}${r.dealValue === null ? " (package price)" : ""}`, tone: "success" as const }]
        : []),
      ...followUpBadges(r),
    ],
    line: [...senderLine(r)!, r.websiteUrl ? ` · ${r.websiteUrl}` : ""],
    detail: [r.package ? `Package: ${r.service}: ${r.package}` : null, r.monthlyRevenue, r.growthChallenge].filter(Boolean).join(" — "),
  }),
  csv: [
    ...senderColumns<Lead & InboxDecoration>(),
    { header: "Website", value: (r) => r.websiteUrl },
    { header: "Monthly revenue", value: (r) => r.monthlyRevenue },
    { header: "Growth challenge", value: (r) => r.growthChallenge },
    { header: "Service", value: (r) => r.service },
    { header: "Package", value: (r) => r.package },
    { header: "Status", value: (r) => r.status },
    // The one definition (src/lib/deal-value.ts), and whether it was entered or is the package's price.
    { header: "Deal value (INR)", value: (r) => dealValueOf(r) },
    { header: "Deal value from", value: (r) => dealValueWithSource(r)?.source ?? null },
    // What the deal's invoices have been paid (docs/decisions/0109), beside the won value, never subtracted from it.
    { header: "Paid (INR incl. GST)", value: (r) => (r.paidPaise ?? 0) / 100 },
    { header: "Expected close", value: (r) => r.expectedCloseOn },
    { header: "Notes", value: (r) => r.notes },
    { header: "Next step", value: (r) => r.nextStep },
    ...followUpColumns<Lead & InboxDecoration>(),
    ...attributionColumns<Lead & InboxDecoration>(),
  ],
});
