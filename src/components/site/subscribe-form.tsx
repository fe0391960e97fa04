"use client";

import { useEffect, useId, useRef } from "react";
import { AnswerForm, FieldError, useFormAnswer } from "@/components/forms/action-form";
import { SubmitButton } from "@/components/forms/submit";
import { GUARD_FIELDS } from "@/lib/form-state";
import { subscribeAction } from "@/server/newsletter/signup-actions";

interface SubscribeFormProps {
  /** Where it is: the blog listing, the end of an article, the site's footer (what the row records). */
  source: "blog" | "article" | "footer";
  /** The blog's tags to choose from; none (the footer) subscribes to every topic. */
  topics?: readonly string[];
  /** The footer's dark background. */
  tone?: "light" | "dark";
  title?: string;
  /** The form landmark's name, when the page also shows the footer's form of the same source. */
  formLabel?: string;
  intro?: string;
}

const SUBMIT =
  "inline-flex min-h-11 shrink-0 items-center justify-center rounded-full bg-brand-600 px-6 text-sm font-semibold whitespace-nowrap text-white shadow-sm transition-colors hover:bg-brand-700 disabled:pointer-events-none disabled:opacity-60";

/**
 * The newsletter's sign-up (docs/newsletter.md, "Subscribing"): an address and, optionally, topics
 * from the blog's tags (none ticked: every topic). A real form posting to a Server Action, so it
 * works without JavaScript; it reads nothing per visitor, so the cached pages it sits on stay
 * cached. The honeypot and the fill time are the lead forms' (src/server/kernel/forms/form-guards.ts).
 */
export function SubscribeForm({ source, topics = [], tone = "light", title = "Get new articles by e-mail", intro, formLabel }: SubscribeFormProps) {
  const id = useId();
  const started = useRef(0);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    started.current = Date.now();
    formRef.current?.setAttribute("data-ready", "true");
  }, []);
  const answer = useFormAnswer({ action: subscribeAction, writtenAs: "box", toastSuccess: false });
  const dark = tone === "dark";
  const emailId = `${id}-email`;
  const error = answer.errors.email;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className={dark ? "text-brand-100" : "rounded-2xl border border-line bg-surface p-5 sm:p-7"}
      data-testid={`subscribe-${source}`}
    >
      <h2 id={`${id}-title`} className={dark ? "text-sm font-semibold tracking-wide text-white" : "text-xl font-bold text-ink"}>
        {title}
      </h2>
      {intro && <p className={dark ? "mt-2 text-sm" : "mt-2 text-sm text-ink-soft"}>{intro}</p>}
      <div
        className="mt-4"
        // Set as the form is sent, before React reads its fields: a visitor without JavaScript sends none and is not timed.
        onSubmitCapture={(event) => {
          const field = (event.target as HTMLFormElement).elements.namedItem(GUARD_FIELDS.elapsedMs);
          if (field instanceof HTMLInputElement && started.current) field.value = String(Date.now() - started.current);
        }}
      >
        <AnswerForm form={answer} formRef={formRef} label={formLabel ?? `Newsletter sign-up (${source})`} className="space-y-4" answerClassName="mb-4">
          <input type="hidden" name="source" value={source} readOnly />
          <div>
            <label htmlFor={emailId} className={dark ? "mb-1.5 block text-sm text-brand-100" : "mb-1.5 block text-sm font-semibold text-ink"}>
              Your e-mail address
            </label>
            <div className="flex flex-col gap-3 sm:flex-row">
              <input
                id={emailId}
                name="email"
                type="email"
                required
                autoComplete="email"
                maxLength={254}
                defaultValue={answer.values.email}
                aria-invalid={Boolean(error)}
                aria-describedby={error ? `${emailId}-error` : undefined}
                className={
                  dark
                    ? "min-h-11 w-full min-w-0 rounded-full border border-white/25 bg-white/10 px-4 text-sm text-white placeholder:text-brand-200 focus:border-white focus:outline-none"
                    : "min-h-11 w-full min-w-0 rounded-full border border-line bg-white px-4 text-base text-ink focus:border-brand-600 focus:outline-none"
                }
                placeholder="you@example.com"
              />
              <SubmitButton label="Subscribe" pendingLabel="Subscribing..." className={SUBMIT} />
            </div>
            <div className={dark ? "[&_p]:text-accent-300" : undefined}>
              <FieldError id={`${emailId}-error`} name="email" />
            </div>
          </div>
          {topics.length > 0 && (
            <fieldset>
              <legend className="text-sm font-semibold text-ink">Topics</legend>
              <p className="mt-1 text-xs text-muted">Tick none to get every article.</p>
              <ul className="mt-2 flex flex-wrap gap-2">
                {topics.map((topic) => (
                  <li key={topic}>
                    <label className="inline-flex min-h-9 cursor-pointer items-center gap-2 rounded-full border border-line bg-white px-3 text-sm text-ink has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
                      <input type="checkbox" name="topics" value={topic} className="size-4 accent-brand-600" />
                      {topic}
                    </label>
                  </li>
                ))}
              </ul>
              <FieldError id={`${id}-topics-error`} name="topics" />
            </fieldset>
          )}
          <p className={dark ? "text-xs text-brand-200" : "text-xs text-muted"}>
            We will e-mail you a link to confirm. Unsubscribe from any letter with one click.
          </p>
          <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
            <label htmlFor={`${id}-hp`}>Leave this field empty</label>
            <input id={`${id}-hp`} name={GUARD_FIELDS.honeypot} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
          </div>
          <input type="hidden" name={GUARD_FIELDS.elapsedMs} defaultValue="" />
        </AnswerForm>
      </div>
    </section>
  );
}
