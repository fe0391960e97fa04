"use client";

import { confirmCallAction } from "@/server/booking/booking-actions";
import { ActionForm } from "./action-form";
import { SUBMIT_CLASSES } from "./form-guard";
import { SubmitButton } from "./submit";

/** "Confirm the call": a POST with a button, never the link itself (mail scanners open links; docs/decisions/0077). */
export function ConfirmCallForm({ token }: { token: string }) {
  return (
    <ActionForm action={confirmCallAction} label="Confirm the call" hidden={{ token }} answer="line" testId="confirm-form">
      <SubmitButton label="Confirm the call" pendingLabel="Confirming..." className={SUBMIT_CLASSES} />
    </ActionForm>
  );
}
