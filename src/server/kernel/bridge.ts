// The state that the Node server around Next (host/server.ts, host/start.ts) and the app's
// server code share (docs/decisions/0026). The app is bundled by Next, which may evaluate one module
// several times in one process (one copy per bundle), and the scripts cannot import the bundles:
// a module-level variable would exist once per copy. So every value lives in one object on
// globalThis under a registered symbol, and is only reached through the functions below. No
// "server-only" import and only type imports from the app, so that the host (Node, stripping the
// types) loads it as it is.
import { AsyncLocalStorage } from "node:async_hooks";
import type { StartedPglite } from "./db/pglite-start.ts";
import type { DatabaseHandle } from "./db/client";
import type { PageViewSink } from "../analytics/page-view-queue.ts";
import type { TimedJobsState } from "./jobs/jobs";
import type { JobQueueState } from "./jobs/queue";
import type { RedirectRule } from "../../lib/redirect-rules.ts";
import type { ExperimentTargetName } from "../../lib/experiments.ts";

export interface RequestContext {
  requestId: string;
}

/** How long an expired tag stays usable, as Next passes it to its cache handler's revalidateTag. */
export interface TagDurations {
  expire?: number;
}

interface Shared {
  requestContext: AsyncLocalStorage<RequestContext>;
  invalidatePageCache?: () => void;
  enteredBeforeInvalidation?: () => boolean;
  appShutdown?: AppShutdown;
  pglitePrestart?: StartedPglite;
  databaseHandle?: DatabaseHandle;
  auth?: unknown;
  timedJobs?: TimedJobsState;
  jobQueue?: JobQueueState;
  publishTags?: (tags: string[], durations: TagDurations | undefined) => void;
  selfAddress?: string;
  internalToken?: string;
  pageViewSink?: PageViewSink;
  pageViewFlush?: () => Promise<void>;
  redirectStore?: RedirectStore;
  reloadRedirects?: () => void;
  experimentStore?: ExperimentStore;
  reloadExperiment?: () => void;
  runningVariantSegments?: () => string[];
}

const KEY = Symbol.for("kinetic-growth.bridge");
const root = globalThis as typeof globalThis & { [KEY]?: Shared };
const shared: Shared = (root[KEY] ??= { requestContext: new AsyncLocalStorage<RequestContext>() });

/** The request being handled (its id), from host/request-context.ts to every log line. */
export const requestContext = shared.requestContext;

export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.requestId;
}

/** The server's in-memory page cache (docs/decisions/0011) installs its emptying function here. */
export function setPageCacheInvalidator(invalidate: (() => void) | undefined): void {
  shared.invalidatePageCache = invalidate;
}

/** Empties the server's page cache; nothing when there is none (`next dev`, unit tests). */
export function invalidatePageCache(): void {
  shared.invalidatePageCache?.();
}

/** The page cache's test of whether the current request entered before its latest invalidation. */
export function setInvalidationClock(enteredBeforeInvalidation: () => boolean): void {
  shared.enteredBeforeInvalidation = enteredBeforeInvalidation;
}

/** False when there is no page cache (`next dev`, unit tests) or no request. */
export function enteredBeforeInvalidation(): boolean {
  return shared.enteredBeforeInvalidation?.() ?? false;
}

/**
 * How the app stops, in two steps the server calls in turn (host/server.ts): its timed work first,
 * at the signal, while the server still listens (a round under way may ask this server to refresh
 * pages, as scheduled publishing does); then, once the requests in flight are over, the rest
 * (the job queue's engine, database).
 */
export interface AppShutdown {
  stopTimedWork: () => Promise<void>;
  close: () => Promise<void>;
}

/** The app registers how it stops once it has booted. */
export function setAppShutdown(shutdown: AppShutdown): void {
  shared.appShutdown = shutdown;
}

/** Called by the server on SIGTERM/SIGINT before it stops listening: no timed round starts after it, and those under way have ended. */
export async function stopAppTimedWork(): Promise<void> {
  await shared.appShutdown?.stopTimedWork();
}

