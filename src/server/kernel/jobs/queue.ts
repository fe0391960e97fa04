import "server-only";
import { createHash, randomUUID } from "node:crypto";
import type { JobInsert, JobWithMetadata, PgBoss } from "pg-boss";
import type { Executor } from "../db/client";
import type { ScheduledJob } from "./jobs";
import { executorDatabase, openEngine } from "./data/engine";
import { getJobQueue, setJobQueue } from "../bridge.ts";
import { errorFields, log } from "../log";

/**
 * The one durable job queue (docs/decisions/0089): pg-boss on both databases. A job is enqueued by
 * name with its data in the caller's transaction, so it exists exactly when the change that caused
 * it committed; a worker per name runs it, each job once at a time, again after a failure on one
 * back-off, and again when its worker died mid-job and its lease ran out.
 */

/** One back-off for every job: 30 s, 60 s, 120 s... up to an hour between tries, 8 tries in all. */
export const RETRY = { limit: 8, delaySeconds: 30, maxDelaySeconds: 3600 } as const;
/** A job running longer than this is presumed lost with its worker, and runs again. */
export const LEASE_SECONDS = 300;

export interface RetryPolicy {
  limit: number;
  delaySeconds: number;
  maxDelaySeconds?: number;
}

export interface EnqueueOptions {
  /**
   * The job's key. Under the exclusive policy a second job of this name and key, while one is queued,
   * waiting to retry or running, is not added; under the singleton policy it is, and the jobs of one
   * key run one at a time.
   */
  key?: string;
  /**
   * The work's own name (a row and its revision): a job of this name and id is added once, a second
   * enqueue of it is not (for as long as the engine keeps the first, finished or not).
   */
  id?: string;
  startAfter?: Date;
  retry?: RetryPolicy;
  /**
   * The job's group (a receiver, say): a definition's `concurrencyPerGroup` limits the jobs of one
   * group a process runs at once, and the other groups' jobs are fetched past them.
   */
  group?: string;
}

/** Which try of its job a handler is running. */
export interface JobAttempt {
  /** Tries before this one (0 on the first). */
  retryCount: number;
  /** No try follows this one if it fails. */
  isLastTry: boolean;
}

/**
 * "exclusive" (the default): one job per key queued, waiting to retry or running; a second is not
 * added. "singleton": one job per key running at a time, any number queued: for work whose handler
 * reads the current state of its row, where a change made while a job runs needs a job after it.
 * "key_strict_fifo": any number queued, started one at a time per key in the order they were
 * enqueued; a job running or waiting to retry holds back the later jobs of its key (and one that
 * failed for good holds them back until it is deleted, so a handler of this policy should not let
 * its last try fail).
 */
export type JobPolicy = "exclusive" | "singleton" | "key_strict_fifo";

export interface JobDefinition<T extends object> {
  name: string;
  policy?: JobPolicy;
  /** Jobs of this name one process runs at once. */
  concurrency?: number;
  /**
   * Jobs one fetch takes (default 1), run side by side and each settled on its own: a worker polls
   * once for several, where one a fetch gives two jobs a second (docs/decisions/0089, 0094).
   */
  batchSize?: number;
  /** Of those, at most this many of one group (`EnqueueOptions.group`); other groups' jobs are fetched past them. */
  concurrencyPerGroup?: number;
  /**
   * After a job ends, this process's workers of the name fetch again at once instead of waiting for
   * their next poll: a backlog is worked at the handler's pace, not one job a poll per worker. They
   * go back to polling once a fetch finds nothing.
   */
  burst?: boolean;
  retry?: RetryPolicy;
  leaseSeconds?: number;
  /**
   * Throwing fails this try: the job runs again after the back-off. (A method, so that a list of
   * definitions of different data can be started together.)
   */
  handler(data: T, attempt: JobAttempt): Promise<void>;
  /**
   * Enqueues, at each start, the work that was waiting for this job before it ran on the queue (the
   * rows of the hand-written queue it replaced). Runs in every process at every start, so it must
   * enqueue each piece of work under a stable `id`.
   */
  adopt?: () => Promise<number>;
}

