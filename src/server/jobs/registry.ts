import "server-only";
import { pruneActivity } from "../activity/activity";
import { followUpDigestJob } from "../data/follow-up";
import { pruneAcknowledgedSenders } from "../data/submissions";
import { env } from "../env";
import { pruneSpamJob } from "../forms/spam";
import { log } from "../log";
import { oncePer, type TimedJob } from "./jobs";
import { scheduledPublishingJob } from "./scheduled-publishing";

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
 * Every periodic piece of work of the server, in one list (docs/decisions/0054): each process starts
 * a timer per job at boot (src/server/jobs/jobs.ts), and each job does each piece of its work once
 * across the processes, by a claim in `job_runs` (once a day) or by row claims (scheduled posts,
 * the digest). Two loops stay outside it, each for a reason: the mail worker (src/server/mail/mail.ts)
 * claims outbox rows every few seconds and must finish the mail in flight at shutdown, and the
 * embedded database's role-request watcher (src/server/admin/admin-requests.ts) answers
 * `npm run admin` through a folder, for the one process that holds that database.
 */
export const TIMED_JOBS: readonly TimedJob[] = [scheduledPublishingJob, pruneSpamJob, pruneAcknowledgedSendersJob, followUpDigestJob, activityRetentionJob];
