import { z } from "zod";
import "./jitless";
import { LIMITS } from "../limits";
import { toE164 } from "../phone";

/**
 * One schema per public form, used by the browser (messages next to the fields as soon as they
 * are typed) and by the Server Action (the authority). Inputs are normalised as they are parsed.
 */

export const AUDIT_REVENUE_BRACKETS = ["0-10L/month", "10L-50L/month", "50L-1Cr/month", "1Cr-5Cr/month", "5Cr+/month"] as const;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);

export const nameField = text("Name", LIMITS.personName);

export const emailField = z
  .string({ error: "Email is required." })
  .trim()
  .min(1, "Email is required.")
  .max(LIMITS.email, `Email must be at most ${LIMITS.email} characters.`)
  .pipe(z.email("Enter a valid email address, like name@company.com."))
  .transform((v) => v.toLowerCase());

export const mobileField = z
  .string({ error: "Mobile number is required." })
  .trim()
  .min(1, "Mobile number is required.")
  .max(LIMITS.mobile, `Mobile number must be at most ${LIMITS.mobile} characters.`)
  .transform((value, ctx) => {
    const e164 = toE164(value);
    if (!e164) {
      ctx.addIssue({
        code: "custom",
        message: "Enter a valid mobile number: 10 digits for India, or a number with its country code, e.g. +44 7911 123456.",
      });
      return z.NEVER;
    }
    return e164;
  });

/** Optional; a missing scheme becomes https://, and only http(s) addresses are accepted. */
export const websiteField = z
  .string()
  .trim()
  .max(LIMITS.url, `Website must be at most ${LIMITS.url} characters.`)
  .optional()
  .transform((value, ctx) => {
    if (!value) return null;
    const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
    let url: URL;
    try {
      url = new URL(withScheme);
    } catch {
      url = undefined as never;
    }
    if (!url || !["http:", "https:"].includes(url.protocol) || !url.hostname.includes(".")) {
      ctx.addIssue({ code: "custom", message: "Enter a valid website address, like yourbrand.com." });
      return z.NEVER;
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
  company: z
    .string()
    .trim()
    .max(LIMITS.company, `Company must be at most ${LIMITS.company} characters.`)
    .optional()
    .transform((v) => (v ? v : null)),
  message: text("Message", LIMITS.message),
});
export type ContactFormInput = z.input<typeof ContactFormSchema>;
export type ContactFormData = z.output<typeof ContactFormSchema>;

export type FieldErrors = Partial<Record<string, string>>;

/** The first message per field, keyed by field name. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}
