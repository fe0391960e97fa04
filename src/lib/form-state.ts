/** A message per field name; "form" for what belongs to no one field. */
export type FieldErrors = Partial<Record<string, string>>;

/**
 * The one answer every form gets from the server: the public forms, the dashboard's dialogs and
 * actions, and (by extension with its mode) the sign-in forms. Rendered as toasts with JavaScript
 * and inline without. Built by `handleForm` (src/server/kernel/forms/form-action.ts), whose messages never carry
 * SQL, a stack or a constraint name (ADR 0024).
 */
export interface FormState {
  status: "idle" | "success" | "invalid" | "refused" | "error";
  title?: string;
  message?: string;
  fieldErrors?: FieldErrors;
  /** What the visitor typed, echoed back on every error so nothing is lost. */
  values?: Record<string, string>;
  /**
   * A value the answer shows once and nothing stores (a new API key, docs/decisions/0059; a new
   * webhook endpoint's signing secret, 0057): the page renders it beside the form, with JavaScript or
   * without, never toasted, never echoed back, and it is gone on the next answer.
   */
  reveal?: { label: string; value: string };
  /**
   * The record a save wrote, or the newer one a save was refused for (someone saved it first): its id
   * and its version (the time it was last written, ISO), for the record form's next save.
   */
  saved?: { id: string; version: string };
  /** Changes with every answer, so the same answer twice still shows a toast. */
  at?: number;
}

export const IDLE: FormState = { status: "idle" };

export const isSuccess = (state: FormState): boolean => state.status === "success";

/** Names of the hidden fields every public form carries. */
export const GUARD_FIELDS = {
  honeypot: "companyWebsite",
  /** Milliseconds between the form appearing and being sent, measured in the browser (no clock skew). */
  elapsedMs: "elapsedMs",
  submissionKey: "submissionKey",
  attribution: "attribution",
} as const;
