// The production server: Next's request handler inside a plain Node HTTP server, so that every
// response carries the security headers and every HTML document a Content-Security-Policy made of
// the hashes of the inline scripts Next, React and the app emit in it (docs/decisions/0010, 0021). Pages stay cached HTML (ADR 0003):
// the policy is computed from the bytes that are sent, whether they came from the cache or not.
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import next from "next";
import { createDocumentLayer, SERVER_ERROR_PATH } from "./html-documents.ts";
import { NON_DOCUMENT_CSP, referrerPolicyFor, staticSecurityHeaders } from "./security-headers.ts";
import { withRequestContext } from "./request-context.ts";
import {
  getSelfAddress,
  setInvalidationClock,
  setRedirectReloader,
  setExperimentReloader,
  setPageCacheInvalidator,
  setSelfAddress,
  setTagPublisher,
  shutdownApp,
  stopAppTimedWork,
} from "../src/server/kernel/bridge.ts";
import { expireTagsLocally } from "./cache-handler.ts";
import { startInvalidationChannel } from "./invalidation.ts";
import { trustProxy, useSocketAddress } from "./client-address.ts";
import { guardRequest, normalTarget, refusalBody, type Refusal } from "./request-guards.ts";
import { errorFields, logger } from "../src/server/kernel/logger.ts";
import { countPageView, ownHosts, pageViews } from "./analytics.ts";
import { createNotFoundMonitor } from "./not-found.ts";
import { createRedirectLayer, isRedirectChange } from "./redirects.ts";
import { createExperimentLayer, isExperimentChange } from "./experiments.ts";

const root = path.resolve(import.meta.dirname, "..");
const port = Number(process.env.PORT || 3000);
const hostname = process.env.HOSTNAME || undefined;

// `npm run dev` runs Next's development server behind this same host (host/start.ts --dev).
const dev = process.env.NODE_ENV === "development";
const app = next({ dir: root, dev, port, hostname });
const handle = app.getRequestHandler();
const securityHeaders = staticSecurityHeaders();

/**
 * The site's server-error page, asked of this server when a page first fails and then kept (it reads
 * nothing that changes while the process runs, and nothing from the database, so it renders when the
 * database is what failed). Null until it answers as itself; asked again after a failed try.
 */
let serverErrorPage: Promise<Buffer | null> | null = null;
function serverErrorDocument(): Promise<Buffer | null> {
  const self = getSelfAddress();
  if (!self) return Promise.resolve(null);
  serverErrorPage ??= fetch(`${self}${SERVER_ERROR_PATH}`, { headers: { accept: "text/html" }, signal: AbortSignal.timeout(5_000) })
    .then(async (answer) => {
      const body = Buffer.from(await answer.arrayBuffer());
      return answer.status === 500 && /^text\/html/i.test(answer.headers.get("content-type") ?? "") ? body : null;
    })
    .catch(() => null)
    .then((page) => {
      if (!page) serverErrorPage = null; // asked again next time
      return page;
    });
  return serverErrorPage;
}

// HTML documents (policy, gzip) and the in-memory page cache in front of Next (ADR 0011). The app
// empties the cache whenever it revalidates a page (src/server/kernel/revalidate.ts calls this hook).
const documents = createDocumentLayer({ handle, serverErrorDocument });
setPageCacheInvalidator(documents.invalidate);
// In development every page is rendered afresh: a page kept here would hide the edit just saved.
if (dev) documents.setEnabled(false);
setInvalidationClock(documents.enteredBeforeInvalidation);

