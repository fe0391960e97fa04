"use client";

import { useActionState } from "react";
import { FormAnswer, Toasts } from "@/components/auth/form-answer";
import { Field, NativeSelect, TextInput } from "@/components/forms/fields";
import { Submit } from "@/components/forms/submit";
import { useSchemaCheck } from "@/components/forms/use-schema-check";
import { IDLE, type FormState } from "@/lib/form-state";
import { PasswordConfirmSchema, TeamSecuritySchema, TotpCodeSchema } from "@/lib/schemas/two-factor";
import { confirmTotpAction, disableTwoFactorAction, setTeamTwoFactorAction, startTotpAction } from "@/server/actions/two-factor";

export { Toasts };

type Action = (previous: FormState, form: FormData) => Promise<FormState>;

/** Asks for the member's password before turning the second factor on or off. */
function PasswordForm({ action: serverAction, id, label, submit }: { action: Action; id: string; label: string; submit: string }) {
  const [state, action] = useActionState(serverAction, IDLE);
  const { errors, onSubmit } = useSchemaCheck(PasswordConfirmSchema, state);
  return (
    <>
      <FormAnswer state={state} />
      <form action={action} onSubmit={onSubmit} noValidate aria-label={label} className="max-w-sm space-y-4" key={state.at ?? 0}>
        <Field id={id} label="Your password" error={errors.password} required>
          {(aria) => <TextInput {...aria} name="password" type="password" autoComplete="current-password" required />}
        </Field>
        <Submit label={submit} pendingLabel="Checking..." />
      </form>
    </>
  );
}

export function StartTotpForm() {
  return <PasswordForm action={startTotpAction} id="totp-start-password" label="Turn on two-factor sign-in" submit="Set Up Authenticator App" />;
}

export function DisableTwoFactorForm() {
  return <PasswordForm action={disableTwoFactorAction} id="totp-disable-password" label="Turn off two-factor sign-in" submit="Turn Off Two-Factor" />;
}

export function ConfirmTotpForm() {
  const [state, action] = useActionState(confirmTotpAction, IDLE);
  const { errors, onSubmit } = useSchemaCheck(TotpCodeSchema, state);
  return (
    <>
      <FormAnswer state={state} />
      <form action={action} onSubmit={onSubmit} noValidate aria-label="Confirm the authenticator app" className="max-w-sm space-y-4" key={state.at ?? 0}>
        <Field id="totp-confirm-code" label="Code from the app" hint="Six digits, to prove the app has the secret." error={errors.code} required>
          {(aria) => <TextInput {...aria} name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={8} required />}
        </Field>
        <Submit label="Confirm and Turn On" pendingLabel="Checking..." />
      </form>
    </>
  );
}

export function TeamTwoFactorForm({ required }: { required: boolean }) {
  const [state, action] = useActionState(setTeamTwoFactorAction, IDLE);
  const { errors, onSubmit } = useSchemaCheck(TeamSecuritySchema, state);
  return (
    <>
      <FormAnswer state={state} />
      <form action={action} onSubmit={onSubmit} noValidate aria-label="Team two-factor requirement" className="max-w-sm space-y-4" key={state.at ?? 0}>
        <Field id="team-require-two-factor" label="Two-factor sign-in for every member" error={errors.requireTwoFactor} required>
          {(aria) => (
            <NativeSelect {...aria} name="requireTwoFactor" defaultValue={required ? "on" : "off"}>
              <option value="off">Optional</option>
              <option value="on">Required before any dashboard page</option>
            </NativeSelect>
          )}
        </Field>
        <Submit label="Save" pendingLabel="Saving..." />
      </form>
    </>
  );
}
