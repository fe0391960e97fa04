import "server-only";
import type { JobDefinition } from "./kernel/jobs/queue";
import { mailDeliveryJob } from "./kernel/mail/mail";
import { bookingReminderJob, calendarSyncJob, calendarWriteJob } from "./booking";
import { newsletterCopiesJob, newsletterStartJob } from "./newsletter";
import { webhookDeliveryJob } from "./integrations";
import { linkCheckJob } from "./seo";

/**
 * Every job of the durable queue (docs/decisions/0089), in one list: boot starts a worker per job in
 * each process after the migrations (src/server/kernel/jobs/queue.ts), which also makes each job's
 * queue, so a feature can enqueue into it in its own transaction. The timed jobs are the other
 * list (./job-registry.ts): work found by time rather than enqueued by a change.
 */
export const QUEUED_JOBS: readonly JobDefinition<object>[] = [
  // The mail outbox: one job per mail, sent as its row has it (docs/decisions/0092). First, so that
  // its queue is made before a job that queues a mail (a reminder) can run.
  mailDeliveryJob(),
  // A member's busy times read from their calendar, enqueued by the calendar sync's tick (docs/decisions/0095).
  calendarSyncJob(),
  // The booking's writes to a member's CalDAV calendar (docs/decisions/0066).
  calendarWriteJob(),
  // A call's reminders, each enqueued to start at its mark (docs/decisions/0065).
  bookingReminderJob(),
  // A newsletter send's start (now or at its time), then its copies in batches under one rate (docs/decisions/0094).
  newsletterStartJob(),
  newsletterCopiesJob(),
  // Webhook deliveries, a job per outbox row, in order per endpoint and record (docs/decisions/0093).
  webhookDeliveryJob(),
  // A check of the site's links, one at a time, asked for by the screen or the daily tick (docs/decisions/0098).
  linkCheckJob(),
];
