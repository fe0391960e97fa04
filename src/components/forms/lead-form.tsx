"use client";

import { useRef, type ReactNode } from "react";
import { FORM_FAILURE } from "@/lib/form-messages";
import type { FormState } from "@/lib/form-state";
import type { FieldErrors, FieldRule } from "@/lib/schemas/form-rules";
import { AnswerForm, useFormAnswer, type ServerFormAction } from "./action-form";
import { GuardFields, SUBMIT_CLASSES, useFormGuard } from "./form-guard";
import { rulesCheck } from "./rules-check";
import { SubmitButton } from "./submit";

export interface LeadFormRenderProps {
  values: Record<string, string>;
  errors: FieldErrors;
}

interface LeadFormProps {
  /** What a browser without JavaScript posts to (the page is rendered again with the answer). */
  action: ServerFormAction;
  /** What the script posts to: the same submission as JSON, without React's action protocol (ADR 0017). */
  endpoint: `/api/forms/${"audit" | "call" | "contact"}`;
  /** The form's field rules (src/lib/schemas/form-rules.ts), which its Zod schema on the server is written from. */
  rules: Record<string, FieldRule>;
  submitLabel: string;
  pendingLabel: string;
  children: (props: LeadFormRenderProps) => ReactNode;
  /** Accessible name of the form. */
  label: string;
  /**
   * The id of the form's region on its page. Without JavaScript the browser posts to `#<anchor>`, so the
   * answer page is scrolled to the form and its answer, not left at the top of the page.
   */
  anchor: string;
}

/** The answer to a post the script sent; a network failure or an unreadable answer is the form's failure message. */
async function post(endpoint: string, body: URLSearchParams, values: Record<string, string>): Promise<FormState> {
  try {
    const response = await fetch(endpoint, { method: "POST", body, headers: { accept: "application/json" } });
    const state = (await response.json()) as FormState;
    if (state && typeof state.status === "string") return state;
  } catch {
    // Offline, or an answer that is not the form's (a proxy's error page): said below.
  }
  return { status: "error", ...FORM_FAILURE, values };
}

const checks = new WeakMap<Record<string, FieldRule>, ReturnType<typeof rulesCheck>>();
function checkFor(rules: Record<string, FieldRule>) {
  let check = checks.get(rules);
  if (!check) checks.set(rules, (check = rulesCheck(rules)));
  return check;
}

/**
 * A public form, written like every form (ADR 0055): works without JavaScript (a Server Action;
 * the page re-renders with the answer), and with it checks the fields against the shared rules
 * before sending, posts them to the form's endpoint, shows toasts, clears on success and keeps
 * every typed value on error.
 */
export function LeadForm({ action, endpoint, rules, submitLabel, pendingLabel, children, label, anchor }: LeadFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const guard = useFormGuard(formRef);

  const send = (form: HTMLFormElement): Promise<FormState> => {
    guard.fill(form);
    // The form's own fields, not the hidden ones of the Server Action it is rendered with;
    // URL-encoded rather than multipart: every field is text, and the server parses it for less (ADR 0017).
    const typed = new FormData(form);
    const values = Object.fromEntries(Object.keys(rules).map((f) => [f, String(typed.get(f) ?? "")]));
    const body = new URLSearchParams();
    for (const [name, value] of typed) if (typeof value === "string" && !name.startsWith("$ACTION")) body.append(name, value);
    return post(endpoint, body, values);
  };

  const answer = useFormAnswer({
    action,
    send,
    check: checkFor(rules),
    writtenAs: "box",
    toastSuccess: false,
    permalink: `#${anchor}`,
    onAnswer: (state) => {
      if (state.status !== "success") return;
      guard.renew();
      // The conversion event, when consent was given: the consent script listens (docs/decisions/0051).
      document.dispatchEvent(new CustomEvent("lead-sent", { detail: endpoint.slice("/api/forms/".length) }));
    },
  });

  return (
    <AnswerForm form={answer} formRef={formRef} label={label} className="space-y-5" answerClassName="mb-6">
      {children({ values: answer.values, errors: answer.errors })}
      <GuardFields />
      {/* Unticked by default: a sign-up is asked for, never assumed, and confirmed by mail (docs/newsletter.md). */}
      <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm text-ink">
        <input type="checkbox" name="newsletter" value="on" defaultChecked={answer.values.newsletter === "on"} className="size-5 accent-brand-600" />
        Send me the newsletter (we will e-mail you a link to confirm)
      </label>
      <SubmitButton label={submitLabel} pendingLabel={pendingLabel} className={SUBMIT_CLASSES} />
    </AnswerForm>
  );
}
