import { z } from "zod";
import "./jitless";
import { LIMITS } from "../limits";
import { visitorZone } from "../booking";
import { emailField, mobileField, nameField, optionalText, requiredText } from "./lead-forms";

/**
 * The booking form (docs/decisions/0065): the chosen slot, the visitor's details and what they want
 * to discuss. The person's fields are the lead forms' (same rules, same messages); the slot is an
 * instant the page listed, checked again against the hosts' availability when it is booked.
 */

export const BOOKING_FIELDS = ["start", "timeZone", "name", "email", "mobileNumber", "company", "topic"] as const;

export const PICK_A_TIME = "Choose a time from the list.";

export const startField = z
  .string({ error: PICK_A_TIME })
  .trim()
  .min(1, PICK_A_TIME)
  .max(40, PICK_A_TIME)
  .transform((value, ctx) => {
    const instant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z$/.test(value) ? new Date(value) : null;
    if (!instant || Number.isNaN(instant.getTime())) {
      ctx.addIssue({ code: "custom", message: PICK_A_TIME });
      return z.NEVER;
    }
    return instant;
  });

/** The visitor's zone as the page sent it; an unknown one is read as India's, never refused. */
export const timeZoneField = z
  .string()
  .max(100)
  .optional()
  .transform((v) => visitorZone(v));

export const BookingSchema = z.object({
  start: startField,
  timeZone: timeZoneField,
  name: nameField,
  email: emailField,
  mobileNumber: mobileField,
  company: optionalText({ label: "Company", max: LIMITS.company }).transform((v) => (v ? v : null)),
  topic: requiredText({ label: "What you'd like to discuss", max: 2000, multiline: true }),
});
export type BookingData = z.output<typeof BookingSchema>;

/** Moving a call: the new slot only (the manage link names the booking). */
export const RescheduleSchema = z.object({ token: z.string().min(1).max(200), start: startField });
export const TokenSchema = z.object({ token: z.string().min(1).max(200) });
