"use client";

import { ActionForm } from "@/components/forms/action-form";
import { Field, TextInput } from "@/components/forms/fields";
import { schemaCheck } from "@/components/forms/schema-check";
import { SubmitButton } from "@/components/forms/submit";
import { ForgotPasswordSchema, PASSWORD_MIN, ResetPasswordSchema } from "@/lib/schemas/auth";
import { requestPasswordResetAction, resetPasswordAction } from "@/server/team/auth-actions";
import { ANSWER, WIDE_SUBMIT } from "./form-answer";

const checkForgot = schemaCheck(ForgotPasswordSchema);
const checkReset = schemaCheck(ResetPasswordSchema);

export function ForgotPasswordForm() {
  return (
    <ActionForm action={requestPasswordResetAction} check={checkForgot} label="Password reset request" className="space-y-5" answerClassName={ANSWER}>
      {({ values }) => (
        <>
          <Field id="forgot-email" label="Email" name="email" required>
            {(aria) => <TextInput {...aria} name="email" type="email" autoComplete="email" required defaultValue={values.email} />}
          </Field>
          <SubmitButton label="Send Reset Link" pendingLabel="Sending..." className={WIDE_SUBMIT} />
        </>
      )}
    </ActionForm>
  );
}

export function ResetPasswordForm({ token }: { token: string }) {
  return (
    <ActionForm action={resetPasswordAction} check={checkReset} label="New password form" className="space-y-5" answerClassName={ANSWER} hidden={{ token }}>
      <Field
        id="reset-password"
        label="New password"
        name={["password", "token"]}
        hint={`At least ${PASSWORD_MIN} characters, not a common password.`}
        required
      >
        {(aria) => <TextInput {...aria} name="password" type="password" autoComplete="new-password" required minLength={PASSWORD_MIN} />}
      </Field>
      <SubmitButton label="Set New Password" pendingLabel="Saving..." className={WIDE_SUBMIT} />
    </ActionForm>
  );
}
