// A/B experiments, assigned here before the page cache and Next (docs/decisions/0107). The running
// experiment lives in memory, loaded from the app's store on the bridge at start and whenever it
// changes (this process's own changes call the reloader, another process's arrive on the
// invalidation channel, EXPERIMENTS_TAG), as the redirect table does. For a page the experiment
// shows on, the visitor's variant is a function of the experiment's key and the visitor's id
// (src/server/experiments/assign.ts), so every process agrees without storing anything:
// - with the visitor's consent (the consent bar's "granted" cookie) their id is a random first-party
//   cookie, kg_exp, which keeps the variant across days;
// - without it, their id is the analytics' visitor id of the day (no cookie): the same variant all day.
// The experiment shows on the pages of its target: one page for a service's hero, a case study's
// opening or an article's heading (the path it names), home or the free-audit page for theirs, every
// page for the header's call to action (src/lib/experiments.ts targetShownOn).
// A variant other than the control is named to Next in VARIANT_HEADER (next.config.ts renders its
// page under its own locale segment); the control is the page itself. Bots, signed-in staff,
// visitors who asked not to be tracked and preview links see the control and are not counted.
// Every answer of a page under experiment is marked private: a shared cache must not hand one
// visitor's variant to another.
import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { EXPERIMENT_KEY_PATTERN, VARIANT_HEADER, targetShownOn, variantName, variantSegment } from "../src/lib/experiments.ts";
import { chooseVariant } from "../src/server/experiments/assign.ts";
import { STAFF_SESSION_COOKIE, isBotAgent, isPagePath } from "../src/server/analytics/page-view.ts";
import { addressFromForwarded, optedOut, visitorDigest } from "../src/server/analytics/visitor-id.ts";
import { EXPERIMENTS_TAG, getExperimentStore, type ExperimentStore, type RunningExperiment } from "../src/server/kernel/bridge.ts";
import { consentChoice } from "./document-rewrites.ts";
import { mayBeDocument } from "./page-cache-rules.ts";
import { createReloader } from "./reloader.ts";
import type { InvalidationMessage } from "./invalidation.ts";

/** The first-party cookie of a visitor who consented: 32 hex digits, kept a year. */
export const EXPERIMENT_COOKIE = "kg_exp";
const COOKIE_PATTERN = new RegExp(`(?:^|;\\s*)${EXPERIMENT_COOKIE}=([0-9a-f]{32})(?:;|$)`);
const COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
/** The answer's Cache-Control on a page under experiment, in place of a public one. */
export const PRIVATE_CACHE_CONTROL = "private, no-cache";

export interface Exposure {
  key: string;
  /** 0 is the control. */
  variant: number;
}

const EXPOSURE = Symbol("kinetic.experiment-exposure");
const UNDER_EXPERIMENT = Symbol("kinetic.under-experiment");
type Marked = IncomingMessage & { [EXPOSURE]?: Exposure; [UNDER_EXPERIMENT]?: true };

/** The variant this request showed, when it counts as an exposure (host/analytics.ts stores it with the page view). */
export function experimentExposure(req: IncomingMessage): Exposure | null {
  return (req as Marked)[EXPOSURE] ?? null;
}

/** Whether the request is for a page the running experiment shows on (its answer is private). */
export function underExperiment(req: IncomingMessage): boolean {
  return (req as Marked)[UNDER_EXPERIMENT] === true;
}

/** Whether a message from another process means the running experiment may have changed. */
export function isExperimentChange(message: InvalidationMessage): boolean {
  return Boolean(message.all) || (message.tags ?? []).includes(EXPERIMENTS_TAG);
}

export interface ExperimentLayer {
  /** Names the request's variant for Next and the page cache; never fails the request. */
  assign(req: IncomingMessage, res: ServerResponse): Promise<void>;
  reload(): Promise<void>;
  /** The locale segments of the running experiment's variant pages (src/server/kernel/revalidate.ts). */
  segments(): string[];
  readonly running: RunningExperiment | null;
}

