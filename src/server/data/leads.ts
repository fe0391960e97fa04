import "server-only";
import { eq } from "drizzle-orm";
import type { AuditFormData } from "@/lib/schemas/lead-forms";
import { db } from "../db/client";
import { leads, type Attribution } from "../db/schema";
import { env } from "../env";
import { enqueueMail, headerSafe } from "../mail";
import { leadNotification } from "../notify";

export interface CreatedRow {
  id: string;
  /** False when the submission key had been stored already: a double submission. */
  isNew: boolean;
}

/** Stores an audit request and its notification in one transaction; a repeated key stores nothing. */
export async function createLead(data: AuditFormData, attribution: Attribution, submissionKey: string | null): Promise<CreatedRow> {
  return db().transaction(async (tx) => {
    const [row] = await tx
      .insert(leads)
      .values({ ...data, attribution, submissionKey })
      .onConflictDoNothing({ target: leads.submissionKey })
      .returning({ id: leads.id });
    if (!row) {
      const [existing] = await tx.select({ id: leads.id }).from(leads).where(eq(leads.submissionKey, submissionKey!));
      return { id: existing!.id, isNew: false };
    }
    const body = leadNotification(
      "audit",
      [
        ["Name", data.name],
        ["Email", data.email],
        ["Mobile", data.mobileNumber],
        ["Website", data.websiteUrl],
        ["Monthly revenue", data.monthlyRevenue],
        ["Growth challenge", data.growthChallenge],
      ],
      attribution,
      "/admin?tab=leads",
    );
    await enqueueMail(tx, {
      kind: "lead",
      recipients: env().NOTIFY_EMAILS,
      subject: `New growth audit request: ${headerSafe(data.name, 80)} (${data.monthlyRevenue})`,
      text: body.text,
      html: body.html,
      replyTo: data.email,
      leadId: row.id,
    });
    return { id: row.id, isNew: true };
  });
}
