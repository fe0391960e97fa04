import "server-only";
import { pruneActivity } from "./kernel/activity/activity";
import { crossUncrossedDays, deleteExpiredSalts, dueRollupDays, pruneRawPageViews, refreshVisits, rollUpDay } from "./analytics";
import { runOnce } from "./kernel/jobs/data/job-runs";
import { followUpDigestJob, pruneAcknowledgedSenders, pruneSpamJob } from "./leads";
import { pruneEventsSeen, pendingSubscriberExpiryJob } from "./newsletter";
import { env } from "./kernel/env";
import { log } from "./kernel/log";
import { EVERY_HOUR, EVERY_MINUTE, oncePer, type TimedJob } from "./kernel/jobs/jobs";
import { scheduledPublishingJob } from "./content";
import { webhookRetentionJob } from "./integrations";
import { calendarSyncTick, bookingHoldsJob } from "./booking";
import { notFoundJob } from "./redirects";
import { linkCheckTick } from "./seo";

/** Acknowledgement claims of days before yesterday: only today's are consulted (docs/decisions/0042). */
const pruneAcknowledgedSendersJob: TimedJob = {
  name: "prune-acknowledged-senders",
  cron: EVERY_HOUR,
  run: oncePer("day", "prune-acknowledged-senders", async (tx) => {
    await pruneAcknowledgedSenders(tx);
  }),
};

/** Activity rows older than ACTIVITY_RETENTION_DAYS, the only deletion the trail allows (docs/decisions/0037). */
const activityRetentionJob: TimedJob = {
  name: "activity-retention",
  cron: EVERY_HOUR,
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
  cron: EVERY_HOUR,
  run: oncePer("day", "newsletter-events-seen-retention", async (tx) => {
    const removed = await pruneEventsSeen(NEWSLETTER_EVENTS_SEEN_DAYS, tx);
    log("info", "newsletter notification ids pruned", { event: "newsletter.events-seen-pruned", removed });
  }),
};

/**
 * The site's analytics (docs/decisions/0056). A tick a minute deletes the salts of days that are
 * over (an idempotent DELETE: from then on that day's visitor ids cannot be recomputed). Each closed
 * day (yesterday, or one a stopped server missed) is rolled up once, recorded per day in `job_runs`;
 * the visits of page views stored since the last tick are written (docs/decisions/0096), and the days counted before source and campaign were crossed get their crossed rows (0100); raw page views past ANALYTICS_RAW_DAYS go once a day.
 */
const analyticsJob: TimedJob = {
  name: "analytics",
  cron: EVERY_MINUTE,
  run: async () => {
    const removed = await deleteExpiredSalts();
    if (removed) log("info", "analytics salts of past days deleted", { event: "analytics.salts-deleted", removed });
    const keepDays = env().ANALYTICS_RAW_DAYS;
    for (const day of await dueRollupDays(keepDays)) {
      if (await runOnce("analytics-rollup", day, (tx) => rollUpDay(day, tx))) log("info", "analytics day rolled up", { event: "analytics.rolled-up", day });
    }
    await refreshVisits();
    await crossUncrossedDays();
    await oncePer("day", "analytics-retention", async (tx) => {
      const pruned = await pruneRawPageViews(keepDays, new Date(), tx);
      log("info", "raw page views pruned", { event: "analytics.pruned", removed: pruned, keepDays });
    })();
  },
};

/**
 * Every periodic piece of work of the server, in one list (docs/decisions/0054, 0095). A job with a
 * `cron` is a schedule of the job queue: boot registers it with the queue's start
 * (src/server/kernel/jobs/queue.ts), and each tick runs once across the processes; the daily ones
 * tick hourly and record their day in `job_runs`, so a day is done once and a day missed while no
 * server ran is done at the next start. A job with `everyMs` is a timer in every process
 * (src/server/kernel/jobs/jobs.ts) finding its own due rows: work looked for more often than the
 * queue's minute. The mail outbox, the booking's calendar writes and call reminders, newsletter
 * sending, and the calendar sync of each member are jobs of the queue enqueued by a change or a tick
 * (./queue-registry.ts). One loop stays outside both: the embedded database's role-request watcher
 * (src/server/team/admin-requests.ts) answers `npm run admin` through a folder, for the one process
 * that holds that database.
 */
export const TIMED_JOBS: readonly TimedJob[] = [
  scheduledPublishingJob,
  pruneSpamJob,
  pruneAcknowledgedSendersJob,
  followUpDigestJob,
  activityRetentionJob,
  analyticsJob,
  webhookRetentionJob,
  newsletterEventsSeenJob,
  pendingSubscriberExpiryJob,
  calendarSyncTick,
  bookingHoldsJob,
  // The 404 monitor's weekly digest to the owners and its retention (docs/decisions/0097).
  notFoundJob,
  // The link checker's daily check, queued as a job of its own (docs/decisions/0098).
  linkCheckTick,
];
