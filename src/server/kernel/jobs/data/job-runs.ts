import "server-only";
import os from "node:os";
import { and, eq, sql } from "drizzle-orm";
import { db, type Database, type Transaction } from "../../db/client";
import { jobRuns } from "../../db/schema";

/** Who claimed a run: enough to find the process in the logs. */
const WORKER = `${os.hostname()}:${process.pid}`;

/**
 * Does `work` once for (job, runKey) across every server process on this database, e.g.
 * ("digest", "2026-11-24") or ("publish", postId + publishAt). The claim row and the work's writes
 * are one transaction: a second process's insert waits on the first one's key and then finds it
 * taken; work that throws leaves no claim, so the next round tries again. Returns whether this call
 * did the work. Work with effects outside the database (sending mail) should only queue them here,
 * e.g. into the outbox, which sends each mail once by its own claims. The timers that call jobs
 * are in src/server/kernel/jobs/jobs.ts.
 */
export async function runOnce(
  job: string,
  runKey: string,
  work: (tx: Transaction) => Promise<void>,
  database: Database = db(),
): Promise<boolean> {
  return database.transaction(async (tx) => {
    const claimed = await tx
      .insert(jobRuns)
      .values({ job, runKey, claimedBy: WORKER })
      .onConflictDoNothing()
      .returning({ job: jobRuns.job });
    if (claimed.length === 0) return false;
    await work(tx);
    await tx
      .update(jobRuns)
      .set({ finishedAt: sql`now()` })
      .where(and(eq(jobRuns.job, job), eq(jobRuns.runKey, runKey)));
    return true;
  });
}
