import "server-only";
import { EVERY_MINUTE, type TimedJob } from "../../kernel/jobs/jobs";
import { enqueueDueSyncs } from "./sync";

/**
 * A tick a minute (docs/decisions/0095): each member whose sync is due (every five minutes, later
 * after failures) becomes a job of the queue keyed by the member (`calendar.sync`), so each calendar
 * is read by one process at a time and none twice for one due time (docs/decisions/0066).
 */
export const calendarSyncTick: TimedJob = {
  name: "calendar-sync",
  cron: EVERY_MINUTE,
  run: async () => {
    await enqueueDueSyncs();
  },
};
