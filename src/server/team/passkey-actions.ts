"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { STAFF_ROLES } from "@/lib/admin-tables/definition";
import type { FormState } from "@/lib/form-state";
import { formAnswers as answers, handleForm } from "../kernel/forms/form-action";
import { removeMyPasskey, renameMyPasskey } from "./data/passkeys";

// Renaming and removing the member's own passkeys (docs/decisions/0046); registering and signing in
// are the browser's WebAuthn ceremonies against better-auth's endpoints.

const PasskeyId = z.string().trim().min(1).max(200);
const GONE: FormState = { status: "error", title: "Error", message: "This passkey no longer exists." };

function done(message: string): FormState {
  revalidatePath("/admin/security");
  return { status: "success", message };
}

export async function removePasskeyAction(_previous: FormState, form: FormData): Promise<FormState> {
  return handleForm({
    log: { failed: "account: removing a passkey failed" },
    input: form,
    fields: ["id"],
    schema: z.object({ id: PasskeyId }),
    roles: STAFF_ROLES,
    activity: { action: "passkey.remove" },
    answers: answers("The passkey could not be removed."),
    run: async ({ id }, { headers }) => ((await removeMyPasskey(id, headers)) ? done("Passkey removed.") : GONE),
  });
}

export async function renamePasskeyAction(_previous: FormState, form: FormData): Promise<FormState> {
  return handleForm({
    log: { failed: "account: renaming a passkey failed" },
    input: form,
    fields: ["id", "name"],
    schema: z.object({ id: PasskeyId, name: z.string().trim().min(1, "Give the passkey a name.").max(100, "Use at most 100 characters.") }),
    roles: STAFF_ROLES,
    activity: { action: "passkey.rename" },
    echo: ["name"],
    answers: answers("The passkey could not be renamed."),
    run: async ({ id, name }, { headers }) => ((await renameMyPasskey(id, name, headers)) ? done("Passkey renamed.") : GONE),
  });
}
