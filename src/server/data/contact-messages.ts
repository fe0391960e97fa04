import "server-only";
import { eq } from "drizzle-orm";
import type { ContactFormData } from "@/lib/schemas/lead-forms";
import { db } from "../db/client";
import { contactMessages, type Attribution } from "../db/schema";
import { env } from "../env";
import { enqueueMail, headerSafe } from "../mail";
import { leadNotification } from "../notify";
import type { CreatedRow } from "./leads";

/** Stores a contact message and its notification in one transaction; a repeated key stores nothing. */
export async function createContactMessage(
  data: ContactFormData,
  attribution: Attribution,
  submissionKey: string | null,
): Promise<CreatedRow> {
  return db().transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ ...data, attribution, submissionKey })
      .onConflictDoNothing({ target: contactMessages.submissionKey })
      .returning({ id: contactMessages.id });
    if (!row) {
      const [existing] = await tx
        .select({ id: contactMessages.id })
        .from(contactMessages)
        .where(eq(contactMessages.submissionKey, submissionKey!));
      return { id: existing!.id, isNew: false };
    }
    const body = leadNotification(
      "contact",
      [
        ["Name", data.name],
        ["Email", data.email],
        ["Mobile", data.mobileNumber],
        ["Company", data.company],
        ["Message", data.message],
      ],
      attribution,
      "/admin?tab=messages",
    );
    await enqueueMail(tx, {
      kind: "contact",
      recipients: env().NOTIFY_EMAILS,
      subject: `New contact message from ${headerSafe(data.name, 80)}${data.company ? ` (${headerSafe(data.company, 80)})` : ""}`,
      text: body.text,
      html: body.html,
      replyTo: data.email,
      contactMessageId: row.id,
    });
    return { id: row.id, isNew: true };
  });
}
