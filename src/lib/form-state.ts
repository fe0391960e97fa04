import type { FieldErrors } from "./schemas/lead-forms";

/** What a form's Server Action answers; rendered as toasts with JavaScript and inline without. */
export interface FormState {
  status: "idle" | "success" | "invalid" | "refused" | "error";
  title?: string;
  message?: string;
  fieldErrors?: FieldErrors;
  /** What the visitor typed, echoed back on every error so nothing is lost. */
  values?: Record<string, string>;
  /** Changes with every answer, so the same answer twice still shows a toast. */
  at?: number;
}

export const IDLE: FormState = { status: "idle" };

/** Names of the hidden fields every public form carries. */
export const GUARD_FIELDS = {
  honeypot: "companyWebsite",
  /** Milliseconds between the form appearing and being sent, measured in the browser (no clock skew). */
  elapsedMs: "elapsedMs",
  submissionKey: "submissionKey",
  attribution: "attribution",
} as const;
