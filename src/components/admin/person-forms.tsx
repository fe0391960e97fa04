"use client";

import { ActionForm } from "@/components/forms/action-form";
import { Field, NativeSelect, TextArea, TextInput } from "@/components/forms/fields";
import { SubmitButton } from "@/components/forms/submit";
import { buttonVariants } from "@/components/ui/button";
import { ERASE_CONFIRMATION, INTERACTION_KIND_LABELS, SUMMARY_MAX, type InteractionKindId } from "@/lib/people";
import { deleteInteractionAction, erasePersonAction, logInteractionAction, updateInteractionAction } from "@/server/people/people-actions";

// The person page's forms (docs/decisions/0068): each a real form posting to its Server Action, so
// each works without JavaScript; what was typed comes back with a refusal.

function InteractionFields({ idPrefix, values }: { idPrefix: string; values: { kind?: string; occurredAt?: string; summary?: string } }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field id={`${idPrefix}-kind`} label="Type" name="kind" required>
        {(aria) => (
          <NativeSelect {...aria} name="kind" defaultValue={values.kind ?? "call"}>
            {(Object.keys(INTERACTION_KIND_LABELS) as InteractionKindId[]).map((kind) => (
              <option key={kind} value={kind}>
                {INTERACTION_KIND_LABELS[kind]}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Field id={`${idPrefix}-at`} label="When (India time)" name="occurredAt" required>
        {(aria) => <TextInput {...aria} type="datetime-local" name="occurredAt" defaultValue={values.occurredAt} required />}
      </Field>
      <div className="sm:col-span-2">
        <Field
          id={`${idPrefix}-summary`}
          label="Summary"
          name="summary"
          required
          hint={`What was said and agreed; at most ${SUMMARY_MAX.toLocaleString("en-IN")} characters.`}
        >
          {(aria) => <TextArea {...aria} name="summary" defaultValue={values.summary} maxLength={SUMMARY_MAX} required className="min-h-24" />}
        </Field>
      </div>
    </div>
  );
}

/** Log a call, e-mail, WhatsApp conversation or meeting; `now` is the current time in India time (the field's default). */
export function LogInteractionForm({ person, now }: { person: string; now: string }) {
  return (
    <ActionForm action={logInteractionAction} hidden={{ person }} label="Log an interaction" testId="log-interaction" className="grid gap-4">
      {({ values }) => (
        <>
          <InteractionFields idPrefix="log" values={{ occurredAt: now, ...values }} />
          <div>
            <SubmitButton label="Log it" pendingLabel="Saving..." className={buttonVariants({ variant: "primary" })} />
          </div>
        </>
      )}
    </ActionForm>
  );
}

/** Edit or delete an entry the viewer logged (inside a <details>, so it opens without JavaScript). */
export function EditInteraction({ person, entry }: { person: string; entry: { id: string; kind: string; occurredAt: string; summary: string } }) {
  return (
    <details className="mt-2">
      <summary className="cursor-pointer text-sm font-semibold text-brand-700">Edit or delete</summary>
      <div className="mt-3 grid gap-3 rounded-xl border border-line p-4">
        <ActionForm action={updateInteractionAction} hidden={{ person, id: entry.id }} label="Edit this entry" testId="edit-interaction" className="grid gap-4">
          {({ values }) => (
            <>
              <InteractionFields idPrefix={`edit-${entry.id}`} values={{ kind: entry.kind, occurredAt: entry.occurredAt, summary: entry.summary, ...values }} />
              <div>
                <SubmitButton label="Save" pendingLabel="Saving..." className={buttonVariants({ variant: "primary", size: "sm" })} />
              </div>
            </>
          )}
        </ActionForm>
        <ActionForm
          action={deleteInteractionAction}
          hidden={{ person, id: entry.id }}
          label="Delete this entry"
          confirm="Delete this entry?"
          answer="line"
          testId="delete-interaction"
          className="flex items-center gap-2"
        >
          <SubmitButton label="Delete" pendingLabel="Deleting..." className={buttonVariants({ variant: "danger", size: "sm" })} />
        </ActionForm>
      </div>
    </details>
  );
}

/** Erase the person, confirmed by typing the word ERASE (not the address, which the browser would keep in its form history). */
export function ErasePersonForm({ person }: { person: string }) {
  return (
    <ActionForm action={erasePersonAction} hidden={{ person }} label="Erase this person" testId="erase-person" className="grid gap-4" toastInvalid>
      <Field id="erase-confirm" label={`Type ${ERASE_CONFIRMATION} to confirm`} name="confirm" required>
        {(aria) => <TextInput {...aria} name="confirm" autoComplete="off" spellCheck={false} className="max-w-xs" />}
      </Field>
      <div>
        <SubmitButton label="Erase everything about this person" pendingLabel="Erasing..." className={buttonVariants({ variant: "danger" })} />
      </div>
    </ActionForm>
  );
}
