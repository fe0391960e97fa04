"use client";

import { useEffect, useState } from "react";
import { useRouter } from "next/navigation";
import { ActionForm, FieldError } from "@/components/forms/action-form";
import { Field, NativeSelect, TextInput } from "@/components/forms/fields";
import { SubmitButton } from "@/components/forms/submit";
import { buttonVariants } from "@/components/ui/button";
import {
  createSendAction,
  pauseAction,
  resumeAction,
  saveSendAction,
  scheduleAction,
  sendNowAction,
  sendTestAction,
  unscheduleAction,
} from "@/server/newsletter/newsletter-actions";
import { HtmlField } from "./html-field";

/** "New letter" and "Send a post as e-mail": each makes a draft and opens it. */
export function NewSendForms({ posts }: { posts: { id: string; title: string }[] }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <ActionForm action={createSendAction} label="New letter" hidden={{ kind: "letter" }} answer="line" testId="new-letter">
        <p className="mb-2 text-sm text-ink-soft">A letter written here, with the blog&apos;s editor.</p>
        <SubmitButton label="New letter" pendingLabel="Creating..." className={buttonVariants()} />
      </ActionForm>
      <ActionForm action={createSendAction} label="Send a post as e-mail" hidden={{ kind: "post" }} answer="line" testId="send-post" className="grid gap-2">
        <Field id="send-post-id" label="Published post" name="postId" required>
          {(aria) => (
            <NativeSelect {...aria} name="postId" required defaultValue="">
              <option value="" disabled>
                Choose a post
              </option>
              {posts.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.title}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <div>
          <SubmitButton label="Send as e-mail" pendingLabel="Creating..." className={buttonVariants({ variant: "outline" })} />
        </div>
      </ActionForm>
    </div>
  );
}

interface EditProps {
  id: string;
  subject: string;
  previewText: string;
  topics: string[];
  tags: string[];
  /** A letter's own HTML; null for a post (its body is the post's). */
  body: string | null;
}

/** A draft's subject, preview text, topics and (for a letter) body, written with the posts' editor. */
export function EditSendForm({ id, subject, previewText, topics, tags, body }: EditProps) {
  const [html, setHtml] = useState(body ?? "");
  const choices = [...new Set([...tags, ...topics])];
  return (
    <ActionForm action={saveSendAction} label="Edit the letter" hidden={{ id }} testId="edit-send" className="grid gap-5">
      {({ values }) => (
        <>
          <Field id="send-subject" label="Subject" name="subject" required>
            {(aria) => <TextInput {...aria} name="subject" required maxLength={200} defaultValue={values.subject ?? subject} />}
          </Field>
          <Field id="send-preview" label="Preview text" name="previewText" hint="Shown after the subject in most inboxes.">
            {(aria) => <TextInput {...aria} name="previewText" maxLength={200} defaultValue={values.previewText ?? previewText} />}
          </Field>
          <fieldset aria-describedby="send-topics-hint send-topics-error">
            <legend className="mb-1.5 text-sm font-semibold text-ink">Topics</legend>
            <p id="send-topics-hint" className="mb-2 text-xs text-muted">
              Sent to subscribers of any ticked topic and to those who take every topic. None ticked: every subscriber.
            </p>
            <div className="grid gap-2 sm:grid-cols-3">
              {choices.map((tag) => (
                <label key={tag} className="flex min-h-9 items-center gap-2 text-sm">
                  <input type="checkbox" name="topics" value={tag} defaultChecked={topics.includes(tag)} className="size-5 accent-brand-600" />
                  <span>{tag}</span>
                </label>
              ))}
            </div>
            <FieldError id="send-topics-error" name="topics" />
          </fieldset>
          {body !== null && (
            <Field id="send-body" label="Letter" name="body" required>
              {(aria) => (
                <HtmlField id="send-body" name="body" label="Letter" value={html} onChange={setHtml} describedBy={aria["aria-describedby"]} rows={14} />
              )}
            </Field>
          )}
          <div>
            <SubmitButton label="Save" pendingLabel="Saving..." className={buttonVariants()} />
          </div>
        </>
      )}
    </ActionForm>
  );
}

export function SendTestForm({ id, email }: { id: string; email: string }) {
  return (
    <ActionForm action={sendTestAction} label="Send a test" hidden={{ id }} answer="line" testId="send-test">
      <SubmitButton label={`Send a test to me (${email})`} pendingLabel="Sending..." className={buttonVariants({ variant: "outline" })} />
    </ActionForm>
  );
}

/** Send now, schedule, cancel a schedule, pause, resume: what the send's state allows. */
export function SendControls({ id, status, scheduledAt, recipientsHint }: { id: string; status: string; scheduledAt: string; recipientsHint: string }) {
  return (
    <div className="grid gap-4" data-testid="send-controls">
      {(status === "draft" || status === "scheduled") && (
        <>
          <ActionForm action={sendNowAction} label="Send now" hidden={{ id }} answer="line" confirm={`Send this letter now ${recipientsHint}?`}>
            <SubmitButton label="Send now" pendingLabel="Starting..." className={buttonVariants()} />
          </ActionForm>
          <ActionForm action={scheduleAction} label="Schedule" hidden={{ id }} answer="line" className="flex flex-wrap items-end gap-2">
            <Field id="send-at" label="Send at (site time)" name="at" required>
              {(aria) => <TextInput {...aria} type="datetime-local" name="at" required defaultValue={scheduledAt} />}
            </Field>
            <SubmitButton label="Schedule" pendingLabel="Scheduling..." className={buttonVariants({ variant: "outline" })} />
          </ActionForm>
        </>
      )}
      {status === "scheduled" && (
        <ActionForm action={unscheduleAction} label="Cancel the schedule" hidden={{ id }} answer="line">
          <SubmitButton label="Cancel the schedule" pendingLabel="Cancelling..." className={buttonVariants({ variant: "outline" })} />
        </ActionForm>
      )}
      {status === "sending" && (
        <ActionForm action={pauseAction} label="Pause" hidden={{ id }} answer="line">
          <SubmitButton label="Pause" pendingLabel="Pausing..." className={buttonVariants({ variant: "outline" })} />
        </ActionForm>
      )}
      {status === "paused" && (
        <ActionForm action={resumeAction} label="Resume" hidden={{ id }} answer="line">
          <SubmitButton label="Resume" pendingLabel="Resuming..." className={buttonVariants()} />
        </ActionForm>
      )}
    </div>
  );
}

/** While a send goes out, the page is fetched again every 2 s (a reload shows the same without JavaScript). */
export function LiveProgress({ active }: { active: boolean }) {
  const router = useRouter();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => router.refresh(), 2000);
    return () => clearInterval(timer);
  }, [active, router]);
  return null;
}
