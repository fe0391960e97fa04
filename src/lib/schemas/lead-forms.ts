import { z } from "zod";
import "./jitless";
import { toE164 } from "../phone";
import { AUDIT_REVENUE_BRACKETS, AUDIT_RULES, CONTACT_RULES, EMAIL_PATTERN, MESSAGES, normaliseWebsite, type FieldErrors, type FieldRule } from "./form-rules";

/**
 * One schema per public form: the Server Action's authority. Inputs are normalised as they are
 * parsed. Written from the rule table in form-rules.ts (labels, limits, messages, patterns), which
 * the browser checks forms against without loading Zod (ADR 0013).
 */
export { AUDIT_REVENUE_BRACKETS, type FieldErrors };

const text = (rule: FieldRule) =>
  z
    .string({ error: MESSAGES.required(rule.label) })
    .trim()
    .min(1, MESSAGES.required(rule.label))
    .max(rule.max, MESSAGES.tooLong(rule.label, rule.max));

const optionalText = (rule: FieldRule) => z.string().trim().max(rule.max, MESSAGES.tooLong(rule.label, rule.max)).optional();

export const nameField = text(AUDIT_RULES.name);

export const emailField = text(AUDIT_RULES.email)
  .pipe(z.email({ pattern: EMAIL_PATTERN, error: MESSAGES.email }))
  .transform((v) => v.toLowerCase());

export const mobileField = text(AUDIT_RULES.mobileNumber).transform((value, ctx) => {
  const e164 = toE164(value);
  if (!e164) {
    ctx.addIssue({ code: "custom", message: MESSAGES.mobile });
    return z.NEVER;
  }
  return e164;
});

/** Optional; a missing scheme becomes https://, and only http(s) addresses are accepted. */
export const websiteField = optionalText(AUDIT_RULES.websiteUrl).transform((value, ctx) => {
  if (!value) return null;
  const url = normaliseWebsite(value);
  if (!url) {
    ctx.addIssue({ code: "custom", message: MESSAGES.website });
    return z.NEVER;
  }
  return url;
});

export const AuditFormSchema = z.object({
  name: nameField,
  email: emailField,
  mobileNumber: mobileField,
  websiteUrl: websiteField,
  monthlyRevenue: z.enum(AUDIT_REVENUE_BRACKETS, { error: MESSAGES.revenue }),
  growthChallenge: text(AUDIT_RULES.growthChallenge),
});
export type AuditFormInput = z.input<typeof AuditFormSchema>;
export type AuditFormData = z.output<typeof AuditFormSchema>;

export const ContactFormSchema = z.object({
  name: nameField,
  email: emailField,
  mobileNumber: mobileField,
  company: optionalText(CONTACT_RULES.company).transform((v) => (v ? v : null)),
  message: text(CONTACT_RULES.message),
});
export type ContactFormInput = z.input<typeof ContactFormSchema>;
export type ContactFormData = z.output<typeof ContactFormSchema>;

/** The first message per field, keyed by field name. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}
