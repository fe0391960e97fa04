"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { CONTENT_DESK } from "@/lib/admin-tables/definition";
import type { FormState } from "@/lib/form-state";
import { dashboardHref } from "@/lib/routes";
import { deskActions } from "../kernel/forms/form-action";
import type { SignedInUser } from "../kernel/session/auth-guard";
import { askForLinkCheck } from "./data/link-checks";

const contentDesk = deskActions(CONTENT_DESK.write);

// "Check links now" on the Redirects screen (docs/decisions/0098): the content desk (owners, admins,
// editors) asks for a check of the site's links. The check runs on the job queue, not in the
// request: a site of a few hundred pages takes minutes, and the answer says so at once.

/** Queues a check of the site's links, or says that one is already queued or running. */
export async function checkLinksAction(_previous: FormState, form: FormData): Promise<FormState> {
  return contentDesk(form, { schema: z.object({}), failed: "The check could not be started. Please try again." }, async (_data, context) => {
    const asked = await askForLinkCheck(context.user as SignedInUser);
    revalidatePath(dashboardHref("redirects"));
    const message = asked.queued
      ? "The check has started. Its findings appear here when it ends; reload the page in a few minutes."
      : asked.status === "running"
        ? "A check is running now. Its findings appear here when it ends."
        : "A check is already waiting to start. Its findings appear here when it ends.";
    return { status: "success", title: "Link check", message };
  });
}
