import { SITE_TIME_ZONE } from "./site-time";

/**
 * The strategy call's rules and its times as people read them (docs/decisions/0065). Safe in the
 * browser: the booking page's script shows the same slots in the visitor's own zone with these.
 */

export const CALL_MINUTES = 30;
/** How far ahead a visitor may book. */
export const BOOKING_WINDOW_DAYS = 21;

const SMALL_NUMBERS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"];

/** The booking window as copy says it ("the next three weeks"), so the words follow the figure: "three weeks", "10 days". */
export function bookingWindowWords(days = BOOKING_WINDOW_DAYS): string {
  const [count, unit] = days % 7 === 0 ? [days / 7, "week"] : [days, "day"];
  return `${SMALL_NUMBERS[count] ?? count} ${unit}${count === 1 ? "" : "s"}`;
}
/** The slots offered beside a refusal ("that time was just taken"). */
export const NEAREST_SLOTS = 5;

export const WEEKDAYS = [
  { value: 1, label: "Monday" },
  { value: 2, label: "Tuesday" },
  { value: 3, label: "Wednesday" },
  { value: 4, label: "Thursday" },
  { value: 5, label: "Friday" },
  { value: 6, label: "Saturday" },
  { value: 7, label: "Sunday" },
] as const;

/** Whether the runtime knows this IANA zone name (what `Intl` can format in). */
export function isTimeZone(zone: string): boolean {
  if (typeof zone !== "string" || zone.length === 0 || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** A zone the visitor asked for, or the site's when it names none the runtime knows. */
export function visitorZone(zone: string | undefined | null): string {
  return zone && isTimeZone(zone) ? zone : SITE_TIME_ZONE;
}

/** The calendar day of an instant in a zone: "2026-11-24". */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
export function dayInZone(instant: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    // Slots are computed in a handful of zones; a formatter made once each saves its construction per call.
    if (dayFormats.size < 100) dayFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(instant);
  const n = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${n("year")}-${n("month")}-${n("day")}`;
}

/** "Tuesday, 24 November" for a day key read in a zone (the key is that zone's date). */
export function formatDayHeading(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-IN", { timeZone, weekday: "long", day: "numeric", month: "long" }).format(instant);
}

/** "10:30" (24-hour) in a zone. */
export function formatClock(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(instant);
}

/** The zone's short name at that instant ("IST", "GMT+1", "EDT"): the name changes with daylight saving. */
export function zoneAbbreviation(instant: Date, timeZone: string): string {
  // en-US names American zones (EST, EDT) and gives others as GMT offsets; India's is IST in en-IN.
  const locale = timeZone === SITE_TIME_ZONE ? "en-IN" : "en-US";
  const part = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: "short" }).formatToParts(instant).find((p) => p.type === "timeZoneName");
  return part?.value ?? timeZone;
}

/** "Tuesday, 24 November 2026, 10:30 IST": a call's time in full, for mails and the manage page. */
export function formatCallTime(instant: Date, timeZone: string): string {
  const day = new Intl.DateTimeFormat("en-IN", { timeZone, weekday: "long", day: "numeric", month: "long", year: "numeric" }).format(instant);
  return `${day}, ${formatClock(instant, timeZone)} ${zoneAbbreviation(instant, timeZone)}`;
}

export interface SlotDay {
  /** The day in the zone the list is read in ("2026-11-24"). */
  day: string;
  heading: string;
  slots: { start: string; time: string; indiaTime: string; label: string }[];
}

/**
 * Open slots (ISO instants) grouped by the day they fall on in `timeZone`, each with its time there
 * and in India: a slot at 09:00 in Mumbai is 03:30 in London in winter and 04:30 in summer, and the
 * zone's own rules (through Intl) decide which.
 */
export function groupSlotsByDay(starts: readonly string[], timeZone: string): SlotDay[] {
  const days: SlotDay[] = [];
  for (const iso of starts) {
    const instant = new Date(iso);
    const day = dayInZone(instant, timeZone);
    let group = days.at(-1);
    if (!group || group.day !== day) {
      group = { day, heading: formatDayHeading(instant, timeZone), slots: [] };
      days.push(group);
    }
    const time = formatClock(instant, timeZone);
    const indiaTime = formatClock(instant, SITE_TIME_ZONE);
    const same = timeZone === SITE_TIME_ZONE;
    group.slots.push({
      start: iso,
      time,
      indiaTime,
      label: same ? `${time} India time` : `${time} ${zoneAbbreviation(instant, timeZone)} (${indiaTime} India time)`,
    });
  }
  return days;
}

/** How the Calls screen names a call's state (docs/decisions/0077): a visitor's hold is not a call until confirmed. */
export function callState(call: { status: "booked" | "cancelled" | "released"; confirmedAt: Date | null }): "held" | "confirmed" | "released" | "cancelled" {
  if (call.status !== "booked") return call.status;
  return call.confirmedAt ? "confirmed" : "held";
}
