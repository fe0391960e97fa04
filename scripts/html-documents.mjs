// HTML documents on their way out of Next (docs/decisions/0010, 0011):
// - every HTML response is held back until complete, gets the Content-Security-Policy made of the
//   hashes of its own inline scripts, and is gzipped here (after hashing);
// - public pages that Next served from its own page cache are kept in memory, final bytes and
//   headers included, and answered from there without entering Next, until their s-maxage runs out
//   or the app revalidates anything (src/server/revalidate.ts calls invalidatePageCache()).
import { AsyncLocalStorage } from "node:async_hooks";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { NON_DOCUMENT_CSP, documentCsp } from "./security-headers.mjs";

const gzip = promisify(zlib.gzip);

/** Bodies smaller than this go out uncompressed (gzip would save next to nothing). */
const GZIP_MIN_BYTES = 1024;

/**
 * Request headers with which Next answers something else than the page's document (RSC payloads,
 * prefetches, router state, on-demand revalidation, draft previews): such requests always go to Next.
 */
const BYPASS_HEADER = /^(rsc|next-|x-prerender-|x-nextjs-|x-middleware-|range$|authorization$)/i;
/** Next's draft mode bypasses its page cache; so does this one. */
const DRAFT_COOKIE = /(^|;\s*)__prerender_bypass=/;
/** Response headers that depend on the request and are set again for each answer. */
const PER_ANSWER_HEADERS = new Set(["content-length", "content-encoding", "vary", "x-nextjs-cache", "date", "connection", "keep-alive", "transfer-encoding"]);

/**
 * Responses that may be HTML documents: everything but the build's own files (/_next/: scripts,
 * styles, optimised images, which Next gives their own headers) and RSC payloads fetched by scripts.
 */
export function mayBeDocument(req) {
  return !req.headers.rsc && !(req.url ?? "").startsWith("/_next/");
}

/** Whether a request may be answered from the page cache (and its answer stored in it). */
export function isCacheableRequest(req) {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  if (!mayBeDocument(req)) return false;
  for (const name of Object.keys(req.headers)) if (BYPASS_HEADER.test(name)) return false;
  return !DRAFT_COOKIE.test(req.headers.cookie ?? "");
}

/**
 * Seconds a response may be kept, or 0: only what Next itself served from (or just wrote to) its
 * page cache, status 200, HTML, with our public Cache-Control (next.config.ts headers(), ADR 0009),
 * and no cookie. Kept for the s-maxage a shared cache is allowed, never longer.
 */
export function storableSeconds(statusCode, headers) {
  if (statusCode !== 200) return 0;
  if (!/^text\/html/i.test(String(headers["content-type"] ?? ""))) return 0;
  if (headers["set-cookie"] !== undefined) return 0;
  const nextCache = String(headers["x-nextjs-cache"] ?? "").toUpperCase();
  if (nextCache !== "HIT" && nextCache !== "MISS") return 0; // not from the page cache, or STALE
  if (!headers.etag) return 0;
  if (!isPublic(headers["cache-control"])) return 0;
  const sMaxAge = /(?:^|,)\s*s-maxage=(\d+)/i.exec(String(headers["cache-control"]));
  return sMaxAge ? Number(sMaxAge[1]) : 0;
}

/** Whether a Cache-Control lets shared caches keep the answer: the public pages (ADR 0009). */
function isPublic(cacheControl) {
  const value = String(cacheControl ?? "").toLowerCase();
  return /(^|,)\s*public\s*(,|$)/.test(value) && !/no-store|private|no-cache/.test(value);
}

/** If-None-Match against an ETag (weak comparison, as for GET). */
export function etagMatches(ifNoneMatch, etag) {
  if (!ifNoneMatch || !etag) return false;
  const bare = (tag) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}