/**
 * Thrown by a handler: this try failed and the next one starts at `at` (not at the back-off's time),
 * e.g. when the other side said when to come back. Counts as a try like any failure; on the last try
 * the job fails for good as with any error.
 */
export class RetryAt extends Error {
  constructor(
    readonly at: Date,
    message: string,
  ) {
    super(message);
    this.name = "RetryAt";
  }
}

/**
 * The back-off's wait before the try after `retryCount` failed ones, in seconds: `delaySeconds`
 * doubling, at most `maxDelaySeconds`. The engine adds up to as much again at random to the waits it
 * schedules itself (a thrown error, a lost lease); a handler that names its next try (`RetryAt`)
 * takes this, so it can say when that is.
 */
export function backoffSeconds(retryCount: number, retry: RetryPolicy = RETRY): number {
  return Math.min(retry.maxDelaySeconds ?? RETRY.maxDelaySeconds, Math.max(retry.delaySeconds, 1) * 2 ** Math.min(16, Math.max(0, retryCount)));
}

/** Job names: lower-case words with dots and dashes, as the engine's queue names must be. */
const NAME = /^[a-z][a-z0-9.-]{0,62}$/;

/**
 * This process's engine and the queues it made, kept on the bridge: Next evaluates this module once
 * per bundle, and a Server Action's copy must enqueue on the engine that boot started.
 */
export interface JobQueueState {
  started: Promise<PgBoss> | null;
  /** Whether the engine started runs the cron pass of the timed jobs. */
  scheduling: boolean;
  declared: Set<string>;
  /** Names this process has workers for. */
  working: Set<string>;
  /** The engine's worker of each name this process works (for `wakeWorkers`). */
  workers?: Map<string, string>;
}

function state(): JobQueueState {
  let current = getJobQueue();
  if (!current) {
    current = { started: null, scheduling: false, declared: new Set(), working: new Set() };
    setJobQueue(current);
  }
  return current;
}

/** The engine on this process's database, started once (its schema installed on the first start). */
function engine(options: { monitorSeconds?: number; schedule?: boolean; cronSeconds?: number } = {}): Promise<PgBoss> {
  const s = state();
  if (s.started && options.schedule && !s.scheduling)
    throw new Error("The job queue's engine was started without the timed jobs' cron pass (declareJobs before startQueue): stop it first.");
  const starting = (s.started ??= (async () => {
    const boss = openEngine(options);
    boss.on("error", (error) => log("error", "job queue error", errorFields(error)));
    await boss.start();
    return boss;
  })());
  if (options.schedule) s.scheduling = true;
  starting.catch(() => {
    if (s.started === starting) {
      s.started = null;
      s.scheduling = false;
    }
  });
  return starting;
}

async function declare(boss: PgBoss, name: string, definition: Omit<JobDefinition<object>, "name" | "handler" | "adopt"> = {}): Promise<void> {
  if (!NAME.test(name)) throw new Error(`A job name is lower-case letters, digits, dots and dashes: ${JSON.stringify(name)}`);
  const { declared } = state();
  if (declared.has(name)) return;
  const retry = definition.retry ?? RETRY;
  const options = {
    retryLimit: retry.limit,
    retryDelay: retry.delaySeconds,
    retryBackoff: true,
    retryDelayMax: retry.maxDelaySeconds ?? RETRY.maxDelaySeconds,
    expireInSeconds: definition.leaseSeconds ?? LEASE_SECONDS,
  };
  // A queue's policy is fixed when it is made; retries and lease follow the definition at each start.
  if (await boss.getQueue(name)) await boss.updateQueue(name, options);
  else await boss.createQueue(name, { ...options, policy: definition.policy ?? "exclusive" });
  declared.add(name);
}

/** The engine, once `name`'s queue is declared; refused otherwise (see `enqueue`). */
async function declaredEngine(name: string): Promise<PgBoss> {
  const { started, declared } = state();
  const boss = started && (await started);
  if (!boss || !declared.has(name)) throw new Error(`The job ${JSON.stringify(name)} is not declared: declareJobs (or startQueue) runs at start-up.`);
  return boss;
}

