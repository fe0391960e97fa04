import "server-only";
import type { TimedJob } from "../../kernel/jobs/jobs";
import { syncDueCalendars } from "./sync";

/**
 * Every 30 seconds on every process: the connections whose sync is due (each member every five
 * minutes, later after failures) are claimed row by row (FOR UPDATE SKIP LOCKED and a claim until
 * `sync_locked_until`), so each is read by one process at a time (docs/decisions/0066).
 */
export const calendarSyncJob: TimedJob = {
  name: "calendar-sync",
  everyMs: 30_000,
  run: async () => {
    await syncDueCalendars();
  },
};
