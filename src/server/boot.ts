import "server-only";
import path from "node:path";
import { watchRoleRequests } from "./team";
import { ConfigError, configWarnings, env } from "./kernel/env";
import { getDatabaseHandle, setAppShutdown, setExperimentStore, setPageViewSink, setRedirectStore } from "./kernel/bridge.ts";
import { loadRedirectRules, recordNotFoundHits, recordRedirectHits } from "./redirects";
import { storePageViews, visitorIdOfDigest } from "./analytics";
import { loadRunningExperiment } from "./experiments";
import { DatabaseLockedError } from "./kernel/db/lock.ts";
import { prepareAppDatabase } from "./kernel/db/prepare";
import { MAIL_JOB } from "./kernel/mail/mail";
import { errorFields, log } from "./kernel/log";
import { isScheduledJob, startTimedJobs, stopTimedJobs } from "./kernel/jobs/jobs";
import { TIMED_JOBS } from "./job-registry";
import { startQueue, stopQueue, stopWorkers } from "./kernel/jobs/queue";
import { QUEUED_JOBS } from "./queue-registry";
import { storage } from "./media";
import { announceSetupLink } from "./kernel/session/first-owner";

/** Server start-up: validate configuration, migrate, seed an empty database. */
export async function boot(): Promise<void> {
  try {
    for (const message of configWarnings(env())) log("warn", message, { event: "config.warning" });
  } catch (error) {
    if (error instanceof ConfigError) {
      // One line naming the variable (the logger writes synchronously: it is out before the exit).
      log("error", error.message, { event: "config.invalid" });
      process.exit(1);
    }
    throw error;
  }
  const started = performance.now();
  try {
    const { kind, seeded, timings } = await prepareAppDatabase();
    log("info", "database ready", {
      kind,
      seeded,
      ms: Math.round(performance.now() - started),
      ...timings,
      // Milliseconds since this process started (cold start, docs/decisions/0012).
      processMs: Math.round(performance.now()),
    });
    // The queue's engine installs its own schema on its first start, beside our migrations; its
    // workers send the mail outbox too (docs/decisions/0092).
    await startJobQueue();
    // A fresh install: the one-time link that makes its first verified account the owner (ADR 0084).
    await announceSetupLink().catch((error) => log("warn", "first owner: set-up link not announced", errorFields(error)));
    // `npm run admin` cannot open the embedded database this process holds: it asks us instead.
    if (kind === "pglite") watchRoleRequests(path.resolve(/*turbopackIgnore: true*/ env().DATA_DIR, "pglite"));
  } catch (error) {
    if (error instanceof DatabaseLockedError) {
      log("error", error.message, { event: "database.locked" });
      process.exit(1);
    }
    // A database that is down at start-up must not keep the site from serving its static pages;
    // /api/health reports it and the data layer falls back (home's samples, an empty blog listing:
    // docs/decisions/0008).
    log("error", "database not ready at start-up", errorFields(error));
    // The job queue starts once the database is back, and adopts the mail stored meanwhile.
    void startJobQueue();
  }
  // Timed work (src/server/job-registry.ts): most of it is the queue's schedules, started with the
  // queue above; what must be looked for every second (scheduled posts going public or private at
  // their time) is a timer in every process, each piece of work done once. With the database down a
  // timer's round fails and catches up later (docs/decisions/0095).
  startTimedJobs(TIMED_JOBS);
  // The host's queue of counted page views writes its batches through this (docs/decisions/0056).
  setPageViewSink(async (batch) => {
    await storePageViews(batch);
  });
  // The host answers the redirect table before Next (host/redirects.ts, docs/decisions/0091): it
  // reads the table and writes its hit counts through this (it asks every second until it is here).
  // The 404 monitor's counts go the same way (host/not-found.ts, docs/decisions/0097).
  setRedirectStore({
    load: () => loadRedirectRules(),
    recordHits: (hits) => recordRedirectHits(hits),
    recordNotFound: (batch) => recordNotFoundHits(batch),
  });
  // The host assigns visitors to the running A/B experiment's variants before Next (host/experiments.ts,
  // docs/decisions/0107): it reads the running experiment and a visitor's id of the day through this.
  setExperimentStore({
    loadRunning: () => loadRunningExperiment(),
    visitorId: (digest, at) => visitorIdOfDigest(digest, at),
  });
  // Uploads: a bucket that is missing or refuses these credentials is said at start-up, not at the
  // first upload; the site serves its pages either way, like with a database that is down.
  void storage()
    .check()
    .then(
      () => log("info", "storage ready", { kind: storage().kind }),
      (error) => log("error", "storage not ready at start-up", { kind: storage().kind, ...errorFields(error) }),
    );
  // host/server.ts calls these on SIGTERM/SIGINT (ADR 0074): at the signal the timed jobs and the
  // queue's workers stop (the mail being sent among their jobs), their work under way ending while
  // the server still listens; once the requests in flight have finished, the queue's engine (which
  // they may have enqueued through), then the database closes.
  setAppShutdown({ stopTimedWork, close: shutdown });
}

let shuttingDown = false;
const QUEUE_RETRY_MS = 30_000;

/**
 * Starts the queue's workers (src/server/queue-registry.ts) and the timed jobs' schedules with their
 * cron pass (src/server/job-registry.ts, docs/decisions/0095). With the database down it tries again
 * every half minute: a change cannot enqueue its job before this, and would fail like any other write
 * (a mail's row is stored alone meanwhile, and adopted by this start: docs/decisions/0092).
 * Every job is declared before any worker runs, so a job that queues a mail (a call's reminder)
 * finds the mail's queue made. `MAIL_WORKER=false` leaves the mail to the other processes.
 */
async function startJobQueue(): Promise<void> {
  if (shuttingDown) return;
  const began = performance.now();
  const schedules = TIMED_JOBS.filter(isScheduledJob);
  const works = (job: { name: string }) => env().MAIL_WORKER || job.name !== MAIL_JOB;
  try {
    await startQueue(QUEUED_JOBS, { schedules, works });
    log("info", "job queue started", {
      event: "queue.started",
      jobs: QUEUED_JOBS.filter(works).map((job) => job.name),
      schedules: schedules.map((job) => job.name),
      ms: Math.round(performance.now() - began),
    });
  } catch (error) {
    log("error", "job queue not started", errorFields(error));
    setTimeout(() => void startJobQueue(), QUEUE_RETRY_MS).unref();
  }
}

async function stopTimedWork(): Promise<void> {
  shuttingDown = true;
  await stopTimedJobs();
  await stopWorkers();
}

async function shutdown(): Promise<void> {
  // The server stopped the timed jobs at the signal; stopping them again only makes sure (a round
  // cut off by the closing database would fail).
  await stopTimedWork();
  await stopQueue();
  log("info", "job queue stopped");
  // The handle if one was opened; getDatabase() would open one just to close it.
  const handle = getDatabaseHandle();
  if (handle) {
    await handle.close();
    log("info", "database closed");
  }
}
