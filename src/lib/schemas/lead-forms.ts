import * as z from "zod/mini";
import "./jitless";
import { LIMITS } from "../limits";
import { toE164 } from "../phone";

/**
 * One schema per public form, used by the browser (messages next to the fields when the form is
 * sent) and by the Server Action (the authority). Inputs are normalised as they are parsed.
 * Written with zod/mini (ADR 0013): the same Zod schemas, in the tree-shakable API, so that the
 * browser loads about 6 KB of Zod instead of the whole classic API. The admin and auth schemas
 * (classic Zod) embed these fields as they are.
 */

export const AUDIT_REVENUE_BRACKETS = ["0-10L/month", "10L-50L/month", "50L-1Cr/month", "1Cr-5Cr/month", "5Cr+/month"] as const;

const text = (label: string, max: number) =>
  z.string({ error: `${label} is required.` }).check(
    z.trim(),
    z.minLength(1, `${label} is required.`),
    z.maxLength(max, `${label} must be at most ${max} characters.`),
  );

/** An optional text: trimmed, bounded; its output is what `then` makes of it. */
const optionalText = <T>(label: string, max: number, then: (value: string | undefined, ctx: z.core.ParsePayload<unknown>) => T) =>
  z.pipe(z.optional(z.string().check(z.trim(), z.maxLength(max, `${label} must be at most ${max} characters.`))), z.transform(then));

const invalid = (ctx: z.core.ParsePayload<unknown>, input: unknown, message: string) => {
  ctx.issues.push({ code: "custom", message, input });
  return z.NEVER;
};

export const nameField = text("Name", LIMITS.personName);

export const emailField = z.pipe(
  z.pipe(
    z.string({ error: "Email is required." }).check(
      z.trim(),
      z.minLength(1, "Email is required."),
      z.maxLength(LIMITS.email, `Email must be at most ${LIMITS.email} characters.`),
    ),
    z.email("Enter a valid email address, like name@company.com."),
  ),
  z.transform((v: string) => v.toLowerCase()),
);

export const mobileField = z.pipe(
  text("Mobile number", LIMITS.mobile),
  z.transform((value: string, ctx) => {
    const e164 = toE164(value);
    return e164 ?? invalid(ctx, value, "Enter a valid mobile number: 10 digits for India, or a number with its country code, e.g. +44 7911 123456.");
  }),
);

/** Optional; a missing scheme becomes https://, and only http(s) addresses are accepted. */
export const websiteField = optionalText("Website", LIMITS.url, (value, ctx) => {
  if (!value) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
  let url: URL | undefined;
  try {
    url = new URL(withScheme);
  } catch {
    url = undefined;
  }
  if (!url || !["http:", "https:"].includes(url.protocol) || !url.hostname.includes(".")) {
    return invalid(ctx, value, "Enter a valid website address, like yourbrand.com.");
  }
  return url.toString();
});

export const AuditFormSchema = z.object({
  name: nameField,
  email: emailField,
  mobileNumber: mobileField,
  websiteUrl: websiteField,
  monthlyRevenue: z.enum(AUDIT_REVENUE_BRACKETS, { error: "Choose your monthly revenue." }),
  growthChallenge: text("Biggest growth challenge", LIMITS.longText),
});
export type AuditFormInput = z.input<typeof AuditFormSchema>;
export type AuditFormData = z.output<typeof AuditFormSchema>;

export const ContactFormSchema = z.object({
  name: nameField,
  email: emailField,
  mobileNumber: mobileField,
  company: optionalText("Company", LIMITS.company, (v) => (v ? v : null)),
  message: text("Message", LIMITS.message),
});
export type ContactFormInput = z.input<typeof ContactFormSchema>;
export type ContactFormData = z.output<typeof ContactFormSchema>;

export type FieldErrors = Partial<Record<string, string>>;

/** The first message per field, keyed by field name. */
export function fieldErrors(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}
