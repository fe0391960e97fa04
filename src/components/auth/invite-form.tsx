"use client";

import { useActionState } from "react";
import { Field, TextInput } from "@/components/forms/fields";
import { Submit } from "@/components/forms/submit";
import { IDLE } from "@/lib/form-state";
import { PASSWORD_MIN } from "@/lib/schemas/auth";
import { acceptInvitationAction } from "@/server/actions/team";
import { FormAnswer, Toasts } from "./form-answer";

/** The invitee's name and password; the server checks both and answers beside each field. */
export function AcceptInvitationForm({ token, email }: { token: string; email: string }) {
  const [state, action] = useActionState(acceptInvitationAction, IDLE);
  const errors = state.fieldErrors ?? {};
  return (
    <>
      <Toasts />
      <FormAnswer state={state} />
      <form action={action} noValidate aria-label="Accept the invitation" className="space-y-5" key={state.at ?? 0}>
        <input type="hidden" name="token" value={token} readOnly />
        <Field id="invite-email" label="Email" required>
          {(aria) => <TextInput {...aria} type="email" value={email} readOnly autoComplete="username" />}
        </Field>
        <Field id="invite-name" label="Your name" error={errors.name} required>
          {(aria) => <TextInput {...aria} name="name" autoComplete="name" required maxLength={100} defaultValue={state.values?.name} />}
        </Field>
        <Field id="invite-password" label="Choose a password" error={errors.password} hint={`At least ${PASSWORD_MIN} characters.`} required>
          {(aria) => <TextInput {...aria} name="password" type="password" autoComplete="new-password" required minLength={PASSWORD_MIN} maxLength={128} />}
        </Field>
        <Submit label="Join the team" pendingLabel="Creating your account..." />
      </form>
    </>
  );
}
