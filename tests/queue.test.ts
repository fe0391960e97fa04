import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { setUpTestDatabase } from "./helpers/test-db";

// The one job queue (docs/decisions/0089), on the embedded database and on PostgreSQL with
// DATABASE_URL: a job enqueued in a transaction exists only if it commits, a key dedupes, a job
// runs once however many workers poll, a failure runs again after the back-off; many jobs go in one
// statement, and a worker may take several a fetch.

const { backoffSeconds, declareJobs, enqueue, enqueueMany, RetryAt, startQueue, stopQueue, stopWorkers, TIMED_QUEUE } =
  await import("@/server/kernel/jobs/queue");
const { openEngine } = await import("@/server/kernel/jobs/data/engine");
const { jobRuns } = await import("@/server/kernel/db/schema");
const { QUEUED_JOBS } = await import("@/server/queue-registry");
const handle = setUpTestDatabase();

afterEach(async () => {
  await stopQueue();
});

const until = async (check: () => boolean, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe("the job queue", () => {
  it("a job enqueued in a transaction that rolls back never exists; one that commits runs", async () => {
    const ran: string[] = [];
    await declareJobs(["test.rollback"]);
    await expect(
      handle.db.transaction(async (tx) => {
        await enqueue("test.rollback", { n: "rolled back" }, {}, tx);
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    await handle.db.transaction(async (tx) => {
      await enqueue("test.rollback", { n: "committed" }, {}, tx);
    });
    await startQueue([{ name: "test.rollback", handler: async (data: { n?: string }) => void ran.push(data.n!) }], { pollSeconds: 0.5 });
    await until(() => ran.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(ran).toEqual(["committed"]);
    const rows = await handle.db.execute<{ n: number }>(sql`select count(*)::int as n from pgboss.job where name = 'test.rollback'`);
    expect(Number(rows.rows[0]!.n)).toBe(1);
  }, 30_000);

  it("a handler that throws RetryAt runs again at the time it names, not the back-off's; on its last try it fails for good (ADR 0093)", async () => {
    const tries: number[] = [];
    const at = new Date(Date.now() + 10 * 60_000);
    await declareJobs([{ name: "test.retry-at", retry: { limit: 1, delaySeconds: 30 } }]);
    // Several in one statement: each counted, a taken id not added again.
    expect(await enqueueMany("test.retry-at", [{ data: { n: 1 }, options: { id: "one" } }], handle.db)).toBe(1);
    expect(
      await enqueueMany(
        "test.retry-at",
        [
          { data: { n: 1 }, options: { id: "one" } },
          { data: { n: 2 }, options: { id: "two" } },
        ],
        handle.db,
      ),
    ).toBe(1);
    await startQueue(
      [
        {
          name: "test.retry-at",
          retry: { limit: 1, delaySeconds: 30 },
          handler: async (data: { n?: number }, attempt) => {
            tries.push(data.n!);
            throw new RetryAt(attempt.isLastTry ? new Date() : at, "come back later");
          },
        },
      ],
      { pollSeconds: 0.5 },
    );
    await until(() => tries.length === 2);
    const waiting = async () =>
      (
        await handle.db.execute<{ state: string; start_after: string | Date }>(
          sql`select state::text as state, start_after from pgboss.job where name = 'test.retry-at' order by data->>'n'`,
        )
      ).rows;
    for (let i = 0; i < 50 && (await waiting()).some((r) => r.state !== "retry"); i++) await new Promise((resolve) => setTimeout(resolve, 100));
    for (const row of await waiting()) {
      expect(row.state).toBe("retry");
      expect(Math.abs(new Date(row.start_after).getTime() - at.getTime())).toBeLessThan(1000);
    }
    // Its time brought forward: the last try throws again and the job fails for good.
    await handle.db.execute(sql`update pgboss.job set start_after = now() where name = 'test.retry-at'`);
    await until(() => tries.length === 4);
    for (let i = 0; i < 50 && (await waiting()).some((r) => r.state !== "failed"); i++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await waiting()).map((r) => r.state)).toEqual(["failed", "failed"]);
    expect(backoffSeconds(0)).toBe(30);
    expect(backoffSeconds(3)).toBe(240);
    expect(backoffSeconds(20)).toBe(3600);
  }, 30_000);

  it("a job of a name not declared is refused with a message", async () => {
    await declareJobs([]);
    await expect(enqueue("test.undeclared", {}, {}, handle.db)).rejects.toThrow(/not declared/);
    await expect(declareJobs(["Bad Name"])).rejects.toThrow(/lower-case/);
  });

  it("an idempotency key dedupes a second job while the first is queued", async () => {
    await declareJobs(["test.key"]);
    const first = await enqueue("test.key", { n: 1 }, { key: "booking-7" }, handle.db);
    const second = await enqueue("test.key", { n: 2 }, { key: "booking-7" }, handle.db);
    const other = await enqueue("test.key", { n: 3 }, { key: "booking-8" }, handle.db);
    expect(first).toEqual(expect.any(String));
    expect(second).toBeNull();
    expect(other).toEqual(expect.any(String));
  });

  it("two workers polling together run each of 10 jobs once", async () => {
    const runs = new Map<number, number>();
    await declareJobs(["test.once"]);
    // Jobs without a key are all kept (none is taken for another's duplicate).
    for (let n = 0; n < 10; n++) expect(await enqueue("test.once", { n }, {}, handle.db)).toEqual(expect.any(String));
    const handler = async (data: { n?: number }) => {
      runs.set(data.n!, (runs.get(data.n!) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 5));
    };
    // Two workers of the one name in this process: each fetches on its own.
    await startQueue([{ name: "test.once", concurrency: 2, handler }], { pollSeconds: 0.5 });
    await until(() => runs.size === 10, 30_000).catch((error: unknown) => {
      console.error("runs", [...runs.entries()]);
      throw error;
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
  }, 60_000);

  it("many jobs enqueued in one statement, in the caller's transaction, once per id; a worker taking several a fetch settles each on its own", async () => {
    // A job takes its queue's tries and back-off when it is enqueued.
    const retry = { limit: 2, delaySeconds: 1 };
    await declareJobs([{ name: "test.many", retry }]);
    const jobs = Array.from({ length: 12 }, (_, n) => ({ data: { n }, options: { id: `many-${n}` } }));
    await expect(
      handle.db.transaction(async (tx) => {
        expect(await enqueueMany("test.many", jobs, tx)).toBe(12);
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    const count = async () =>
      Number((await handle.db.execute<{ n: number }>(sql`select count(*)::int as n from pgboss.job where name = 'test.many'`)).rows[0]!.n);
    expect(await count()).toBe(0);
    expect(await handle.db.transaction((tx) => enqueueMany("test.many", jobs, tx))).toBe(12);
    // Again, and the same ids among new ones: only the new are added.
    expect(await enqueueMany("test.many", [...jobs, { data: { n: 12 }, options: { id: "many-12" } }], handle.db)).toBe(1);
    expect(await count()).toBe(13);
    await expect(enqueueMany("test.undeclared", jobs, handle.db)).rejects.toThrow(/not declared/);

    const runs: number[] = [];
    const batches: number[] = [];
    let inFlight = 0;
    const handler = async (data: { n?: number }) => {
      inFlight++;
      batches.push(inFlight);
      await new Promise((resolve) => setTimeout(resolve, 50));
      inFlight--;
      runs.push(data.n!);
      // One of each fetch's jobs fails once: it alone runs again.
      if (data.n === 3 && runs.filter((n) => n === 3).length === 1) throw new Error("not yet");
    };
    await startQueue([{ name: "test.many", batchSize: 4, retry, handler }], { pollSeconds: 0.5 });
    await until(() => runs.length === 14, 30_000);
    expect([...runs].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    // Several ran side by side: the fetch took more than one.
    expect(Math.max(...batches)).toBeGreaterThan(1);
    const states = await handle.db.execute<{ state: string; n: number }>(
      sql`select state::text as state, count(*)::int as n from pgboss.job where name = 'test.many' group by state`,
    );
    expect(states.rows.map((r) => [r.state, Number(r.n)])).toEqual([["completed", 13]]);
  }, 40_000);

  it("a job that fails runs again after the back-off, not before", async () => {
    const tries: number[] = [];
    await declareJobs(["test.retry"]);
    await enqueue("test.retry", {}, { retry: { limit: 2, delaySeconds: 2 } }, handle.db);
    await startQueue(
      [
        {
          name: "test.retry",
          handler: async () => {
            tries.push(Date.now());
            if (tries.length === 1) throw new Error("the first try fails");
          },
        },
      ],
      { pollSeconds: 0.5 },
    );
    await until(() => tries.length === 2, 30_000);
    expect(tries[1]! - tries[0]!).toBeGreaterThanOrEqual(1900);
  }, 40_000);

  it("a job whose worker died mid-job (its lease ran out) runs again", async () => {
    const tries: number[] = [];
    let release = () => {};
    const hung = new Promise<void>((resolve) => (release = resolve));
    await startQueue(
      [
        {
          name: "test.lease",
          concurrency: 2,
          leaseSeconds: 1,
          retry: { limit: 2, delaySeconds: 1 },
          handler: async () => {
            tries.push(Date.now());
            // The first try never ends by itself: its worker is as good as dead.
            if (tries.length === 1) await hung;
          },
        },
      ],
      { pollSeconds: 0.5, monitorSeconds: 1 },
    );
    await enqueue("test.lease", {}, {}, handle.db);
    try {
      await until(() => tries.length === 2, 40_000);
    } finally {
      release();
    }
    expect(tries[1]! - tries[0]!).toBeGreaterThanOrEqual(900);
  }, 60_000);

  it("starts the app's jobs, and stops as a shutdown does: workers first (the job in flight ends), then the engine", async () => {
    await startQueue(QUEUED_JOBS, { pollSeconds: 0.5 });
    const names = await handle.db.execute<{ name: string }>(sql`select name from pgboss.queue`);
    for (const job of QUEUED_JOBS) expect(names.rows.map((r) => r.name)).toContain(job.name);

    const ran: number[] = [];
    /** What happened, in order: the job's end and the first step's end. */
    const events: string[] = [];
    let running = false;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const handler = async (data: { n?: number }) => {
      running = true;
      if (data.n === 1) await held;
      ran.push(data.n!);
      if (data.n === 1) events.push("job ended");
    };
    await startQueue([{ name: "test.shutdown", handler }], { pollSeconds: 0.5 });
    await enqueue("test.shutdown", { n: 1 }, {}, handle.db);
    await until(() => running);

    // The first step waits for the job in flight: it ends after the job, however slow either is.
    const stopping = stopWorkers().then(() => events.push("workers stopped"));
    await new Promise((resolve) => setTimeout(resolve, 300)); // time for a stop that does not wait to end first
    release();
    await stopping;
    expect(events).toEqual(["job ended", "workers stopped"]);
    expect(ran).toEqual([1]);
    const state = await handle.db.execute<{ state: string }>(sql`select state::text from pgboss.job where name = 'test.shutdown'`);
    expect(state.rows.map((r) => r.state)).toEqual(["completed"]);

    // Between the steps a request still being answered enqueues; nothing here runs it.
    expect(await enqueue("test.shutdown", { n: 2 }, {}, handle.db)).toEqual(expect.any(String));
    await stopQueue();
    await expect(enqueue("test.shutdown", { n: 3 }, {}, handle.db)).rejects.toThrow(/not declared/);
    expect(ran).toEqual([1]);

    // The next start runs what was enqueued before the stop.
    await startQueue([{ name: "test.shutdown", handler }], { pollSeconds: 0.5 });
    await until(() => ran.length === 2);
    expect(ran).toEqual([1, 2]);
  }, 30_000);

  it("a shutdown waits for a job in flight only so long", async () => {
    let running = false;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await startQueue([{ name: "test.stuck", handler: async () => void ((running = true), await held) }], { pollSeconds: 0.5 });
    await enqueue("test.stuck", {}, {}, handle.db);
    await until(() => running);
    const began = Date.now();
    await stopWorkers(500);
    expect(Date.now() - began).toBeLessThan(2_000);
    release();
  }, 30_000);
});

// The timed jobs on the queue's schedules (docs/decisions/0095): the engine's cron pass files a tick
// per occurrence, one worker of one process runs it.
describe("the timed jobs' schedules", () => {
  const serverUrl = process.env.DATABASE_URL?.trim();
  const root = path.resolve(import.meta.dirname, "..");
  /** A tick's work: a row in `job_runs` saying which worker did it, and when (the database's clock). */
  const record = (name: string, by: string) => async () => void (await handle.db.insert(jobRuns).values({ job: name, runKey: randomUUID(), claimedBy: by }));
  const runsOf = async (name: string) =>
    (
      await handle.db.execute<{ by: string; at: Date | string }>(
        sql`select claimed_by as by, claimed_at as at from job_runs where job = ${name} order by claimed_at`,
      )
    ).rows.map((r) => ({ by: r.by, at: new Date(r.at) }));
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it("a start registers each job's schedule, runs one tick at once, and takes out a schedule no longer listed", async () => {
    await startQueue([], { schedules: [{ name: "test-gone", cron: "0 0 1 1 *", run: async () => {} }], timedPollSeconds: 0.5 });
    await stopQueue();
    // Hourly: no occurrence falls in the minute the pass looks at (except at the hour), the start's tick runs.
    await startQueue([], { schedules: [{ name: "test-start", cron: "0 * * * *", run: record("test-start", "this") }], timedPollSeconds: 0.5 });
    const schedules = await handle.db.execute<{ key: string; cron: string }>(sql`select key, cron from pgboss.schedule where name = ${TIMED_QUEUE}`);
    expect(schedules.rows.map((r) => ({ ...r }))).toEqual([{ key: "test-start", cron: "0 * * * *" }]);
    await until(() => false, 3_000).catch(() => {});
    expect((await runsOf("test-start")).length).toBeGreaterThanOrEqual(1);
    // A second start in the same process adds no worker.
    await startQueue([], { schedules: [{ name: "test-start", cron: "0 * * * *", run: record("test-start", "this") }] });
    expect([...(await import("@/server/kernel/bridge")).getJobQueue()!.working]).toEqual([TIMED_QUEUE]);
  }, 30_000);

  it("a queue engine started without the cron pass refuses schedules with a message", async () => {
    await declareJobs([]);
    await expect(startQueue([], { schedules: [] })).rejects.toThrow(/without the timed jobs' cron pass/);
  });

  it(`a tick runs once with two workers each running the cron pass (${serverUrl ? "two processes" : "two engines"})`, async () => {
    const name = "test-tick";
    // Out of the minute's last 25 seconds: every start's tick is done before the next minute begins.
    if (new Date().getSeconds() > 35) await sleep((63 - new Date().getSeconds()) * 1000);
    let child: ChildProcess | undefined;
    let second: Awaited<ReturnType<typeof openEngine>> | undefined;
    try {
      await startQueue([], { schedules: [{ name, cron: "* * * * *", run: record(name, "this") }], cronSeconds: 1, timedPollSeconds: 0.5 });
      if (serverUrl) {
        // Another server process on the same database (tests/helpers/timed-worker-process.ts).
        const url = new URL(serverUrl);
        url.pathname = `/${/\((test_[0-9a-f]+)\)/.exec(handle.label)![1]!}`;
        // Node itself with tsx as its loader: a SIGKILL reaches the worker (tsx's launcher would pass on
        // SIGTERM but leave its child running after a SIGKILL).
        child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "tests/helpers/timed-worker-process.ts", url.toString(), name], {
          cwd: root,
          stdio: ["ignore", "pipe", "pipe"],
        });
        await new Promise<void>((resolve, reject) => {
          let out = "";
          child!.stdout!.on("data", (chunk: Buffer) => ((out += chunk), out.includes('{"working"') && resolve()));
          child!.stderr!.on("data", (chunk: Buffer) => (out += chunk));
          child!.on("exit", (code) => reject(new Error(`worker exited (${code}): ${out.slice(-2000)}`)));
        });
      } else {
        // The embedded database has one process: a second engine on it, with its own cron pass and worker.
        second = openEngine({ schedule: true, cronSeconds: 1 }, handle);
        await second.start();
        await second.work(TIMED_QUEUE, { pollingIntervalSeconds: 0.5 }, async () => void (await record(name, "second")()));
      }
      const next = new Date();
      next.setSeconds(60, 0);
      await sleep(next.getTime() - Date.now() + 12_000);
      const runs = await runsOf(name);
      // Before the minute: each start's tick and the minute's own; after it, the new minute's tick, once.
      expect(runs.filter((r) => r.at < next).length).toBeGreaterThanOrEqual(1);
      const after = runs.filter((r) => r.at >= next);
      expect(after, JSON.stringify(runs)).toHaveLength(1);
      // The measure of docs/decisions/0095: from the minute's start to its tick's work.
      console.log(JSON.stringify({ tickLatencyMs: after[0]!.at.getTime() - next.getTime(), by: after[0]!.by }));
      const passes = await handle.db.execute<{ n: number }>(
        sql`select count(*)::int as n from pgboss.job where name = '__pgboss__send-it' and created_on >= ${next}`,
      );
      expect(Number(passes.rows[0]!.n)).toBe(1);
    } finally {
      child?.kill("SIGKILL");
      await second?.stop({ graceful: false, close: false });
    }
  }, 150_000);
});
