"use server";

import { redirect } from "next/navigation";
import { z } from "zod";
import type { FormState } from "@/lib/form-state";
import { emailField } from "@/lib/schemas/lead-forms";
import { FORM_FAILURE } from "@/lib/form-messages";
import { checkFormGuards, giveBackFormCount } from "../kernel/forms/form-guards";
import { FieldError, handleForm } from "../kernel/forms/form-action";
import { log } from "../kernel/log";
import { SIGN_UP_ANSWER, changeWithManageToken, checkTopics, confirmWithToken, publishedTopics, subscribe } from "./subscribe";
import { manageToken } from "./links";

// The newsletter's public actions (docs/newsletter.md, "Subscribing"): the sign-up form of the blog
// and the footer, the confirmation page's button and the preferences page's forms. Every one is a
// real form's action, so each works without JavaScript.

const SignUp = z.object({
  email: emailField,
  source: z.enum(["blog", "article", "footer"], { error: "This form can only be sent from our own website." }),
});

export async function subscribeAction(_previous: FormState, form: FormData): Promise<FormState> {
  return signUp(form);
}

/**
 * The footer's form, on every public page: a plain form with no script of its own (the page's
 * JavaScript stays what it was), so its answer is a page. Signed up (or already on the list: the
 * same answer), /newsletter/sent; refused, /newsletter with the reason's kind and the full form.
 */
export async function footerSubscribeAction(form: FormData): Promise<void> {
  const answer = await signUp(form);
  redirect(answer.status === "success" ? "/newsletter/sent" : `/newsletter?problem=${answer.status}`);
}

async function signUp(form: FormData): Promise<FormState> {
  let countedFor: string | null = null;
  const answer = await handleForm({
    log: { failed: "newsletter sign-up failed" },
    input: form,
    fields: ["email", "source"],
    schema: SignUp,
    echo: ["email"],
    answers: {
      foreign: { status: "refused", title: "Not sent", message: "This form can only be sent from our own website." },
      failure: { status: "error", ...FORM_FAILURE },
      invalid: () => ({ status: "invalid", title: "Please check the form", message: "Some fields need your attention." }),
    },
    // The lead forms' defences (src/server/kernel/forms/form-guards.ts): the honeypot, the fill time and the
    // per-connection limit: counted first, and given back below when the fields are refused.
    guard: async (input, { ip }) => {
      const verdict = await checkFormGuards(input as FormData, "newsletter", ip);
      if (verdict.ok) {
        countedFor = ip;
        return null;
      }
      log("warn", "form submission refused", { form: "newsletter", reason: verdict.reason, ip });
      return { status: "refused", title: "Not sent", message: verdict.message };
    },
    run: async (data) => {
      const posted = form.getAll("topics").filter((t): t is string => typeof t === "string" && t !== "");
      const checked = checkTopics(posted, posted.length ? await publishedTopics() : []);
      if ("message" in checked) throw new FieldError({ topics: checked.message });
      await subscribe({ email: data.email, topics: checked.topics, source: data.source });
      return SIGN_UP_ANSWER;
    },
  });
  // Fields to correct sign nobody up: that submission does not count toward the limit.
  if (countedFor !== null && answer.status === "invalid") await giveBackFormCount("newsletter", countedFor);
  return answer;
}

const TokenOnly = z.object({ token: z.string().min(1).max(300) });

/** Shared by the token pages' forms: the same origin checks as every form, then a redirect to the page's answer. */
async function tokenForm(form: FormData, failed: string, run: (token: string) => Promise<string>): Promise<string | null> {
  let target: string | null = null;
  await handleForm({
    log: { failed },
    input: form,
    fields: ["token"],
    schema: TokenOnly,
    answers: {
      foreign: { status: "refused", message: "This form can only be sent from our own website." },
      failure: { status: "error", ...FORM_FAILURE },
      invalid: () => ({ status: "invalid", message: "This link is not valid." }),
    },
    run: async ({ token }) => {
      target = await run(token);
      return { status: "success" };
    },
  });
  return target;
}

/**
 * "Confirm subscription": the POST of /newsletter/confirm/<token> (a GET confirms nothing, since mail
 * scanners follow links). Confirmed, it opens the preferences page that says so; refused, the
 * confirmation page again, which says why.
 */
export async function confirmSubscriptionAction(form: FormData): Promise<void> {
  const token = String(form.get("token") ?? "").slice(0, 300);
  const target = await tokenForm(form, "newsletter confirmation failed", async (t) => {
    const { row } = await confirmWithToken(t);
    return row ? `/newsletter/preferences/${manageToken(row)}?done=confirmed` : `/newsletter/confirm/${encodeURIComponent(t)}?failed=1`;
  });
  redirect(target ?? `/newsletter/confirm/${encodeURIComponent(token)}?failed=1`);
}

const PREFERENCE_INTENTS = ["topics", "pause", "resume", "unsubscribe"] as const;

/** A form of the preferences page: its `intent` names the change; the answer is the page again, saying what changed. */
export async function preferencesAction(form: FormData): Promise<void> {
  const token = String(form.get("token") ?? "").slice(0, 300);
  const intent = String(form.get("intent") ?? "");
  const page = `/newsletter/preferences/${encodeURIComponent(token)}`;
  const target = await tokenForm(form, "newsletter preferences not changed", async (t) => {
    if (!(PREFERENCE_INTENTS as readonly string[]).includes(intent)) return `${page}?failed=intent`;
    let change: Parameters<typeof changeWithManageToken>[1];
    if (intent === "topics") {
      const posted = form.getAll("topics").filter((v): v is string => typeof v === "string" && v !== "");
      const checked = checkTopics(posted, posted.length ? await publishedTopics() : []);
      if ("message" in checked) return `${page}?failed=topics`;
      change = { topics: checked.topics };
    } else if (intent === "unsubscribe") change = { unsubscribe: true };
    else change = { paused: intent === "pause" };
    const row = await changeWithManageToken(t, change);
    return row ? `${page}?done=${intent}` : `${page}?failed=link`;
  });
  redirect(target ?? `${page}?failed=link`);
}