/** A job's key, id, group, start and retries as the engine takes them, for one job or many. */
function jobFields(name: string, options: EnqueueOptions) {
  return {
    // The exclusive policy counts a job without a key as the key "": one of its own keeps it apart.
    singletonKey: options.key ?? `job:${randomUUID()}`,
    ...(options.id ? { id: stableJobId(name, options.id) } : {}),
    ...(options.group ? { group: { id: options.group } } : {}),
    ...(options.startAfter ? { startAfter: options.startAfter } : {}),
    ...(options.retry
      ? {
          retryLimit: options.retry.limit,
          retryDelay: options.retry.delaySeconds,
          retryBackoff: true,
          retryDelayMax: options.retry.maxDelaySeconds ?? RETRY.maxDelaySeconds,
        }
      : {}),
  };
}

/**
 * Enqueues a job in the caller's transaction (or on its own when `executor` is the database). Returns
 * the job's id, or null when it was not added: its key taken (the exclusive policy) or its id.
 */
export async function enqueue(name: string, data: object, options: EnqueueOptions, executor: Executor): Promise<string | null> {
  // The engine and the job's queue must be ready before the caller's transaction: on the embedded
  // database (one connection) a statement of the engine's own would wait for that transaction.
  const boss = await declaredEngine(name);
  return boss.send(name, data, { ...jobFields(name, options), db: executorDatabase(executor) });
}

/**
 * Enqueues several jobs of one name in one statement, in the caller's transaction: for work that
 * starts as many jobs at once (a newsletter's batches), where one statement each would hold the
 * transaction for as many round trips. A job whose `id` is taken is not added (nor, under the
 * exclusive policy, one whose key is). Returns how many were added.
 */
export async function enqueueMany(name: string, jobs: readonly { data: object; options: EnqueueOptions }[], executor: Executor): Promise<number> {
  const boss = await declaredEngine(name);
  if (jobs.length === 0) return 0;
  const rows: JobInsert[] = jobs.map(({ data, options }) => ({ data, ...jobFields(name, options) }));
  const added = await boss.insert(name, rows, { db: executorDatabase(executor), returnId: true });
  return added?.length ?? 0;
}

/**
 * Cancels, in the caller's transaction, the job of this name enqueued with this `id` (the same as
 * `enqueue`'s): a job that has run or never existed is left as it is.
 */
export async function cancelJob(name: string, id: string, executor: Executor): Promise<void> {
  const boss = await declaredEngine(name);
  await boss.cancel(name, stableJobId(name, id), { db: executorDatabase(executor) });
}

/**
 * Makes the job of this name and key that waits (queued or waiting to retry) start now, in the
 * caller's transaction. Returns false when none waits (none exists, or it is running).
 */
export async function startJobNow(name: string, key: string, executor: Executor): Promise<boolean> {
  const boss = await declaredEngine(name);
  const { updated } = await boss.update(name, undefined, { singletonKey: key, startAfter: 0, db: executorDatabase(executor) });
  return updated > 0;
}

/**
 * Whether this process's engine has been started (by boot, or a test's `declareJobs`): until then
 * nothing can be enqueued here. A producer whose rows are adopted at the queue's start (the mail
 * outbox, ADR 0092) stores its row alone meanwhile.
 */
export function isQueueStarted(): boolean {
  return Boolean(getJobQueue()?.started);
}

/** Wakes this process's workers of `name`, if it has any, to fetch now rather than at their next poll. */
export function wakeWorkers(name: string): void {
  const current = getJobQueue();
  if (!current?.started) return;
  void current.started.then((boss) => wake(boss, name)).catch(() => {});
}

