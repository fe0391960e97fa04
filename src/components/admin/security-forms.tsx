"use client";

import { ActionForm, type ServerFormAction } from "@/components/forms/action-form";
import { ANSWER, WIDE_SUBMIT } from "@/components/auth/form-answer";
import { Field, NativeSelect, TextInput } from "@/components/forms/fields";
import { schemaCheck } from "@/components/forms/schema-check";
import { SubmitButton } from "@/components/forms/submit";
import { Toaster } from "@/components/ui/toast";
import { PasswordConfirmSchema, TeamSecuritySchema, TotpCodeSchema } from "@/lib/schemas/two-factor";
import { confirmTotpAction, disableTwoFactorAction, setTeamTwoFactorAction, startTotpAction } from "@/server/actions/two-factor";

/** The page's toasts, for its notices (?required=1) before any form has answered. */
export const Toasts = Toaster;

const checkPassword = schemaCheck(PasswordConfirmSchema);
const checkCode = schemaCheck(TotpCodeSchema);
const checkTeam = schemaCheck(TeamSecuritySchema);

/** Asks for the member's password before turning the second factor on or off. */
function PasswordForm({ action, id, label, submit }: { action: ServerFormAction; id: string; label: string; submit: string }) {
  return (
    <ActionForm action={action} check={checkPassword} label={label} className="max-w-sm space-y-4" answerClassName={ANSWER}>
      <Field id={id} label="Your password" name="password" required>
        {(aria) => <TextInput {...aria} name="password" type="password" autoComplete="current-password" required />}
      </Field>
      <SubmitButton label={submit} pendingLabel="Checking..." className={WIDE_SUBMIT} />
    </ActionForm>
  );
}

export function StartTotpForm() {
  return <PasswordForm action={startTotpAction} id="totp-start-password" label="Turn on two-factor sign-in" submit="Set Up Authenticator App" />;
}

export function DisableTwoFactorForm() {
  return <PasswordForm action={disableTwoFactorAction} id="totp-disable-password" label="Turn off two-factor sign-in" submit="Turn Off Two-Factor" />;
}

export function ConfirmTotpForm() {
  return (
    <ActionForm action={confirmTotpAction} check={checkCode} label="Confirm the authenticator app" className="max-w-sm space-y-4" answerClassName={ANSWER}>
      <Field id="totp-confirm-code" label="Code from the app" hint="Six digits, to prove the app has the secret." name="code" required>
        {(aria) => <TextInput {...aria} name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={8} required />}
      </Field>
      <SubmitButton label="Confirm and Turn On" pendingLabel="Checking..." className={WIDE_SUBMIT} />
    </ActionForm>
  );
}

export function TeamTwoFactorForm({ required }: { required: boolean }) {
  return (
    <ActionForm action={setTeamTwoFactorAction} check={checkTeam} label="Team two-factor requirement" className="max-w-sm space-y-4" answerClassName={ANSWER}>
      <Field id="team-require-two-factor" label="Two-factor sign-in for every member" name="requireTwoFactor" required>
        {(aria) => (
          <NativeSelect {...aria} name="requireTwoFactor" defaultValue={required ? "on" : "off"}>
            <option value="off">Optional</option>
            <option value="on">Required before any dashboard page</option>
          </NativeSelect>
        )}
      </Field>
      <SubmitButton label="Save" pendingLabel="Saving..." className={WIDE_SUBMIT} />
    </ActionForm>
  );
}
