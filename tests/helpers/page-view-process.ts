// One server process's share of tests/analytics-processes.test.ts, on the PostgreSQL database given
// as the first argument.
//   count <url> <process index> <views> <start at>: the host's own counter (host/analytics.ts
//     countPageView, its queue of 10,000 writing batches of 500) with the app's writer on the bridge
//     (storePageViews), as src/server/boot.ts registers it; at the start moment (every process at
//     once) it counts the planned page views (tests/helpers/page-view-plan.ts) and a few requests
//     that are not page views, then stops the queue as the graceful shutdown does (the last write)
//     and prints the queue's totals.
//   rollup <url> <start at>: at the start moment, one round of the analytics timed job
//     (src/server/job-registry.ts), as each process's timer runs it; its log lines go to stdout.
import { EventEmitter } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { sql } from "drizzle-orm";
import { openPostgres, setDatabase } from "@/server/kernel/db/client";
import { setPageViewSink } from "@/server/kernel/bridge";
import { storePageViews } from "@/server/analytics/data/analytics";
import { HOST, plannedView, visitor } from "./page-view-plan";

const [mode, url, ...rest] = process.argv.slice(2) as [string, string, ...string[]];

/** A request as the host sees it once host/client-address.ts has set the address (TRUST_PROXY). */
function request(path: string, address: string, userAgent: string, extra: Record<string, string> = {}): IncomingMessage {
  return {
    method: "GET",
    url: path,
    headers: { host: HOST, accept: "text/html,application/xhtml+xml", "user-agent": userAgent, "x-forwarded-for": address, ...extra },
  } as unknown as IncomingMessage;
}

/** Its answer: what countPageView reads of it (the status, and the 'finish' it waits for). */
function answer(status: number): ServerResponse & { send(): void } {
  const res = new EventEmitter() as unknown as ServerResponse & { send(): void };
  res.statusCode = status;
  res.send = () => res.emit("finish");
  return res;
}

const untilStart = (startAt: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, startAt - Date.now())));

// Top-level await is not available: tsx runs this file as CommonJS.
async function main() {
  const handle = openPostgres(url);
  setDatabase(handle);
  await handle.db.execute(sql`select 1`);
  if (mode === "count") {
    const [index, views, startAt] = rest.map(Number) as [number, number, number];
    setPageViewSink(async (batch) => {
      await storePageViews(batch);
    });
    // Imported here, after the environment is read: the queue's timer starts with the module.
    const { countPageView, pageViews } = await import("../../host/analytics.ts");
    await untilStart(startAt);
    const count = (req: IncomingMessage, status: number) => {
      const res = answer(status);
      countPageView(req, res);
      res.send();
    };
    for (let i = 0; i < views; i++) {
      const { v, path } = plannedView(index, i);
      const { address, userAgent } = visitor(v);
      count(request(path, address, userAgent), i % 2 === 0 ? 200 : 304);
      // Not page views, each time: a 404, a prefetch, a visitor who asked not to be tracked.
      if (i % 100 === 0) {
        count(request("/no-such-page", address, userAgent), 404);
        count(request(path, address, userAgent, { "next-router-prefetch": "1", rsc: "1" }), 200);
        count(request(path, address, userAgent, { "sec-gpc": "1" }), 200);
      }
      // Yield now and then, as a server between requests: the queue's writes run meanwhile.
      if (i % 50 === 49) await new Promise((resolve) => setImmediate(resolve));
    }
    await pageViews.stop();
    console.log(JSON.stringify({ stats: pageViews.stats() }));
  } else if (mode === "rollup") {
    const [startAt] = rest.map(Number) as [number];
    const { TIMED_JOBS } = await import("@/server/job-registry");
    const job = TIMED_JOBS.find((j) => j.name === "analytics")!;
    await untilStart(startAt);
    await job.run();
    console.log(JSON.stringify({ done: true }));
  } else {
    throw new Error(`unknown mode ${mode}`);
  }
  await handle.close();
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
