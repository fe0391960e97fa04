"use client";

import { useActionState, useState } from "react";
import { useRouter } from "next/navigation";
import { registerPasskey } from "@/components/auth/passkey-ceremony";
import { FormAnswer } from "@/components/auth/form-answer";
import { Field, TextInput } from "@/components/forms/fields";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { IDLE } from "@/lib/form-state";
import { removePasskeyAction, renamePasskeyAction } from "@/server/actions/passkeys";

const NAME_MAX = 100;

/** Names a new passkey and runs the device's registration; the list below refreshes from the server. */
export function AddPasskeyForm() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function add(form: FormData) {
    const name = String(form.get("name") ?? "").trim();
    if (!name) return setError("Give the passkey a name, e.g. the device it is on.");
    if (name.length > NAME_MAX) return setError(`Use at most ${NAME_MAX} characters.`);
    setBusy(true);
    setError(null);
    const result = await registerPasskey(name);
    setBusy(false);
    if (!result.ok) return setError(result.message);
    toast.success("Passkey added", { description: `“${name}” can now sign you in.` });
    router.refresh();
  }
  return (
    <form action={add} noValidate aria-label="Add a passkey" className="max-w-sm space-y-4">
      <Field id="passkey-name" label="Name for this passkey" hint="The device or password manager that keeps it." error={error ?? undefined} required>
        {(aria) => <TextInput {...aria} name="name" maxLength={NAME_MAX} autoComplete="off" required />}
      </Field>
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {busy ? "Waiting for your device..." : "Add a Passkey"}
      </Button>
    </form>
  );
}

/** One passkey: rename it, or remove it (the device keeps the credential, but it no longer signs in here). */
export function PasskeyRow({ id, name, detail }: { id: string; name: string; detail: string }) {
  const [renamed, rename] = useActionState(renamePasskeyAction, IDLE);
  const [removed, remove] = useActionState(removePasskeyAction, IDLE);
  const latest = (removed.at ?? 0) > (renamed.at ?? 0) ? removed : renamed;
  return (
    <li className="space-y-3 rounded-xl border border-line p-4" data-testid="passkey">
      <FormAnswer state={latest} />
      <p className="font-semibold">{name}</p>
      <p className="text-sm text-ink-soft">{detail}</p>
      <div className="flex flex-wrap items-end gap-3">
        <form action={rename} aria-label={`Rename ${name}`} className="flex flex-wrap items-end gap-2" key={renamed.at ?? 0}>
          <input type="hidden" name="id" value={id} />
          <Field id={`passkey-rename-${id}`} label="New name" error={renamed.fieldErrors?.name}>
            {(aria) => <TextInput {...aria} name="name" maxLength={NAME_MAX} defaultValue={renamed.values?.name ?? name} />}
          </Field>
          <Button type="submit" variant="outline">
            Rename
          </Button>
        </form>
        <form
          action={remove}
          aria-label={`Remove ${name}`}
          onSubmit={(event) => {
            if (!window.confirm(`Remove the passkey “${name}”? It will no longer sign you in.`)) event.preventDefault();
          }}
        >
          <input type="hidden" name="id" value={id} />
          <Button type="submit" variant="danger">
            Remove
          </Button>
        </form>
      </div>
    </li>
  );
}
