import type { FieldErrors } from "../form-state";
import { LIMITS } from "../limits";
import { toE164 } from "../phone";

/**
 * The public forms' field rules as data, with their messages (SPEC §5): the Zod schemas in
 * lead-forms.ts are written from this table (labels, limits, messages, the e-mail pattern, the
 * website and mobile normalisers) and the browser checks a form against the same table with
 * `checkFields`, a few hundred bytes instead of Zod (ADR 0013). No Zod import here: this module
 * ships to the browser. lead-forms.test.ts proves that both give the same message for every field.
 */

export const AUDIT_REVENUE_BRACKETS = ["0-10L/month", "10L-50L/month", "50L-1Cr/month", "1Cr-5Cr/month", "5Cr+/month"] as const;

export const MESSAGES = {
  required: (label: string) => `${label} is required.`,
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters.`,
  email: "Enter a valid email address, like name@company.com.",
  mobile: "Enter a valid mobile number: 10 digits for India, or a number with its country code, e.g. +44 7911 123456.",
  website: "Enter a valid website address, like yourbrand.com.",
  revenue: "Choose your monthly revenue.",
};

/** name@domain.tld: dot-separated words of letters, digits and _'+- before the @; letter-digit-hyphen labels and a 2+ letter TLD after. */
export const EMAIL_PATTERN = /^[A-Za-z0-9_'+-]+(?:\.[A-Za-z0-9_'+-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;

/** A missing scheme becomes https://; only http(s) addresses with a dotted host. Undefined when invalid. */
export function normaliseWebsite(value: string): string | undefined {
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return undefined;
  }
  return ["http:", "https:"].includes(url.protocol) && url.hostname.includes(".") ? url.toString() : undefined;
}

export interface FieldRule {
  label: string;
  max: number;
  required?: boolean;
  format?: "email" | "mobile" | "website";
  /** The only values allowed (a select), with the message for anything else, empty included. */
  choices?: { values: readonly string[]; message: string };
}

const person = {
  name: { label: "Name", max: LIMITS.personName, required: true },
  email: { label: "Email", max: LIMITS.email, required: true, format: "email" },
  mobileNumber: { label: "Mobile number", max: LIMITS.mobile, required: true, format: "mobile" },
} as const satisfies Record<string, FieldRule>;

export const AUDIT_RULES = {
  ...person,
  websiteUrl: { label: "Website", max: LIMITS.url, format: "website" },
  monthlyRevenue: { label: "Monthly revenue", max: LIMITS.revenue, choices: { values: AUDIT_REVENUE_BRACKETS, message: MESSAGES.revenue } },
  growthChallenge: { label: "Biggest growth challenge", max: LIMITS.longText, required: true },
} as const satisfies Record<string, FieldRule>;

export const CONTACT_RULES = {
  ...person,
  company: { label: "Company", max: LIMITS.company },
  message: { label: "Message", max: LIMITS.message, required: true },
} as const satisfies Record<string, FieldRule>;

export type { FieldErrors };

/** The first message per field, as the Zod schema gives it; empty when the form is valid. */
export function checkFields(rules: Record<string, FieldRule>, values: Record<string, string | undefined>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [name, rule] of Object.entries(rules)) {
    const raw = values[name] ?? "";
    const value = raw.trim();
    let message: string | undefined;
    if (rule.choices) message = rule.choices.values.includes(raw) ? undefined : rule.choices.message;
    else if (!value) message = rule.required ? MESSAGES.required(rule.label) : undefined;
    else if (value.length > rule.max) message = MESSAGES.tooLong(rule.label, rule.max);
    else if (rule.format === "email" && !EMAIL_PATTERN.test(value)) message = MESSAGES.email;
    else if (rule.format === "mobile" && !toE164(value)) message = MESSAGES.mobile;
    else if (rule.format === "website" && !normaliseWebsite(value)) message = MESSAGES.website;
    if (message) errors[name] = message;
  }
  return errors;
}
