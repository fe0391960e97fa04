// The production server: Next's request handler inside a plain Node HTTP server, so that every
// response carries the security headers and every HTML document a Content-Security-Policy made of
// the hashes of the inline scripts Next, React and the app emit in it (docs/decisions/0010, 0021). Pages stay cached HTML (ADR 0003):
// the policy is computed from the bytes that are sent, whether they came from the cache or not.
import http from "node:http";
import path from "node:path";
import next from "next";
import { createDocumentLayer } from "./html-documents.mjs";
import { NON_DOCUMENT_CSP, staticSecurityHeaders } from "./security-headers.mjs";
import { withRequestContext } from "./request-context.mjs";
import { useSocketAddress } from "./client-address.mjs";
import { setPageCacheInvalidator, shutdownApp } from "../src/server/bridge.mjs";

const root = path.resolve(import.meta.dirname, "..");
const port = Number(process.env.PORT || 3000);
const hostname = process.env.HOSTNAME || undefined;

const app = next({ dir: root, dev: false, port, hostname });
const handle = app.getRequestHandler();
const securityHeaders = staticSecurityHeaders();

// HTML documents (policy, gzip) and the in-memory page cache in front of Next (ADR 0011). The app
// empties the cache whenever it revalidates a page (src/server/revalidate.ts calls this hook).
const documents = createDocumentLayer({ handle });
setPageCacheInvalidator(documents.invalidate);

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
  documents.handleRequest(req, res).catch((error) => {
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
    await shutdownApp();
  } catch (error) {
    console.error(error);
  }
  process.exit(0);
}
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => void shutdown(signal));

export { server };
