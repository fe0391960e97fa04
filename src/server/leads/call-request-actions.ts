"use server";

import type { FormState } from "@/lib/form-state";
import { submitFromAction } from "./lead-submission";

/**
 * "Ask for a call" on /book when no time is free (docs/decisions/0085): the free-audit submission
 * (same schema, guards, limit and lead) asking for a call: answered, notified and acknowledged in the
 * words of a call request.
 */
export async function submitCallRequest(_previous: FormState, form: FormData): Promise<FormState> {
  return submitFromAction("audit", form, "call");
}
