// The site's redirects, answered here before the page cache and Next (docs/decisions/0091): an
// old address costs one Map lookup (exact paths) or a walk of the prefix rules (longest first), and
// never a render or a query. The table lives in memory, loaded from the app's store on the bridge
// at start and again whenever it changes: this process's own saves call the reloader directly,
// another process's arrive on the invalidation channel (host/server.ts, REDIRECTS_TAG). Hits are
// counted in memory and written in one UPDATE a second, like the page views (host/analytics.ts).
import type { IncomingMessage, ServerResponse } from "node:http";
import { compileRedirects, matchRedirect, type RedirectRule, type RedirectTable } from "../src/lib/redirect-rules.ts";
import { getRedirectStore, REDIRECTS_TAG, type RedirectStore } from "../src/server/kernel/bridge.ts";
import type { InvalidationMessage } from "./invalidation.ts";
import { NON_DOCUMENT_CSP } from "./security-headers.ts";
import { createReloader } from "./reloader.ts";

export const FLUSH_INTERVAL_MS = 1_000;

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
  const hits = new Map<number, { count: number; at: Date }>();

  // Loaded at start and on every change, tried again while the app or its database is not there.
  const loader = createReloader({
    name: "redirects",
    source: store,
    load: (source: RedirectStore) => source.load(),
    apply: (rules: RedirectRule[]) => {
      table = compileRedirects(rules);
      size = rules.length;
      return { rules: size };
    },
    log,
  });
  const reload = loader.reload;

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
      loader.cancel();
      await flush();
    },
    get size() {
      return size;
    },
  };
}