/** Called by the server on SIGTERM/SIGINT once the requests in flight are over. */
export async function shutdownApp(): Promise<void> {
  await shared.appShutdown?.close();
}

/** host/start.ts starts the embedded database's thread before Next loads (docs/decisions/0018). */
export function setPglitePrestart(started: StartedPglite): void {
  shared.pglitePrestart = started;
}

/** The thread started for `dataDir`, handed over once; undefined if none or for another folder. */
export function takePglitePrestart(dataDir: string): StartedPglite | undefined {
  const started = shared.pglitePrestart;
  if (started?.dataDir !== dataDir) return undefined;
  shared.pglitePrestart = undefined;
  return started;
}

/** The process-wide database handle (src/server/kernel/db/client.ts). */
export function getDatabaseHandle(): DatabaseHandle | undefined {
  return shared.databaseHandle;
}

export function setDatabaseHandle(handle: DatabaseHandle | undefined): void {
  shared.databaseHandle = handle;
}

/** better-auth's instance (src/server/kernel/session/auth.ts), created on first use; typed there (this module cannot import the app's types of it). */
export function getAuthInstance(): unknown {
  return shared.auth;
}

export function setAuthInstance(auth: unknown): void {
  shared.auth = auth;
}

/** The timed jobs' timers and rounds (src/server/kernel/jobs/jobs.ts): started once per process. */
export function getTimedJobs(): TimedJobsState | undefined {
  return shared.timedJobs;
}

export function setTimedJobs(state: TimedJobsState | undefined): void {
  shared.timedJobs = state;
}

/** The job queue's engine and its queues (src/server/kernel/jobs/queue.ts): one engine per process. */
export function getJobQueue(): JobQueueState | undefined {
  return shared.jobQueue;
}

export function setJobQueue(state: JobQueueState | undefined): void {
  shared.jobQueue = state;
}

/**
 * Next's cache handler (host/cache-handler.ts) hands every tag it expires here, and the
 * invalidation channel (host/invalidation.ts, docs/decisions/0032) installs the function that
 * tells the other server processes. Nothing when there is no channel (one process).
 */
export function setTagPublisher(publish: ((tags: string[], durations: TagDurations | undefined) => void) | undefined): void {
  shared.publishTags = publish;
}

export function publishTags(tags: string[], durations: TagDurations | undefined): void {
  shared.publishTags?.(tags, durations);
}

/**
 * The server's own address (host/server.ts), for work that runs outside any request (timed
 * jobs) and must reach Next's request scope, e.g. to revalidate pages (src/server/content/scheduled-publishing.ts).
 */
export function setSelfAddress(address: string): void {
  shared.selfAddress = address;
}

export function getSelfAddress(): string | undefined {
  return shared.selfAddress;
}

/** A secret made once per process: the internal routes answer only this process's own calls. */
export function internalToken(): string {
  shared.internalToken ??= globalThis.crypto.randomUUID() + globalThis.crypto.randomUUID();
  return shared.internalToken;
}

/**
 * The app's writer of counted page views (src/server/analytics/data/analytics.ts), registered at boot; the
 * host's queue (host/analytics.ts) hands it its batches (docs/decisions/0056).
 */
export function setPageViewSink(sink: PageViewSink | undefined): void {
  shared.pageViewSink = sink;
}

export function getPageViewSink(): PageViewSink | undefined {
  return shared.pageViewSink;
}

/**
 * The host's queue of counted page views installs its flush here (host/analytics.ts), so that a
 * form's first touch (src/server/analytics/data/first-touch.ts) reads the visit with the page views
 * the host counted a moment ago and has not yet written, not only those of the last batch.
 */
export function setPageViewFlush(flush: (() => Promise<void>) | undefined): void {
  shared.pageViewFlush = flush;
}

