"use client";

import { useActionState } from "react";
import { Field, TextInput } from "@/components/forms/fields";
import { Submit } from "@/components/forms/submit";
import { useSchemaCheck } from "@/components/forms/use-schema-check";
import { IDLE } from "@/lib/form-state";
import { ForgotPasswordSchema, PASSWORD_MIN, ResetPasswordSchema } from "@/lib/schemas/auth";
import { requestPasswordResetAction, resetPasswordAction } from "@/server/actions/auth";
import { FormAnswer, Toasts } from "./form-answer";

export function ForgotPasswordForm() {
  const [state, action] = useActionState(requestPasswordResetAction, IDLE);
  const { errors, onSubmit } = useSchemaCheck(ForgotPasswordSchema, state);
  return (
    <>
      <Toasts />
      <FormAnswer state={state} />
      <form action={action} onSubmit={onSubmit} noValidate aria-label="Password reset request" className="space-y-5" key={state.at ?? 0}>
        <Field id="forgot-email" label="Email" error={errors.email} required>
          {(aria) => <TextInput {...aria} name="email" type="email" autoComplete="email" required defaultValue={state.values?.email} />}
        </Field>
        <Submit label="Send Reset Link" pendingLabel="Sending..." />
      </form>
    </>
  );
}

export function ResetPasswordForm({ token }: { token: string }) {
  const [state, action] = useActionState(resetPasswordAction, IDLE);
  const { errors, onSubmit } = useSchemaCheck(ResetPasswordSchema, state);
  return (
    <>
      <Toasts />
      <FormAnswer state={state} />
      <form action={action} onSubmit={onSubmit} noValidate aria-label="New password form" className="space-y-5" key={state.at ?? 0}>
        <input type="hidden" name="token" value={token} readOnly />
        <Field
          id="reset-password"
          label="New password"
          error={errors.password ?? errors.token}
          hint={`At least ${PASSWORD_MIN} characters, not a common password.`}
          required
        >
          {(aria) => <TextInput {...aria} name="password" type="password" autoComplete="new-password" required minLength={PASSWORD_MIN} />}
        </Field>
        <Submit label="Set New Password" pendingLabel="Saving..." />
      </form>
    </>
  );
}
