"use client";

import { ActionForm, FieldError } from "@/components/forms/action-form";
import { Field, NativeSelect, TextInput } from "@/components/forms/fields";
import { SubmitButton } from "@/components/forms/submit";
import { buttonVariants } from "@/components/ui/button";
import { chatEventsInWords, eventField, WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS, WEBHOOK_KIND_LABELS, WEBHOOK_KINDS, type WebhookKind } from "@/lib/webhooks";
import { addEndpointAction } from "@/server/integrations/integration-actions";

/**
 * Adding a webhook endpoint: its https address, its kind, the events it is sent. The answer to a
 * successful add carries the signing secret, written here once (not toasted): the page never has it
 * again, and a reload shows the form empty (ADR 0055's forms work without JavaScript, so the secret
 * shows in the page the browser renders after its post).
 */
export function AddEndpointForm() {
  return (
    <ActionForm action={addEndpointAction} toastInvalid answer="box" label="Add a webhook endpoint" className="grid gap-5" testId="add-endpoint">
      {({ values, state }) => (
        <>
          {state.status === "success" && state.reveal && (
            <div className="rounded-2xl border border-brand-200 bg-brand-50 p-4" data-testid="endpoint-secret">
              <p className="text-sm font-semibold">Signing secret (shown this once)</p>
              <p className="mt-1 text-sm text-ink-soft">
                Keep it where your receiver reads it: it verifies that a request came from this site (docs: Receiving a webhook).
              </p>
              <code className="mt-2 block rounded-lg bg-surface px-3 py-2 font-mono text-sm break-all select-all">{state.reveal.value}</code>
            </div>
          )}
          <Field
            id="endpoint-url"
            label="Address"
            name="url"
            hint="The receiver's https address: your server, a Zapier or Make catch hook, a Slack or Teams incoming webhook."
            required
          >
            {(aria) => (
              <TextInput
                {...aria}
                name="url"
                type="url"
                inputMode="url"
                autoComplete="off"
                required
                maxLength={2048}
                defaultValue={values.url}
                placeholder="https://"
              />
            )}
          </Field>
          <Field id="endpoint-kind" label="Kind" name="kind" required>
            {(aria) => (
              <NativeSelect {...aria} name="kind" defaultValue={(values.kind as WebhookKind | undefined) ?? "standard"}>
                {WEBHOOK_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {WEBHOOK_KIND_LABELS[k]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <fieldset aria-describedby="endpoint-events-hint endpoint-events-error">
            <legend className="mb-1.5 text-sm font-semibold text-ink">
              Events{" "}
              <span className="text-danger" aria-hidden="true">
                *
              </span>
            </legend>
            <p id="endpoint-events-hint" className="mb-2 text-xs text-muted">
              Slack and Teams endpoints get a message for {chatEventsInWords()} only.
            </p>
            <div className="grid gap-2 sm:grid-cols-2">
              {WEBHOOK_EVENTS.map((event) => (
                <label key={event} className="flex min-h-9 items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name={eventField(event)}
                    defaultChecked={state.status === "idle" || state.status === "success" ? event === "lead.created" : values[eventField(event)] === "on"}
                    className="size-5 accent-brand-600"
                  />
                  <span>
                    {WEBHOOK_EVENT_LABELS[event]} <code className="text-xs text-muted">{event}</code>
                  </span>
                </label>
              ))}
            </div>
            <FieldError id="endpoint-events-error" name="events" />
          </fieldset>
          <div>
            <SubmitButton label="Add endpoint" pendingLabel="Adding..." className={buttonVariants()} />
          </div>
        </>
      )}
    </ActionForm>
  );
}
