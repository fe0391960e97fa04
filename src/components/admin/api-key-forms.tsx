"use client";

import { ActionForm as Form, FieldError } from "@/components/forms/action-form";
import { Field, TextInput } from "@/components/forms/fields";
import { SubmitButton } from "@/components/forms/submit";
import { Button, buttonVariants } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { API_KEY_NAME_MAX, API_SCOPE_LABELS, API_SCOPES } from "@/lib/api-scopes";
import { createApiKeyAction } from "@/server/integrations/api-key-actions";

/**
 * Make an API key (docs/decisions/0059): a name, the scopes, an optional last day. The answer shows
 * the key once, in the page, with JavaScript or without; nothing keeps it after that.
 */
export function CreateApiKeyForm() {
  return (
    <Form action={createApiKeyAction} toastInvalid answer="status" label="Make an API key" className="grid max-w-2xl gap-4" testId="create-api-key">
      {({ values, state }) => (
        <>
          {state.status === "success" && state.reveal && (
            <div className="rounded-2xl border border-success/40 bg-success/5 p-4" data-testid="new-api-key" role="status">
              <p className="text-sm font-semibold">{state.reveal.label}: copy it now, it is shown only this once.</p>
              <label htmlFor="new-api-key-value" className="sr-only">
                New API key
              </label>
              <div className="mt-2 flex flex-wrap gap-2">
                <input
                  id="new-api-key-value"
                  readOnly
                  value={state.reveal.value}
                  className="block min-w-0 flex-1 rounded-xl border border-line bg-surface px-3 py-2 font-mono text-sm"
                  onFocus={(event) => event.currentTarget.select()}
                />
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => {
                    const value = state.reveal!.value;
                    navigator.clipboard.writeText(value).then(
                      () => toast.success("Key copied to clipboard"),
                      () => toast.error("Copy it from the field: the clipboard refused."),
                    );
                  }}
                >
                  Copy
                </Button>
              </div>
            </div>
          )}
          <Field id="api-key-name" label="Name" name="name" hint="Who or what uses it, e.g. Zapier lead sync." required>
            {(aria) => <TextInput {...aria} name="name" required maxLength={API_KEY_NAME_MAX} autoComplete="off" defaultValue={values.name} />}
          </Field>
          <fieldset aria-describedby="api-key-scopes-error">
            <legend className="mb-1.5 block text-sm font-semibold text-ink">Scopes</legend>
            <div className="grid gap-2">
              {API_SCOPES.map((scope) => (
                <label key={scope} className="flex items-start gap-2 text-sm">
                  <input type="checkbox" name={scope} defaultChecked={values[scope] === "on"} className="mt-1" />
                  <span>
                    <code className="font-mono">{scope}</code>: {API_SCOPE_LABELS[scope]}
                  </span>
                </label>
              ))}
            </div>
            <FieldError id="api-key-scopes-error" name="scopes" />
          </fieldset>
          <Field id="api-key-expires" label="Last day" name="expiresOn" hint="The key works through this day (India time); empty, until it is revoked.">
            {(aria) => <TextInput {...aria} name="expiresOn" type="date" defaultValue={values.expiresOn} />}
          </Field>
          <div>
            <SubmitButton label="Make key" pendingLabel="Making..." className={buttonVariants()} />
          </div>
        </>
      )}
    </Form>
  );
}
