import "server-only";
import type { JobDefinition } from "./kernel/jobs/queue";
import { bookingReminderJob, calendarWriteJob } from "./booking";
import { webhookDeliveryJob } from "./integrations";

/**
 * Every job of the durable queue (docs/decisions/0089), in one list: boot starts a worker per job in
 * each process after the migrations (src/server/kernel/jobs/queue.ts), which also makes each job's
 * queue, so a feature can enqueue into it in its own transaction. The timed jobs are the other
 * list (./job-registry.ts): work found by time rather than enqueued by a change.
 */
export const QUEUED_JOBS: readonly JobDefinition<object>[] = [
  // The booking's writes to a member's CalDAV calendar (docs/decisions/0066).
  calendarWriteJob(),
  // A call's reminders, each enqueued to start at its mark (docs/decisions/0065).
  bookingReminderJob(),
  // Webhook deliveries, a job per outbox row, in order per endpoint and record (docs/decisions/0093).
  webhookDeliveryJob(),
];
