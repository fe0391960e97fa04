import { z } from "zod";
import "./jitless";
import { WEEKDAYS } from "../booking";

/**
 * The availability screen's forms (docs/decisions/0065). Weekly hours are one stretch per weekday,
 * "HH:MM" to "HH:MM" in India time, both empty for a day without calls.
 */

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const minutes = (v: string) => Number(v.slice(0, 2)) * 60 + Number(v.slice(3, 5));

export const dayFields = (weekday: number) => [`day${weekday}Start`, `day${weekday}End`] as const;
export const AVAILABILITY_FIELDS = [
  "userId",
  "offersCalls",
  "bufferMinutes",
  "noticeMinutes",
  "maxPerDay",
  ...WEEKDAYS.flatMap((d) => dayFields(d.value)),
] as const;

const whole = (label: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,5}$/, `${label}: a whole number from ${min} to ${max}.`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `${label}: a whole number from ${min} to ${max}.`);

const time = z
  .string()
  .trim()
  .optional()
  .transform((v) => v ?? "")
  .refine((v) => v === "" || HHMM.test(v), "A time like 09:30, or empty.");

export const AvailabilitySchema = z
  .object({
    userId: z.string().min(1).max(100),
    offersCalls: z
      .string()
      .optional()
      .transform((v) => v === "on"),
    bufferMinutes: whole("Buffer", 0, 240),
    noticeMinutes: whole("Minimum notice", 0, 20160),
    maxPerDay: whole("Calls a day at most", 1, 24),
    ...Object.fromEntries(WEEKDAYS.flatMap((d) => dayFields(d.value).map((f) => [f, time]))),
  })
  .transform((data, ctx) => {
    const values = data as Record<string, unknown>;
    const weeklyHours: { weekday: number; start: string; end: string }[] = [];
    for (const day of WEEKDAYS) {
      const [startField, endField] = dayFields(day.value);
      const start = String(values[startField] ?? "");
      const end = String(values[endField] ?? "");
      if (start === "" && end === "") continue;
      if (start === "" || end === "" || minutes(end) <= minutes(start)) {
        ctx.addIssue({ code: "custom", path: [startField], message: `${day.label}: give a start and a later end, or leave both empty.` });
        continue;
      }
      if (minutes(end) - minutes(start) < 30) {
        ctx.addIssue({ code: "custom", path: [startField], message: `${day.label}: at least 30 minutes, the length of one call.` });
        continue;
      }
      weeklyHours.push({ weekday: day.value, start, end });
    }
    return {
      userId: data.userId,
      settings: { offersCalls: data.offersCalls, bufferMinutes: data.bufferMinutes, noticeMinutes: data.noticeMinutes, maxPerDay: data.maxPerDay, weeklyHours },
    };
  });

export const DayOffSchema = z.object({
  userId: z.string().min(1).max(100),
  day: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Choose a date.")
    .refine((v) => !Number.isNaN(new Date(`${v}T00:00:00Z`).getTime()) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), "Choose a date."),
  intent: z.enum(["add", "remove"], { error: "That change is not one this form makes." }),
});

export const OutcomeSchema = z.object({
  bookingId: z.uuid({ error: "That call is not in the list." }),
  outcome: z.enum(["held", "no_show"], { error: "Choose held or no-show." }),
});

export const BookingIdSchema = z.object({ bookingId: z.uuid({ error: "That call is not in the list." }) });
