// `npm run bench:queue`: the job queue's engine (pg-boss, docs/decisions/0089) on the embedded
// database and, when BENCH_DATABASE_URL or DATABASE_URL is set, on PostgreSQL (a database of its own,
// dropped at the end). For each:
//   1. Throughput: 2,000 trivial jobs enqueued (one statement each), then one worker completes them
//      (--jobs=N, --batch=N jobs a fetch; at one a fetch the engine takes one job per poll).
//   2. Latency: 100 jobs enqueued one at a time into an idle queue; from the enqueue's commit to the
//      handler's start, median and p95 (the engine polls: the poll interval bounds it).
import os from "node:os";
import path from "node:path";
import crypto from "node:crypto";
import { PgBoss } from "pg-boss";
import { openPglite, openPostgres, type DatabaseHandle } from "../src/server/kernel/db/client";
import { engineDatabase } from "../src/server/kernel/jobs/data/engine";
import { createScratchDatabase, median, numberOption, percentile, printTable, type ScratchDatabase } from "./bench-helpers";

process.env.DATA_DIR ??= path.join(os.tmpdir(), `bench-queue-${process.pid}`);
process.env.BETTER_AUTH_SECRET ??= crypto.randomBytes(32).toString("hex");
process.env.SITE_URL ??= "https://www.example.com";
process.env.LOG_LEVEL ??= "warn";

const ADMIN_URL = process.env.BENCH_DATABASE_URL?.trim() || process.env.DATABASE_URL?.trim();
const JOBS = numberOption(process.argv, "jobs", 2000);
const SAMPLES = numberOption(process.argv, "samples", 100);
/** Jobs a worker takes per fetch: 1 is one job at a time, the way each of our queues works today. */
const BATCH = numberOption(process.argv, "batch", 1);
const POLL_SECONDS = 0.5; // the engine's smallest poll interval

async function measure(handle: DatabaseHandle): Promise<Record<string, unknown>> {
  const boss = new PgBoss({
    db: engineDatabase(handle),
    backend: handle.kind === "pglite" ? "pglite" : "postgres",
    schema: "pgboss",
    supervise: false,
    schedule: false,
  });
  boss.on("error", (error) => console.error("engine error", error));
  const t0 = performance.now();
  await boss.start();
  const startMs = performance.now() - t0;
  await boss.createQueue("bench");
  await boss.createQueue("latency");

  const t1 = performance.now();
  for (let i = 0; i < JOBS; i++) await boss.send("bench", { i });
  const enqueueMs = performance.now() - t1;
  let done = 0;
  const t2 = performance.now();
  const finished = new Promise<void>((resolve) => {
    void boss.work<{ i: number }>("bench", { pollingIntervalSeconds: POLL_SECONDS, batchSize: BATCH }, async (jobs) => {
      done += jobs.length;
      if (done === JOBS) resolve();
    });
  });
  await finished;
  const workMs = performance.now() - t2;
  await boss.offWork("bench");

  const sentAt = new Map<number, number>();
  const waits: number[] = [];
  let next: (() => void) | null = null;
  await boss.work<{ n: number }>("latency", { pollingIntervalSeconds: POLL_SECONDS, batchSize: 1 }, async ([job]) => {
    waits.push(performance.now() - sentAt.get(job!.data.n)!);
    next?.();
  });
  for (let n = 0; n < SAMPLES; n++) {
    const started = new Promise<void>((resolve) => (next = resolve));
    // Jobs do not arrive in step with the poll: a random pause first.
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 200));
    await boss.send("latency", { n });
    sentAt.set(n, performance.now());
    await started;
  }
  await boss.stop({ graceful: true, timeout: 5_000 });
  waits.sort((a, b) => a - b);
  return {
    database: handle.kind,
    start: `${Math.round(startMs)} ms`,
    enqueue: `${Math.round(JOBS / (enqueueMs / 1000))} /s`,
    complete: `${Math.round(JOBS / (workMs / 1000))} /s`,
    both: `${Math.round(JOBS / ((enqueueMs + workMs) / 1000))} /s`,
    median: `${Math.round(median(waits))} ms`,
    p95: `${Math.round(percentile(waits, 95) ?? 0)} ms`,
  };
}

const rows: Record<string, unknown>[] = [];
const pglite = openPglite();
try {
  await pglite.migrate();
  rows.push(await measure(pglite));
} finally {
  await pglite.close();
}
if (ADMIN_URL) {
  let scratch: ScratchDatabase | undefined;
  let handle: DatabaseHandle | undefined;
  try {
    scratch = await createScratchDatabase(ADMIN_URL, "bench_queue");
    handle = openPostgres(scratch.url);
    await handle.migrate();
    rows.push(await measure(handle));
  } finally {
    await handle?.close();
    await scratch?.drop();
  }
}
printTable(`pg-boss: ${JOBS} jobs with one worker (${BATCH} a fetch), then ${SAMPLES} enqueue-to-start waits (poll ${POLL_SECONDS} s)`, rows, [
  ["database", "database"],
  ["start", "engine start"],
  ["enqueue", "enqueued"],
  ["complete", "completed"],
  ["both", "enqueue+complete"],
  ["median", "latency median"],
  ["p95", "latency p95"],
]);
