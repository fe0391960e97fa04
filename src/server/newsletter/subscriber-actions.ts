"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { FormState } from "@/lib/form-state";
import { deskActions } from "../kernel/forms/form-action";
import { log } from "../kernel/log";
import { NEWSLETTER_DESK, deleteSubscriber, eraseSubscriber } from "./subscribe";

const newsletterDesk = deskActions(NEWSLETTER_DESK.write);

// The subscribers screen's actions (docs/newsletter.md, "Subscribing"): owners, admins and editors.
// The data functions write the activity row in the change's transaction.

const SUBSCRIBERS_PATH = "/admin/newsletter/subscribers";
const SubscriberId = z.object({ id: z.uuid() });

export async function deleteSubscriberAction(_previous: FormState, form: FormData): Promise<FormState> {
  return newsletterDesk(
    form,
    { schema: SubscriberId, fields: ["id"], activity: "newsletter.subscriber-delete", failed: "The subscriber could not be deleted." },
    async ({ id }) => {
      if (!(await deleteSubscriber(id))) return { status: "error", title: "Error", message: "This subscriber was already deleted." };
      revalidatePath(SUBSCRIBERS_PATH);
      return { status: "success", message: "Subscriber deleted." };
    },
  );
}

export async function eraseSubscriberAction(_previous: FormState, form: FormData): Promise<FormState> {
  return newsletterDesk(
    form,
    { schema: SubscriberId, fields: ["id"], activity: "newsletter.subscriber-erase", failed: "The subscriber could not be erased." },
    async ({ id }) => {
      const erased = await eraseSubscriber(id);
      if (!erased) return { status: "error", title: "Error", message: "This subscriber was already deleted." };
      log("info", "newsletter: an address erased", { event: "newsletter.erased", ...erased });
      revalidatePath(SUBSCRIBERS_PATH);
      return {
        status: "success",
        message: `Erased: the address, ${erased.recipients} sent letter${erased.recipients === 1 ? "" : "s"} and ${erased.clicks} click${erased.clicks === 1 ? "" : "s"}.`,
      };
    },
  );
}
