import { z } from "zod";
import { fromSiteDateTimeInput } from "./site-time";

// One page per person (docs/decisions/0068): what the page, its forms and the export share.

export const INTERACTION_KIND_LABELS = { call: "Call", email: "E-mail", whatsapp: "WhatsApp", meeting: "Meeting" } as const;
export type InteractionKindId = keyof typeof INTERACTION_KIND_LABELS;
const KINDS = Object.keys(INTERACTION_KIND_LABELS) as [InteractionKindId, ...InteractionKindId[]];
/** Must match INTERACTION_SUMMARY_MAX in the schema (a check there refuses longer). */
export const SUMMARY_MAX = 2_000;
/** A logged interaction may be dated at most this far ahead (a meeting planned for later today is fine). */
const FUTURE_SLACK_MS = 24 * 3600_000;
/** Nothing logged before this year: a typo such as 0202 is refused rather than stored. */
const EARLIEST = Date.UTC(2000, 0, 1);

export const PERSON_KEY_FIELD = /^[0-9a-f]{32}$/;

/** The person page's form for a call, e-mail, WhatsApp or meeting: its kind, when (site time) and a summary. */
export const interactionSchema = z.object({
  person: z.string().regex(PERSON_KEY_FIELD, "This person's address is not valid."),
  kind: z.enum(KINDS, { error: "Choose call, e-mail, WhatsApp or meeting." }),
  occurredAt: z
    .string()
    .trim()
    .min(1, "Enter when it happened.")
    .transform((value, ctx) => {
      const at = fromSiteDateTimeInput(value);
      if (!at) {
        ctx.addIssue({ code: "custom", message: "Enter a date and time such as 2026-11-24 09:30." });
        return z.NEVER;
      }
      if (at.getTime() < EARLIEST || at.getTime() > Date.now() + FUTURE_SLACK_MS) {
        ctx.addIssue({ code: "custom", message: "Enter a time between the year 2000 and tomorrow." });
        return z.NEVER;
      }
      return at;
    }),
  summary: z
    .string()
    .trim()
    .min(1, "Write what was said.")
    .max(SUMMARY_MAX, `Keep the summary within ${SUMMARY_MAX.toLocaleString("en-IN")} characters.`),
});
export type InteractionInput = z.output<typeof interactionSchema>;

export const interactionEditSchema = interactionSchema.extend({ id: z.uuid("This entry is not valid.") });
export const interactionDeleteSchema = z.object({ person: z.string().regex(PERSON_KEY_FIELD), id: z.uuid("This entry is not valid.") });

/** The erase form: the person's key and the confirmation typed by hand. */
export const ERASE_CONFIRMATION = "ERASE";
export const eraseSchema = z.object({
  person: z.string().regex(PERSON_KEY_FIELD, "This person's address is not valid."),
  confirm: z
    .string()
    .trim()
    .refine((v) => v === ERASE_CONFIRMATION, `Type ${ERASE_CONFIRMATION} to confirm.`),
});

export type TimelineKind = "lead" | "message" | "mail" | "newsletter" | "letter" | "activity" | "interaction" | "booking";

/** One line of a person's timeline, newest first. */
export interface TimelineEntry {
  /** Unique on the page: the source and its row. */
  id: string;
  at: string;
  kind: TimelineKind;
  title: string;
  detail?: string;
  /** Who did it (a member's address), when a member did. */
  by?: string | null;
  /** The dashboard record it is about. */
  href?: string;
  interaction?: { id: string; kind: InteractionKindId; occurredAt: string; summary: string; mine: boolean };
}

export const TIMELINE_LABELS: Record<TimelineKind, string> = {
  lead: "Growth audit",
  message: "Contact message",
  mail: "Mail",
  newsletter: "Newsletter",
  letter: "Newsletter letter",
  activity: "Change",
  interaction: "Logged",
  booking: "Booking",
};
