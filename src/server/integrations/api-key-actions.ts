"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { TEAM_DESK } from "@/lib/admin-tables/definition";
import { API_SCOPES } from "@/lib/api-scopes";
import type { FormState } from "@/lib/form-state";
import { ApiKeyFormSchema } from "@/lib/schemas/api-keys";
import { API_KEYS_PATH } from "@/lib/routes";
import { revokeApiKey } from "./data/api-key-rows";
import { deskActions } from "../kernel/forms/form-action";
import { issueApiKey } from "./api-keys";
import { log } from "../kernel/log";

const teamDesk = deskActions(TEAM_DESK.write);

// The API keys screen's actions (docs/decisions/0059), owners and admins only (the team desk): the
// role is checked by handleForm and again in the data functions (src/server/integrations/data/api-key-rows.ts), which
// write the activity trail in the change's transaction. The key is in the answer once and nowhere else.

export async function createApiKeyAction(_previous: FormState, form: FormData): Promise<FormState> {
  return teamDesk(
    form,
    {
      schema: ApiKeyFormSchema,
      fields: ["name", "expiresOn", ...API_SCOPES],
      echo: ["name", "expiresOn", ...API_SCOPES],
      failed: "The key could not be made. Please try again.",
    },
    async (data) => {
      const made = await issueApiKey(data);
      log("info", "api key created", { event: "api-key.created", id: made.id, scopes: data.scopes });
      revalidatePath(API_KEYS_PATH);
      return {
        status: "success",
        // Said once, beside the key (the form's reveal box); the answer only says it was made.
        message: `Key "${data.name}" made.`,
        reveal: { label: `The key "${data.name}"`, value: made.key },
      };
    },
  );
}

export async function revokeApiKeyAction(_previous: FormState, form: FormData): Promise<FormState> {
  return teamDesk(form, { schema: z.object({ id: z.uuid() }), fields: ["id"], failed: "The key could not be revoked. Please try again." }, async ({ id }) => {
    if (!(await revokeApiKey(id))) return { status: "error", title: "Error", message: "This key was already revoked." };
    log("info", "api key revoked", { event: "api-key.revoked", id });
    revalidatePath(API_KEYS_PATH);
    return { status: "success", message: "Key revoked: it no longer works." };
  });
}