export interface ExperimentLayerOptions {
  store?: () => ExperimentStore | undefined;
  log?: (level: "info" | "warn" | "error", msg: string, fields?: object) => void;
  /** Whether the site is served over https (the cookie is then Secure). */
  secure?: boolean;
  now?: () => Date;
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function pathnameOf(url: string | undefined): string {
  const raw = String(url ?? "/");
  const q = raw.indexOf("?");
  const path = q === -1 ? raw : raw.slice(0, q);
  return path.length > 1 ? path.replace(/\/+$/, "") || "/" : path;
}

const sharedCacheable = (value: unknown) => /\bpublic\b|s-maxage/i.test(String(value ?? ""));

/**
 * The answer's public Cache-Control made private, as it goes out. The page cache calls this for a
 * document after keeping it (host/html-documents.ts: what it keeps and how it rewrites depends on
 * Next's public header); other answers (a navigation's RSC payload) get it from keepPrivate.
 */
export function makePrivate(res: ServerResponse): void {
  if (sharedCacheable(res.getHeader("cache-control"))) res.setHeader("Cache-Control", PRIVATE_CACHE_CONTROL);
}

/** Marks every Cache-Control this answer is given as private, whoever sets it. */
function keepPrivate(res: ServerResponse): void {
  const setHeader = res.setHeader.bind(res);
  res.setHeader = function (name: string, value: number | string | readonly string[]) {
    if (name.toLowerCase() === "cache-control" && sharedCacheable(value)) value = PRIVATE_CACHE_CONTROL;
    return setHeader(name, value);
  } as ServerResponse["setHeader"];
}

export function createExperimentLayer({
  store = getExperimentStore,
  log = () => {},
  secure = false,
  now = () => new Date(),
}: ExperimentLayerOptions = {}): ExperimentLayer {
  let running: RunningExperiment | null = null;
  // Loaded at start and whenever one starts, stops or ships; tried again while the app or its
  // database is not there.
  const loader = createReloader({
    name: "experiments",
    source: store,
    load: (source: ExperimentStore) => source.loadRunning(),
    apply: (loaded: RunningExperiment | null) => {
      // A key that is not ours to put in an address is never used (the table checks it too).
      running = loaded && EXPERIMENT_KEY_PATTERN.test(loaded.key) ? loaded : null;
    },
    log,
  });

  /** Requests left unassigned because no visitor id could be had (the database down). */
  let unassigned = 0;

  /** The visitor's id for assignment, or null (the control, not counted). */
  async function visitorIdOf(req: IncomingMessage, res: ServerResponse, source: ExperimentStore): Promise<string | null> {
    if (consentChoice(req) === "granted") {
      const kept = COOKIE_PATTERN.exec(String(req.headers.cookie ?? ""))?.[1];
      if (kept) return kept;
      const id = crypto.randomBytes(16).toString("hex");
      res.appendHeader("Set-Cookie", `${EXPERIMENT_COOKIE}=${id}; Path=/; Max-Age=${COOKIE_MAX_AGE_S}; SameSite=Lax; HttpOnly${secure ? "; Secure" : ""}`);
      return id;
    }
    const digest = visitorDigest(
      String(header(req, "host") ?? "").toLowerCase(),
      addressFromForwarded(header(req, "x-forwarded-for"), header(req, "x-real-ip")),
      header(req, "user-agent") ?? "",
    );
    return source.visitorId(digest, now());
  }

  async function assign(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // Only this layer names a variant: one a client sent would pick a page of its own choosing.
    delete req.headers[VARIANT_HEADER];
    const experiment = running;
    if (!experiment) return;
    if (req.method !== "GET" && req.method !== "HEAD") return;
    const pathname = pathnameOf(req.url);
    if (!isPagePath(pathname) || pathname === "/preview" || pathname.startsWith("/preview/") || !targetShownOn(experiment.target, pathname, experiment.path))
      return;
    (req as Marked)[UNDER_EXPERIMENT] = true;
    if (!mayBeDocument(req)) keepPrivate(res);
    const cookie = String(header(req, "cookie") ?? "");
    if (STAFF_SESSION_COOKIE.test(cookie) || optedOut((name) => header(req, name)) || isBotAgent(header(req, "user-agent"))) return;
    const source = store();
    if (!source) return;
    try {
      const id = await visitorIdOf(req, res, source);
      if (!id) return;
      const variant = chooseVariant({ seed: experiment.key, coverage: experiment.trafficPercent / 100, weights: experiment.weights }, id);
      if (variant === null) return;
      (req as Marked)[EXPOSURE] = { key: experiment.key, variant };
      if (variant > 0) req.headers[VARIANT_HEADER] = variantName({ key: experiment.key, index: variant });
    } catch (error) {
      // No id (the database is down): the page as it is, not counted. The 1st, 2nd, 4th... such
      // request is logged, not each one of an outage's traffic.
      unassigned += 1;
      if ((unassigned & (unassigned - 1)) === 0) log("warn", "experiment: visitor not assigned", { error: (error as Error).message, unassigned });
    }
  }

  return {
    assign,
    reload: loader.reload,
    segments: () => (running ? running.weights.slice(1).map((_, i) => variantSegment({ key: running!.key, index: i + 1 })) : []),
    get running() {
      return running;
    },
  };
}
