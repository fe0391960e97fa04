import { z } from "zod";
import type { SpamSubmission } from "@/server/kernel/db/schema";
import { CONTACT_RULES, FREE_AUDIT_RULES } from "@/lib/schemas/form-rules";
import { LEAD_DESK, defineTable } from "./definition";

const REASONS: Record<SpamSubmission["reason"], string> = { honeypot: "Hidden field filled", "too-fast": "Sent too fast" };
const FORMS: Record<SpamSubmission["form"], string> = { audit: "Growth audit", contact: "Contact" };

/** A held field as the form labels it ("Mobile number", not `mobileNumber`); the sign-up box's "on" reads "yes". */
const FIELD_LABELS: Record<string, string> = {
  ...Object.fromEntries(Object.entries({ ...FREE_AUDIT_RULES, ...CONTACT_RULES }).map(([key, rule]) => [key, rule.label])),
  package: "Package",
  newsletter: "Newsletter sign-up",
};
function spamFieldWords(key: string, value: string): string {
  return `${FIELD_LABELS[key] ?? key}: ${key === "newsletter" && value === "on" ? "yes" : value}`;
}

/**
 * Submissions the honeypot or the fill-time guard refused, kept 30 days (ADR 0043). Read-only:
 * reviewed, then moved to the inbox ("Not spam", src/server/leads/spam.ts) or deleted.
 */
export const spamTable = defineTable<SpamSubmission>({
  id: "spam",
  table: "spamSubmissions",
  label: "Spam",
  noun: { one: "spam submission", many: "spam submissions", title: "Spam Submission" },
  access: LEAD_DESK,
  schema: z.object({}),
  search: ["name", "email"],
  sorts: { created_at: { column: "createdAt", label: "Date" }, name: { column: "name", label: "Name" } },
  defaultSort: "created_at",
  filter: {
    column: "form",
    options: { audit: { label: FORMS.audit, value: "audit" }, contact: { label: FORMS.contact, value: "contact" } },
  },
  readOnly: true,
  rowAction: { label: "Not spam", done: "Moved to the inbox; its notification is on its way." },
  fields: [],
  summary: (r) => ({
    title: r.name ?? "(no name)",
    note: FORMS[r.form],
    badges: [{ label: REASONS[r.reason], tone: "muted" }],
    line: r.email ? [{ mailto: r.email }] : [],
    detail: Object.entries(r.fields)
      .filter(([k]) => k !== "name" && k !== "email")
      .map(([k, v]) => spamFieldWords(k, v))
      .join(" — "),
    clampDetail: true,
  }),
});
