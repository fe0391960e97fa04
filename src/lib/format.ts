import { SITE_TIME_ZONE } from "./site-time";

const rupees = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: 0 });

/** Indian grouping: ₹1,00,000 and ₹12,45,000. */
export function formatRupees(amount: number): string {
  return rupees.format(amount);
}

/** Whole paise as rupees on the screens, to the nearest rupee: 4720050 -> ₹47,201. */
export function formatPaiseAsRupees(paise: number): string {
  return rupees.format(Math.round(paise / 100));
}

const counts = new Intl.NumberFormat("en-IN");

/** A count with Indian grouping, as the rupees: 1,05,917. */
export function formatCount(value: number): string {
  return counts.format(value);
}

const ADMIN_DATE: Intl.DateTimeFormatOptions = {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: SITE_TIME_ZONE,
  timeZoneName: "short",
};
const adminDate = new Intl.DateTimeFormat("en-IN", ADMIN_DATE);

/**
 * Every time the dashboard shows a member (lists, Team, sessions, History, keys, subscribers): one
 * zone, the site's, and labelled, "24 Nov 2026, 09:30 am IST", so that no screen is in UTC and
 * another in India time.
 */
export function formatAdminDate(date: Date | string): string {
  return adminDate.format(new Date(date));
}

const adminTime = new Intl.DateTimeFormat("en-IN", { hour: "2-digit", minute: "2-digit", timeZone: SITE_TIME_ZONE, timeZoneName: "short" });

/** A time of today in the same words: "10:11 am IST" (the writing room's "Saved at"). */
export function formatAdminTime(date: Date | string): string {
  return adminTime.format(new Date(date));
}

const adminDay = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

/** A calendar day ("2026-11-30", already the site's day) as staff read it: "30 Nov 2026". */
export function formatAdminDay(day: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? adminDay.format(new Date(`${day}T00:00:00Z`)) : day;
}

const shortDay = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", timeZone: "UTC" });

/**
 * A calendar day in a few characters, for a card: "12 Dec", with the year ("12 Dec 2027") only when
 * it is not the year of `today` (the site's day, YYYY-MM-DD).
 */
export function formatShortDay(day: string, today: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
  return day.slice(0, 4) === today.slice(0, 4) ? shortDay.format(new Date(`${day}T00:00:00Z`)) : formatAdminDay(day);
}

const adminDateSeconds = new Intl.DateTimeFormat("en-IN", { ...ADMIN_DATE, second: "2-digit" });

/** The same, to the second: a post's revisions, several of which a minute can hold, each named apart. */
export function formatAdminDateSeconds(date: Date | string): string {
  return adminDateSeconds.format(new Date(date));
}

const legalDate = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "long", year: "numeric", timeZone: "Asia/Kolkata" });

/** Legal pages: en-IN, like the dashboard. */
export function formatLegalDate(isoDate: string): string {
  return legalDate.format(new Date(`${isoDate}T00:00:00+05:30`));
}

const blogDate = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "Asia/Kolkata" });

/** Blog: long US English, e.g. "March 5, 2026". */
export function formatBlogDate(date: Date | string): string {
  return blogDate.format(new Date(date));
}

/** A member as staff menus and the trail name them: "Name (address)", or the address alone when the name is missing or the same. */
export function memberLabel(name: string | null | undefined, email: string): string {
  return name && name !== email ? `${name} (${email})` : email;
}
