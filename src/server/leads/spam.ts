import "server-only";
import { LEAD_DESK } from "@/lib/admin-tables/definition";
import { FreeAuditSchema, ContactFormSchema, fieldErrors } from "@/lib/schemas/lead-forms";
import { requireRole } from "../kernel/session/auth-guard";
import type { Attribution, SpamSubmission } from "../kernel/db/schema";
import { deleteSpamOlderThan, insertSpamSubmission, removeSpamSubmission, spamSubmissionById } from "./data/spam-submissions";
import { createContactMessage } from "./data/contact-messages";
import { createLead } from "./data/leads";
import { EVERY_HOUR, oncePer, type TimedJob } from "../kernel/jobs/jobs";
import { log } from "../kernel/log";

/** How long a refused submission is kept for review (ADR 0043). */
export const SPAM_KEEP_DAYS = 30;
const FIELD_MAX = 5000;

/**
 * Keeps a submission the honeypot or the fill-time guard refused, for review in the Spam view: the
 * form's own fields (each cut to 5,000 characters), never notified and never acknowledged. The
 * caller has counted it against the per-IP rate limit first, so a flood is refused outright.
 */
export async function holdAsSpam(
  form: "audit" | "contact",
  reason: "honeypot" | "too-fast",
  input: FormData,
  fieldNames: readonly string[],
  attribution: Attribution,
): Promise<string> {
  const fields: Record<string, string> = {};
  for (const name of fieldNames) {
    const value = input.get(name);
    if (typeof value === "string" && value !== "") fields[name] = value.slice(0, FIELD_MAX);
  }
  return insertSpamSubmission({
    form,
    reason,
    name: fields.name?.trim().slice(0, 120) || null,
    email: fields.email?.trim().toLowerCase().slice(0, 254) || null,
    fields,
    attribution,
  });
}

export type ReleaseResult = { ok: true; id: string } | { ok: false; message: string };

const GONE = "This submission is no longer in the Spam view.";

/**
 * "Not spam": the held submission is checked like a new one and stored as a lead or message with
 * its notification (queued now), then removed from the Spam view. Its id is the submission key, so
 * two clicks at once store it once.
 */
export async function releaseSpam(id: string): Promise<ReleaseResult> {
  await requireRole(LEAD_DESK.write);
  const held = await spamSubmissionById(id);
  if (!held) return { ok: false, message: GONE };
  const stored = await storeHeld(held);
  if (!stored.ok) return stored;
  // Two clicks at once store it once (the submission key) and remove it once: the one that removed
  // it records the move, in the same transaction, and the other is told it is gone.
  const moved = await removeSpamSubmission(id, {
    action: "spam.not-spam",
    // Filed under the record it became, so that the lead's or message's own history shows it.
    table: held.form === "audit" ? "leads" : "contact_messages",
    recordId: stored.id,
    after: { name: held.name, email: held.email, heldAs: held.reason, spamId: held.id },
  });
  if (!moved) return { ok: false, message: GONE };
  log("info", "spam released to the inbox", { form: held.form, id: stored.id });
  return stored;
}

async function storeHeld(held: SpamSubmission): Promise<ReleaseResult> {
  const key = `spam-${held.id}`;
  const invalid = (errors: Partial<Record<string, string>>) => ({
    ok: false as const,
    message: `It cannot be moved to the inbox as it was sent: ${Object.entries(errors)
      .map(([field, message]) => `${field}: ${message}`)
      .join(" ")}`,
  });
  if (held.form === "audit") {
    const parsed = FreeAuditSchema.safeParse(held.fields);
    if (!parsed.success) return invalid(fieldErrors(parsed.error));
    const row = await createLead(parsed.data, held.attribution, key);
    return { ok: true, id: row.id };
  }
  const parsed = ContactFormSchema.safeParse(held.fields);
  if (!parsed.success) return invalid(fieldErrors(parsed.error));
  const row = await createContactMessage(parsed.data, held.attribution, key);
  return { ok: true, id: row.id };
}

/** Once a day: an hourly tick of the queue's schedule checks whether today's run is done (docs/decisions/0095). */
export const pruneSpamJob: TimedJob = {
  name: "prune-spam",
  cron: EVERY_HOUR,
  run: oncePer("day", "prune-spam", async (tx) => {
    const removed = await deleteSpamOlderThan(SPAM_KEEP_DAYS, tx);
    if (removed > 0) log("info", "old spam deleted", { removed });
  }),
};
