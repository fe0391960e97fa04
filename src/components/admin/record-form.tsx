"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import type { ReactNode } from "react";
import { AnswerForm, useFormAnswer, type BrowserCheck } from "@/components/forms/action-form";
import { SubmitButton } from "@/components/forms/submit";
import { historyHref } from "@/lib/admin-tables/activity";
import { RECORD_FORM_FIELDS, type AdminTableDefinition } from "@/lib/admin-tables/definition";
import { Button, buttonVariants } from "@/components/ui/button";
import { DialogBody, DialogFooter } from "@/components/ui/dialog";
import type { FieldErrors } from "@/lib/form-state";
import { fieldErrors as toFieldErrors } from "@/lib/schemas/lead-forms";
import { saveRecordForm } from "@/server/dashboard/admin-actions";

const cancelClass = buttonVariants({ variant: "outline" });

/**
 * The body of a create/edit form, in the list's dialog or on the record's own address
 * (`?new=1`, `?edit=<id>`, what a browser without JavaScript opens): a real form posting to the
 * Server Action (which validates again and checks the table's roles). With JavaScript the table's
 * schema is checked first, the answer is a toast ("Lead created successfully.", "Failed to save
 * lead. Please try again.") and every list and count is refreshed on success; without it the page
 * is rendered again with the answer above the form and what was typed kept in the fields.
 */
/** The table's own schema, checked in the browser before a save is sent (the dialog, the record page, the writing room). */
export function tableCheck(table: AdminTableDefinition): BrowserCheck {
  return (values) => {
    const parsed = table.schema.safeParse(values);
    if (parsed.success) return null;
    const found = toFieldErrors(parsed.error);
    return { status: "invalid", fieldErrors: found, ...(table.invalidToast?.(found) ?? {}) };
  };
}

export function RecordForm({
  table,
  id,
  onDone,
  cancelHref,
  children,
}: {
  table: AdminTableDefinition;
  id: string | null;
  /** In the dialog: closes it (Cancel, and after a save). */
  onDone?: () => void;
  /** On the record's own address: where Cancel goes (the list it came from). */
  cancelHref?: string;
  /** The fields, given the latest answer's field errors and, after an error, what was typed. */
  children: (answer: { errors: FieldErrors; typed: Record<string, string> | null }) => ReactNode;
}) {
  const router = useRouter();
  const form = useFormAnswer({
    action: saveRecordForm,
    check: tableCheck(table),
    toastInvalid: true,
    writtenAs: onDone ? "none" : "box",
    onAnswer: (state) => {
      if (state.status !== "success") return;
      onDone?.();
      router.refresh();
    },
  });
  const typed = form.state.status !== "success" && form.state.values ? form.state.values : null;

  return (
    <AnswerForm
      form={form}
      answer={onDone ? "none" : "box"}
      answerClassName="mx-6 mt-5"
      hidden={{ [RECORD_FORM_FIELDS.table]: table.id, ...(id === null ? {} : { [RECORD_FORM_FIELDS.id]: id }) }}
      label={`${id === null ? "Add" : "Edit"} ${table.noun.one}`}
      className="flex min-h-0 flex-col"
    >
      <DialogBody className="space-y-5">{children({ errors: form.errors, typed })}</DialogBody>
      <DialogFooter>
        {/* Every change to this record, on the Activity screen (ADR 0037). */}
        {id !== null && (
          <Link
            href={historyHref(table.table, id)}
            className="mr-auto inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline-offset-4 hover:underline"
          >
            History
          </Link>
        )}
        {onDone ? (
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
        ) : (
          <Link href={cancelHref ?? "/admin"} className={cancelClass}>
            {form.state.status === "success" ? "Back to the list" : "Cancel"}
          </Link>
        )}
        <SubmitButton label="Save" pendingLabel="Saving..." className={buttonVariants()} />
      </DialogFooter>
    </AnswerForm>
  );
}
