"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { STAFF_ROLES } from "@/lib/admin-tables/definition";
import type { FormState } from "@/lib/form-state";
import { deskActions } from "../kernel/forms/form-action";
import { removeMyPasskey, renameMyPasskey } from "./data/passkeys";

const staffRoles = deskActions(STAFF_ROLES);

// Renaming and removing the member's own passkeys (docs/decisions/0046); registering and signing in
// are the browser's WebAuthn ceremonies against better-auth's endpoints.

const PasskeyId = z.string().trim().min(1).max(200);
const GONE: FormState = { status: "error", title: "Error", message: "This passkey no longer exists." };

function done(message: string): FormState {
  revalidatePath("/admin/security");
  return { status: "success", message };
}

export async function removePasskeyAction(_previous: FormState, form: FormData): Promise<FormState> {
  return staffRoles(
    form,
    { schema: z.object({ id: PasskeyId }), fields: ["id"], activity: "passkey.remove", failed: "The passkey could not be removed." },
    async ({ id }, { headers }) => ((await removeMyPasskey(id, headers)) ? done("Passkey removed.") : GONE),
  );
}

export async function renamePasskeyAction(_previous: FormState, form: FormData): Promise<FormState> {
  return staffRoles(
    form,
    {
      schema: z.object({ id: PasskeyId, name: z.string().trim().min(1, "Give the passkey a name.").max(100, "Use at most 100 characters.") }),
      fields: ["id", "name"],
      activity: "passkey.rename",
      echo: ["name"],
      failed: "The passkey could not be renamed.",
    },
    async ({ id, name }, { headers }) => ((await renameMyPasskey(id, name, headers)) ? done("Passkey renamed.") : GONE),
  );
}
