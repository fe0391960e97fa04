import "server-only";
import { headers } from "next/headers";
import type { z } from "zod";
import { AUDIT_SUCCESS, CONTACT_SUCCESS, FORM_FAILURE } from "@/lib/form-messages";
import { type FormState } from "@/lib/form-state";
import { AuditFormSchema, ContactFormSchema, fieldErrors } from "@/lib/schemas/lead-forms";
import { createContactMessage } from "./data/contact-messages";
import { createLead } from "./data/leads";
import type { CountedLimit, CreatedRow, RateLimited } from "./data/submissions";
import { checkCheapGuards, checkFormGuards, formRateLimit, parseAttribution, rateLimitedVerdict, submissionKey, type Refusal } from "./form-guards";
import { errorFields, log } from "./log";
import { unstorableFields } from "@/lib/text-safety";
import { ipFromHeaders, isSameOriginHeaders } from "./request-info";

const AUDIT_FIELDS = ["name", "email", "mobileNumber", "websiteUrl", "monthlyRevenue", "growthChallenge"] as const;
const CONTACT_FIELDS = ["name", "email", "mobileNumber", "company", "message"] as const;

function typedValues(form: FormData, names: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of names) {
    const value = form.get(name);
    if (typeof value === "string") values[name] = value.slice(0, 10_000);
  }
  return values;
}

export type LeadFormName = "audit" | "contact";

export function isLeadFormName(name: string): name is LeadFormName {
  return name === "audit" || name === "contact";
}

async function handle<S extends z.ZodType>(
  request: { headers: Headers; originOnly: boolean },
  formName: LeadFormName,
  form: FormData,
  fields: readonly string[],
  schema: S,
  store: (data: z.output<S>, attribution: ReturnType<typeof parseAttribution>, key: string | null, limit: CountedLimit) => Promise<CreatedRow | RateLimited>,
  success: { title: string; message: string },
): Promise<FormState> {
  const values = typedValues(form, fields);
  const at = Date.now();
  let ip = "";
  const refuse = (verdict: Refusal): FormState => {
    log("warn", "form submission refused", { form: formName, reason: verdict.reason, ip });
    return { status: "refused", title: "Not sent", message: verdict.message, values, at };
  };
  try {
    if (!isSameOriginHeaders(request.headers, { originOnly: request.originOnly })) {
      return { status: "refused", title: "Not sent", message: "This form can only be sent from our own website.", values, at };
    }
    ip = ipFromHeaders(request.headers);
    const cheap = checkCheapGuards(form);
    if (!cheap.ok) return refuse(cheap);
    // NUL, lone surrogates and undecodable bytes: refused with a message, never altered (ADR 0016);
    // counted like any other invalid submission.
    const unstorable = unstorableFields(values);
    if (Object.keys(unstorable).length > 0) {
      const verdict = await checkFormGuards(form, formName, ip);
      if (!verdict.ok) return refuse(verdict);
      log("warn", "form submission refused", { form: formName, reason: "unstorable text", fields: Object.keys(unstorable) });
      return { status: "invalid", title: "Please check the form", message: "Some fields contain characters that cannot be stored.", fieldErrors: unstorable, values, at };
    }
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      // Counted like any other submission: over the limit, the refusal comes first.
      const verdict = await checkFormGuards(form, formName, ip);
      if (!verdict.ok) return refuse(verdict);
      return {
        status: "invalid",
        title: "Please check the form",
        message: "Some fields need your attention.",
        fieldErrors: fieldErrors(parsed.error),
        values,
        at,
      };
    }
    const attribution = parseAttribution(form, request.headers.get("referer"));
    // One statement: counted against the rate limit, stored with its notification (ADR 0013).
    const row = await store(parsed.data, attribution, submissionKey(form), formRateLimit(formName, ip));
    if ("limited" in row) return refuse(rateLimitedVerdict(row.limited));
    log("info", row.isNew ? "form stored" : "form resubmitted; stored once", { form: formName, id: row.id });
    return { status: "success", ...success, at };
  } catch (error) {
    log("error", "form submission failed", { form: formName, ...errorFields(error) });
    return { status: "error", ...FORM_FAILURE, values, at };
  }
}

/**
 * One submission of a public form, whichever way it came: the Server Action (a browser without
 * JavaScript; Origin, else Referer, must name this site) or the form's script through
 * POST /api/forms/<name> (Origin required). Same checks, same statement, same answer.
 */
export async function submitLeadForm(formName: LeadFormName, form: FormData, request: { headers: Headers; originOnly: boolean }): Promise<FormState> {
  return formName === "audit"
    ? handle(request, "audit", form, AUDIT_FIELDS, AuditFormSchema, createLead, AUDIT_SUCCESS)
    : handle(request, "contact", form, CONTACT_FIELDS, ContactFormSchema, createContactMessage, CONTACT_SUCCESS);
}

/** The Server Actions the forms are rendered with (src/server/actions/lead-forms.ts). */
export async function submitFromAction(formName: LeadFormName, form: FormData): Promise<FormState> {
  return submitLeadForm(formName, form, { headers: await headers(), originOnly: false });
}
