import "server-only";
import { BOOKING_WINDOW_DAYS, formatCallTime, formatClock, NEAREST_SLOTS } from "@/lib/booking";
import { SITE_TIME_ZONE } from "@/lib/site-time";
import type { BookingData } from "@/lib/schemas/booking";
import type { Attribution, Booking } from "../kernel/db/schema";
import {
  bookCall,
  bookingForLink,
  cancelCall,
  confirmCall,
  readAvailability,
  rescheduleCall,
  type BookOutcome,
  type ChangeOutcome,
  type ConfirmOutcome,
} from "./data/bookings";
import { env } from "../kernel/env";
import { FieldError } from "../kernel/forms/form-action";
import { log } from "../kernel/log";
import { holdMail, hostMail, visitorMail } from "./mails";
import { databaseError } from "../kernel/db/errors";
import { nearestSlots, openSlots, type OpenSlot } from "./slots";
import { readBookingToken } from "./tokens";

/**
 * The strategy call's service (docs/decisions/0065): the open slots, and booking, moving and
 * cancelling a call with the answers a visitor reads. The statements and their transactions are in
 * src/server/booking/data/bookings.ts.
 */

/** The open slots from now over the booking window. */
export async function currentSlots(now = new Date(), days = BOOKING_WINDOW_DAYS): Promise<OpenSlot[]> {
  return openSlots(await readAvailability(now, days));
}

export const SLOT_TAKEN_TITLE = "That time is no longer free";

/** The refusal of a time nobody can take, with the nearest open times in the visitor's zone (and India's). */
async function takenRefusal(wanted: Date, timeZone: string, now: Date): Promise<FieldError> {
  const nearest = nearestSlots(await currentSlots(now), wanted, NEAREST_SLOTS);
  const times = nearest.map((s) =>
    timeZone === SITE_TIME_ZONE
      ? formatCallTime(s.start, timeZone)
      : `${formatCallTime(s.start, timeZone)} (${formatClock(s.start, SITE_TIME_ZONE)} India time)`,
  );
  const message = times.length
    ? `Someone booked that time just before you, or it is no longer offered. Please pick another time. The nearest free times: ${times.join("; ")}.`
    : "Someone booked that time just before you, or it is no longer offered, and no other time is free in the next weeks. Please write to us instead.";
  return new FieldError({ start: message }, SLOT_TAKEN_TITLE, message);
}

/** Whether a time lies beyond the days the page offers (a posted form can name any instant). */
function beyondWindow(start: Date, now: Date): boolean {
  return start.getTime() > now.getTime() + BOOKING_WINDOW_DAYS * 24 * 60 * 60_000;
}

export interface BookingRequest extends BookingData {
  submissionKey: string | null;
  attribution: Attribution;
  visitorId: string | null;
}

/**
 * Mails of a booked or moved call: the visitor's and the host's, each with its invitation. A call
 * only held (docs/decisions/0077) gets the visitor's mail with the link that confirms it (booked or
 * moved) or nothing (cancelled): the member hears of it once it is confirmed.
 */
const changeMails = (change: "booked" | "rescheduled" | "cancelled") => (booking: Booking, host: { id: string; name: string; email: string }) => {
  if (!booking.confirmedAt) return change === "cancelled" ? [] : [holdMail(booking, host, env().BOOKING_HOLD_MINUTES)];
  return host.email ? [visitorMail(booking, host, change), hostMail(booking, host, change)] : [visitorMail(booking, host, change)];
};

/**
 * Books the call, or throws the FieldError that lists the nearest free times. A unique violation of
 * the backstop index (which the locked check makes unreachable) is answered the same way. The call
 * is held for BOOKING_HOLD_MINUTES until the visitor confirms it from their mail (confirmWithToken,
 * docs/decisions/0077); `{ hold: false }` books it confirmed at once (a member booking for someone).
 */
