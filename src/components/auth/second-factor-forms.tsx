"use client";

import { ActionForm } from "@/components/forms/action-form";
import { Field, TextInput } from "@/components/forms/fields";
import { schemaCheck } from "@/components/forms/schema-check";
import { SubmitButton } from "@/components/forms/submit";
import { SecondFactorSchema } from "@/lib/schemas/two-factor";
import { verifySecondFactorAction } from "@/server/team/two-factor-actions";
import { ANSWER, WIDE_SUBMIT } from "./form-answer";

const check = schemaCheck(SecondFactorSchema);

function CodeForm({ method }: { method: "totp" | "backup" }) {
  const isTotp = method === "totp";
  return (
    <ActionForm
      action={verifySecondFactorAction}
      check={check}
      label={isTotp ? "Sign in with an authenticator code" : "Sign in with a backup code"}
      className="space-y-5"
      answerClassName={ANSWER}
      hidden={{ method }}
    >
      <Field
        id={`second-factor-${method}`}
        label={isTotp ? "Code from your authenticator app" : "Backup code"}
        hint={isTotp ? "Six digits; it changes every 30 seconds." : "Each backup code works once."}
        name={["code", "method"]}
        required
      >
        {(aria) =>
          isTotp ? (
            <TextInput {...aria} name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9 ]*" maxLength={8} required autoFocus />
          ) : (
            <TextInput {...aria} name="code" autoComplete="off" spellCheck={false} maxLength={20} required />
          )
        }
      </Field>
      <SubmitButton label={isTotp ? "Verify" : "Use Backup Code"} pendingLabel="Checking..." className={WIDE_SUBMIT} />
    </ActionForm>
  );
}

/** The second step of signing in: the authenticator's code, or (folded away) a backup code. */
export function SecondFactorForms() {
  return (
    <>
      <CodeForm method="totp" />
      <details className="mt-6 border-t border-line pt-4">
        <summary className="min-h-11 cursor-pointer py-2 text-sm font-semibold text-brand-700">Use a backup code instead</summary>
        <div className="mt-3">
          <CodeForm method="backup" />
        </div>
      </details>
    </>
  );
}