// Next's own scripts start after the first paint (docs/decisions/0019). Next lists its chunks as
// `<script src async>` tags (plus a low-priority preload of its entry) that the browser requests at
// once, while the page's HTML and CSS are still arriving on a slow connection: the ~150 KB of
// JavaScript then shares the network with them, and Lighthouse counts every request started before
// the largest paint as on its way. On public pages (those shared caches may keep: what visitors
// see first) they are taken out of the document and one small inline script
// (hashed into the page's policy like the others) adds them when the browser reports the first
// contentful paint; on a hidden page (nothing will paint) or without PerformanceObserver at once,
// and after LOADER_TIMEOUT_MS in any case. Scripts added this way run asynchronously and in no
// set order, as async scripts do: Turbopack's runtime already copes with that. Next's error
// documents (`<html id="__next_error__">`: not-found and error pages outside a layout, client-side
// rendering bail-outs) have an empty body that only their scripts fill: nothing would paint, so
// they keep Next's tags.
const ASYNC_CHUNK = /<script src="(\/_next\/static\/[^"]+\.js)" async=""><\/script>/g;
const CHUNK_PRELOAD = /<link rel="preload" as="script" fetchPriority="low" href="(\/_next\/static\/[^"]+\.js)"\/>/g;
const LOADER_TIMEOUT_MS = 2000;
const CLIENT_RENDERED = /^(?:<!DOCTYPE html>)?<html id="__next_error__"/i;
const AFTER_PAINT_LOADER = `(function (d) {
  var sources = d.currentScript.getAttribute("data-after-paint").split(" "), started = false;
  function load() {
    if (started) return;
    started = true;
    sources.forEach(function (src) {
      var script = d.createElement("script");
      script.src = src;
      script.async = true;
      d.head.appendChild(script);
    });
  }
  function soon() { setTimeout(load, 0); }
  try {
    new PerformanceObserver(function (list) {
      if (list.getEntriesByName("first-contentful-paint").length) soon();
    }).observe({ type: "paint", buffered: true });
  } catch (e) { soon(); }
  if (d.visibilityState !== "visible") soon();
  setTimeout(load, ${LOADER_TIMEOUT_MS});
})(document)`.replace(/\n\s*/g, "");

/**
 * The document with Next's async chunk scripts (and the preloads of those same scripts) replaced by
 * the after-paint loader at the end of <body>; unchanged when it lists none or when its body is
 * rendered by its scripts.
 */
export function loadScriptsAfterPaint(html) {
  if (CLIENT_RENDERED.test(html)) return html;
  const sources = [];
  const withoutScripts = html.replace(ASYNC_CHUNK, (_, src) => {
    if (!sources.includes(src)) sources.push(src);
    return "";
  });
  if (sources.length === 0) return html;
  const out = withoutScripts.replace(CHUNK_PRELOAD, (tag, href) => (sources.includes(href) ? "" : tag));
  const loader = `<script data-after-paint="${sources.join(" ")}">${AFTER_PAINT_LOADER}</script>`;
  const end = out.lastIndexOf("</body>");
  return end < 0 ? out + loader : out.slice(0, end) + loader + out.slice(end);
}

export function appendVary(current) {
  const values = String(current ?? "").split(",").map((v) => v.trim()).filter(Boolean);
  if (!values.some((v) => v.toLowerCase() === "accept-encoding")) values.push("Accept-Encoding");
  return values.join(", ");
}

/**
 * The page cache and the document layer in front of Next's handler.
 * handle(req, res): Next's request handler. Options bound the cache (entries and bytes) and give a
 * clock for tests.
 */
