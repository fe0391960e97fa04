"use client";

import { useActionState } from "react";
import { Field, TextInput } from "@/components/forms/fields";
import { Submit } from "@/components/forms/submit";
import { useSchemaCheck } from "@/components/forms/use-schema-check";
import { IDLE } from "@/lib/form-state";
import { SecondFactorSchema } from "@/lib/schemas/two-factor";
import { verifySecondFactorAction } from "@/server/actions/two-factor";
import { FormAnswer, Toasts } from "./form-answer";

function CodeForm({ method }: { method: "totp" | "backup" }) {
  const [state, action] = useActionState(verifySecondFactorAction, IDLE);
  const { errors, onSubmit } = useSchemaCheck(SecondFactorSchema, state);
  const isTotp = method === "totp";
  return (
    <>
      <FormAnswer state={state} />
      <form action={action} onSubmit={onSubmit} noValidate aria-label={isTotp ? "Sign in with an authenticator code" : "Sign in with a backup code"} className="space-y-5" key={state.at ?? 0}>
        <input type="hidden" name="method" value={method} readOnly />
        <Field
          id={`second-factor-${method}`}
          label={isTotp ? "Code from your authenticator app" : "Backup code"}
          hint={isTotp ? "Six digits; it changes every 30 seconds." : "Each backup code works once."}
          error={errors.code ?? errors.method}
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
        <Submit label={isTotp ? "Verify" : "Use Backup Code"} pendingLabel="Checking..." />
      </form>
    </>
  );
}

/** The second step of signing in: the authenticator's code, or (folded away) a backup code. */
export function SecondFactorForms() {
  return (
    <>
      <Toasts />
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
