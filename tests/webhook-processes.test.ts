import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "./helpers/test-db";
import { startReceiver, type Receiver } from "./helpers/webhook-receiver";

/**
 * Webhooks sent by three server processes on one PostgreSQL, one of them killed with SIGKILL while
 * requests are in flight (docs/decisions/0057): every delivery still arrives (its claim runs out and
 * another process sends it), in order per record, and only what the killed process had in flight
 * can arrive twice (the same webhook-id, for the receiver to drop). The embedded database belongs to
 * one process, so this file runs only with DATABASE_URL (npm run test:postgres).
 */
const serverUrl = process.env.DATABASE_URL?.trim();
const root = path.resolve(import.meta.dirname, "..");
const RECORDS = 40;
const VERSIONS = 5;
const BATCH = 8;
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

function worker(settings: Record<string, number>): Promise<ChildProcess> {
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
  it("kill -9 of a process with requests in flight: every delivery arrives, in order per record, only those in flight twice", async () => {
    const { insertWebhookEndpoint } = await import("@/server/integrations/data/webhook-endpoints");
    const { enqueueWebhookEvent } = await import("@/server/kernel/events/events");
    const hook = await insertWebhookEndpoint({ url: receiver.url, kind: "standard", events: ["lead.updated"] });
    receiver.secret = hook.secret;
    // Slow answers, so that each process has requests in flight at any moment.
    receiver.answer = () => ({ status: 200, delayMs: 150 });
    for (let v = 0; v < VERSIONS; v++) {
      for (let r = 0; r < RECORDS; r++) await handle.db.transaction((tx) => enqueueWebhookEvent(tx, "lead.updated", "leads", `rec-${r}`, { name: `v${v}` }));
    }
    const total = RECORDS * VERSIONS;
    // A claim held for 6 s: what the killed process held is sent by another 6 s after the kill.
    const settings = { claimMs: 6000, batch: BATCH, roundMs: 500 };
    const workers = await Promise.all([worker(settings), worker(settings), worker(settings)]);
    await receiver.waitFor(total / 4, 60_000);
    // The kill must come while the process holds claims: answers are held for 4 s (less than a
    // claim), and once 3 x BATCH requests are open at once, each process has a full batch in flight
    // (a process sends one batch at a time), the one about to be killed included.
    const HOLD_MS = 4000;
    let open = 0;
    let firstOpen = 0;
    receiver.answer = () => {
      if (open++ === 0) firstOpen = Date.now();
      return { status: 200, delayMs: HOLD_MS };
    };
    const gateDeadline = Date.now() + 20_000;
    while (open < 3 * BATCH && Date.now() < gateDeadline) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(open, "three full batches in flight at once").toBeGreaterThanOrEqual(3 * BATCH);
    expect(Date.now() - firstOpen, "all of them still unanswered").toBeLessThan(HOLD_MS - 500);
    const killed = workers[0]!;
    const exited = new Promise<NodeJS.Signals | null>((resolve) => killed.once("exit", (_code, signal) => resolve(signal)));
    killed.kill("SIGKILL");
    receiver.answer = () => ({ status: 200, delayMs: 150 });
    expect(await exited).toBe("SIGKILL");
    const atKill = receiver.received.length;

    const deadline = Date.now() + 60_000;
    let pending = total;
    while (pending > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      pending = (await handle.db.execute<{ n: number }>(sql`select count(*)::int as n from webhook_deliveries where status <> 'delivered'`)).rows[0]!.n;
    }
    expect(pending).toBe(0);
    for (const child of workers.slice(1)) child.kill("SIGKILL");

    const ids = (await handle.db.execute<{ message_id: string; attempts: number }>(sql`select message_id, attempts from webhook_deliveries`)).rows;
    const received = new Set(receiver.received.map((r) => r.id));
    expect(ids.every((row) => received.has(row.message_id))).toBe(true);
    expect(receiver.received.every((r) => r.verified)).toBe(true);
    const repeats = receiver.received.length - received.size;
    // Only what the killed process had claimed can come twice: at most one batch of its own.
    expect(repeats).toBeLessThanOrEqual(BATCH);
    // The killed process held claims that another process took over once they ran out.
    expect(ids.filter((row) => Number(row.attempts) >= 2).length).toBeGreaterThan(0);
    for (let r = 0; r < RECORDS; r++) {
      const versions = receiver.received.filter((x) => x.json.data?.id === `rec-${r}`).map((x) => x.json.data?.name);
      const firsts = versions.filter((v, i) => versions.indexOf(v) === i);
      expect(firsts).toEqual(Array.from({ length: VERSIONS }, (_, v) => `v${v}`));
      // A repeat is the version just sent again, never an older one after a newer one.
      for (let i = 1; i < versions.length; i++) expect(Number(String(versions[i]).slice(1))).toBeGreaterThanOrEqual(Number(String(versions[i - 1]).slice(1)));
    }
    console.log(
      `webhooks, kill -9: ${total} deliveries by 3 processes, one killed after ${atKill} had arrived; all arrived, ${repeats} twice (its requests in flight)`,
    );
  }, 120_000);
});
