/**
 * The agency works in India: dates and times the dashboard shows and takes (a post's "Publish at")
 * are wall-clock times in this zone, stored as instants (timestamptz). A constant rather than an
 * environment variable because the dashboard's browser code formats with it too and must agree with
 * the server that parses what it sends (docs/decisions/0040).
 */
export const SITE_TIME_ZONE = "Asia/Kolkata";

/** What `<input type="datetime-local">` sends and shows: 2026-11-24T09:30 (seconds optional). */
const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

function wallClock(instant: Date, timeZone: string): { y: number; mo: number; d: number; h: number; mi: number; s: number } {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(instant);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { y: n("year"), mo: n("month"), d: n("day"), h: n("hour"), mi: n("minute"), s: n("second") };
}

/** Milliseconds the zone's wall clock is ahead of UTC at `instant` (+19,800,000 for India). */
function zoneOffset(instant: Date, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  return Date.UTC(w.y, w.mo - 1, w.d, w.h, w.mi, w.s) - Math.floor(instant.getTime() / 1000) * 1000;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** An instant as the zone's `datetime-local` value, to the minute. */
export function toSiteDateTimeInput(instant: Date, timeZone = SITE_TIME_ZONE): string {
  const w = wallClock(instant, timeZone);
  return `${pad(w.y, 4)}-${pad(w.mo)}-${pad(w.d)}T${pad(w.h)}:${pad(w.mi)}`;
}

/**
 * A `datetime-local` value read as the zone's wall-clock time; null when it is not one (wrong form,
 * 31 February, 25:00). In a zone with daylight saving a skipped or repeated hour resolves to the
 * offset in force just before it.
 */
export function fromSiteDateTimeInput(value: string, timeZone = SITE_TIME_ZONE): Date | null {
  const m = LOCAL_INPUT.exec(value);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((v) => Number(v ?? 0)) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi, s);
  const check = new Date(asUtc);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return null;
  let instant = asUtc - zoneOffset(new Date(asUtc), timeZone);
  instant = asUtc - zoneOffset(new Date(instant), timeZone);
  return new Date(instant);
}

/**
 * An instant as ISO 8601 in the zone, with its offset: "2026-11-24T09:30:05+05:30" (the CSV exports:
 * the same wall-clock time the dashboard shows, and still one exact instant for a spreadsheet).
 */
export function toSiteIso(instant: Date, timeZone = SITE_TIME_ZONE): string {
  const w = wallClock(instant, timeZone);
  const offsetMinutes = Math.round(zoneOffset(instant, timeZone) / 60_000);
  const sign = offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(offsetMinutes);
  return `${pad(w.y, 4)}-${pad(w.mo)}-${pad(w.d)}T${pad(w.h)}:${pad(w.mi)}:${pad(w.s)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** A calendar day (YYYY-MM-DD) `n` days after `day` (before it when negative); days have no zone. */
export function addDays(day: string, n: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + n);
  return at.toISOString().slice(0, 10);
}
