import "server-only";
import { headers } from "next/headers";
import type { z } from "zod";
import { FREE_AUDIT_SUCCESS, CALL_REQUEST_SUCCESS, CONTACT_SUCCESS, FORM_FAILURE } from "@/lib/form-messages";
import { type FormState } from "@/lib/form-state";
import { FreeAuditSchema, ContactFormSchema } from "@/lib/schemas/lead-forms";
import { createContactMessage } from "./data/contact-messages";
import { createLead, type LeadIntent } from "./data/leads";
import { visitorIdForRequest, withServerFirstTouch } from "../analytics";
import type { CountedLimit, CreatedRow, RateLimited } from "./data/submissions";
import {
  checkCheapGuards,
  checkFormGuardsUncounted,
  formRateLimit,
  parseAttribution,
  rateLimitedVerdict,
  submissionKey,
  type Refusal,
} from "../kernel/forms/form-guards";
import { handleForm } from "../kernel/forms/form-action";
import { errorFields, log } from "../kernel/log";
import { hitRateLimit } from "../kernel/db/rate-limit";
import { holdAsSpam } from "./spam";
import { subscribe } from "../newsletter";

/** The lead and contact forms' optional, unticked "Send me the newsletter" box (docs/newsletter.md). */
export const NEWSLETTER_FIELD = "newsletter";

// "newsletter" is read (and echoed back after an error) but is no field of the lead or message.
const FREE_AUDIT_FIELDS = ["name", "email", "mobileNumber", "websiteUrl", "monthlyRevenue", "growthChallenge", "package", "newsletter"] as const;
const CONTACT_FIELDS = ["name", "email", "mobileNumber", "company", "message", "newsletter"] as const;

export type LeadFormName = "audit" | "contact";

export function isLeadFormName(name: string): name is LeadFormName {
  return name === "audit" || name === "contact";
}

/**
 * What POST /api/forms/<endpoint> submits: the two forms, and /book's call request, which is the
 * audit form (its schema, guards, limit and lead) asking for a call.
 */
export function leadFormOfEndpoint(endpoint: string): { formName: LeadFormName; intent?: LeadIntent } | null {
  if (endpoint === "call") return { formName: "audit", intent: "call" };
  return isLeadFormName(endpoint) ? { formName: endpoint } : null;
}

const FOREIGN = { status: "refused", title: "Not sent", message: "This form can only be sent from our own website." } as const;

async function handle<S extends z.ZodType>(
  request: { headers: Headers; originOnly: boolean },
  formName: LeadFormName,
  form: FormData,
  fields: readonly string[],
  schema: S,
  store: (
    data: z.output<S>,
    attribution: ReturnType<typeof parseAttribution>,
    key: string | null,
    limit: CountedLimit,
    client: string,
    visitorId: string | null,
  ) => Promise<CreatedRow | RateLimited>,
  success: { title: string; message: string },
): Promise<FormState> {
  const refuse = (verdict: Refusal, ip: string): FormState => {
    log("warn", "form submission refused", { form: formName, reason: verdict.reason, ip });
    return { status: "refused", title: "Not sent", message: verdict.message };
  };
  return handleForm({
    log: { failed: "form submission failed", fields: { form: formName } },
    input: form,
    fields,
    schema,
    request,
    echo: true,
    answers: {
      foreign: FOREIGN,
      failure: { status: "error", ...FORM_FAILURE },
      invalid: (errors, reason) => {
        if (reason === "schema") return { status: "invalid", title: "Please check the form", message: "Some fields need your attention." };
        log("warn", "form submission refused", { form: formName, reason: "unstorable text", fields: Object.keys(errors) });
        return { status: "invalid", title: "Please check the form", message: "Some fields contain characters that cannot be stored." };
      },
    },
    guard: async (_input, { ip }) => {
      const cheap = checkCheapGuards(form);
      if (cheap.ok) return null;
      // Counted like any submission: a flood over the limit is refused outright and not kept.
      const { key, rule } = formRateLimit(formName, ip);
      const limit = await hitRateLimit(key, rule);
      if (!limit.allowed) return refuse(rateLimitedVerdict(limit), ip);
      // Kept for review in the Spam view; neither notified nor acknowledged (ADR 0043).
      await holdAsSpam(formName, cheap.reason as "honeypot" | "too-fast", form, fields, parseAttribution(form, request.headers.get("referer")));
      return refuse(cheap, ip);
    },
    // An invalid submission is stored nowhere, so it is not counted; over the limit already, the
    // refusal comes first (correcting the fields would not get it through).
    beforeInvalid: async ({ ip }) => {
      const verdict = await checkFormGuardsUncounted(form, formName, ip);
      return verdict.ok ? null : refuse(verdict, ip);
    },
    run: async (data, { ip }) => {
      const sent = parseAttribution(form, request.headers.get("referer"));
      // One statement: counted against the rate limit, stored with its notification and the
      // acknowledgement, which the client's address is counted for (ADR 0013, 0042).
      // The visit that led to it (docs/decisions/0056): the same visitor id the page views were counted under.
      const visitorId = await visitorIdForRequest(request.headers);
      // Its first touch from that visit's landing request, with JavaScript or without (docs/decisions/0081).
      const attribution = await withServerFirstTouch(sent, visitorId);
      const row = await store(data, attribution, submissionKey(form), formRateLimit(formName, ip), ip, visitorId);
      if ("limited" in row) return refuse(rateLimitedVerdict(row.limited), ip);
      log("info", row.isNew ? "form stored" : "form resubmitted; stored once", { form: formName, id: row.id });
      // Ticked: a pending subscriber and its confirmation mail, in a transaction of their own right
      // after the submission's one statement (its mail needs the subscriber's id to sign the link).
      // Once per stored submission; the sign-up's own rules make a repeat harmless anyway.
      if (row.isNew && form.get(NEWSLETTER_FIELD) === "on") {
        const email = (data as { email: string }).email;
        await subscribe({
          email,
          topics: [],
          source: formName === "audit" ? "lead" : "contact",
          ...(formName === "audit" ? { leadId: row.id } : { contactMessageId: row.id }),
        }).catch((error: unknown) => log("error", "newsletter sign-up from a form failed", { form: formName, id: row.id, ...errorFields(error) }));
      }
      return { status: "success", ...success };
    },
  });
}

/**
 * One submission of a public form, whichever way it came: the Server Action (a browser without
 * JavaScript; Origin, else Referer, must name this site) or the form's script through
 * POST /api/forms/<name> (Origin required). Same checks, same statement, same answer.
 */
export async function submitLeadForm(
  formName: LeadFormName,
  form: FormData,
  request: { headers: Headers; originOnly: boolean },
  intent: LeadIntent = "audit",
): Promise<FormState> {
  return formName === "audit"
    ? handle(
        request,
        "audit",
        form,
        FREE_AUDIT_FIELDS,
        FreeAuditSchema,
        (data, attribution, key, limit, client, visitorId) => createLead(data, attribution, key, limit, client, visitorId, intent),
        intent === "call" ? CALL_REQUEST_SUCCESS : FREE_AUDIT_SUCCESS,
      )
    : handle(request, "contact", form, CONTACT_FIELDS, ContactFormSchema, createContactMessage, CONTACT_SUCCESS);
}

/** The Server Actions the forms are rendered with (src/server/leads/lead-form-actions.ts). */
export async function submitFromAction(formName: LeadFormName, form: FormData, intent?: LeadIntent): Promise<FormState> {
  return submitLeadForm(formName, form, { headers: await headers(), originOnly: false }, intent);
}
