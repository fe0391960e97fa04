// The production server: Next's request handler inside a plain Node HTTP server, so that every
// response carries the security headers and every HTML document a Content-Security-Policy made of
// the hashes of its own inline scripts (docs/decisions/0010). Pages stay cached HTML (ADR 0003):
// the policy is computed from the bytes that are sent, whether they came from the cache or not.
import http from "node:http";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import next from "next";
import { NON_DOCUMENT_CSP, documentCsp, staticSecurityHeaders } from "./security-headers.mjs";
import { withRequestContext } from "./request-context.mjs";
import { useSocketAddress } from "./client-address.mjs";

const gzip = promisify(zlib.gzip);
const root = path.resolve(import.meta.dirname, "..");
const port = Number(process.env.PORT || 3000);
const hostname = process.env.HOSTNAME || undefined;

const app = next({ dir: root, dev: false, port, hostname });
const handle = app.getRequestHandler();
const securityHeaders = staticSecurityHeaders();

/**
 * Responses that may be HTML documents: everything but the build's own files (/_next/: scripts,
 * styles, optimised images, which Next gives their own headers) and RSC payloads fetched by scripts.
 */
function mayBeDocument(req) {
  return !req.headers.rsc && !(req.url ?? "").startsWith("/_next/");
}

/**
 * Holds an HTML response back until it is complete, then sends it with its policy. Anything else
 * passes through (and streams). Next compresses inside its handler, so the request's
 * Accept-Encoding is taken away from Next and HTML is gzipped here, after hashing; the other
 * answers on these paths (JSON, feeds, sitemap, public files) are small or already compressed.
 */
function interceptDocument(req, res) {
  const acceptsGzip = /\bgzip\b/i.test(req.headers["accept-encoding"] ?? "");
  delete req.headers["accept-encoding"];
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
    const body = Buffer.concat(chunks);
    const known = documentCache.get(cacheKey(req, res, body));
    res.setHeader("Content-Security-Policy", known?.csp ?? documentCsp(body.toString("utf8")));
    finish(body, known, callback);
    return res;
  };

  async function finish(body, known, callback) {
    let out = body;
    let gzipped = known?.gzipped;
    if (acceptsGzip && body.length > 1024 && !res.getHeader("content-encoding")) {
      try {
        gzipped ??= await gzip(body);
        out = gzipped;
        res.setHeader("Content-Encoding", "gzip");
        res.setHeader("Vary", appendVary(res.getHeader("vary")));
      } catch {
        out = body;
      }
    }
    remember(cacheKey(req, res, body), { csp: String(res.getHeader("content-security-policy")), gzipped });
    if (!res.headersSent) res.setHeader("Content-Length", out.length);
    sending = true;
    original.end.call(res, req.method === "HEAD" ? undefined : out, callback);
  }
}

// Cached pages (ADR 0003) come with an ETag that Next derives from their bytes: the policy (and
// the gzipped bytes) of a page already seen are reused instead of being computed on every request.
// Bounded, oldest first out. Responses without an ETag (dynamic pages) are computed every time.
const DOCUMENT_CACHE_ENTRIES = 500;
const documentCache = new Map();

function cacheKey(req, res, body) {
  const etag = res.getHeader("etag");
  return etag ? `${req.url} ${etag} ${body.length}` : undefined;
}

function remember(key, entry) {
  if (!key || (documentCache.has(key) && (documentCache.get(key).gzipped || !entry.gzipped))) return;
  if (documentCache.size >= DOCUMENT_CACHE_ENTRIES) documentCache.delete(documentCache.keys().next().value);
  documentCache.set(key, entry);
}

function appendVary(current) {
  const values = String(current ?? "").split(",").map((v) => v.trim()).filter(Boolean);
  if (!values.some((v) => v.toLowerCase() === "accept-encoding")) values.push("Accept-Encoding");
  return values.join(", ");
}

await app.prepare();

// Server Actions refuse bodies over experimental.serverActions.bodySizeLimit (next.config.ts, 1 MB),
// but with a bare 500 once the body is read. A declared length over the limit is refused here
// first, unread, with 413 and a sentence a person can act on. /api routes keep their own limits
// (uploads take 5 MB). A chunked body without a length still meets Next's own limit.
const ACTION_BODY_LIMIT_BYTES = 1024 * 1024;

function refuseOversizedBody(req, res) {
  if (req.method !== "POST" || (req.url ?? "").startsWith("/api/")) return false;
  const length = Number(req.headers["content-length"] ?? 0);
  if (!(length > ACTION_BODY_LIMIT_BYTES)) return false;
  res.statusCode = 413;
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.setHeader("Content-Security-Policy", NON_DOCUMENT_CSP);
  res.setHeader("Connection", "close");
  res.end("Not sent: this form is larger than 1 MB, which is more than any of our forms accepts. Please shorten it and send it again.\n");
  req.resume();
  return true;
}

// A Server Action (any POST outside /api/) from another site: Next refuses it too, but with a bare
// 500 and a stack trace in the log. Refused here first with 403 (docs/decisions/0016). A request
// without Origin goes on: the action itself then checks Referer (src/server/request-info.ts).
function refuseForeignAction(req, res) {
  if (req.method !== "POST" || (req.url ?? "").startsWith("/api/")) return false;
  const origin = req.headers.origin;
  let foreign = req.headers["sec-fetch-site"] === "cross-site";
  if (!foreign && origin && origin !== "null") {
    const allowed = new Set([String(req.headers["x-forwarded-host"] ?? req.headers.host ?? "").split(",")[0].trim()]);
    try {
      if (process.env.SITE_URL) allowed.add(new URL(process.env.SITE_URL).host);
      foreign = !allowed.has(new URL(origin).host);
    } catch {
      foreign = true;
    }
  }
  if (!foreign) return false;
  res.statusCode = 403;
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.setHeader("Content-Security-Policy", NON_DOCUMENT_CSP);
  res.setHeader("Connection", "close");
  res.end("Refused: this request must come from this site's own pages.\n");
  req.resume();
  return true;
}

// withRequestContext: the request id, X-Request-Id, and the access log line (scripts/request-context.mjs).
const server = http.createServer((req, res) => withRequestContext(req, res, () => {
  useSocketAddress(req); // X-Forwarded-For only from a trusted proxy (TRUST_PROXY, scripts/client-address.mjs)
  for (const [key, value] of Object.entries(securityHeaders)) res.setHeader(key, value);
  if (refuseOversizedBody(req, res)) return;
  if (refuseForeignAction(req, res)) return;
  if (mayBeDocument(req)) interceptDocument(req, res);
  handle(req, res).catch((error) => {
    console.error(error);
    if (!res.headersSent) res.statusCode = 500;
    res.end();
  });
}));

server.listen(port, hostname, () => {
  console.log(`Ready on http://${hostname ?? "localhost"}:${port}`);
});

// SIGTERM/SIGINT: stop taking connections, let the requests in flight finish, then let the app
// stop its mail worker and close its database (src/server/boot.ts), and exit. A request that
// hangs cannot hold the process for more than SHUTDOWN_GRACE_MS.
const SHUTDOWN_GRACE_MS = 10_000;
let stopping = false;
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  console.log(JSON.stringify({ time: new Date().toISOString(), level: "info", msg: "shutting down", signal }));
  const timer = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS);
  timer.unref();
  await new Promise((resolve) => {
    server.close(resolve);
    server.closeIdleConnections();
  });
  try {
    await globalThis.__appShutdown?.();
  } catch (error) {
    console.error(error);
  }
  process.exit(0);
}
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => void shutdown(signal));

export { server };
