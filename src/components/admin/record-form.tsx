"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, useTransition, type FormEvent, type ReactNode } from "react";
import { toast, toastAnswer } from "@/components/ui/toast";
import { historyHref } from "@/lib/admin-tables/activity";
import type { AdminTableDefinition } from "@/lib/admin-tables/definition";
import { Button } from "@/components/ui/button";
import { DialogBody, DialogFooter } from "@/components/ui/dialog";
import type { FieldErrors } from "@/lib/form-state";
import { fieldErrors as toFieldErrors } from "@/lib/schemas/lead-forms";
import { saveRecord } from "@/server/actions/admin";

/**
 * The body of a create/edit dialog: validates with the table's schema in the browser, then saves
 * through the Server Action (which validates again and checks the table's roles), shows the
 * answer as a toast ("Lead created successfully.", "Failed to save lead. Please try again."), and
 * refreshes every list and count on success.
 */
export function RecordForm({
  table,
  id,
  onDone,
  children,
}: {
  table: AdminTableDefinition;
  id: string | null;
  onDone: () => void;
  children: (errors: FieldErrors) => ReactNode;
}) {
  const router = useRouter();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isSaving, startSaving] = useTransition();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const plain: Record<string, string> = {};
    for (const [key, value] of data.entries()) if (typeof value === "string") plain[key] = value;
    const focusFirstError = () => requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
    const parsed = table.schema.safeParse(plain);
    if (!parsed.success) {
      const found = toFieldErrors(parsed.error);
      setErrors(found);
      const own = table.invalidToast?.(found);
      if (own) toast.error(own.title, { description: own.message });
      focusFirstError();
      return;
    }
    startSaving(async () => {
      const result = await saveRecord(table.id, id, data);
      toastAnswer(result, { invalid: true });
      if (result.status === "success") {
        setErrors({});
        onDone();
        router.refresh();
      } else {
        setErrors(result.fieldErrors ?? {});
        focusFirstError();
      }
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex min-h-0 flex-col">
      <DialogBody className="space-y-5">{children(errors)}</DialogBody>
      <DialogFooter>
        {/* Every change to this record, in the Activity tab (ADR 0037). */}
        {id !== null && (
          <Link
            href={historyHref(table.table, id)}
            className="mr-auto inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline-offset-4 hover:underline"
          >
            History
          </Link>
        )}
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSaving}>
          {isSaving ? "Saving..." : "Save"}
        </Button>
      </DialogFooter>
    </form>
  );
}
