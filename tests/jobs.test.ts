import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { jobRuns, rateLimits } from "@/server/kernel/db/schema";
import { runOnce } from "@/server/kernel/jobs/data/job-runs";
import { setUpTestDatabase } from "./helpers/test-db";

const handle = setUpTestDatabase();
beforeEach(async () => {
  await handle.db.execute(sql`truncate job_runs, rate_limits`);
});

// The work writes a counter row, so that the test counts what was done, not what was claimed.
const work = (key: string) => async (tx: Parameters<Parameters<typeof runOnce>[2]>[0]) => {
  await tx
    .insert(rateLimits)
    .values({ key, windowStart: new Date(), count: 1 })
    .onConflictDoUpdate({ target: rateLimits.key, set: { count: sql`${rateLimits.count} + 1` } });
};

describe("runOnce", () => {
  it("does the work once when 20 callers race for the same run", async () => {
    const done = await Promise.all(Array.from({ length: 20 }, () => runOnce("digest", "2026-11-24", work("digest"), handle.db)));
    expect(done.filter(Boolean)).toHaveLength(1);
    const [row] = await handle.db.select().from(rateLimits).where(eq(rateLimits.key, "digest"));
    expect(row!.count).toBe(1);
    const [run] = await handle.db.select().from(jobRuns);
    expect(run!.finishedAt).toBeInstanceOf(Date);
  });

  it("does each run key once", async () => {
    for (const day of ["2026-11-24", "2026-11-25", "2026-11-24"]) await runOnce("digest", day, work(`digest-${day}`), handle.db);
    const rows = await handle.db.select().from(rateLimits);
    expect(rows.map((r) => [r.key, r.count]).sort()).toEqual([
      ["digest-2026-11-24", 1],
      ["digest-2026-11-25", 1],
    ]);
  });

  it("leaves no claim when the work fails, so that the next round does it", async () => {
    await expect(
      runOnce(
        "digest",
        "day",
        async (tx) => {
          await work("partial")(tx);
          throw new Error("smtp down");
        },
        handle.db,
      ),
    ).rejects.toThrow("smtp down");
    expect(await handle.db.select().from(jobRuns)).toHaveLength(0);
    expect(await handle.db.select().from(rateLimits)).toHaveLength(0);
    expect(await runOnce("digest", "day", work("retried"), handle.db)).toBe(true);
  });
});

describe("the registry of timed jobs (src/server/job-registry.ts)", () => {
  it("lists every periodic piece of work once, by name", async () => {
    const { TIMED_JOBS } = await import("@/server/job-registry");
    const names = TIMED_JOBS.map((job) => job.name);
    expect([...names].sort()).toEqual([
      "activity-retention",
      "analytics",
      "booking-holds",
      "calendar-sync",
      "follow-up-digest",
      "link-check",
      "newsletter-events-seen-retention",
      "newsletter-pending-expiry",
      "not-found-monitor",
      "prune-acknowledged-senders",
      "prune-spam",
      "scheduled-publishing",
      "webhook-retention",
    ]);
    for (const job of TIMED_JOBS) expect("cron" in job ? job.cron : job.everyMs, job.name).toBeTruthy();
  });

  it("puts the work of a minute or longer on the queue's schedules, and keeps a timer only for what a minute is too coarse for (ADR 0095)", async () => {
    const { TIMED_JOBS } = await import("@/server/job-registry");
    const { isScheduledJob } = await import("@/server/kernel/jobs/jobs");
    const scheduled = Object.fromEntries(TIMED_JOBS.filter(isScheduledJob).map((job) => [job.name, job.cron]));
    expect(scheduled).toEqual({
      "activity-retention": "0 * * * *",
      analytics: "* * * * *",
      "booking-holds": "* * * * *",
      "calendar-sync": "* * * * *",
      "follow-up-digest": "*/5 * * * *",
      "link-check": "0 * * * *",
      "newsletter-events-seen-retention": "0 * * * *",
      "newsletter-pending-expiry": "0 * * * *",
      "not-found-monitor": "0 * * * *",
      "prune-acknowledged-senders": "0 * * * *",
      "prune-spam": "0 * * * *",
      "webhook-retention": "0 * * * *",
    });
    // A post goes public within a second or two of its time: a timer, every second, in each process.
    const publishing = TIMED_JOBS.find((job) => job.name === "scheduled-publishing")!;
    expect(isScheduledJob(publishing) ? null : publishing.everyMs).toBe(1000);
  });

  it("does a daily job's work once however many ticks run that day", async () => {
    const { oncePer } = await import("@/server/kernel/jobs/jobs");
    const run = oncePer("day", "registry-daily", work("registry-daily"));
    // Ten ticks at once (a start's tick beside the hour's, in several processes), then one more later the same day.
    await Promise.all(Array.from({ length: 10 }, () => run()));
    await run();
    const [row] = await handle.db.select().from(rateLimits).where(eq(rateLimits.key, "registry-daily"));
    expect(row!.count).toBe(1);
    const runs = await handle.db.select().from(jobRuns).where(eq(jobRuns.job, "registry-daily"));
    expect(runs.map((r) => r.runKey)).toEqual([new Date().toISOString().slice(0, 10)]);
  });

  it("prunes the activity trail once a day through the registry", async () => {
    const { TIMED_JOBS } = await import("@/server/job-registry");
    const retention = TIMED_JOBS.find((job) => job.name === "activity-retention")!;
    await Promise.all([retention.run(), retention.run(), retention.run()]);
    const runs = await handle.db.select().from(jobRuns).where(eq(jobRuns.job, "activity-retention"));
    expect(runs).toHaveLength(1);
    expect(runs[0]!.finishedAt).toBeInstanceOf(Date);
  });
});

describe("the process timers", () => {
  it("start no timer for a job on the queue's schedules: the queue runs its ticks", async () => {
    const { startTimedJobs } = await import("@/server/kernel/jobs/jobs");
    const { getTimedJobs } = await import("@/server/kernel/bridge");
    let ran = 0;
    startTimedJobs([{ name: "on-the-queue", cron: "* * * * *", run: async () => void ran++ }]);
    expect(ran).toBe(0);
    expect(getTimedJobs()!.timers.has("on-the-queue")).toBe(false);
  });
});

describe("stopping the timed jobs (a shutdown, before the database closes)", () => {
  it("waits for the round under way, and no round begins after", async () => {
    const { startTimedJobs, stopTimedJobs } = await import("@/server/kernel/jobs/jobs");
    const events: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    startTimedJobs([
      {
        name: "held-round",
        everyMs: 60_000,
        run: async () => {
          events.push("round began");
          await held;
          events.push("round ended");
        },
      },
    ]);
    // The first round begins at once.
    expect(events).toEqual(["round began"]);
    const stopping = stopTimedJobs().then(() => events.push("stopped"));
    // The round ends a little later; the stop must not be done before it.
    setTimeout(release, 50);
    await stopping;
    expect(events).toEqual(["round began", "round ended", "stopped"]);

    // A start after the shutdown began (start-up still under way at SIGTERM) begins no round.
    let began = 0;
    startTimedJobs([{ name: "after-stop", everyMs: 60_000, run: async () => void began++ }]);
    expect(began).toBe(0);
    await stopTimedJobs();
  });
});
