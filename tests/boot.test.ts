import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase } from "./helpers/test-db";

// Start-up and shutdown as the server runs them (src/server/boot.ts, docs/decisions/0074 and 0089),
// on the embedded database and on PostgreSQL with DATABASE_URL: the job queue starts after the
// migrations with the app's jobs and the timed jobs' schedules (docs/decisions/0095); at the signal
// its workers stop while the engine still takes jobs; then the engine stops, and only after it the
// database closes.

vi.mock("next/cache", () => import("./helpers/next-mocks").then((m) => m.nextCache));
vi.mock("next/headers", () => import("./helpers/next-mocks").then((m) => m.nextHeaders));

const { boot } = await import("@/server/boot");
const bridge = await import("@/server/kernel/bridge");
const { enqueue } = await import("@/server/kernel/jobs/queue");
const { QUEUED_JOBS } = await import("@/server/queue-registry");
const { TIMED_JOBS } = await import("@/server/job-registry");
const { isScheduledJob } = await import("@/server/kernel/jobs/jobs");
const { queueMail } = await import("@/server/kernel/mail/mail");

async function statusOf(database: TestDatabase, id: string): Promise<string | undefined> {
  return (await database.db.execute<{ status: string }>(sql`select status from notifications where id = ${id}`)).rows[0]?.status;
}

let handle: TestDatabase | undefined;
afterAll(async () => {
  await handle?.close();
});

describe("boot and shutdown", () => {
  it("start the job queue after the migrations and stop it in two steps, the database closing last", async () => {
    handle = await createTestDatabase();
    // What the queue looked like when the database closed.
    const database = bridge.getDatabaseHandle()!;
    const close = database.close.bind(database);
    let closed = false;
    let engineAtClose: unknown = "the database did not close";
    database.close = async () => {
      if (closed) return;
      closed = true;
      engineAtClose = bridge.getJobQueue()?.started ?? null;
      await close();
    };

    await boot();
    const queued = [...QUEUED_JOBS.map((job) => job.name), "timed"].sort();
    const queues = await handle.db.execute<{ name: string }>(sql`select name from pgboss.queue where name not like '\_\_pgboss%'`);
    expect(queues.rows.map((r) => r.name).sort()).toEqual(queued);
    expect([...bridge.getJobQueue()!.working].sort()).toEqual(queued);
    // Every timed job but the per-second ones is a schedule of the queue, and one tick of each was
    // enqueued at the start (the work due while no server ran is done now).
    const scheduled = TIMED_JOBS.filter(isScheduledJob)
      .map((job) => job.name)
      .sort();
    const schedules = await handle.db.execute<{ key: string }>(sql`select key from pgboss.schedule where name = 'timed' order by key`);
    expect(schedules.rows.map((r) => r.key)).toEqual(scheduled);
    const ticks = await handle.db.execute<{ key: string }>(sql`select distinct singleton_key as key from pgboss.job where name = 'timed' order by 1`);
    expect(ticks.rows.map((r) => r.key)).toEqual(scheduled);
    expect(bridge.getTimedJobs()!.timers.has("scheduled-publishing")).toBe(true);
    for (const name of scheduled) expect(bridge.getTimedJobs()!.timers.has(name), name).toBe(false);
    const job = { bookingId: "no-such-call", kind: "1h" };
    expect(await enqueue("booking.reminder", job, { key: "boot-1" }, handle.db)).toEqual(expect.any(String));
    // The mail outbox is one of the queue's jobs (docs/decisions/0092): a mail queued now is sent by
    // its worker (into the outbox folder: no mail server in tests), woken rather than at its poll.
    const mail = { kind: "test", recipients: ["asha@brand.in"], subject: "At boot", text: "Hello" };
    const queuedAt = performance.now();
    const sent = await queueMail(mail);
    while ((await statusOf(handle, sent)) !== "sent" && performance.now() - queuedAt < 10_000) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await statusOf(handle, sent)).toBe("sent");
    console.log(`boot (${handle.label}): a mail queued after boot was sent ${Math.round(performance.now() - queuedAt)} ms later`);

    // The signal: no worker left, and a request still being answered can enqueue.
    await bridge.stopAppTimedWork();
    expect(bridge.getJobQueue()!.working.size).toBe(0);
    expect(bridge.getTimedJobs()!.timers.size).toBe(0);
    expect(await enqueue("booking.reminder", job, { key: "boot-2" }, handle.db)).toEqual(expect.any(String));
    // A mail queued by such a request is stored with its job and left for the next start.
    const late = await queueMail({ ...mail, subject: "During the shutdown" });
    const lateJobs = await handle.db.execute(sql`select 1 from pgboss.job where name = 'mail.send' and data->>'id' = ${late}`);
    expect(lateJobs.rows).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await statusOf(handle, late)).toBe("pending");

    // The requests answered: the engine stops before the database closes.
    await bridge.shutdownApp();
    expect(closed).toBe(true);
    expect(engineAtClose).toBeNull();
    // The migrations of a fresh embedded database take most of it (about 16 s on a loaded machine).
  }, 60_000);
});