/** Writes the page views counted so far; nothing without a host queue (unit tests, `next dev` without the host). */
export async function flushPageViews(): Promise<void> {
  await shared.pageViewFlush?.();
}

/** The redirect table as the host reads it and counts its hits (src/server/redirects, docs/decisions/0091). */
export interface RedirectStore {
  load: () => Promise<RedirectRule[]>;
  recordHits: (hits: { id: number; count: number; at: Date }[]) => Promise<void>;
  /** The 404 monitor's counts (host/not-found.ts, docs/decisions/0097), a batch at a time. */
  recordNotFound: (batch: NotFoundBatchRow[]) => Promise<void>;
}

/** One path's 404s since the host's last batch: hits, those another site referred, the last such site. */
export interface NotFoundBatchRow {
  path: string;
  hits: number;
  referredHits: number;
  referrerHost: string | null;
  firstAt: Date;
  lastAt: Date;
}

/** The cache tag that stands for the redirect table on the invalidation channel (host/server.ts). */
export const REDIRECTS_TAG = "kinetic:redirects";

/** The app registers its redirect table at boot; the host loads it from here (host/redirects.ts). */
export function setRedirectStore(store: RedirectStore | undefined): void {
  shared.redirectStore = store;
}

export function getRedirectStore(): RedirectStore | undefined {
  return shared.redirectStore;
}

/** The host's in-memory redirect table installs its reload here. */
export function setRedirectReloader(reload: (() => void) | undefined): void {
  shared.reloadRedirects = reload;
}

/**
 * The redirect table changed (committed): this process reloads it, and the other processes are told
 * on the invalidation channel, as for an expired cache tag (docs/decisions/0032). Nothing without a
 * host (unit tests, `next dev` alone).
 */
export function redirectsChanged(): void {
  shared.reloadRedirects?.();
  shared.publishTags?.([REDIRECTS_TAG], undefined);
}

/** The running A/B experiment as the host assigns visitors to it (host/experiments.ts, docs/decisions/0107). */
export interface RunningExperiment {
  key: string;
  target: ExperimentTargetName;
  /** The page a page target's experiment runs on ("/services/seo"), null for the others (src/lib/experiments.ts targetShownOn). */
  path: string | null;
  trafficPercent: number;
  /** Relative weights, the control's first. */
  weights: number[];
}

/** What the app gives the host for experiments: the running one, and a visitor's id of the day. */
export interface ExperimentStore {
  loadRunning: () => Promise<RunningExperiment | null>;
  /** The analytics' visitor id of the day for a digest (src/server/analytics/visitor-id.ts); null when the salt cannot be had. */
  visitorId: (digest: string, at: Date) => Promise<string | null>;
}

/** The cache tag that stands for the running experiment on the invalidation channel (host/server.ts). */
export const EXPERIMENTS_TAG = "kinetic:experiments";

/** The app registers its experiment store at boot; the host reads it from here. */
export function setExperimentStore(store: ExperimentStore | undefined): void {
  shared.experimentStore = store;
}

export function getExperimentStore(): ExperimentStore | undefined {
  return shared.experimentStore;
}

/** The host's experiment layer installs its reload, and the locale segments of its variants' pages. */
export function setExperimentReloader(reload: (() => void) | undefined, segments?: () => string[]): void {
  shared.reloadExperiment = reload;
  shared.runningVariantSegments = segments;
}

/**
 * The locale segments the running experiment's variants are rendered under ("en-IN~1a2b3c4d-1"):
 * revalidating a public page revalidates its variants too. Empty without a host or an experiment.
 */
export function runningVariantSegments(): string[] {
  return shared.runningVariantSegments?.() ?? [];
}

/**
 * An experiment started, stopped or shipped (committed): this process reloads the running one, and
 * the other processes are told on the invalidation channel, as for the redirect table.
 */
export function experimentRunChanged(): void {
  shared.reloadExperiment?.();
  shared.publishTags?.([EXPERIMENTS_TAG], undefined);
}
