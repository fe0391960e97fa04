"use server";

import { CALL_REQUEST_SUCCESS } from "@/lib/form-messages";
import type { FormState } from "@/lib/form-state";
import { submitFromAction } from "./lead-submission";

/**
 * "Ask for a call" on /book when no time is free (docs/decisions/0085): the free-audit submission
 * (same schema, guards, limit and lead), answered in the words of a call request.
 */
export async function submitCallRequest(_previous: FormState, form: FormData): Promise<FormState> {
  const answer = await submitFromAction("audit", form);
  return answer.status === "success" ? { ...answer, ...CALL_REQUEST_SUCCESS } : answer;
}
