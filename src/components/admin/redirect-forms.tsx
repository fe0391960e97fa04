"use client";

import { ActionForm as Form } from "@/components/forms/action-form";
import { Field, NativeSelect, TextInput } from "@/components/forms/fields";
import { SubmitButton } from "@/components/forms/submit";
import { buttonVariants } from "@/components/ui/button";
import { REDIRECT_STATUSES } from "@/lib/redirect-rules";
import { STATUS_LABELS } from "@/lib/schemas/redirects";
import { deleteRedirectAction, importRedirectsAction, saveRedirectAction } from "@/server/redirects/redirect-actions";
import { ActionForm } from "./team-forms";

export interface RedirectView {
  id: number;
  source: string;
  target: string;
  status: number;
}

/**
 * Adds a redirect (from `source`, when the 404 monitor's "Create a redirect" asked), or edits one (`redirect` given). A plain form: it works without JavaScript and
 * comes back with what was typed and a message beside the field on an error.
 */
export function RedirectForm({ redirect, source }: { redirect?: RedirectView; source?: string }) {
  const prefix = redirect ? `redirect-${redirect.id}` : "redirect-new";
  const label = redirect ? `Edit redirect from ${redirect.source}` : "Add a redirect";
  return (
    <Form
      action={saveRedirectAction}
      hidden={redirect ? { id: String(redirect.id) } : {}}
      label={label}
      className="grid gap-4 sm:grid-cols-[1fr_1fr_auto]"
      testId={prefix}
    >
      {({ values }) => (
        <>
          <Field id={`${prefix}-source`} label="Old address" name="source" required hint="A path on this site, e.g. /old-page, or a folder: /old-blog/*">
            {(aria) => <TextInput {...aria} name="source" defaultValue={values.source ?? redirect?.source ?? source ?? ""} placeholder="/old-page" />}
          </Field>
          <Field id={`${prefix}-target`} label="New address" name="target" hint="A path or an http(s) URL; empty for 410 Gone">
            {(aria) => <TextInput {...aria} name="target" defaultValue={values.target ?? redirect?.target ?? ""} placeholder="/new-page" />}
          </Field>
          <Field id={`${prefix}-status`} label="Status" name="status" required>
            {(aria) => (
              <NativeSelect {...aria} name="status" defaultValue={values.status ?? String(redirect?.status ?? 301)}>
                {REDIRECT_STATUSES.map((s) => (
                  <option key={s} value={String(s)}>
                    {STATUS_LABELS[s]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <div className="sm:col-span-3">
            <SubmitButton label={redirect ? "Save redirect" : "Add redirect"} pendingLabel="Saving..." className={buttonVariants({ size: "sm" })} />
          </div>
        </>
      )}
    </Form>
  );
}

export function RemoveRedirectForm({ redirect }: { redirect: RedirectView }) {
  return (
    <ActionForm
      action={deleteRedirectAction}
      hidden={{ id: String(redirect.id) }}
      label="Remove"
      variant="danger"
      confirm={`Remove the redirect from ${redirect.source}?`}
      testId={`remove-redirect-${redirect.id}`}
    />
  );
}

/**
 * Imports a CSV of redirects: the export's columns (Old address, New address, Status), a row a
 * redirect. A plain form posting the file, so it works without JavaScript; a bad row refuses the
 * whole file with the row named, beside the field.
 */
export function ImportRedirectsForm() {
  return (
    <Form action={importRedirectsAction} hidden={{}} label="Import redirects" className="grid gap-4" testId="redirect-import">
      {() => (
        <>
          <Field
            id="redirect-import-file"
            label="CSV file"
            name="file"
            required
            hint="Columns: Old address, New address, Status (301 when empty). At most 5,000 rows."
          >
            {(aria) => <input {...aria} type="file" name="file" accept=".csv,text/csv" required className="block w-full text-sm" />}
          </Field>
          <div>
            <SubmitButton label="Import" pendingLabel="Importing..." className={buttonVariants({ size: "sm", variant: "outline" })} />
          </div>
        </>
      )}
    </Form>
  );
}
