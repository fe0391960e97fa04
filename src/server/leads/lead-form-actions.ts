"use server";

import type { FormState } from "@/lib/form-state";
import { submitFromAction } from "./lead-submission";

// The Server Actions the public forms are rendered with: what a browser without JavaScript posts.
// With JavaScript the form's script posts to /api/forms/<name> instead (ADR 0017).

export async function submitFreeAudit(_previous: FormState, form: FormData): Promise<FormState> {
  return submitFromAction("audit", form);
}

export async function submitContactForm(_previous: FormState, form: FormData): Promise<FormState> {
  return submitFromAction("contact", form);
}
