import "server-only";
import { getTimedJobs, setTimedJobs } from "../bridge.ts";
import { runOnce } from "./data/job-runs";
import type { Transaction } from "../db/client";
import { errorFields, log } from "../log";

/**
 * A piece of periodic work (docs/decisions/0054, 0095). Most are `ScheduledJob`s: a tick of the job
 * queue's cron schedule, run once across the processes (src/server/kernel/jobs/queue.ts). The few
 * that must look more often than a minute are `ProcessTimerJob`s, a timer in every process.
 */
export type TimedJob = ScheduledJob | ProcessTimerJob;

/**
 * Work found by time on the job queue (docs/decisions/0095): the engine's cron pass enqueues one
 * tick per occurrence (one a minute at most) whichever process runs the pass, each process starting
 * the job's queue enqueues one tick at its start, and one worker in one process runs each tick. A tick
 * is not retried: the next one does the work, so `run` must find its own due work each time.
 */
export interface ScheduledJob {
  /** Names the job in logs, in the queue's jobs (the tick's key) and in `job_runs`. */
  name: string;
  /** Five-field cron expression in UTC; a minute is the finest the engine's schedules tick. */
  cron: string;
  /** One tick's work; tests call it directly to do the work synchronously. */
  run: () => Promise<void>;
}

/**
 * Work that must be looked for every few seconds (finer than the queue's cron): a timer in every
 * process, each finding its own due work and doing each piece once, by a row claim or `runOnce`
 * (src/server/kernel/jobs/data/job-runs.ts).
 */
export interface ProcessTimerJob {
  /** Names the job in logs and in `job_runs`. */
  name: string;
  everyMs: number;
  /**
   * Runs on every process each `everyMs`: it must find its own due work and do each piece once,
   * by row claims (an UPDATE ... WHERE still-due RETURNING) or through `runOnce`.
   */
  run: () => Promise<void>;
}

export const isScheduledJob = (job: TimedJob): job is ScheduledJob => "cron" in job;

/** Cron expressions of the timed jobs (UTC). */
export const EVERY_MINUTE = "* * * * *";
export const EVERY_FIVE_MINUTES = "*/5 * * * *";
export const EVERY_HOUR = "0 * * * *";

/**
 * Work to be done once per UTC day (or hour): the first tick in a new period records it in
 * `job_runs` and does the work in that transaction; a later tick of the same period finds it done.
 * Work that fails leaves no row, and the next tick tries again. On the queue one tick runs at a
 * time, so this is what keeps an hourly tick daily and what catches up a day missed while no server
 * ran (the first tick after, at the next start), not a race between processes (docs/decisions/0095).
 */
export function oncePer(period: "day" | "hour", name: string, work: (tx: Transaction) => Promise<void>): () => Promise<void> {
  return async () => {
    const key = new Date().toISOString().slice(0, period === "day" ? 10 : 13);
    await runOnce(name, key, work);
  };
}

/**
 * This process's timed jobs: their timers, the rounds under way, and whether a shutdown has begun
 * (kept on the bridge, so that every copy of this module in the process sees the same).
 */
export interface TimedJobsState {
  timers: Map<string, NodeJS.Timeout>;
  /** Rounds under way: a shutdown waits for them before the database closes. */
  rounds: Set<Promise<void>>;
  /** Set by stopTimedJobs: no timer starts and no round begins after it. */
  stopped: boolean;
}

/**
 * Starts the timer of each `ProcessTimerJob` in this process (once, whatever number of times this is
 * called); the scheduled jobs are the queue's (`startQueue`'s `schedules`) and are skipped here.
 */
export function startTimedJobs(jobs: readonly TimedJob[]): void {
  const state = getTimedJobs() ?? { timers: new Map(), rounds: new Set(), stopped: false };
  setTimedJobs(state);
  // A start that comes after the shutdown began (start-up still under way at SIGTERM) starts nothing.
  if (state.stopped) return;
  const { timers, rounds } = state;
  for (const job of jobs) {
    if (isScheduledJob(job) || timers.has(job.name)) continue;
    let running = false;
    let failures = 0;
    const round = async () => {
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
    const tick = () => {
      // A round still running when the next is due is not started twice in one process.
      if (running || state.stopped) return;
      running = true;
      const underWay = round();
      rounds.add(underWay);
      void underWay.finally(() => rounds.delete(underWay));
    };
    const timer = setInterval(tick, job.everyMs);
    timer.unref();
    timers.set(job.name, timer);
    tick();
  }
}

/**
 * Stops every timer and waits for the rounds under way (a shutdown closes the database after this:
 * a round cut off by the closing database would fail, and say so in the log).
 */
export async function stopTimedJobs(): Promise<void> {
  const state = getTimedJobs() ?? { timers: new Map(), rounds: new Set(), stopped: false };
  setTimedJobs(state);
  state.stopped = true;
  for (const timer of state.timers.values()) clearInterval(timer);
  state.timers.clear();
  await Promise.all(state.rounds);
}
