"use server";

import { LEAD_DESK, TEAM_DESK } from "@/lib/admin-tables/definition";
import type { FormState } from "@/lib/form-state";
import { AVAILABILITY_FIELDS, AvailabilitySchema, BookingIdSchema, DayOffSchema, OutcomeSchema } from "@/lib/schemas/booking-admin";
import { recordActivity } from "../kernel/activity/activity";
import type { StaffUser } from "../kernel/session/auth-guard";
import { changeMails } from "./book";
import { cancelCall, findBooking, isDeskMember, saveHostSettings, setDayOff, setOutcome } from "./data/bookings";
import { FieldError, deskActions, type FormContext } from "../kernel/forms/form-action";

const leadDesk = deskActions(LEAD_DESK.write);

// The availability screen's actions (/admin/booking, docs/decisions/0065). Every member of the lead
// desk sets their own hours; owners and admins may set anyone's. The outcome and a cancel are for
// the call's own member, or an owner or admin. Each change writes its activity row in its transaction.

const NOT_YOURS = "You may change only your own availability; owners and admins may change anyone's.";
const NOT_YOUR_CALL = "Only the call's own member, an owner or an admin may change this call.";

function actor(context: FormContext): StaffUser {
  return context.user as StaffUser;
}

/** Whether the signed-in member may change `userId`'s settings: their own, or anyone's for owners and admins. */
async function mayEdit(user: StaffUser, userId: string): Promise<void> {
  if (user.id !== userId && !(TEAM_DESK.write as readonly string[]).includes(user.role)) throw new FieldError({ form: NOT_YOURS }, "Not saved", NOT_YOURS);
  if (!(await isDeskMember(userId))) throw new FieldError({ form: "Calls are taken by members of the lead desk (owner, admin, sales)." }, "Not saved");
}

async function mayChangeCall(user: StaffUser, bookingId: string): Promise<void> {
  const booking = await findBooking(bookingId);
  if (!booking) throw new FieldError({ form: "That call is not in the list." }, "Not changed");
  if (booking.hostId !== user.id && !(TEAM_DESK.write as readonly string[]).includes(user.role))
    throw new FieldError({ form: NOT_YOUR_CALL }, "Not changed", NOT_YOUR_CALL);
}

/** Saves a member's weekly hours, buffer, notice, calls a day and whether they take calls. */
export async function saveAvailabilityAction(_previous: FormState, form: FormData): Promise<FormState> {
  return leadDesk(
    form,
    { schema: AvailabilitySchema, fields: AVAILABILITY_FIELDS, echo: true, failed: "Your availability could not be saved. Please try again." },
    async ({ userId, settings }, context) => {
      await mayEdit(actor(context), userId);
      await saveHostSettings(userId, settings, (before, after, tx) =>
        recordActivity({ action: "booking.availability", table: "booking_hosts", recordId: userId, before, after }, tx),
      );
      return {
        status: "success",
        title: "Saved",
        message: settings.offersCalls ? "Availability saved: visitors can book these times." : "Saved: no calls are offered.",
      };
    },
  );
}

/** Adds or removes a day off. */
export async function dayOffAction(_previous: FormState, form: FormData): Promise<FormState> {
  return leadDesk(
    form,
    { schema: DayOffSchema, fields: ["userId", "day", "intent"], echo: ["day"], failed: "The day off could not be changed. Please try again." },
    async ({ userId, day, intent }, context) => {
      await mayEdit(actor(context), userId);
      const changed = await setDayOff(userId, day, intent === "add", (tx) =>
        recordActivity(
          {
            action: intent === "add" ? "booking.day-off" : "booking.day-off-removed",
            table: "booking_days_off",
            recordId: `${userId}:${day}`,
            after: { userId, day },
          },
          tx,
        ),
      );
      if (!changed) return { status: "success", title: "No change", message: intent === "add" ? `${day} was already a day off.` : `${day} was not a day off.` };
      return {
        status: "success",
        title: "Saved",
        message: intent === "add" ? `${day} is a day off: no calls are offered that day.` : `${day} is a working day again.`,
      };
    },
  );
}

/** Records whether a call that has started was held or the visitor did not come. */
export async function bookingOutcomeAction(_previous: FormState, form: FormData): Promise<FormState> {
  return leadDesk(
    form,
    { schema: OutcomeSchema, fields: ["bookingId", "outcome"], failed: "The outcome could not be recorded. Please try again." },
    async ({ bookingId, outcome }, context) => {
      await mayChangeCall(actor(context), bookingId);
      const saved = await setOutcome(bookingId, outcome, new Date(), (before, after, tx) =>
        recordActivity(
          { action: "booking.outcome", table: "bookings", recordId: bookingId, before: { outcome: before.outcome }, after: { outcome: after.outcome } },
          tx,
        ),
      );
      if (!saved) throw new FieldError({ form: "An outcome is recorded once the call has started, and not for a cancelled call." }, "Not recorded");
      return { status: "success", title: "Recorded", message: outcome === "held" ? "The call is marked as held." : "The call is marked as a no-show." };
    },
  );
}

/** Cancels a coming call from the dashboard: the visitor and the member get the cancellation. */
export async function staffCancelBookingAction(_previous: FormState, form: FormData): Promise<FormState> {
  return leadDesk(
    form,
    { schema: BookingIdSchema, fields: ["bookingId"], failed: "The call could not be cancelled. Please try again." },
    async ({ bookingId }, context) => {
      await mayChangeCall(actor(context), bookingId);
      const outcome = await cancelCall({ id: bookingId }, changeMails("cancelled"), new Date(), (before, after, tx) =>
        recordActivity(
          {
            action: "booking.cancel",
            table: "bookings",
            recordId: bookingId,
            before: { status: before.status, sequence: before.sequence },
            after: { status: after.status, sequence: after.sequence },
          },
          tx,
        ),
      );
      if (outcome.kind === "cancelled") throw new FieldError({ form: "This call is already cancelled." }, "Not changed");
      if (outcome.kind === "past") throw new FieldError({ form: "This call has already started: record its outcome instead." }, "Not changed");
      if (outcome.kind !== "done") throw new FieldError({ form: "That call is not in the list." }, "Not changed");
      return { status: "success", title: "Cancelled", message: "The call is cancelled; the visitor and the member were sent the cancellation." };
    },
  );
}