// The site's redirects (host/redirects.ts, docs/decisions/0091): loaded once the app has booted
// (it registers the table's store on the bridge), reloaded on every change.
const redirects = createRedirectLayer({ log });
// The 404 monitor (host/not-found.ts, docs/decisions/0097): public addresses people fail to find.
const notFound = createNotFoundMonitor({ ownHosts, log });
setRedirectReloader(() => void redirects.reload());
// A/B experiments (host/experiments.ts, docs/decisions/0107): the running one is loaded once the app
// has booted, and again whenever one starts, stops or ships.
const experiments = createExperimentLayer({ log, secure: /^https:\/\//i.test(process.env.SITE_URL?.trim() ?? "") });
setExperimentReloader(
  () => void experiments.reload(),
  () => experiments.segments(),
);

await app.prepare();
void redirects.reload();
void experiments.reload();

// Several processes on one PostgreSQL (docs/decisions/0032): the cache tags one of them expires are
// expired in all of them, through PostgreSQL's LISTEN/NOTIFY. The embedded database has one
// process only, and needs none of it.
const EVERYTHING = ["_N_T_/layout"]; // the root layout's tag: every page and route handler carries it
const STALE_WHILE_DEAF_MS = 30_000; // half the pages' s-maxage (next.config.ts)
let deafTimer: NodeJS.Timeout | undefined;
const channel = process.env.DATABASE_URL?.trim()
  ? startInvalidationChannel({
      connectionString: process.env.DATABASE_URL.trim(),
      onRemote(message) {
        if (isRedirectChange(message)) void redirects.reload();
        if (isExperimentChange(message)) void experiments.reload();
        void expireTagsLocally(message.all ? EVERYTHING : (message.tags ?? []), message.all ? undefined : message.durations).finally(() =>
          documents.invalidate(),
        );
      },
      onState(listening) {
        // Not listening: another process's edit would not reach this one. The page cache is off,
        // and Next's cache is expired every STALE_WHILE_DEAF_MS, until the channel is back; then
        // whatever was missed is unknown, so everything is expired once.
        clearInterval(deafTimer);
        documents.setEnabled(listening && !dev);
        // What changed while deaf is unknown: the redirect table is read again too.
        if (listening) {
          void redirects.reload();
          void experiments.reload();
        }
        void expireTagsLocally(EVERYTHING);
        if (!listening) deafTimer = setInterval(() => void expireTagsLocally(EVERYTHING), STALE_WHILE_DEAF_MS);
        log("info", listening ? "invalidation channel listening" : "invalidation channel down");
      },
      log,
    })
  : undefined;
if (channel) {
  documents.setEnabled(false); // until the channel listens (and for good in development)
  setTagPublisher((tags, durations) => channel.publish(tags, durations));
}

/** Every line this process writes goes through the one pino logger (src/server/kernel/logger.ts, ADR 0025). */
function log(level: "info" | "warn" | "error", msg: string, fields: object = {}): void {
  logger[level](fields, msg);
}

// Refused before Next reads them (host/request-guards.ts, docs/decisions/0022): foreign Server
// Action posts (403), bodies over their path's limit, counted as they arrive (413), Server Action
// data no page of ours sends (400, 413), image addresses that are not plain paths (400). Each gets
// a sentence a person can act on.
// A client may still be sending when the answer goes. The connection is closed once the answer is
// sent (a FIN after it), and nothing more of the body is read than REFUSAL_DRAIN_BYTES, for
// REFUSAL_LINGER_MS at most: that much keeps the answer from being lost to a reset (a socket closed
// with unread data answers the client's next write with RST, which can discard the answer before
// the client reads it), and no more, so a client cannot make the server read a body it refused.
const REFUSAL_LINGER_MS = 1_000;
const REFUSAL_DRAIN_BYTES = 256 * 1024;

function refuse(req: IncomingMessage, res: ServerResponse, refusal: Refusal): void {
  const { status } = refusal;
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.statusCode = status;
  const { contentType, body } = refusalBody(req.url, refusal);
  res.setHeader("Content-Type", contentType);
  res.setHeader("Content-Security-Policy", NON_DOCUMENT_CSP);
  if (req.complete) {
    res.end(body);
    return;
  }
  const socket = req.socket;
  let drained = 0;
  // What still arrives of the body is counted and dropped; past the allowance the connection goes.
  req.push = (chunk: Buffer | null) => {
    if (chunk !== null && (drained += chunk.length) > REFUSAL_DRAIN_BYTES) socket.destroy();
    return true;
  };
  // The answer says Connection: close, so that no client sends its next request on this connection.
  // Node then destroys the socket as soon as the answer is written (destroySoon), and a socket
  // destroyed with unread data in it answers the client's next write with a reset that can discard
  // the answer before the client reads it: for this connection, only the FIN goes out then, and the
  // drain above or the timer below ends it.
  (socket as unknown as { destroySoon: () => void }).destroySoon = () => socket.end();
  res.setHeader("Connection", "close");
  res.end(body);
  const timer = setTimeout(() => socket.destroy(), REFUSAL_LINGER_MS);
  timer.unref();
  socket.once("close", () => clearTimeout(timer));
}

function serve(req: IncomingMessage, res: ServerResponse): void {
  // An old address is answered before the page cache and Next: one hop, no render.
  if (redirects.answer(req, res)) return;
  // The visitor's variant of a page under experiment is named before the page cache looks for it.
  experiments
    .assign(req, res)
    .then(() => documents.handleRequest(req, res))
    .catch((error) => {
      log("error", "request failed in the document layer", errorFields(error));
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    });
}

// The answers not yet finished, so that a shutdown can close their connections after them.
const inFlight = new Set<ServerResponse>();
let stopping = false;

// withRequestContext: the request id, X-Request-Id, and the access log line (host/request-context.ts).
const server = http.createServer((req, res) => {
  // Dot segments and backslashes resolved once, before anything reads the path: the guards, the page
  // cache and Next then judge the same path (host/request-guards.ts, docs/decisions/0022).
  req.url = normalTarget(req.url);
  handleRequest(req, res);
});

const handleRequest = (req: IncomingMessage, res: ServerResponse) =>
  withRequestContext(req, res, () => {
    // X-Forwarded-For, -Host, -Proto only from a trusted proxy (TRUST_PROXY, host/client-address.ts).
    useSocketAddress(req);
    // The site's own analytics: a public page view is queued after its answer is sent (host/analytics.ts, docs/decisions/0056).
    countPageView(req, res);
    notFound.watch(req, res);
    for (const [key, value] of Object.entries(securityHeaders)) res.setHeader(key, value);
    const referrerPolicy = referrerPolicyFor(req.url);
    if (referrerPolicy) res.setHeader("Referrer-Policy", referrerPolicy);
    if (stopping) res.setHeader("Connection", "close");
    inFlight.add(res);
    res.once("close", () => inFlight.delete(res));
    guardRequest(req, {
      trustProxy,
      serve: () => serve(req, res),
      refuse: (refusal) => refuse(req, res, refusal),
    }).catch((error) => {
      log("error", "request guard failed", errorFields(error));
      refuse(req, res, { status: 500, message: "Something went wrong on our side." });
    });
  });

server.listen(port, hostname, () => {
  // Timed jobs reach Next's request scope through this address (src/server/content/scheduled-publishing.ts).
  setSelfAddress(`http://${!hostname || hostname === "0.0.0.0" || hostname === "::" ? "127.0.0.1" : hostname}:${port}`);
  log("info", `Ready on http://${hostname ?? "localhost"}:${port}`, { port });
});

// SIGTERM/SIGINT: close the idle keep-alive connections at once and answer every request from then
// on with Connection: close; stop the app's timed jobs and wait for their rounds under way, while
// the server still listens (scheduled publishing asks this server to refresh the blog's pages: a
// round refused that request would leave a post public with stale pages); then stop taking
// connections, let the requests in flight finish (their connections are closed after them, so no
// further request is read from any connection), let the app stop its job queue and close its
// database (src/server/boot.ts), and exit. A request that hangs cannot hold the process for more
// than SHUTDOWN_GRACE_MS.
const SHUTDOWN_GRACE_MS = 10_000;

/** The connection of an answer in flight ends with it: a header when it is not sent yet, else a FIN after it. */
function closeAfterAnswer(res: ServerResponse): void {
  if (!res.headersSent) {
    res.setHeader("Connection", "close");
    return;
  }
  const socket = res.socket;
  if (res.writableFinished) socket?.end();
  else res.once("finish", () => socket?.end());
}

async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (stopping) return;
  stopping = true;
  log("info", "shutting down", { signal });
  const timer = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS);
  timer.unref();
  for (const res of inFlight) closeAfterAnswer(res);
  server.closeIdleConnections();
  try {
    await stopAppTimedWork();
  } catch (error) {
    log("error", "shutdown step failed", errorFields(error));
  }
  await new Promise((resolve) => {
    server.close(resolve);
    for (const res of inFlight) closeAfterAnswer(res);
    server.closeIdleConnections();
  });
  try {
    await channel?.stop();
    // The page views still queued are written while the database is open.
    await pageViews.stop();
    await redirects.stop();
    await notFound.stop();
    await shutdownApp();
  } catch (error) {
    log("error", "shutdown step failed", errorFields(error));
  }
  process.exit(0);
}
for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => void shutdown(signal));

export { server };
