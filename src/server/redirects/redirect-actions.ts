"use server";

import { revalidatePath } from "next/cache";
import { CONTENT_DESK } from "@/lib/admin-tables/definition";
import type { FormState } from "@/lib/form-state";
import { dashboardHref } from "@/lib/routes";
import { REDIRECT_FIELDS, RedirectIdSchema, RedirectSchema } from "@/lib/schemas/redirects";
import { sameSiteTarget } from "@/lib/redirect-rules";
import { redirectsChanged } from "../kernel/bridge.ts";
import { siteConfig } from "../kernel/site-config";
import { FieldError, deskActions, type FormContext } from "../kernel/forms/form-action";
import type { SignedInUser } from "../kernel/session/auth-guard";
import { deleteRedirect, importRedirects, saveRedirect } from "./data/redirects";
import { IMPORT_MAX_BYTES, parseRedirectsCsv } from "./redirect-csv";
import { z } from "zod";

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
      // This site's own absolute address is saved as its path: that alone is no flattened chain.
      const flattened = saved.target !== sameSiteTarget(data.target, siteConfig().url) ? ` (the chain is flattened: it leads straight to ${saved.target})` : "";
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

const ImportSchema = z.object({ csv: z.string() });

/** Imports a CSV of redirects (the export's columns): all of the file or, with a bad row, none of it. */
export async function importRedirectsAction(_previous: FormState, form: FormData): Promise<FormState> {
  const file = form instanceof FormData ? form.get("file") : null;
  // The file is read here (handleForm reads text fields only) and handed on as its text, so every check of an action still applies.
  const text = file instanceof File && file.size > 0 && file.size <= IMPORT_MAX_BYTES ? await file.text() : "";
  return contentDesk(
    form instanceof FormData ? { csv: text } : form,
    { schema: ImportSchema, failed: "The redirects could not be imported. Please try again." },
    async ({ csv }, context) => {
      if (!(file instanceof File) || file.size === 0)
        throw new FieldError({ file: "Choose a CSV file with the columns Old address, New address and Status." }, "Not imported");
      if (file.size > IMPORT_MAX_BYTES)
        throw new FieldError({ file: `The file is larger than ${IMPORT_MAX_BYTES / 1024} KB: split it in two.` }, "Not imported");
      const parsed = parseRedirectsCsv(csv);
      if (!parsed.ok) throw new FieldError({ file: parsed.message }, "Not imported", parsed.message);
      const { added, replaced } = await importRedirects(parsed.rules, actor(context));
      return changed(
        `Imported ${parsed.rules.length} redirect${parsed.rules.length === 1 ? "" : "s"}: ${added} added, ${replaced} replaced.`,
        "Redirects imported",
      );
    },
  );
}
