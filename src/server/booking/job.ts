import "server-only";
import { claimReminders, releaseExpiredHolds } from "./data/bookings";
import type { TimedJob } from "../kernel/jobs/jobs";
import { log } from "../kernel/log";
import { reminderMail } from "./mails";

/**
 * The calls' reminders, a day and an hour before (docs/decisions/0065): every minute each process
 * claims the due ones with an UPDATE ... WHERE not yet sent ... RETURNING in the transaction that
 * queues their mails, so each reminder goes once however many processes run the job.
 */
export async function sendDueReminders(now = new Date()): Promise<{ day: number; hour: number }> {
  const day = await claimReminders("24h", (booking, host) => reminderMail(booking, host, "24h"), now);
  const hour = await claimReminders("1h", (booking, host) => reminderMail(booking, host, "1h"), now);
  if (day + hour > 0) log("info", "call reminders queued", { event: "booking.reminders", day, hour });
  return { day, hour };
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

export const bookingRemindersJob: TimedJob = {
  name: "booking-reminders",
  everyMs: 60_000,
  run: async () => {
    await releaseHolds();
    await sendDueReminders();
  },
};
