import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { jobRuns, rateLimits } from "@/server/db/schema";
import { runOnce } from "@/server/data/job-runs";
import { createTestDatabase } from "./helpers/test-db";

let handle: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});
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
      runOnce("digest", "day", async (tx) => {
        await work("partial")(tx);
        throw new Error("smtp down");
      }, handle.db),
    ).rejects.toThrow("smtp down");
    expect(await handle.db.select().from(jobRuns)).toHaveLength(0);
    expect(await handle.db.select().from(rateLimits)).toHaveLength(0);
    expect(await runOnce("digest", "day", work("retried"), handle.db)).toBe(true);
  });
});
