// The site's own analytics, counted here, by the server (docs/decisions/0056): no script on the
// pages, no cookie. A request that may be a page view (src/server/analytics/page-view.ts) is
// looked at again once its answer has gone out ('finish'): a 200 or 304 is queued, in memory, and
// the queue writes batches through the app's writer on the bridge. Nothing here can fail or slow
// the page: every step is after the answer and inside a try.
import type { IncomingMessage, ServerResponse } from "node:http";
import { classifyRequest, countedStatus, pageViewOf, type CountOptions } from "../src/server/analytics/page-view.ts";
import { createPageViewQueue, type PageViewQueue } from "../src/server/analytics/page-view-queue.ts";
import { getPageViewSink, setPageViewFlush } from "../src/server/kernel/bridge.ts";
import { errorFields, logger } from "../src/server/kernel/logger.ts";
import { experimentExposure } from "./experiments.ts";

/** At most this many page views wait in memory: what a kill -9 can lose. */
export const QUEUE_CAPACITY = 10_000;
/** One INSERT writes at most this many; this many waiting are written at once. */
export const BATCH_SIZE = 500;
/** Otherwise what waits is written every second. */
export const FLUSH_INTERVAL_MS = 1_000;

// Same values as the flag in src/server/kernel/env.ts, which validates ANALYTICS_ENABLED and
// ANALYTICS_COUNTRY_HEADER at start-up.
const enabled = !["0", "false", "off", "no"].includes(process.env.ANALYTICS_ENABLED?.trim() ?? "");
const countryHeader = process.env.ANALYTICS_COUNTRY_HEADER?.trim().toLowerCase() || undefined;
const siteHost = (() => {
  try {
    return process.env.SITE_URL?.trim() ? new URL(process.env.SITE_URL.trim()).host.toLowerCase() : undefined;
  } catch {
    return undefined;
  }
})();

/** Powers of two: the 1st, 2nd, 4th... occurrence is logged, not each one of a flood. */
const worthSaying = (n: number) => (n & (n - 1)) === 0;

export const pageViews: PageViewQueue = createPageViewQueue({
  capacity: QUEUE_CAPACITY,
  batchSize: BATCH_SIZE,
  intervalMs: FLUSH_INTERVAL_MS,
  sink: getPageViewSink,
  onFailure(error, totals) {
    if (worthSaying(totals.failedWrites))
      logger.error({ event: "analytics.write-failed", ...totals, ...errorFields(error) }, "analytics: page views not written");
  },
  onDrop(totals) {
    if (worthSaying(totals.dropped)) logger.warn({ event: "analytics.dropped", ...totals }, "analytics: queue full, page views dropped");
  },
});
if (enabled) {
  pageViews.start();
  setPageViewFlush(() => pageViews.flush());
}

/** The hosts whose referrers are this site: the request's Host (and X-Forwarded-Host behind a trusted proxy), and SITE_URL's. */
export function ownHosts(req: IncomingMessage): Set<string> {
  const hosts = new Set<string>();
  if (siteHost) hosts.add(siteHost);
  for (const value of [req.headers.host, req.headers["x-forwarded-host"]]) {
    const host = (Array.isArray(value) ? value[0] : value)?.split(",")[0]?.trim().toLowerCase();
    if (host) hosts.add(host);
  }
  return hosts;
}

/**
 * Called for every request after host/client-address.ts has set the address: a possible page view
 * is queued when its answer has finished with a status that showed the page.
 */
export function countPageView(req: IncomingMessage, res: ServerResponse): void {
  if (!enabled) return;
  try {
    if (!classifyRequest(req).count) return;
  } catch {
    return;
  }
  const at = new Date();
  res.once("finish", () => {
    try {
      if (!countedStatus(res.statusCode)) return;
      const options: CountOptions = { ownHosts: ownHosts(req), countryHeader };
      const view = pageViewOf(req, options, at);
      if (!view) return;
      // The variant of an A/B experiment this page showed (host/experiments.ts): its exposure.
      view.exposure = experimentExposure(req);
      pageViews.push(view);
    } catch (error) {
      logger.error({ event: "analytics.count-failed", ...errorFields(error) }, "analytics: page view not counted");
    }
  });
}
