// HTML documents on their way out of Next (docs/decisions/0010, 0011), the layer that composes
// page-cache-rules.ts (what may be kept), document-rewrites.ts (scripts after paint, the consent
// mark) and the policy of security-headers.ts:
// - every HTML response is held back until complete, gets the Content-Security-Policy made of the
//   hashes of the inline scripts Next, React and the app emit in it (ADR 0021: any other inline
//   script is left out and logged), and is gzipped here (after hashing);
// - public pages that Next served from its own page cache are kept in memory, final bytes and
//   headers included, and answered from there without entering Next, until their s-maxage runs out
//   or the app revalidates anything (src/server/kernel/revalidate.ts calls invalidatePageCache()).
import { AsyncLocalStorage } from "node:async_hooks";
import { STATUS_CODES, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { measurementIds, type MeasurementIds } from "../src/lib/measurement.ts";
import { NON_DOCUMENT_CSP, documentPolicy } from "./security-headers.ts";
import type { UnknownScript } from "./script-allow-list.ts";
import { loggablePath } from "./request-context.ts";
import { makePrivate, underExperiment } from "./experiments.ts";
import { VARIANT_HEADER } from "../src/lib/experiments.ts";
import { logger } from "../src/server/kernel/logger.ts";

const gzip = promisify(zlib.gzip);

/** Bodies smaller than this go out uncompressed (gzip would save next to nothing). */
const GZIP_MIN_BYTES = 1024;

import { PER_ANSWER_HEADERS, appendVary, etagMatches, isCacheableRequest, mayBeDocument, storableSeconds } from "./page-cache-rules.ts";
import { consentChoice, declaredDocumentStatus, loadScriptsAfterPaint, markConsentChoice, scriptsAfterPaint } from "./document-rewrites.ts";

export { appendVary, etagMatches, isCacheableRequest, mayBeDocument, storableSeconds } from "./page-cache-rules.ts";
export { consentChoice, declaredDocumentStatus, loadScriptsAfterPaint, markConsentChoice } from "./document-rewrites.ts";

type Handle = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export interface DocumentLayerOptions {
  /** Next's request handler. */
  handle: Handle;
  maxEntries?: number;
  maxBytes?: number;
  now?: () => number;
  /** Receives each warning's fields (msg among them); the process's logger by default. */
  warn?: (fields: { msg: string } & Record<string, unknown>) => void;
  /** The configured measurement tags (docs/decisions/0051); from the environment by default. */
  measurement?: MeasurementIds;
  /**
   * The site's server-error page (its bytes, status 500), sent in place of Next's own error document
   * when a page fails to render; null when it cannot be had (Next's document is then sent).
   */
  serverErrorDocument?: () => Promise<Buffer | null>;
}

export interface DocumentLayer {
  handleRequest(req: IncomingMessage, res: ServerResponse): Promise<void>;
  invalidate(): void;
  /** Whether the request being handled entered before the latest invalidation (false outside a request). */
  enteredBeforeInvalidation(): boolean;
  /** Stops (false) or resumes (true) answering from and storing into the cache; either way it is emptied. */
  setEnabled(enabled: boolean): void;
  readonly enabled: boolean;
  readonly stats: { hits: number; stored: number; invalidations: number };
  readonly size: { entries: number; bytes: number };
}

interface CachedPage {
  etag: string | undefined;
  csp: string;
  body: Buffer;
  /** The length of Next's bytes, before our rewrite. */
  rawLength: number;
  gzipped: Buffer | undefined;
  headers: [string, OutgoingHttpHeaders[string]][];
  vary: string;
  bytes: number;
  expires: number;
}

interface RequestScope {
  res: ServerResponse;
  startedAt: number;
  invalidating?: boolean;
}

/** The address of the site's server-error page (src/app/[locale]/(site)/server-error/page.tsx). */
export const SERVER_ERROR_PATH = "/server-error";
const isServerErrorPage = (url: string | undefined) => String(url ?? "").split("?")[0] === SERVER_ERROR_PATH;

/**
 * The page cache and the document layer in front of Next's handler.
 * handle(req, res): Next's request handler. Options bound the cache (entries and bytes) and give a
 * clock for tests.
 */
export function createDocumentLayer({
  handle,
  maxEntries = 500,
  maxBytes = 64 * 1024 * 1024,
  now = () => Date.now(),
  warn = ({ msg, ...fields }) => logger.warn(fields, msg),
  measurement = measurementIds(),
  serverErrorDocument,
}: DocumentLayerOptions): DocumentLayer {
  /** Whether pages may carry the consent bar, and so come in one variant per stored choice. */
  const hasConsentBar = Boolean(measurement.ga4 || measurement.pixel);
  /**
   * url (plus the stored consent choice where it makes a variant, see markConsentChoice) ->
   * { etag, csp, body, rawLength (Next's bytes), gzipped, headers, vary, bytes, expires }: least recently used first.
   */
  const pages = new Map<string, CachedPage>();
  let bytes = 0;
  /** Bumped by every invalidation: a response that entered Next before it may not be stored. */
  let generation = 0;
  /** Off while this process may miss another one's invalidations (host/invalidation.ts, ADR 0032). */
  let enabled = true;
  const scope = new AsyncLocalStorage<RequestScope>();
  const stats = { hits: 0, stored: 0, invalidations: 0 };

  /**
   * Our own documents carry no inline script outside the allow-list (ADR 0021): one that does was
   * put there by someone else. It is left out of the policy (the browser refuses it) and logged
   * with the request's id, once per computed policy (a page answered from the cache is not logged again).
   */
  function warnUnknownScripts(req: IncomingMessage, unknown: UnknownScript[]): void {
    warn({
      msg: "inline script outside the allow-list: left out of the policy, the browser will refuse it",
      requestId: req.headers["x-request-id"],
      path: loggablePath(req.url),
      count: unknown.length,
      scripts: unknown.slice(0, 5),
    });
  }

  function drop(url: string): void {
    const entry = pages.get(url);
    if (!entry) return;
    pages.delete(url);
    bytes -= entry.bytes;
  }

  function clear(): void {
    pages.clear();
    bytes = 0;
    generation++;
  }

  /**
   * Called (through src/server/kernel/bridge.ts) whenever the app revalidates a page. Next
   * applies a revalidation when the request that asked for it ends (the Server Action's answer), so
   * a page read from Next in between may still be the old one: the cache is emptied now and again
   * when that request ends, and an answer that entered Next before either is never stored.
   */
  function invalidate(): void {
    stats.invalidations++;
    clear();
    const request = scope.getStore();
    if (!request || request.invalidating) return;
    request.invalidating = true;
    request.res.once("close", clear);
  }

  function store(url: string, entry: CachedPage, startedAt: number): void {
    if (!enabled || startedAt !== generation) return;
    drop(url);
    if (entry.bytes > maxBytes / 4) return;
    pages.set(url, entry);
    bytes += entry.bytes;
    stats.stored++;
    for (const oldest of pages.keys()) {
      if (pages.size <= maxEntries && bytes <= maxBytes) break;
      drop(oldest);
    }
  }

  /** Answers from the cache when it can; returns false when the request must go to Next. */
  function serveFromCache(req: IncomingMessage, res: ServerResponse, acceptsGzip: boolean, key: string): boolean {
    const entry = pages.get(key);
    if (!entry) return false;
    if (entry.expires <= now()) {
      drop(key);
      return false;
    }
    // Most recently used last.
    pages.delete(key);
    pages.set(key, entry);
    stats.hits++;
    for (const [name, value] of entry.headers) if (value !== undefined) res.setHeader(name, value);
    if (underExperiment(req)) makePrivate(res);
    res.setHeader("X-Nextjs-Cache", "HIT");
    const gzipped = acceptsGzip && entry.gzipped;
    res.setHeader("Vary", entry.vary);
    if (etagMatches(req.headers["if-none-match"], entry.etag)) {
      // As Next answers a revalidation: no body, no type, no policy (the browser keeps its copy's).
      res.removeHeader("Content-Type");
      res.removeHeader("Content-Security-Policy");
      res.statusCode = 304;
      res.end();
      return true;
    }
    const body = gzipped ? entry.gzipped! : entry.body;
    if (gzipped) res.setHeader("Content-Encoding", "gzip");
    res.setHeader("Content-Length", body.length);
    res.statusCode = 200;
    res.end(req.method === "HEAD" ? undefined : body);
    return true;
  }

  /**
   * Holds an HTML response back until it is complete, then sends it with its policy. Anything else
   * passes through (and streams). Next compresses inside its handler, so the request's
   * Accept-Encoding is taken away from Next and HTML is gzipped here, after hashing; the other
   * answers on these paths (JSON, feeds, sitemap, public files) are small or already compressed.
   */
  function interceptDocument(req: IncomingMessage, res: ServerResponse, acceptsGzip: boolean, cacheable: boolean, key: string, choice: string | null): void {
    const startedAt = generation;
    // Node's overloads of these methods do not survive being replaced: the replacements take loose arguments.
    type Loose = (...args: unknown[]) => unknown;
    const original = { writeHead: res.writeHead as Loose, write: res.write as Loose, end: res.end as Loose, flushHeaders: res.flushHeaders as Loose };
    const patched = res as unknown as Record<"writeHead" | "write" | "end" | "flushHeaders", Loose>;
    let sending = false; // set once the held-back document goes out
    const chunks: Buffer[] = [];
    let html: boolean | undefined; // undefined until the first byte or header flush decides it

    const isHtml = () => {
      if (html === undefined) {
        html = /^text\/html/i.test(String(res.getHeader("content-type") ?? ""));
        // Not a document (JSON, XML, text, a file): a policy that allows nothing, unless it has one.
        // Never on a 304: its headers replace those of the copy the browser revalidated, and a
        // cached document would then run under the policy that allows nothing.
        if (!html && res.statusCode !== 304 && !res.getHeader("content-security-policy")) res.setHeader("Content-Security-Policy", NON_DOCUMENT_CSP);
      }
      return html;
    };
    const toBuffer = (chunk: unknown, encoding: unknown): Buffer =>
      Buffer.isBuffer(chunk)
        ? chunk
        : typeof chunk === "string"
          ? Buffer.from(chunk, (encoding as BufferEncoding | undefined) || "utf8")
          : Buffer.from(chunk as Uint8Array);

    // writeHead sends the headers at once: its headers become setHeader calls, and for a document it
    // waits. Node itself calls writeHead(statusCode) when the first byte goes out.
    patched.writeHead = function writeHead(status: unknown, reason?: unknown, headers?: unknown) {
      if (sending) return original.writeHead.call(res, status, reason, headers);
      if (typeof reason !== "string") [headers, reason] = [reason, undefined];
      res.statusCode = status as number;
      if (reason) res.statusMessage = reason as string;
      if (Array.isArray(headers)) {
        for (let i = 0; i + 1 < headers.length; i += 2) res.setHeader(String(headers[i]), headers[i + 1] as string);
      } else if (headers) {
        for (const [name, value] of Object.entries(headers as OutgoingHttpHeaders)) if (value !== undefined) res.setHeader(name, value);
      }
      if (isHtml()) return res;
      return original.writeHead.call(res, res.statusCode, res.statusMessage || undefined);
    };
    patched.flushHeaders = function flushHeaders() {
      if (!isHtml()) original.flushHeaders.call(res);
    };
    patched.write = function write(chunk: unknown, encoding?: unknown, callback?: unknown) {
      if (typeof encoding === "function") [callback, encoding] = [encoding, undefined];
      if (!isHtml()) return original.write.call(res, chunk, encoding, callback);
      if (chunk != null) chunks.push(toBuffer(chunk, encoding));
      if (typeof callback === "function") process.nextTick(callback as () => void);
      return true;
    };
    patched.end = function end(chunk?: unknown, encoding?: unknown, callback?: unknown) {
      if (typeof chunk === "function") [callback, chunk, encoding] = [chunk, undefined, undefined];
      if (typeof encoding === "function") [callback, encoding] = [encoding, undefined];
      if (!isHtml()) return original.end.call(res, chunk, encoding, callback);
      if (chunk != null) chunks.push(toBuffer(chunk, encoding));
      void finish(Buffer.concat(chunks), callback as (() => void) | undefined);
      return res;
    };

    async function finish(raw: Buffer, callback: (() => void) | undefined): Promise<void> {
      // A page that failed to render: Next's error document has an empty body that only its script
      // fills in, outside the site's header and footer. The site's server-error page goes instead,
      // still with the 500 (and never stored: a 500 is not kept).
      if (res.statusCode >= 500 && serverErrorDocument && (req.method === "GET" || req.method === "HEAD") && !isServerErrorPage(req.url)) {
        const page = await serverErrorDocument().catch(() => null);
        if (page) {
          raw = page;
          res.removeHeader("etag");
          res.setHeader("Cache-Control", "private, no-cache, no-store, max-age=0, must-revalidate");
        }
      }
      // A page that declares its status (the 404 page rendered as a page, the dashboard's Access
      // Denied) is sent with it: the status says what the page says.
      const declared = res.statusCode === 200 ? declaredDocumentStatus(req.url, raw) : null;
      if (declared) {
        res.statusCode = declared;
        res.statusMessage = STATUS_CODES[declared]!;
      }
      // The final bytes, policy and gzipped bytes of a page already seen (same address, same ETag,
      // same length: Next derives its ETag from the bytes) are reused instead of computed again.
      let etag = res.getHeader("etag");
      if (choice && typeof etag === "string") {
        etag = etag.replace(/"$/, `-consent-${choice}"`);
        res.setHeader("ETag", etag);
      }
      const known = pages.get(key);
      const same = known && etag && known.etag === etag && known.rawLength === raw.length;
      const rewrite = !res.getHeader("content-encoding") && scriptsAfterPaint(req.url, res.getHeader("cache-control"));
      const body: Buffer = same
        ? known.body
        : rewrite || choice
          ? Buffer.from(markConsentChoice(rewrite ? loadScriptsAfterPaint(raw.toString("utf8")) : raw.toString("utf8"), choice), "utf8")
          : raw;
      let csp = known?.csp ?? "";
      if (!same) {
        const policy = documentPolicy(body.toString("utf8"));
        csp = policy.csp;
        if (policy.unknown.length > 0) warnUnknownScripts(req, policy.unknown);
      }
      res.setHeader("Content-Security-Policy", csp);

      const seconds = cacheable && req.method === "GET" && !res.getHeader("content-encoding") ? storableSeconds(res.statusCode, res.getHeaders()) : 0;
      let gzipped: Buffer | undefined = same ? known.gzipped : undefined;
      if ((acceptsGzip || seconds > 0) && body.length > GZIP_MIN_BYTES && !res.getHeader("content-encoding") && gzipped === undefined) {
        try {
          gzipped = await gzip(body);
        } catch {
          gzipped = undefined;
        }
      }
      if (seconds > 0) {
        const headers = Object.entries(res.getHeaders()).filter(([name]) => !PER_ANSWER_HEADERS.has(name));
        const vary = appendVary(res.getHeader("vary"));
        store(
          key,
          {
            etag: typeof etag === "string" ? etag : undefined,
            csp,
            body,
            rawLength: raw.length,
            gzipped,
            headers,
            vary,
            bytes: body.length + (gzipped?.length ?? 0),
            expires: now() + seconds * 1000,
          },
          startedAt,
        );
      }

      // Kept above as Next said (public); sent private when an experiment runs on the page.
      if (underExperiment(req)) makePrivate(res);
      let out = body;
      if (acceptsGzip && gzipped) {
        out = gzipped;
        res.setHeader("Content-Encoding", "gzip");
        res.setHeader("Vary", appendVary(res.getHeader("vary")));
      }
      if (!res.headersSent) res.setHeader("Content-Length", out.length);
      sending = true;
      original.end.call(res, req.method === "HEAD" ? undefined : out, callback);
    }
  }

  /** The request listener's part after the security headers: cache, then Next with the document layer. */
  function handleRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!mayBeDocument(req)) return scope.run({ res, startedAt: generation }, () => handle(req, res));
    const acceptsGzip = /\bgzip\b/i.test(req.headers["accept-encoding"] ?? "");
    const cacheable = isCacheableRequest(req);
    const choice = hasConsentBar ? consentChoice(req) : null;
    // An A/B experiment's variant (host/experiments.ts) is a page of its own, as a consent choice is.
    const variant = req.headers[VARIANT_HEADER];
    const key = `${req.url ?? "/"}${choice ? ` consent=${choice}` : ""}${typeof variant === "string" ? ` variant=${variant}` : ""}`;
    if (enabled && cacheable && serveFromCache(req, res, acceptsGzip, key)) return Promise.resolve();
    delete req.headers["accept-encoding"];
    // Next knows only its own ETag: a copy of this variant must not be revalidated as the page without the mark.
    if (choice) delete req.headers["if-none-match"];
    interceptDocument(req, res, acceptsGzip, cacheable, key, choice);
    return scope.run({ res, startedAt: generation }, () => handle(req, res));
  }

  /** Stops (false) or resumes (true) answering from and storing into the cache; either way it is emptied. */
  function setEnabled(value: boolean): void {
    enabled = value;
    clear();
  }

  /**
   * Whether the request being handled entered before the latest invalidation. Next's own cache
   * stamps a page when it stores it, not when its render read the database: a render that began
   * before an edit and ends after it would be stored as fresh and outlive the revalidation. The
   * cache handler (host/cache-handler.ts) asks this and does not store such a render.
   */
  function enteredBeforeInvalidation(): boolean {
    const request = scope.getStore();
    return request !== undefined && request.startedAt !== generation;
  }

  return {
    handleRequest,
    invalidate,
    enteredBeforeInvalidation,
    setEnabled,
    get enabled() {
      return enabled;
    },
    stats,
    get size() {
      return { entries: pages.size, bytes };
    },
  };
}
