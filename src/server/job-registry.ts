import "server-only";
import { pruneActivity } from "./kernel/activity/activity";
import { deleteExpiredSalts, dueRollupDays, pruneRawPageViews, refreshVisits, rollUpDay } from "./analytics";
import { runOnce } from "./kernel/jobs/data/job-runs";
import { followUpDigestJob, pruneAcknowledgedSenders, pruneSpamJob } from "./leads";
import { pruneEventsSeen, pendingSubscriberExpiryJob, newsletterSendingJob } from "./newsletter";
import { env } from "./kernel/env";
import { log } from "./kernel/log";
import { oncePer, type TimedJob } from "./kernel/jobs/jobs";
import { scheduledPublishingJob } from "./content";
import { webhookDeliveryJob, webhookRetentionJob } from "./integrations";
import { calendarSyncJob, bookingHoldsJob } from "./booking";

/** Acknowledgement claims of days before yesterday: only today's are consulted (docs/decisions/0042). */
const pruneAcknowledgedSendersJob: TimedJob = {
  name: "prune-acknowledged-senders",
  everyMs: 60 * 60_000,
  run: oncePer("day", "prune-acknowledged-senders", async (tx) => {
    await pruneAcknowledgedSenders(tx);
  }),
};

/** Activity rows older than ACTIVITY_RETENTION_DAYS, the only deletion the trail allows (docs/decisions/0037). */
const activityRetentionJob: TimedJob = {
  name: "activity-retention",
  everyMs: 60 * 60_000,
  run: oncePer("day", "activity-retention", async (tx) => {
    const keepDays = env().ACTIVITY_RETENTION_DAYS;
    const removed = await pruneActivity(keepDays, tx);
    log("info", "activity trail pruned", { event: "activity.pruned", removed, keepDays });
  }),
};

/**
 * The ids of provider notifications already applied (docs/decisions/0063), kept 30 days: a replay
 * within them is recognised, and one older is refused on its own signed timestamp (14 days for SNS,
 * 5 minutes for the signed endpoint).
 */
export const NEWSLETTER_EVENTS_SEEN_DAYS = 30;
const newsletterEventsSeenJob: TimedJob = {
  name: "newsletter-events-seen-retention",
  everyMs: 60 * 60_000,
  run: oncePer("day", "newsletter-events-seen-retention", async (tx) => {
    const removed = await pruneEventsSeen(NEWSLETTER_EVENTS_SEEN_DAYS, tx);
    log("info", "newsletter notification ids pruned", { event: "newsletter.events-seen-pruned", removed });
  }),
};

/**
 * The site's analytics (docs/decisions/0056). Each minute every process deletes the salts of days
 * that are over (an idempotent DELETE: from then on that day's visitor ids cannot be recomputed).
 * Each closed day (yesterday, or one a stopped server missed) is rolled up once across the
 * processes, by a claim per day in `job_runs`; the visits of page views stored since the last run are
 * written (docs/decisions/0096); raw page views past ANALYTICS_RAW_DAYS go once a day.
 */
const analyticsJob: TimedJob = {
  name: "analytics",
  everyMs: 60_000,
  run: async () => {
    const removed = await deleteExpiredSalts();
    if (removed) log("info", "analytics salts of past days deleted", { event: "analytics.salts-deleted", removed });
    const keepDays = env().ANALYTICS_RAW_DAYS;
    for (const day of await dueRollupDays(keepDays)) {
      if (await runOnce("analytics-rollup", day, (tx) => rollUpDay(day, tx))) log("info", "analytics day rolled up", { event: "analytics.rolled-up", day });
    }
    await refreshVisits();
    await oncePer("day", "analytics-retention", async (tx) => {
      const pruned = await pruneRawPageViews(keepDays, new Date(), tx);
      log("info", "raw page views pruned", { event: "analytics.pruned", removed: pruned, keepDays });
    })();
  },
};

/**
 * Every periodic piece of work of the server, in one list (docs/decisions/0054): each process starts
 * a timer per job at boot (src/server/kernel/jobs/jobs.ts), and each job does each piece of its work once
 * across the processes, by a claim in `job_runs` (once a day) or by row claims (scheduled posts,
 * the digest, webhook deliveries, newsletter copies, calendar syncs, held calls). The booking's
 * calendar writes and call reminders are jobs of the durable queue instead (./queue-registry.ts).
 * Two loops stay outside both, each for a reason: the mail worker (src/server/kernel/mail/mail.ts)
 * claims outbox rows every few seconds and must finish the mail in flight at shutdown, and the
 * embedded database's role-request watcher (src/server/team/admin-requests.ts) answers
 * `npm run admin` through a folder, for the one process that holds that database.
 */
export const TIMED_JOBS: readonly TimedJob[] = [
  scheduledPublishingJob,
  pruneSpamJob,
  pruneAcknowledgedSendersJob,
  followUpDigestJob,
  activityRetentionJob,
  analyticsJob,
  webhookDeliveryJob,
  webhookRetentionJob,
  newsletterEventsSeenJob,
  newsletterSendingJob,
  pendingSubscriberExpiryJob,
  calendarSyncJob,
  bookingHoldsJob,
];
