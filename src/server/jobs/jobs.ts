import "server-only";
import os from "node:os";
import { and, eq, sql } from "drizzle-orm";
import { db, type Database } from "../db/client";
import { jobRuns } from "../db/schema";
import { getJobTimers, setJobTimers } from "../bridge.ts";
import { errorFields, log } from "../log";

/** A transaction of the app's database, as `db().transaction` hands it to its callback. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Who claimed a run: enough to find the process in the logs. */
const WORKER = `${os.hostname()}:${process.pid}`;

/**
 * Does `work` once for (job, runKey) across every server process on this database, e.g.
 * ("digest", "2026-11-24") or ("publish", postId + publishAt). The claim row and the work's writes
 * are one transaction: a second process's insert waits on the first one's key and then finds it
 * taken; work that throws leaves no claim, so the next round tries again. Returns whether this call
 * did the work. Work with effects outside the database (sending mail) should only queue them here,
 * e.g. into the outbox, which sends each mail once by its own claims.
 */
export async function runOnce(
  job: string,
  runKey: string,
  work: (tx: Transaction) => Promise<void>,
  database: Database = db(),
): Promise<boolean> {
  return database.transaction(async (tx) => {
    const claimed = await tx
      .insert(jobRuns)
      .values({ job, runKey, claimedBy: WORKER })
      .onConflictDoNothing()
      .returning({ job: jobRuns.job });
    if (claimed.length === 0) return false;
    await work(tx);
    await tx
      .update(jobRuns)
      .set({ finishedAt: sql`now()` })
      .where(and(eq(jobRuns.job, job), eq(jobRuns.runKey, runKey)));
    return true;
  });
}

export interface TimedJob {
  /** Names the job in logs and in `job_runs`. */
  name: string;
  everyMs: number;
  /**
   * Runs on every process each `everyMs`: it must find its own due work and do each piece once,
   * by row claims (an UPDATE ... WHERE still-due RETURNING) or through `runOnce`.
   */
  run: () => Promise<void>;
}

/** Starts each job's timer in this process (once, whatever number of times this is called). */
export function startTimedJobs(jobs: readonly TimedJob[]): void {
  const timers = getJobTimers() ?? new Map<string, NodeJS.Timeout>();
  setJobTimers(timers);
  for (const job of jobs) {
    if (timers.has(job.name)) continue;
    let running = false;
    let failures = 0;
    const tick = async () => {
      // A round still running when the next is due is not started twice in one process.
      if (running) return;
      running = true;
      try {
        await job.run();
        failures = 0;
      } catch (error) {
        // While the database is down this fails every round: say so on the 1st, 2nd, 4th... time.
        failures++;
        if ((failures & (failures - 1)) === 0) log("error", "timed job failed", { job: job.name, failedRounds: failures, ...errorFields(error) });
      } finally {
        running = false;
      }
    };
    const timer = setInterval(() => void tick(), job.everyMs);
    timer.unref();
    timers.set(job.name, timer);
    void tick();
  }
}

export function stopTimedJobs(): void {
  const timers = getJobTimers();
  if (!timers) return;
  for (const timer of timers.values()) clearInterval(timer);
  timers.clear();
}
