import type { z } from "zod";
import type { FieldErrors, FormState } from "@/lib/form-state";
import { fieldErrors } from "@/lib/schemas/lead-forms";
import type { BrowserCheck } from "./action-form";

/** The "invalid" answer the server gives too, made in the browser; null when nothing is wrong. */
function invalid(errors: FieldErrors, said?: { title: string; message: string }): FormState | null {
  if (Object.keys(errors).length === 0) return null;
  return {
    status: "invalid",
    title: said?.title ?? "Please check the form",
    message: said?.message ?? "Some fields need your attention.",
    fieldErrors: errors,
  };
}

/**
 * Checks a form against the Zod schema its Server Action parses (ADR 0024) before the browser posts
 * it; the server checks again, and without JavaScript only the server does. `say` words the answer
 * (the dashboard's dialogs name what is wrong in their toast).
 */
export function schemaCheck(schema: z.ZodType, say?: (errors: FieldErrors) => { title: string; message: string } | undefined): BrowserCheck {
  return (values) => {
    const parsed = schema.safeParse(values);
    if (parsed.success) return null;
    const errors = fieldErrors(parsed.error);
    return invalid(errors, say?.(errors));
  };
}
