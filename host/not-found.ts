// The 404 monitor's counting (docs/decisions/0097-not-found-monitor.md): a public address that
// answered 404 to a person's browser is counted here once its answer has gone, in memory, per path,
// and the counts are written in one statement every few seconds through the app's store on the
// bridge. What is kept: the path, how often, when, and the host of another site that linked to it;
// never the visitor's address, agent or the full referring address. Bots are not counted (isbot's
// list and ours, src/server/analytics/page-view.ts), nor the dashboard, the API, files, prefetches
// or signed-in staff. Nothing here can fail or slow the answer: it runs after it, inside a try.
import type { IncomingMessage, ServerResponse } from "node:http";
import { classifyRequest } from "../src/server/analytics/page-view.ts";
import { getRedirectStore, type NotFoundBatchRow, type RedirectStore } from "../src/server/kernel/bridge.ts";

export const FLUSH_INTERVAL_MS = 5_000;
/** Distinct paths held between two writes: a scan of thousands of addresses costs no more memory than this. */
export const MAX_PENDING_PATHS = 1_000;
/** Longer paths are not counted (the table's limit: a redirect's source can be no longer). */
export const MAX_PATH_LENGTH = 2_000;

export interface NotFoundMonitor {
  /** Called for every request: a 404 of a public page path is counted when its answer finishes. */
  watch(req: IncomingMessage, res: ServerResponse): void;
  flush(): Promise<void>;
  stop(): Promise<void>;
}

export interface NotFoundMonitorOptions {
  store?: () => RedirectStore | undefined;
  /** The hosts that are this site: a referrer from one of them is our own page, not another site. */
  ownHosts: (req: IncomingMessage) => ReadonlySet<string>;
  log?: (level: "info" | "warn" | "error", msg: string, fields?: object) => void;
  intervalMs?: number;
  maxPending?: number;
}

/** The referring site's host, when it is another site's (lower case, without "www."), else null. */
export function foreignReferrerHost(referer: string | undefined, own: ReadonlySet<string>): string | null {
  if (!referer) return null;
  try {
    const url = new URL(referer);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    const host = url.host.toLowerCase();
    if (own.has(host)) return null;
    return host.replace(/^www\./, "").slice(0, 255);
  } catch {
    return null;
  }
}

export function createNotFoundMonitor({
  store = getRedirectStore,
  ownHosts,
  log = () => {},
  intervalMs = FLUSH_INTERVAL_MS,
  maxPending = MAX_PENDING_PATHS,
}: NotFoundMonitorOptions): NotFoundMonitor {
  let pending = new Map<string, NotFoundBatchRow>();
  let dropped = 0;

  async function flush(): Promise<void> {
    const source = store();
    if (!source || pending.size === 0) return;
    const batch = [...pending.values()];
    pending = new Map();
    try {
      await source.recordNotFound(batch);
    } catch (error) {
      // Counts are a convenience: a failed batch is dropped rather than held against a database that is down.
      log("warn", "404 counts not written", { error: (error as Error).message, paths: batch.length });
    }
  }

  const timer = setInterval(() => void flush(), intervalMs);
  timer.unref();

  function count(path: string, referrerHost: string | null): void {
    const at = new Date();
    const seen = pending.get(path);
    if (seen) {
      seen.hits += 1;
      if (referrerHost) {
        seen.referredHits += 1;
        seen.referrerHost = referrerHost;
      }
      seen.lastAt = at;
      return;
    }
    if (pending.size >= maxPending) {
      dropped += 1;
      // The 1st, 2nd, 4th... path dropped is said, not each one of a scan.
      if ((dropped & (dropped - 1)) === 0) log("warn", "404 monitor full until its next write, path not counted", { dropped });
      return;
    }
    pending.set(path, { path, hits: 1, referredHits: referrerHost ? 1 : 0, referrerHost, firstAt: at, lastAt: at });
  }

  return {
    watch(req, res) {
      try {
        const verdict = classifyRequest(req);
        // A visitor who asked not to be tracked still meets the broken link: the row keeps nothing of theirs.
        if (!verdict.count && verdict.reason !== "opted-out") return;
        const url = req.url ?? "/";
        const q = url.indexOf("?");
        const path = q === -1 ? url : url.slice(0, q);
        if (path.length > MAX_PATH_LENGTH) return;
        const referer = req.headers.referer;
        res.once("finish", () => {
          try {
            if (res.statusCode === 404) count(path, foreignReferrerHost(referer, ownHosts(req)));
          } catch (error) {
            log("error", "404 not counted", { error: (error as Error).message });
          }
        });
      } catch {
        // A request too odd to classify is not counted.
      }
    },
    flush,
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}