export async function bookStrategyCall(
  request: BookingRequest,
  now = new Date(),
  { hold = true }: { hold?: boolean } = {},
): Promise<Extract<BookOutcome, { booking: Booking }>> {
  if (beyondWindow(request.start, now)) throw await takenRefusal(request.start, request.timeZone, now);
  let outcome: BookOutcome;
  try {
    outcome = await bookCall(
      {
        start: request.start,
        name: request.name,
        email: request.email,
        phone: request.mobileNumber,
        company: request.company,
        topic: request.topic,
        timeZone: request.timeZone,
        submissionKey: request.submissionKey,
        attribution: request.attribution,
        visitorId: request.visitorId,
      },
      changeMails("booked"),
      now,
      hold ? { holdUntil: new Date(now.getTime() + env().BOOKING_HOLD_MINUTES * 60_000) } : {},
    );
  } catch (error) {
    if (isUniqueViolation(error, "bookings_host_start_booked_key")) {
      log("error", "booking refused by the unique index: the locked check let two through", { start: request.start.toISOString() });
      throw await takenRefusal(request.start, request.timeZone, now);
    }
    throw error;
  }
  if (outcome.kind === "taken") throw await takenRefusal(request.start, request.timeZone, now);
  if (outcome.kind === "booked")
    log("info", hold ? "call held until confirmed" : "call booked", { booking: outcome.booking.id, host: outcome.host.id, lead: outcome.leadId });
  return outcome;
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const failure = databaseError(error);
  return failure?.code === "23505" && (failure.constraint === undefined || failure.constraint === constraint);
}

/** Why a manage link's change was not made, in the visitor's words. */
export const CHANGE_REFUSALS: Record<Exclude<ChangeOutcome["kind"], "done" | "taken">, string> = {
  gone: "This link is no longer valid: the call was moved with a newer link, or the link was altered. Use the link in the latest mail about your call.",
  cancelled: "This call is already cancelled.",
  released: "This time was held for you but not confirmed in time, so it was released. Please book a time again.",
  past: "This call has already started, so it can no longer be changed here. Please write to us.",
};

/** Moves the call the token names. Throws the FieldError listing the nearest free times when taken. */
export async function rescheduleWithToken(token: string, start: Date, now = new Date()): Promise<ChangeOutcome> {
  const link = readBookingToken(token);
  if (!link) return { kind: "gone" };
  if (beyondWindow(start, now)) {
    const booking = await bookingForLink(link.id, link.version);
    if (!booking) return { kind: "gone" };
    throw await takenRefusal(start, booking.timeZone, now);
  }
  const outcome = await rescheduleCall(link, start, changeMails("rescheduled"), (booking, previous) => hostMail(booking, previous, "cancelled"), now);
  if (outcome.kind === "taken") {
    const booking = await bookingForLink(link.id, link.version);
    throw await takenRefusal(start, booking?.timeZone ?? SITE_TIME_ZONE, now);
  }
  if (outcome.kind === "done") log("info", "call moved", { booking: outcome.booking.id, host: outcome.host.id });
  return outcome;
}

/** Cancels the call the token names (the visitor's own cancel). */
export async function cancelWithToken(token: string, now = new Date()): Promise<ChangeOutcome> {
  const link = readBookingToken(token);
  if (!link) return { kind: "gone" };
  const outcome = await cancelCall(link, changeMails("cancelled"), now);
  if (outcome.kind === "done") log("info", "call cancelled by the visitor", { booking: outcome.booking.id });
  return outcome;
}

/** Confirms the held call the token names (the button on the page its mail links to, docs/decisions/0077). */
export async function confirmWithToken(token: string, now = new Date()): Promise<ConfirmOutcome> {
  const link = readBookingToken(token);
  if (!link) return { kind: "gone" };
  const outcome = await confirmCall(link, changeMails("booked"), now);
  if (outcome.kind === "done") log("info", "call confirmed by the visitor", { booking: outcome.booking.id, host: outcome.host.id, lead: outcome.leadId });
  if (outcome.kind === "released") log("info", "held call released: confirmed after its hold and the time was taken", { booking: link.id });
  return outcome;
}

export { changeMails };
