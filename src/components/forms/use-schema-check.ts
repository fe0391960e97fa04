"use client";

import { useState, type FormEvent } from "react";
import type { z } from "zod";
import type { FieldErrors, FormState } from "@/lib/form-state";
import { fieldErrors } from "@/lib/schemas/lead-forms";

/**
 * Checks a form against the Zod schema its Server Action parses (ADR 0024) before the browser
 * posts it; the server checks again, and without JavaScript only the server does. The errors are
 * the browser's from the last attempt until the next answer from the server replaces them.
 */
export function useSchemaCheck(schema: z.ZodType, state: FormState) {
  const [checked, setChecked] = useState<{ errors: FieldErrors; at: FormState["at"] } | null>(null);
  const errors: FieldErrors = checked && checked.at === state.at ? checked.errors : (state.fieldErrors ?? {});
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const values = Object.fromEntries([...new FormData(form)].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
    const parsed = schema.safeParse(values);
    if (parsed.success) {
      setChecked(null);
      return;
    }
    event.preventDefault();
    setChecked({ errors: fieldErrors(parsed.error), at: state.at });
    requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };
  /** Forgets the browser's errors (a form switched away from shows none when it comes back). */
  const reset = () => setChecked(null);
  const hasBrowserErrors = checked !== null && checked.at === state.at;
  return { errors, onSubmit, reset, hasBrowserErrors };
}
