"use server";

import { revalidatePath } from "next/cache";
import { CONTENT_DESK } from "@/lib/admin-tables/definition";
import type { FormState } from "@/lib/form-state";
import { dashboardHref } from "@/lib/routes";
import { REDIRECT_FIELDS, RedirectIdSchema, RedirectSchema } from "@/lib/schemas/redirects";
import { redirectsChanged } from "../kernel/bridge.ts";
import { FieldError, deskActions, type FormContext } from "../kernel/forms/form-action";
import type { SignedInUser } from "../kernel/session/auth-guard";
import { deleteRedirect, saveRedirect } from "./data/redirects";

const contentDesk = deskActions(CONTENT_DESK.write);

// The Redirects screen's actions (docs/decisions/0091): the content desk (owners, admins, editors)
// adds, edits and removes redirects. Each write commits, then the host reloads its table and the
// other processes are told (redirectsChanged), so the change answers on the next request.

const SCREEN = dashboardHref("redirects");

function actor(context: FormContext): SignedInUser {
  return context.user as SignedInUser;
}

function changed(message: string, title = "Redirects"): { status: "success"; title: string; message: string } {
  redirectsChanged();
  revalidatePath(SCREEN);
  return { status: "success", title, message };
}

/** Adds a redirect (no id) or edits one. */
export async function saveRedirectAction(_previous: FormState, form: FormData): Promise<FormState> {
  return contentDesk(
    form,
    { schema: RedirectSchema, fields: REDIRECT_FIELDS, echo: true, failed: "The redirect could not be saved. Please try again." },
    async (data, context) => {
      const saved = await saveRedirect(data, actor(context));
      const flattened = saved.target !== data.target ? ` (the chain is flattened: it leads straight to ${saved.target})` : "";
      return changed(
        saved.status === 410 ? `${saved.source} now answers 410 Gone.` : `${saved.source} now redirects to ${saved.target}${flattened}.`,
        data.id === undefined ? "Redirect added" : "Redirect saved",
      );
    },
  );
}

export async function deleteRedirectAction(_previous: FormState, form: FormData): Promise<FormState> {
  return contentDesk(
    form,
    { schema: RedirectIdSchema, fields: ["id"], failed: "The redirect could not be removed. Please try again." },
    async ({ id }, context) => {
      if (!(await deleteRedirect(id, actor(context)))) throw new FieldError({ form: "That redirect is not in the list any more." }, "Not removed");
      return changed("The redirect is removed: its old address reaches the site again.", "Redirect removed");
    },
  );
}
