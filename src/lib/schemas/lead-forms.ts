import { z } from "zod";
import "./jitless";
import { findPackageChoice } from "@/content/services";
import { toE164 } from "../phone";
import { controlCharacter } from "../text-safety";
import {
  FREE_AUDIT_REVENUE_BRACKETS,
  FREE_AUDIT_RULES,
  CONTACT_RULES,
  emailMessage,
  MESSAGES,
  normaliseWebsite,
  type FieldErrors,
  type FieldRule,
} from "./form-rules";

/**
 * One schema per public form: the Server Action's authority. Inputs are normalised as they are
 * parsed. Written from the rule table in form-rules.ts (labels, limits, messages, patterns), which
 * the browser checks forms against without loading Zod (ADR 0013).
 */
export { FREE_AUDIT_REVENUE_BRACKETS, type FieldErrors };

/**
 * A string without control characters (text-safety.ts): checked before trimming, which would
 * otherwise drop a leading or trailing VT, FF or line break silently. Multi-line fields accept TAB, LF, CR.
 */
export const plainString = (label: string, options: { multiline?: boolean; error?: string } = {}) =>
  z.string(options.error ? { error: options.error } : undefined).superRefine((value, ctx) => {
    const control = controlCharacter(value, options.multiline);
    if (control) ctx.addIssue({ code: "custom", message: MESSAGES.control(label, control) });
  });

const text = (rule: FieldRule) =>
  plainString(rule.label, { multiline: rule.multiline, error: MESSAGES.required(rule.label) })
    .trim()
    .min(1, MESSAGES.required(rule.label))
    .max(rule.max, MESSAGES.tooLong(rule.label, rule.max));

const optionalText = (rule: FieldRule) =>
  plainString(rule.label, { multiline: rule.multiline }).trim().max(rule.max, MESSAGES.tooLong(rule.label, rule.max)).optional();

export const nameField = text(FREE_AUDIT_RULES.name);
/** Exported for the booking form's fields (src/lib/schemas/booking.ts). */
export { text as requiredText, optionalText };

/**
 * Lower-cased; an internationalised domain is kept as typed (`user@bücher.example`): mailers
 * encode it to its A-labels when they send (nodemailer does, tests/lead-capture.test.ts).
 */
export const emailField = text(FREE_AUDIT_RULES.email)
  .superRefine((value, ctx) => {
    const message = emailMessage(value);
    if (message) ctx.addIssue({ code: "custom", message });
  })
  .transform((v) => v.toLowerCase());

export const mobileField = text(FREE_AUDIT_RULES.mobileNumber).transform((value, ctx) => {
  const e164 = toE164(value);
  if (!e164) {
    ctx.addIssue({ code: "custom", message: MESSAGES.mobile });
    return z.NEVER;
  }
  return e164;
});

/** Optional; a missing scheme becomes https://, and only http(s) addresses on a public host name are accepted (url-safety.ts). */
export const websiteField = optionalText(FREE_AUDIT_RULES.websiteUrl).transform((value, ctx) => {
  if (!value) return null;
  const website = normaliseWebsite(value);
  if ("message" in website) {
    ctx.addIssue({ code: "custom", message: website.message });
    return z.NEVER;
  }
  return website.url;
});

/**
 * The package a pricing card's button chose, as `<service slug>/<package name>` (src/content/services.ts):
 * optional; anything not in the catalogue is refused beside the field.
 */
export const packageField = z
  .string()
  .nullish()
  .transform((value, ctx) => {
    if (!value) return null;
    const choice = findPackageChoice(value);
    if (!choice) {
      ctx.addIssue({ code: "custom", message: MESSAGES.package });
      return z.NEVER;
    }
    return { service: choice.serviceTitle, package: choice.name };
  });

export const FreeAuditSchema = z.object({
  name: nameField,
  email: emailField,
  mobileNumber: mobileField,
  websiteUrl: websiteField,
  monthlyRevenue: z.enum(FREE_AUDIT_REVENUE_BRACKETS, { error: MESSAGES.revenue }),
  growthChallenge: text(FREE_AUDIT_RULES.growthChallenge),
  package: packageField,
});
export type FreeAuditInput = z.input<typeof FreeAuditSchema>;
export type FreeAuditData = z.output<typeof FreeAuditSchema>;

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
