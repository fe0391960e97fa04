import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { createTestDatabase } from "./helpers/test-db";
import { startReceiver, type Receiver } from "./helpers/webhook-receiver";

/**
 * Webhooks sent by three server processes' queue workers on one PostgreSQL, two of them killed with
 * SIGKILL while requests are in flight (docs/decisions/0057, 0093): every delivery still arrives (the
 * killed job's lease runs out and another process runs it again), in order per record, and only what
 * a killed process had in flight can arrive twice (the same webhook-id, for the receiver to drop):
 * one request per endpoint and process (ADR 0079). The embedded database belongs to one process, so
 * this file runs only with DATABASE_URL (npm run test:postgres).
 */
const serverUrl = process.env.DATABASE_URL?.trim();
const root = path.resolve(import.meta.dirname, "..");
const RECORDS = 60;
const VERSIONS = 5;
/** The job's lease (a killed process's job runs again after it) and the engine's own back-off after one ran out. */
const QUEUE = { leaseSeconds: 6, retry: { limit: 60, delaySeconds: 1, maxDelaySeconds: 10 } };
let handle: Awaited<ReturnType<typeof createTestDatabase>>;
let url: string;
let receiver: Receiver;
const children: ChildProcess[] = [];

beforeAll(async () => {
  if (!serverUrl) return;
  handle = await createTestDatabase();
  const name = /\((test_[0-9a-f]+)\)/.exec(handle.label)![1]!;
  const address = new URL(serverUrl);
  address.pathname = `/${name}`;
  url = address.toString();
  receiver = await startReceiver();
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  await receiver?.stop();
  await handle?.close();
});

function worker(settings: object): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    // Node itself with tsx as a loader (not tsx's launcher, whose child a SIGKILL would not reach).
    const child = spawn(
      process.execPath,
      ["--conditions=react-server", "--import", "tsx", "tests/helpers/webhook-worker-process.ts", url, JSON.stringify(settings)],
      { cwd: root, stdio: ["ignore", "pipe", "pipe"] },
    );
    children.push(child);
    let out = "";
    child.stdout!.on("data", (c) => {
      out += c;
      if (out.includes("ready")) resolve(child);
    });
    child.stderr!.on("data", (c) => (out += c));
    child.on("exit", (code, signal) => {
      if (!out.includes("ready")) reject(new Error(`worker exited (${code ?? signal}) before it was ready: ${out.slice(-2000)}`));
    });
  });
}

describe.skipIf(!serverUrl)("webhooks across processes (PostgreSQL)", () => {
  it("kill -9 of two of three processes while a receiver answers in 300 ms: every delivery arrives, in order per record, at most one twice per kill", async () => {
    const { insertWebhookEndpoint } = await import("@/server/integrations/data/webhook-endpoints");
    const { enqueueWebhookEvent } = await import("@/server/kernel/events/events");
    const { webhookDeliveryJob } = await import("@/server/integrations/webhooks/delivery");
    const { declareJobs, stopQueue } = await import("@/server/kernel/jobs/queue");
    // This process enqueues (with the events' rows) and works nothing: the queue made as the workers run it.
    await declareJobs([{ ...webhookDeliveryJob({ leaseSeconds: QUEUE.leaseSeconds }), retry: QUEUE.retry }]);
    onTestFinished(() => stopQueue());
    const hook = await insertWebhookEndpoint({ url: receiver.url, kind: "standard", events: ["lead.updated"] });
    receiver.secret = hook.secret;
    // Slow answers, so that each process has a request in flight at almost any moment.
    receiver.answer = () => ({ status: 200, delayMs: 300 });
    for (let v = 0; v < VERSIONS; v++) {
      for (let r = 0; r < RECORDS; r++) await handle.db.transaction((tx) => enqueueWebhookEvent(tx, "lead.updated", "leads", `rec-${r}`, { name: `v${v}` }));
    }
    const total = RECORDS * VERSIONS;
    // A lease of 6 s: what a killed process was running is run again by another once it runs out.
    // One request at a time per endpoint and process (the job's group, docs/decisions/0079).
    const workers = await Promise.all([worker(QUEUE), worker(QUEUE), worker(QUEUE)]);
    const kills: number[] = [];
    for (const [i, share] of [0.25, 0.5].entries()) {
      await receiver.waitFor(Math.floor(total * share), 120_000);
      // The kill must come while the process waits for an answer. Answers are held for 4 s (less
      // than a lease), and once every live process has a request open, the one about to be killed
      // has its one request in flight.
      const HOLD_MS = 4000;
      const live = workers.length - i;
      let open = 0;
      let firstOpen = 0;
      receiver.answer = () => {
        if (open++ === 0) firstOpen = Date.now();
        return { status: 200, delayMs: HOLD_MS };
      };
      const gateDeadline = Date.now() + 20_000;
      while (open < live && Date.now() < gateDeadline) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(open, "a request open from every live process").toBeGreaterThanOrEqual(live);
      expect(Date.now() - firstOpen, "all of them still unanswered").toBeLessThan(HOLD_MS - 500);
      const killed = workers[i]!;
      const exited = new Promise<NodeJS.Signals | null>((resolve) => killed.once("exit", (_code, signal) => resolve(signal)));
      killed.kill("SIGKILL");
      receiver.answer = () => ({ status: 200, delayMs: 300 });
      expect(await exited).toBe("SIGKILL");
      kills.push(receiver.received.length);
    }

    const deadline = Date.now() + 120_000;
    let pending = total;
    while (pending > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      pending = (await handle.db.execute<{ n: number }>(sql`select count(*)::int as n from webhook_deliveries where status <> 'delivered'`)).rows[0]!.n;
    }
    expect(pending).toBe(0);
    for (const child of workers.slice(2)) child.kill("SIGKILL");

    const ids = (await handle.db.execute<{ message_id: string; attempts: number }>(sql`select message_id, attempts from webhook_deliveries`)).rows;
    const received = new Set(receiver.received.map((r) => r.id));
    expect(ids.every((row) => received.has(row.message_id))).toBe(true);
    expect(receiver.received.every((r) => r.verified)).toBe(true);
    const repeats = receiver.received.length - received.size;
    console.log(
      `webhooks, kill -9: ${total} deliveries by 3 processes to a receiver answering in 300 ms, 2 killed (after ${kills.join(" and ")} had arrived); all arrived, ${repeats} twice: ${(repeats / kills.length).toFixed(1)} duplicates per kill (at most 1 request in flight per endpoint and process)`,
    );
    // What a killed process had in flight can come twice: one request per endpoint, and it did come
    // again (another process ran the job again once its lease ran out).
    expect(repeats).toBeLessThanOrEqual(kills.length);
    expect(repeats, "the killed processes' requests in flight were sent again").toBeGreaterThanOrEqual(1);
    expect(ids.filter((row) => Number(row.attempts) >= 2).length).toBeGreaterThan(0);
    for (let r = 0; r < RECORDS; r++) {
      const versions = receiver.received.filter((x) => x.json.data?.id === `rec-${r}`).map((x) => x.json.data?.name);
      const firsts = versions.filter((v, i) => versions.indexOf(v) === i);
      expect(firsts).toEqual(Array.from({ length: VERSIONS }, (_, v) => `v${v}`));
      // A repeat is the version just sent again, never an older one after a newer one.
      for (let i = 1; i < versions.length; i++) expect(Number(String(versions[i]).slice(1))).toBeGreaterThanOrEqual(Number(String(versions[i - 1]).slice(1)));
    }
  }, 300_000);
});
