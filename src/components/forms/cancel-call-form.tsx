"use client";

import { cancelCallAction } from "@/server/booking/booking-actions";
import { ActionForm } from "./action-form";
import { SubmitButton } from "./submit";

/**
 * "Yes, cancel the call" ("Yes, release this time" for a call only held), shown once the visitor asked
 * to cancel (the manage page's ?cancel=confirm): a POST with a button, never a link (a GET changes
 * nothing, docs/decisions/0065).
 */
export function CancelCallForm({ token, held = false }: { token: string; held?: boolean }) {
  return (
    <ActionForm action={cancelCallAction} label={held ? "Release this held time" : "Cancel the call"} hidden={{ token }} answer="line" testId="cancel-form">
      <SubmitButton
        label={held ? "Yes, release this time" : "Yes, cancel the call"}
        pendingLabel={held ? "Releasing..." : "Cancelling..."}
        className="inline-flex min-h-11 items-center justify-center rounded-full border border-danger/50 px-5 text-sm font-semibold text-danger hover:bg-danger/10"
      />
    </ActionForm>
  );
}
