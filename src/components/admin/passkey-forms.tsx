"use client";

import { useRouter } from "next/navigation";
import { ActionForm, AnswerForm, useFormAnswer } from "@/components/forms/action-form";
import { Field, TextInput } from "@/components/forms/fields";
import { SubmitButton } from "@/components/forms/submit";
import { ceremonyAnswer, registerPasskey } from "@/components/auth/passkey-ceremony";
import { ANSWER, WIDE_SUBMIT } from "@/components/auth/form-answer";
import { AnswerBox } from "@/components/ui/answer-box";
import { buttonVariants } from "@/components/ui/button";
import type { FormState } from "@/lib/form-state";
import { removePasskeyAction, renamePasskeyAction } from "@/server/team/passkey-actions";

const NAME_MAX = 100;

function checkName(values: Record<string, string>): FormState | null {
  const name = (values.name ?? "").trim();
  const error = !name ? "Give the passkey a name, e.g. the device it is on." : name.length > NAME_MAX ? `Use at most ${NAME_MAX} characters.` : null;
  return error ? { status: "invalid", title: "Please check the form", message: error, fieldErrors: { name: error } } : null;
}

/**
 * Names a new passkey and runs the device's registration; the list below refreshes from the server.
 * WebAuthn is a script API, so this form is sent by script only (`send`), with the same answers.
 */
export function AddPasskeyForm() {
  const router = useRouter();
  const register = async (form: HTMLFormElement): Promise<FormState> => {
    const name = String(new FormData(form).get("name") ?? "").trim();
    return ceremonyAnswer(await registerPasskey(name), { title: "Passkey added", message: `“${name}” can now sign you in.` });
  };
  return (
    <ActionForm
      send={register}
      check={checkName}
      onAnswer={(answer) => answer.status === "success" && router.refresh()}
      answer="none"
      label="Add a passkey"
      className="max-w-sm space-y-4"
    >
      {({ state }) => (
        <>
          <Field id="passkey-name" label="Name for this passkey" hint="The device or password manager that keeps it." name="name" required>
            {(aria) => <TextInput {...aria} name="name" maxLength={NAME_MAX} autoComplete="off" required defaultValue={state.values?.name} />}
          </Field>
          {state.status === "error" && <AnswerBox state={state} className={ANSWER} />}
          <SubmitButton label="Add a Passkey" pendingLabel="Waiting for your device..." className={WIDE_SUBMIT} />
        </>
      )}
    </ActionForm>
  );
}

/** One passkey: rename it, or remove it (the device keeps the credential, but it no longer signs in here). */
export function PasskeyRow({ id, name, detail }: { id: string; name: string; detail: string }) {
  // The row writes the latest answer of the two into its box.
  const renamed = useFormAnswer({ action: renamePasskeyAction, writtenAs: "box" });
  const removed = useFormAnswer({ action: removePasskeyAction, writtenAs: "box" });
  const latest = (removed.state.at ?? 0) > (renamed.state.at ?? 0) ? removed.state : renamed.state;
  return (
    <li className="space-y-3 rounded-xl border border-line p-4" data-testid="passkey">
      <AnswerBox state={latest} className={ANSWER} />
      <p className="font-semibold">{name}</p>
      <p className="text-sm text-ink-soft">{detail}</p>
      <div className="flex flex-wrap items-end gap-3">
        <AnswerForm form={renamed} answer="none" label={`Rename ${name}`} className="flex flex-wrap items-end gap-2" hidden={{ id }}>
          <Field id={`passkey-rename-${id}`} label="New name" name="name">
            {(aria) => <TextInput {...aria} name="name" maxLength={NAME_MAX} defaultValue={renamed.values.name ?? name} />}
          </Field>
          <SubmitButton label="Rename" pendingLabel="Saving..." className={buttonVariants({ variant: "outline" })} />
        </AnswerForm>
        <AnswerForm
          form={removed}
          answer="none"
          label={`Remove ${name}`}
          hidden={{ id }}
          confirm={`Remove the passkey “${name}”? It will no longer sign you in.`}
        >
          <SubmitButton label="Remove" pendingLabel="Removing..." className={buttonVariants({ variant: "danger" })} />
        </AnswerForm>
      </div>
    </li>
  );
}
