import "server-only";
import { getTimedJobs, setTimedJobs } from "../bridge.ts";
import { runOnce } from "./data/job-runs";
import type { Transaction } from "../db/client";
import { errorFields, log } from "../log";

/**
 * Timed jobs run on every process; each finds its own due work and does each piece once, by a row
 * claim or through `runOnce` (src/server/kernel/jobs/data/job-runs.ts).
 */
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

/**
 * Work to be done once per UTC day (or hour) across every process: the first process whose timer
 * fires in a new period claims it in `job_runs` and does the work in the claim's transaction; the
 * others find it claimed. Work that fails leaves no claim, and the next tick tries again.
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

/** Starts each job's timer in this process (once, whatever number of times this is called). */
export function startTimedJobs(jobs: readonly TimedJob[]): void {
  const state = getTimedJobs() ?? { timers: new Map(), rounds: new Set(), stopped: false };
  setTimedJobs(state);
  // A start that comes after the shutdown began (start-up still under way at SIGTERM) starts nothing.
  if (state.stopped) return;
  const { timers, rounds } = state;
  for (const job of jobs) {
    if (timers.has(job.name)) continue;
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
