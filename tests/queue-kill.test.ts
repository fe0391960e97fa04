import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "./helpers/test-db";

/**
 * The job queue's lease (docs/decisions/0089) when a worker's process dies mid-job: another process's
 * worker runs the job again once the lease has run out, and not before. Two processes share one
 * database only on PostgreSQL, so this file runs only with DATABASE_URL.
 */
const serverUrl = process.env.DATABASE_URL?.trim();
const root = path.resolve(import.meta.dirname, "..");
const { declareJobs, enqueue, startQueue, stopQueue } = await import("@/server/kernel/jobs/queue");
let handle: TestDatabase;
let child: ChildProcess | undefined;

beforeAll(async () => {
  if (serverUrl) handle = await createTestDatabase();
});
afterAll(async () => {
  child?.kill("SIGKILL");
  await stopQueue();
  await handle?.close();
});

const JOB = { name: "test.kill", leaseSeconds: 2, retry: { limit: 3, delaySeconds: 1 } };

/** Starts the worker process and resolves once it has started a job (with the job's `n` and when). */
function workerStartingAJob(url: string): Promise<{ started: number; at: number }> {
  return new Promise((resolve, reject) => {
    // Node itself with tsx as its loader: a SIGKILL reaches the worker (tsx's launcher would pass on
    // SIGTERM but leave its child running after a SIGKILL).
    child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "tests/helpers/queue-worker-process.ts", url, JOB.name], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk;
      const line = out.split("\n").find((l) => l.startsWith('{"started"'));
      if (line) resolve(JSON.parse(line) as { started: number; at: number });
    });
    child.stderr!.on("data", (chunk: Buffer) => (out += chunk));
    child.on("exit", (code, signal) => reject(new Error(`worker exited (${code ?? signal}) before starting a job: ${out.slice(-2000)}`)));
  });
}

describe.skipIf(!serverUrl)("a worker process killed mid-job (PostgreSQL)", () => {
  it("its job runs again in another process once the lease has run out", async () => {
    const name = /\((test_[0-9a-f]+)\)/.exec(handle.label)![1]!;
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    // This process's engine checks leases every second; it works the job only after the kill.
    await startQueue([], { monitorSeconds: 1 });
    await declareJobs([JOB]);
    await enqueue(JOB.name, { n: 7 }, {}, handle.db);

    const first = await workerStartingAJob(url.toString());
    expect(first.started).toBe(7);
    child!.kill("SIGKILL");

    const runs: { n: number; at: number }[] = [];
    await startQueue([{ ...JOB, handler: async (data: { n?: number }) => void runs.push({ n: data.n!, at: Date.now() }) }], { pollSeconds: 0.5 });
    const end = Date.now() + 20_000;
    while (runs.length === 0 && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(runs.map((r) => r.n)).toEqual([7]);
    // Run again as a retry of the same job, and not before its 2-second lease had run out.
    expect(runs[0]!.at - first.at).toBeGreaterThanOrEqual(1900);
    // The second try completes the job: one job, its retry count 1.
    const states = async () =>
      (await handle.db.execute<{ retry_count: number; state: string }>(sql`select retry_count, state::text as state from pgboss.job where name = ${JOB.name}`))
        .rows;
    while ((await states())[0]?.state !== "completed" && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await states()).toEqual([{ retry_count: 1, state: "completed" }]);
  }, 30_000);
});
