"use client";

import { ActionForm } from "@/components/forms/action-form";
import { Field, TextInput } from "@/components/forms/fields";
import { SubmitButton } from "@/components/forms/submit";
import { PASSWORD_MIN } from "@/lib/schemas/auth";
import { acceptInvitationAction } from "@/server/team/team-actions";
import { ANSWER, WIDE_SUBMIT } from "./form-answer";

/** The invitee's name and password; the server checks both and answers beside each field. */
export function AcceptInvitationForm({ token, email }: { token: string; email: string }) {
  return (
    <ActionForm action={acceptInvitationAction} label="Accept the invitation" className="space-y-5" answerClassName={ANSWER} hidden={{ token }}>
      {({ values }) => (
        <>
          <Field id="invite-email" label="Email" required>
            {(aria) => <TextInput {...aria} type="email" value={email} readOnly autoComplete="username" />}
          </Field>
          <Field id="invite-name" label="Your name" name="name" required>
            {(aria) => <TextInput {...aria} name="name" autoComplete="name" required maxLength={100} defaultValue={values.name} />}
          </Field>
          <Field id="invite-password" label="Choose a password" name="password" hint={`At least ${PASSWORD_MIN} characters.`} required>
            {(aria) => <TextInput {...aria} name="password" type="password" autoComplete="new-password" required minLength={PASSWORD_MIN} maxLength={128} />}
          </Field>
          <SubmitButton label="Join the team" pendingLabel="Creating your account..." className={WIDE_SUBMIT} />
        </>
      )}
    </ActionForm>
  );
}