/** A job id (a UUID, as the engine's ids are) that is the same for the same name and id. */
export function stableJobId(name: string, id: string): string {
  const hex = createHash("sha256").update(`${name}\n${id}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Starts the engine and makes each job's queue, without working them (a process that only enqueues):
 * by name (the default policy), or by its definition (its policy, retries and lease).
 */
export async function declareJobs(jobs: readonly (string | Omit<JobDefinition<object>, "handler">)[]): Promise<void> {
  const boss = await engine();
  for (const job of jobs) {
    if (typeof job === "string") await declare(boss, job);
    else await declare(boss, job.name, job);
  }
}

/**
 * The queue of the timed jobs' ticks (docs/decisions/0095): one queue for them all, a tick's key is
 * its job's name, so under the exclusive policy one tick of a job is queued or running at a time
 * across the processes; a tick due meanwhile is not added (the next does the work).
 */
export const TIMED_QUEUE = "timed";
/** Ticks this process runs at once (of different jobs: one job's ticks never overlap). */
const TIMED_CONCURRENCY = 2;

interface TickData {
  job: string;
}

/**
 * The definition that works the timed jobs' ticks: a tick is tried once (the next tick is its
 * retry, as each round of a timer was the last one's).
 */
function timedDefinition(jobs: readonly ScheduledJob[], boss: PgBoss): JobDefinition<TickData> {
  const byName = new Map(jobs.map((job) => [job.name, job]));
  return {
    name: TIMED_QUEUE,
    concurrency: TIMED_CONCURRENCY,
    retry: { limit: 0, delaySeconds: 0 },
    handler: async ({ job: name }) => {
      const job = byName.get(name);
      if (!job) {
        // A schedule left by a job taken out of the list (an older process may still have it).
        log("warn", "timed job not known here", { event: "queue.unknown-timed-job", job: name });
        return;
      }
      try {
        await job.run();
      } catch (error) {
        log("error", "timed job failed", { job: name, ...errorFields(error) });
        throw error;
      }
    },
    adopt: async () => {
      // Each job's schedule (an upsert: every process at every start writes the same rows), and a
      // tick now: the work due while no server ran (a day's prune, a closed day's rollup) is done at
      // start, not at the next occurrence. A schedule no longer listed is taken out.
      for (const schedule of await boss.getSchedules(TIMED_QUEUE)) {
        if (!byName.has(schedule.key)) await boss.unschedule(TIMED_QUEUE, schedule.key);
      }
      let ticks = 0;
      for (const job of jobs) {
        await boss.schedule(TIMED_QUEUE, job.cron, { job: job.name } satisfies TickData, { key: job.name, singletonKey: job.name, tz: "UTC" });
        if (await boss.send(TIMED_QUEUE, { job: job.name } satisfies TickData, { singletonKey: job.name })) ticks++;
      }
      return ticks;
    },
  };
}

/**
 * Starts a worker per definition in this process (a name already worked here is not started twice).
 * With `schedules`, the engine also runs the cron pass, and a worker runs the timed jobs' ticks
 * (docs/decisions/0095); `cronSeconds` is how often the pass runs (30 s), `timedPollSeconds` how
 * often this process looks for a tick (5 s), both shorter in tests.
 */
export async function startQueue(
  definitions: readonly JobDefinition<object>[],
  options: {
    pollSeconds?: number;
    monitorSeconds?: number;
    schedules?: readonly ScheduledJob[];
    cronSeconds?: number;
    timedPollSeconds?: number;
    /** Which of the jobs this process works (default: all); every one is declared either way, so any can be enqueued here. */
    works?: (definition: JobDefinition<object>) => boolean;
  } = {},
): Promise<void> {
  const scheduling = options.schedules !== undefined;
  const boss = await engine({ monitorSeconds: options.monitorSeconds, schedule: scheduling, cronSeconds: options.cronSeconds });
  const { working } = state();
  const all = [...definitions.map((definition) => ({ definition, pollSeconds: options.pollSeconds ?? 2 }))];
  // After the queued jobs: a tick may enqueue into them (the calendar sync's members).
  if (scheduling)
    all.push({
      definition: timedDefinition(options.schedules!, boss) as JobDefinition<object>,
      pollSeconds: options.timedPollSeconds ?? options.pollSeconds ?? 5,
    });
  // Every queue made before any worker runs: a job that enqueues another (a call's reminder queues
  // its mail) finds that queue made.
  for (const { definition } of all) await declare(boss, definition.name, definition);
  for (const { definition, pollSeconds } of all) {
    if (working.has(definition.name) || (options.works && definition.name !== TIMED_QUEUE && !options.works(definition))) continue;
    if (definition.adopt) {
      const adopted = await definition.adopt();
      if (adopted > 0) log("info", "queued work adopted by the job queue", { event: "queue.adopted", job: definition.name, adopted });
    }
    const run = async (job: JobWithMetadata<object>, settleRetryAt: boolean) => {
      const isLastTry = job.retryCount >= job.retryLimit;
      try {
        await definition.handler(job.data, { retryCount: job.retryCount, isLastTry });
      } catch (error) {
        log("warn", "job failed", { job: definition.name, id: job.id, retryCount: job.retryCount, ...errorFields(error) });
        if (!settleRetryAt || !(error instanceof RetryAt) || isLastTry) throw error;
        // Failed as the engine fails it (this attempt only), then its next try moved to the time
        // asked for; the engine's completion that follows finds the attempt settled and does nothing.
        await boss.fail(definition.name, job, { message: error.message });
        await boss.update(definition.name, undefined, { id: job.id, startAfter: error.at });
      } finally {
        if (definition.burst) wake(boss, definition.name);
      }
    };
    const common = {
      localConcurrency: definition.concurrency ?? 1,
      ...(definition.concurrencyPerGroup ? { localGroupConcurrency: definition.concurrencyPerGroup } : {}),
      pollingIntervalSeconds: pollSeconds,
      includeMetadata: true,
    } as const;
    const workerId =
      (definition.batchSize ?? 1) <= 1
        ? await boss.work(definition.name, { ...common, batchSize: 1 }, async ([job]: JobWithMetadata<object>[]) => run(job!, true))
        : // Several a fetch, side by side, each completed or failed (and retried) on its own; while the
          // fetches come back full the worker fetches again at once rather than after its poll.
          await boss.work(
            definition.name,
            { ...common, batchSize: definition.batchSize!, perJobResults: true, burstWhenBatchFull: true },
            async (jobs: JobWithMetadata<object>[]) =>
              Promise.all(
                jobs.map(async (job) =>
                  run(job, false).then(
                    () => ({ id: job.id, status: "completed" as const }),
                    (error: unknown) => ({ id: job.id, status: "failed" as const, output: { message: String(errorFields(error).error ?? "failed") } }),
                  ),
                ),
              ),
          );
    (state().workers ??= new Map()).set(definition.name, workerId);
    // Only once its worker runs: a start that failed before (the database down) is tried again whole.
    working.add(definition.name);
  }
}

/** Lets this process's workers of `name` fetch at once rather than at their next poll. */
function wake(boss: PgBoss, name: string): void {
  for (const worker of boss.getWipData()) if (worker.name === name) boss.notifyWorker(worker.id);
}

/**
 * Stops this process's workers: no job starts after this, and the jobs in flight have ended, or
 * `timeoutMs` has passed (a job still running then runs again once its lease runs out: the shutdown
 * as a whole has 10 s). The engine stays, so a request still being answered can enqueue (the first
 * step of a shutdown, ADR 0074).
 */
export async function stopWorkers(timeoutMs = 5_000): Promise<void> {
  const current = getJobQueue();
  const boss = current?.started && (await current.started.catch(() => null));
  if (!current || !boss) return;
  const names = [...current.working];
  current.working.clear();
  current.workers?.clear();
  let timer: NodeJS.Timeout | undefined;
  const stopped = Promise.all(names.map((name) => boss.offWork(name, { wait: true }))).then(() => true);
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
  if (!(await Promise.race([stopped, late]))) log("warn", "jobs still running at shutdown", { event: "queue.stop-late", jobs: names, waitedMs: timeoutMs });
  clearTimeout(timer);
}

/**
 * Stops the workers (waiting for the jobs in flight) and then the engine; the database closes after
 * this (ADR 0074). A job still running at the timeout runs again once its lease runs out.
 */
export async function stopQueue(timeoutMs = 3_000): Promise<void> {
  const current = getJobQueue();
  if (!current?.started) return;
  const boss = await current.started.catch(() => null);
  current.started = null;
  current.scheduling = false;
  current.declared.clear();
  current.working.clear();
  current.workers?.clear();
  await boss?.stop({ graceful: true, close: false, timeout: timeoutMs });
}