export function createDocumentLayer({ handle, maxEntries = 500, maxBytes = 64 * 1024 * 1024, now = () => Date.now() }) {
  /** url -> { etag, csp, body, rawLength (Next's bytes), gzipped, headers, vary, bytes, expires }: least recently used first. */
  const pages = new Map();
  let bytes = 0;
  /** Bumped by every invalidation: a response that entered Next before it may not be stored. */
  let generation = 0;
  const scope = new AsyncLocalStorage();
  const stats = { hits: 0, stored: 0, invalidations: 0 };

  function drop(url) {
    const entry = pages.get(url);
    if (!entry) return;
    pages.delete(url);
    bytes -= entry.bytes;
  }

  function clear() {
    pages.clear();
    bytes = 0;
    generation++;
  }

  /**
   * Called (through src/server/bridge.mjs) whenever the app revalidates a page. Next
   * applies a revalidation when the request that asked for it ends (the Server Action's answer), so
   * a page read from Next in between may still be the old one: the cache is emptied now and again
   * when that request ends, and an answer that entered Next before either is never stored.
   */
  function invalidate() {
    stats.invalidations++;
    clear();
    const request = scope.getStore();
    if (!request || request.invalidating) return;
    request.invalidating = true;
    request.res.once("close", clear);
  }

  function store(url, entry, startedAt) {
    if (startedAt !== generation) return;
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
  function serveFromCache(req, res, acceptsGzip) {
    const entry = pages.get(req.url);
    if (!entry) return false;
    if (entry.expires <= now()) {
      drop(req.url);
      return false;
    }
    // Most recently used last.
    pages.delete(req.url);
    pages.set(req.url, entry);
    stats.hits++;
    for (const [name, value] of entry.headers) res.setHeader(name, value);
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
    const body = gzipped ? entry.gzipped : entry.body;
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
  function interceptDocument(req, res, acceptsGzip, cacheable) {
    const startedAt = generation;
    const original = { writeHead: res.writeHead, write: res.write, end: res.end, flushHeaders: res.flushHeaders };
    let sending = false; // set once the held-back document goes out
    const chunks = [];
    let html; // undefined until the first byte or header flush decides it

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
    const toBuffer = (chunk, encoding) =>
      Buffer.isBuffer(chunk) ? chunk : typeof chunk === "string" ? Buffer.from(chunk, encoding || "utf8") : Buffer.from(chunk);

    // writeHead sends the headers at once: its headers become setHeader calls, and for a document it
    // waits. Node itself calls writeHead(statusCode) when the first byte goes out.
    res.writeHead = function writeHead(status, reason, headers) {
      if (sending) return original.writeHead.call(res, status, reason, headers);
      if (typeof reason !== "string") [headers, reason] = [reason, undefined];
      res.statusCode = status;
      if (reason) res.statusMessage = reason;
      if (Array.isArray(headers)) {
        for (let i = 0; i + 1 < headers.length; i += 2) res.setHeader(headers[i], headers[i + 1]);
      } else if (headers) {
        for (const [key, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(key, value);
      }
      if (isHtml()) return res;
      return original.writeHead.call(res, res.statusCode, res.statusMessage || undefined);
    };
    res.flushHeaders = function flushHeaders() {
      if (!isHtml()) original.flushHeaders.call(res);
    };
    res.write = function write(chunk, encoding, callback) {
      if (typeof encoding === "function") [callback, encoding] = [encoding, undefined];
      if (!isHtml()) return original.write.call(res, chunk, encoding, callback);
      if (chunk != null) chunks.push(toBuffer(chunk, encoding));
      if (callback) process.nextTick(callback);
      return true;
    };
    res.end = function end(chunk, encoding, callback) {
      if (typeof chunk === "function") [callback, chunk, encoding] = [chunk, undefined, undefined];
      if (typeof encoding === "function") [callback, encoding] = [encoding, undefined];
      if (!isHtml()) return original.end.call(res, chunk, encoding, callback);
      if (chunk != null) chunks.push(toBuffer(chunk, encoding));
      finish(Buffer.concat(chunks), callback);
      return res;
    };

    async function finish(raw, callback) {
      // The final bytes, policy and gzipped bytes of a page already seen (same address, same ETag,
      // same length: Next derives its ETag from the bytes) are reused instead of computed again.
      const etag = res.getHeader("etag");
      const known = pages.get(req.url);
      const same = known && etag && known.etag === etag && known.rawLength === raw.length;
      // Public pages only: on the admin's and the sign-in pages, hydrating a frame sooner matters more.
      const rewrite = !res.getHeader("content-encoding") && isPublic(res.getHeader("cache-control"));
      const body = same ? known.body : rewrite ? Buffer.from(loadScriptsAfterPaint(raw.toString("utf8")), "utf8") : raw;
      const csp = same ? known.csp : documentCsp(body.toString("utf8"));
      res.setHeader("Content-Security-Policy", csp);

      const seconds = cacheable && req.method === "GET" && !res.getHeader("content-encoding") ? storableSeconds(res.statusCode, res.getHeaders()) : 0;
      let gzipped = same ? known.gzipped : undefined;
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
        store(req.url, { etag, csp, body, rawLength: raw.length, gzipped, headers, vary, bytes: body.length + (gzipped?.length ?? 0), expires: now() + seconds * 1000 }, startedAt);
      }

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
  function handleRequest(req, res) {
    if (!mayBeDocument(req)) return scope.run({ res }, () => handle(req, res));
    const acceptsGzip = /\bgzip\b/i.test(req.headers["accept-encoding"] ?? "");
    const cacheable = isCacheableRequest(req);
    if (cacheable && serveFromCache(req, res, acceptsGzip)) return Promise.resolve();
    delete req.headers["accept-encoding"];
    interceptDocument(req, res, acceptsGzip, cacheable);
    return scope.run({ res }, () => handle(req, res));
  }

  return {
    handleRequest,
    invalidate,
    stats,
    get size() {
      return { entries: pages.size, bytes };
    },
  };
}
