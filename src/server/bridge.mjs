// The state that the Node server around Next (scripts/server.mjs, scripts/start.mjs) and the app's
// server code share (docs/decisions/0026). The app is bundled by Next, which may evaluate one module
// several times in one process (one copy per bundle), and the scripts cannot import the bundles:
// a module-level variable would exist once per copy. So every value lives in one object on
// globalThis under a registered symbol, and is only reached through the functions below, typed in
// bridge.d.mts. Plain JavaScript with no "server-only" import, so that the scripts load it as it is.
import { AsyncLocalStorage } from "node:async_hooks";

const KEY = Symbol.for("kinetic-growth.bridge");
const shared = (globalThis[KEY] ??= { requestContext: new AsyncLocalStorage() });

/** The request being handled (its id), from scripts/request-context.mjs to every log line. */
export const requestContext = shared.requestContext;

export function currentRequestId() {
  return requestContext.getStore()?.requestId;
}

/** The server's in-memory page cache (docs/decisions/0011) installs its emptying function here. */
export function setPageCacheInvalidator(invalidate) {
  shared.invalidatePageCache = invalidate;
}

/** Empties the server's page cache; nothing when there is none (`next dev`, unit tests). */
export function invalidatePageCache() {
  shared.invalidatePageCache?.();
}

/** The page cache's test of whether the current request entered before its latest invalidation. */
export function setInvalidationClock(enteredBeforeInvalidation) {
  shared.enteredBeforeInvalidation = enteredBeforeInvalidation;
}

/** False when there is no page cache (`next dev`, unit tests) or no request. */
export function enteredBeforeInvalidation() {
  return shared.enteredBeforeInvalidation?.() ?? false;
}

/** The app registers how it stops (mail worker, then database) once it has booted. */
export function setAppShutdown(shutdown) {
  shared.appShutdown = shutdown;
}

/** Called by the server on SIGTERM/SIGINT once the requests in flight are over. */
export async function shutdownApp() {
  await shared.appShutdown?.();
}

/** scripts/start.mjs starts the embedded database's thread before Next loads (docs/decisions/0018). */
export function setPglitePrestart(started) {
  shared.pglitePrestart = started;
}

/** The thread started for `dataDir`, handed over once; undefined if none or for another folder. */
export function takePglitePrestart(dataDir) {
  const started = shared.pglitePrestart;
  if (started?.dataDir !== dataDir) return undefined;
  shared.pglitePrestart = undefined;
  return started;
}

/** The process-wide database handle (src/server/db/client.ts). */
export function getDatabaseHandle() {
  return shared.databaseHandle;
}

export function setDatabaseHandle(handle) {
  shared.databaseHandle = handle;
}

/** The outbox worker's state (src/server/mail.ts): one worker per process. */
export function getMailWorker() {
  return shared.mailWorker;
}

export function setMailWorker(state) {
  shared.mailWorker = state;
}

/** better-auth's instance (src/server/auth.ts), created on first use. */
export function getAuthInstance() {
  return shared.auth;
}

export function setAuthInstance(auth) {
  shared.auth = auth;
}

/** The timed jobs' timers (src/server/jobs.ts): started once per process. */
export function getJobTimers() {
  return shared.jobTimers;
}

export function setJobTimers(timers) {
  shared.jobTimers = timers;
}

/**
 * Next's cache handler (scripts/cache-handler.mjs) hands every tag it expires here, and the
 * invalidation channel (scripts/invalidation.mjs, docs/decisions/0032) installs the function that
 * tells the other server processes. Nothing when there is no channel (one process).
 */
export function setTagPublisher(publish) {
  shared.publishTags = publish;
}

export function publishTags(tags, durations) {
  shared.publishTags?.(tags, durations);
}

/**
 * The server's own address (scripts/server.mjs), for work that runs outside any request (timed
 * jobs) and must reach Next's request scope, e.g. to revalidate pages (src/server/scheduled-publishing.ts).
 */
export function setSelfAddress(address) {
  shared.selfAddress = address;
}

export function getSelfAddress() {
  return shared.selfAddress;
}

/** A secret made once per process: the internal routes answer only this process's own calls. */
export function internalToken() {
  shared.internalToken ??= globalThis.crypto.randomUUID() + globalThis.crypto.randomUUID();
  return shared.internalToken;
}
