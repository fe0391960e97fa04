// The site's redirects, answered here before the page cache and Next (docs/decisions/0091): an
// old address costs one Map lookup (exact paths) or a walk of the prefix rules (longest first), and
// never a render or a query. The table lives in memory, loaded from the app's store on the bridge
// at start and again whenever it changes: this process's own saves call the reloader directly,
// another process's arrive on the invalidation channel (host/server.ts, REDIRECTS_TAG). Hits are
// counted in memory and written in one UPDATE a second, like the page views (host/analytics.ts).
import type { IncomingMessage, ServerResponse } from "node:http";
import { compileRedirects, matchRedirect, type RedirectTable } from "../src/lib/redirect-rules.ts";
import { getRedirectStore, REDIRECTS_TAG, type RedirectStore } from "../src/server/kernel/bridge.ts";
import type { InvalidationMessage } from "./invalidation.ts";
import { NON_DOCUMENT_CSP } from "./security-headers.ts";

export const FLUSH_INTERVAL_MS = 1_000;
/**
 * A load that fails (the app not booted yet, the database down) is tried again after RETRY_MS,
 * doubling up to MAX_RETRY_MS: a database that is down for long is not asked every second. It
 * loses no change: a save needs the database, and on PostgreSQL the channel coming back reloads.
 */
export const RETRY_MS = 1_000;
export const MAX_RETRY_MS = 30_000;

const GONE_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Gone</title></head>' +
  '<body><h1>Gone</h1><p>This page has been removed and is not coming back.</p><p><a href="/">Go to the home page</a></p></body></html>';

/** Whether a message from another process means the redirect table may have changed. */
export function isRedirectChange(message: InvalidationMessage): boolean {
  return Boolean(message.all) || (message.tags ?? []).includes(REDIRECTS_TAG);
}

export interface RedirectLayer {
  /** True when the request was answered with a redirect or 410. */
  answer(req: IncomingMessage, res: ServerResponse): boolean;
  reload(): Promise<void>;
  flush(): Promise<void>;
  stop(): Promise<void>;
  readonly size: number;
}

export interface RedirectLayerOptions {
  store?: () => RedirectStore | undefined;
  log?: (level: "info" | "warn" | "error", msg: string, fields?: object) => void;
  intervalMs?: number;
}

export function createRedirectLayer({ store = getRedirectStore, log = () => {}, intervalMs = FLUSH_INTERVAL_MS }: RedirectLayerOptions = {}): RedirectLayer {
  let table: RedirectTable = compileRedirects([]);
  let size = 0;
  /** Reloads overlap when changes come fast: only the latest one's answer is kept. */
  let generation = 0;
  let retryTimer: NodeJS.Timeout | undefined;
  let failures = 0;
  const hits = new Map<number, { count: number; at: Date }>();

  async function reload(): Promise<void> {
    const mine = ++generation;
    clearTimeout(retryTimer);
    const source = store();
    if (!source) {
      // The app has not booted yet: asked again each second, which is no failure.
      retryTimer = setTimeout(() => void reload(), RETRY_MS);
      retryTimer.unref();
      return;
    }
    try {
      const rules = await source.load();
      if (mine !== generation) return;
      table = compileRedirects(rules);
      size = rules.length;
      if (failures > 0) log("info", "redirects loaded", { rules: size });
      failures = 0;
    } catch (error) {
      if (mine !== generation) return;
      failures += 1;
      // The 1st, 2nd, 4th... failure is logged, not each one of a long outage.
      if ((failures & (failures - 1)) === 0) log("warn", "redirects not loaded, trying again", { error: (error as Error).message, failures });
      retryTimer = setTimeout(() => void reload(), Math.min(RETRY_MS * 2 ** (failures - 1), MAX_RETRY_MS));
      retryTimer.unref();
    }
  }

  async function flush(): Promise<void> {
    const source = store();
    if (!source || hits.size === 0) return;
    const batch = [...hits].map(([id, h]) => ({ id, ...h }));
    hits.clear();
    try {
      await source.recordHits(batch);
    } catch (error) {
      // Counts are a convenience: a failed batch is dropped rather than slowing every redirect.
      log("warn", "redirect hits not written", { error: (error as Error).message, rules: batch.length });
    }
  }

  const timer = setInterval(() => void flush(), intervalMs);
  timer.unref();

  return {
    answer(req, res) {
      if (req.method !== "GET" && req.method !== "HEAD") return false;
      if (size === 0) return false;
      const url = req.url ?? "/";
      const q = url.indexOf("?");
      const pathname = q === -1 ? url : url.slice(0, q);
      const match = matchRedirect(table, pathname, q === -1 ? "" : url.slice(q));
      if (!match) return false;
      const { rule, location } = match;
      if (rule.id !== undefined) {
        const seen = hits.get(rule.id);
        hits.set(rule.id, { count: (seen?.count ?? 0) + 1, at: new Date() });
      }
      res.statusCode = rule.status;
      // A permanent redirect with no Cache-Control is kept by browsers for good: a mistake corrected on
      // the Redirects screen must reach returning visitors within minutes.
      res.setHeader("Cache-Control", rule.status === 301 || rule.status === 308 ? "public, max-age=300" : "no-store");
      res.setHeader("Content-Security-Policy", NON_DOCUMENT_CSP);
      if (location === null) {
        res.setHeader("Content-Type", "text/html; charset=utf-8");
        res.end(req.method === "HEAD" ? undefined : GONE_PAGE);
        return true;
      }
      res.setHeader("Location", location);
      res.setHeader("Content-Type", "text/plain; charset=utf-8");
      res.end(req.method === "HEAD" ? undefined : `Moved to ${location}\n`);
      return true;
    },
    reload,
    flush,
    async stop() {
      clearInterval(timer);
      clearTimeout(retryTimer);
      await flush();
    },
    get size() {
      return size;
    },
  };
}
