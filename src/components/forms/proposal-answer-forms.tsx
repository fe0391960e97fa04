"use client";

import { acceptProposalAction, declineProposalAction } from "@/server/proposals/proposal-actions";
import { ActionForm, FieldError } from "./action-form";
import { Field, TextArea, TextInput } from "./fields";
import { SUBMIT_CLASSES } from "./form-guard";
import { SubmitButton } from "./submit";

/**
 * The client's acceptance (docs/decisions/0108): their full name typed, "I accept these terms" ticked,
 * and the hash of the document this page shows, posted to the server, which records exactly that. A
 * plain form: it works without JavaScript; a refusal comes back with the name kept.
 */
export function AcceptProposalForm({ token, documentSha256 }: { token: string; documentSha256: string }) {
  return (
    <ActionForm
      action={acceptProposalAction}
      label="Accept the proposal"
      hidden={{ token, document: documentSha256 }}
      testId="accept-form"
      className="grid gap-4"
    >
      {({ values }) => (
        <>
          <Field id="accept-name" label="Your full name" name="name" required hint="Typing your name signs your acceptance.">
            {(aria) => <TextInput {...aria} name="name" autoComplete="name" defaultValue={values.name ?? ""} />}
          </Field>
          <div>
            <label className="flex items-start gap-3">
              <input type="checkbox" name="agree" value="yes" className="mt-1 size-5 accent-brand-600" aria-describedby="accept-agree-error" />
              <span>I accept these terms</span>
            </label>
            <FieldError id="accept-agree-error" name="agree" />
          </div>
          <div>
            <SubmitButton label="Accept the proposal" pendingLabel="Accepting..." className={SUBMIT_CLASSES} />
          </div>
        </>
      )}
    </ActionForm>
  );
}

/** Declining, with a reason if the client wants to give one. */
export function DeclineProposalForm({ token }: { token: string }) {
  return (
    <ActionForm action={declineProposalAction} label="Decline the proposal" hidden={{ token }} testId="decline-form" className="grid gap-4">
      {({ values }) => (
        <>
          <Field id="decline-reason" label="Why (it helps us)" name="reason">
            {(aria) => <TextArea {...aria} name="reason" className="min-h-20" defaultValue={values.reason ?? ""} />}
          </Field>
          <div>
            <SubmitButton
              label="Decline the proposal"
              pendingLabel="Sending..."
              className="inline-flex min-h-11 items-center rounded-xl border border-line px-5 font-semibold"
            />
          </div>
        </>
      )}
    </ActionForm>
  );
}
