import "server-only";
import { applyDueSchedules } from "./data/blog-schedules";
import { getSelfAddress, internalToken, invalidatePageCache } from "../kernel/bridge.ts";
import type { TimedJob } from "../kernel/jobs/jobs";
import { log } from "../kernel/log";

/**
 * Next's revalidatePath needs a request scope, which a timer has not: the job asks this process's
 * own server to do it (src/app/api/internal/revalidate-blog). The in-memory page cache is emptied
 * here as well, so that the stale copies drop even if that call fails.
 */
async function revalidateFromJob(slugs: string[]): Promise<void> {
  invalidatePageCache();
  const address = getSelfAddress();
  if (!address) return; // `next dev` and unit tests: no server of ours around Next.
  const response = await fetch(`${address}/api/internal/revalidate-blog`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-internal-token": internalToken() },
    body: JSON.stringify({ slugs }),
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`blog revalidation answered ${response.status}`);
}

/** Every second: a post scheduled for 10:00:00 is public by 10:00:01 (plus one render). */
export const SCHEDULE_TICK_MS = 1000;

/**
 * A timer in every process, not a tick of the job queue's schedule: the engine's schedules tick once
 * a minute at best, later than a post's time allows (docs/decisions/0095). Each process's look is one
 * indexed query; the row locks make each flip once (src/server/content/data/blog-schedules.ts).
 */
export const scheduledPublishingJob: TimedJob = {
  name: "scheduled-publishing",
  everyMs: SCHEDULE_TICK_MS,
  run: async () => {
    const changes = await applyDueSchedules();
    const slugs = [...changes.published, ...changes.unpublished];
    if (slugs.length === 0) return;
    log("info", "scheduled posts changed", { event: "blog.schedule", ...changes });
    await revalidateFromJob(slugs);
  },
};
