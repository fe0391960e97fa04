"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition, type FormEvent, type ReactNode } from "react";
import { toast } from "sonner";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { DialogBody, DialogFooter } from "@/components/ui/dialog";
import { fieldErrors as toFieldErrors, type FieldErrors } from "@/lib/schemas/lead-forms";
import { saveRecord, type AdminKind } from "@/server/actions/admin";

/**
 * The body of a create/edit dialog: validates with the kind's schema in the browser, then saves
 * through the Server Action (which validates again and checks the admin role), shows the toast of
 * SPEC §8, and refreshes every list and count on success.
 */
export function RecordForm({
  kind,
  id,
  schema,
  onDone,
  children,
}: {
  kind: AdminKind;
  id: string | null;
  schema: z.ZodType;
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
    const parsed = schema.safeParse(plain);
    if (!parsed.success) {
      const found = toFieldErrors(parsed.error);
      setErrors(found);
      if (found.metrics === "Please enter valid JSON for metrics.") toast.error("Invalid JSON", { description: found.metrics });
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    startSaving(async () => {
      const result = await saveRecord(kind, id, data);
      if (result.ok) {
        setErrors({});
        toast.success(result.message);
        onDone();
        router.refresh();
      } else {
        setErrors(result.fieldErrors ?? {});
        toast.error(result.title ?? "Error", { description: result.message });
        requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      }
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex min-h-0 flex-col">
      <DialogBody className="space-y-5">{children(errors)}</DialogBody>
      <DialogFooter>
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
