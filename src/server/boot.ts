import "server-only";
import path from "node:path";
import { watchRoleRequests } from "./team";
import { ConfigError, configWarnings, env } from "./kernel/env";
import { getDatabaseHandle, setAppShutdown, setPageViewSink, setRedirectStore } from "./kernel/bridge.ts";
import { loadRedirectRules, recordRedirectHits } from "./redirects";
import { storePageViews } from "./analytics";
import { DatabaseLockedError } from "./kernel/db/lock.ts";
import { prepareAppDatabase } from "./kernel/db/prepare";
import { startMailWorker, stopMailWorker } from "./kernel/mail/mail";
import { errorFields, log } from "./kernel/log";
import { startTimedJobs, stopTimedJobs } from "./kernel/jobs/jobs";
import { TIMED_JOBS } from "./job-registry";
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
    if (env().MAIL_WORKER) startMailWorker();
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
    // The outbox still drains once the database is back.
    if (env().MAIL_WORKER) startMailWorker();
  }
  // Timed work (src/server/job-registry.ts): every process runs the timers, each piece of work is
  // done once. Scheduled posts go public (or private) at their time without anyone visiting the
  // dashboard; with the database down a job fails each round and catches up later.
  startTimedJobs(TIMED_JOBS);
  // The host's queue of counted page views writes its batches through this (docs/decisions/0056).
  setPageViewSink(async (batch) => {
    await storePageViews(batch);
  });
  // The host answers the redirect table before Next (host/redirects.ts, docs/decisions/0091): it
  // reads the table and writes its hit counts through this (it asks every second until it is here).
  setRedirectStore({ load: () => loadRedirectRules(), recordHits: (hits) => recordRedirectHits(hits) });
  // Uploads: a bucket that is missing or refuses these credentials is said at start-up, not at the
  // first upload; the site serves its pages either way, like with a database that is down.
  void storage()
    .check()
    .then(
      () => log("info", "storage ready", { kind: storage().kind }),
      (error) => log("error", "storage not ready at start-up", { kind: storage().kind, ...errorFields(error) }),
    );
  // host/server.ts calls this on SIGTERM/SIGINT once the requests in flight have finished:
  // the worker finishes the mail it is sending, then the database closes (PGlite writes its files).
  setAppShutdown({ stopTimedWork: stopTimedJobs, close: shutdown });
}

async function shutdown(): Promise<void> {
  // The server stopped the timed jobs at the signal; stopping them again only makes sure (a round
  // cut off by the closing database would fail).
  await stopTimedJobs();
  await stopMailWorker();
  log("info", "mail worker stopped");
  // The handle if one was opened; getDatabase() would open one just to close it.
  const handle = getDatabaseHandle();
  if (handle) {
    await handle.close();
    log("info", "database closed");
  }
}
