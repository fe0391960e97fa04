import "server-only";
import { adoptPendingReminders, BOOKING_REMINDER_JOB, claimReminder, releaseExpiredHolds, type ReminderJobData } from "./data/bookings";
import { EVERY_MINUTE, type TimedJob } from "../kernel/jobs/jobs";
import type { JobDefinition } from "../kernel/jobs/queue";
import { log } from "../kernel/log";
import { reminderMail } from "./mails";

/**
 * One call reminder, a day or an hour before (docs/decisions/0065): the job the call's confirmation
 * or move enqueued to start at the reminder's mark. It sends the reminder if it is still due then
 * (the call not cancelled or moved meanwhile; a move cancels the old time's jobs as well) and not
 * yet sent. Returns whether it was sent.
 */
export async function sendReminder(job: ReminderJobData, now?: Date): Promise<boolean> {
  const sent = await claimReminder(job.bookingId, job.kind, (booking, host) => reminderMail(booking, host, job.kind), now);
  if (sent) log("info", "call reminder queued", { event: "booking.reminder", bookingId: job.bookingId, kind: job.kind });
  return sent;
}

/** The queue's job for the call reminders (src/server/queue-registry.ts); `now` for tests. */
export function bookingReminderJob(options: { now?: () => Date } = {}): JobDefinition<ReminderJobData> {
  return {
    name: BOOKING_REMINDER_JOB,
    handler: async (data) => {
      await sendReminder(data, options.now?.());
    },
    adopt: () => adoptPendingReminders(),
  };
}

/**
 * Held calls nobody confirmed in time are marked released (docs/decisions/0077), so the Calls screen
 * shows them apart. Their slots are free from the hold's end whether or not this has run yet.
 */
export async function releaseHolds(now = new Date()): Promise<number> {
  const released = await releaseExpiredHolds(undefined, now);
  if (released > 0) log("info", "held calls released", { event: "booking.released", released });
  return released;
}

/** A tick a minute (docs/decisions/0095). */
export const bookingHoldsJob: TimedJob = {
  name: "booking-holds",
  cron: EVERY_MINUTE,
  run: async () => {
    await releaseHolds();
  },
};
