import "server-only";
import { queueOwnersMail } from "./data/bookings";
import { giveBackRateLimits, hitRateLimits } from "../kernel/db/rate-limit";
import { env } from "../kernel/env";
import { log } from "../kernel/log";
import { clientKey, mailboxHash, networkKey } from "../kernel/mail/mailbox";
import { bookingLimitAlert } from "./mails";

// How many calls the public booking page takes (docs/decisions/0077): an hour's bookings per mailbox
// (+tags and Gmail's dots folded, as the acknowledgements count them), per client (an IPv6 /64), per
// network (IPv4 /24, IPv6 /48) and over the whole site, counted in the database across processes
// (docs/decisions/0006). With each call held only until its visitor confirms it, a flood of strangers
// holds at most the site-wide number of slots for at most one hold's time.

const HOUR_MS = 60 * 60_000;

export const SITE_KEY = "booking:all";

export interface BookingAllowance {
  ok: boolean;
  /** The counters this booking was counted against: given back when nothing was booked. */
  keys: string[];
  /** When refused: the sentence the visitor reads. */
  message?: string;
}

function limits(email: string, ip: string): { key: string; limit: number; refusal: string }[] {
  const e = env();
  const later = "Please try again in an hour, or write to us from the contact page.";
  return [
    {
      key: `booking:mailbox:${mailboxHash(email)}`,
      limit: e.BOOKING_MAILBOX_HOURLY_LIMIT,
      refusal: `This e-mail address has booked calls several times within the hour. Please use the link in the mail we sent to confirm, move or cancel your call. ${later}`,
    },
    {
      key: `booking:client:${clientKey(ip)}`,
      limit: e.BOOKING_CLIENT_HOURLY_LIMIT,
      refusal: `Several calls were booked from your connection within the hour. ${later}`,
    },
    {
      key: `booking:network:${networkKey(ip)}`,
      limit: e.BOOKING_NETWORK_HOURLY_LIMIT,
      refusal: `Many calls were booked from your network within the hour. ${later}`,
    },
    { key: SITE_KEY, limit: e.BOOKING_HOURLY_LIMIT, refusal: `We have taken as many bookings as we can this hour. ${later}` },
  ];
}

/**
 * Counts a booking against each limit in one statement. Refused when any is over; then every count
 * is given back, so that one client refused again and again cannot use up the site's allowance.
 * The owners are mailed once an hour, when the site-wide limit is first passed.
 */
export async function countBooking(email: string, ip: string): Promise<BookingAllowance> {
  const rules = limits(email, ip);
  const keys = rules.map((r) => r.key);
  const counts = await hitRateLimits(keys, HOUR_MS);
  const over = rules.filter((r) => (counts.get(r.key)?.count ?? 0) > r.limit);
  if (over.length === 0) return { ok: true, keys };
  await giveBackRateLimits(keys);
  const site = rules.find((r) => r.key === SITE_KEY)!;
  // The site's own limit passed (a client over its own is not news): the owners are told once an hour,
  // counted in a key of its own (the counts given back leave the site's at its limit).
  if (over.includes(site) && (await hitRateLimits([`${SITE_KEY}:alert`], HOUR_MS)).get(`${SITE_KEY}:alert`)!.count === 1) await alertOwners(site.limit);
  log("warn", "booking refused: hourly limit", { event: "booking.limited", limits: over.map((r) => r.key.split(":")[1]) });
  return { ok: false, keys, message: over[0]!.refusal };
}

/** Gives back a booking's counts when nothing was booked (fields to correct, the time taken meanwhile). */
export async function giveBackBooking(keys: string[]): Promise<void> {
  await giveBackRateLimits(keys);
}

async function alertOwners(limit: number): Promise<void> {
  const owners = await queueOwnersMail((emails) => bookingLimitAlert(emails, limit));
  log("warn", "booking limit reached: owners alerted", { event: "booking.limit-alert", owners });
}
