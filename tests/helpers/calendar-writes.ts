import { sql } from "drizzle-orm";
import type { TestDatabase } from "./test-db";

// The booking's calendar writes run on the job queue (docs/decisions/0089): a test starts the write
// job (with its own HTTP settings) and waits for its jobs instead of calling a round of a timer.

const { calendarWriteJob } = await import("@/server/booking/calendar-sync/sync");
const { startQueue } = await import("@/server/kernel/jobs/queue");

type Job = ReturnType<typeof calendarWriteJob>;

/**
 * Starts the write job in this process, polling every half second. `watch` sees each try begin and
 * end (one booking's tries must never overlap).
 */
export async function startCalendarWrites(http: object, options: { concurrency?: number; watch?: (key: string, running: number) => void } = {}): Promise<void> {
  const job: Job = calendarWriteJob({ http });
  const running = new Map<string, number>();
  const watched: Job = {
    ...job,
    concurrency: options.concurrency ?? job.concurrency,
    async handler(data, attempt) {
      const key = `${data.userId}/${data.uid}`;
      running.set(key, (running.get(key) ?? 0) + 1);
      options.watch?.(key, running.get(key)!);
      try {
        await job.handler(data, attempt);
      } finally {
        running.set(key, running.get(key)! - 1);
      }
    },
  };
  await startQueue([watched], { pollSeconds: 0.5 });
}

/** The states of the write jobs of one event (created, active, retry, completed, failed), oldest first. */
export async function writeJobStates(handle: TestDatabase, userId: string, uid: string): Promise<string[]> {
  const rows = await handle.db.execute<{ state: string }>(
    sql`select state::text as state from pgboss.job where name = 'calendar.write' and singleton_key = ${`${userId}/${uid}`} order by created_on`,
  );
  return rows.rows.map((r) => r.state);
}

/** Waits until no write job is waiting to start or running (jobs waiting out a back-off aside). */
export async function calendarWritesSettled(handle: TestDatabase, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    const rows = await handle.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where name = 'calendar.write' and (state = 'active' or (state = 'created' and start_after <= now()))`,
    );
    if (Number(rows.rows[0]!.n) === 0) return;
    if (Date.now() > end) throw new Error("calendar writes still queued or running");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Polls `check` until it holds (at most `ms`). */
export async function eventually(check: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
