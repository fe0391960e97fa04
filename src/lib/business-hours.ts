/**
 * The site's business hours as configured (BUSINESS_HOURS, e.g. "Mon-Fri 9 AM-7 PM IST") read as
 * weekly stretches: weekday 1 (Monday) to 7 (Sunday), "HH:MM" wall-clock times in the site's zone.
 * The first owner's office hours for strategy calls start from these (docs/decisions/0085).
 */
export interface WeeklyStretch {
  weekday: number;
  start: string;
  end: string;
}

const DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];
/** What the default setting says, used when the configured text cannot be read. */
export const FALLBACK_HOURS: WeeklyStretch[] = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: "09:00", end: "19:00" }));

function day(word: string): number | null {
  const index = DAYS.indexOf(word.slice(0, 3).toLowerCase());
  return index < 0 ? null : index + 1;
}

/** "9 AM", "9am", "09:30", "7:15 pm", "19:00" as minutes after midnight; null when it is not a time. */
function minutes(text: string): number | null {
  const m = /^(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?$/i.exec(text.trim());
  if (!m) return null;
  let hour = Number(m[1]);
  const minute = Number(m[2] ?? 0);
  const half = m[3]?.toLowerCase().replace(/\./g, "");
  if (minute > 59) return null;
  if (half) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (half === "pm" ? 12 : 0);
  } else if (hour > 24 || (hour === 24 && minute > 0)) return null;
  return hour * 60 + minute;
}

const hhmm = (total: number) => `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;

/**
 * Reads one or more "Days Times" groups separated by commas or semicolons: "Mon-Fri 9 AM-7 PM IST",
 * "Mon-Fri 10:00-18:00; Sat 10:00-14:00". Null when any group cannot be read (the caller falls back).
 */
export function parseBusinessHours(text: string): WeeklyStretch[] | null {
  const stretches: WeeklyStretch[] = [];
  const groups = text
    .split(/[;,]/)
    .map((g) => g.trim())
    .filter(Boolean);
  if (groups.length === 0) return null;
  for (const group of groups) {
    // A trailing zone name ("IST") is dropped: the hours are read in the site's time zone.
    const plain = group.replace(/\s+/g, " ").replace(/\s+(?!AM$|PM$)[A-Z]{2,5}$/, "");
    const m = /^([a-z]{3,9})(?:\s*[-–]\s*([a-z]{3,9}))?\s+(.+?)\s*[-–]\s*(.+)$/i.exec(plain);
    if (!m) return null;
    const first = day(m[1]!);
    const last = m[2] ? day(m[2]) : first;
    const start = minutes(m[3]!);
    const end = minutes(m[4]!);
    if (first === null || last === null || start === null || end === null || end <= start) return null;
    for (let d = first; ; d = (d % 7) + 1) {
      stretches.push({ weekday: d, start: hhmm(start), end: hhmm(end === 1440 ? 1439 : end) });
      if (d === last) break;
    }
  }
  return stretches;
}
