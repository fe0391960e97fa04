// `npm run bench`: the project's own performance benchmark (docs/benchmark.md).
//
// Builds the app when there is no fresh build, then on a fresh temporary embedded database:
//   1. cold start: `node host/start.ts` (SKIP_BUILD=1) to the first 200 of /api/health and of /,
//      once on the empty data folder (migrations and seeding included) and once on the filled one;
//   2. Lighthouse (mobile preset; simulated throttling unless --throttling=devtools), median of N runs per public route, one article
//      and one case study, with the load average over the runs and the routes over budget (bench-budget.ts),
//      and each run's main-thread CPU time read from its trace (bench-cpu.ts);
//   3. autocannon, 50 connections, 10 s, loopback: content pages, one article and the contact form's
//      Server Action, and the same pages' HTML bytes from a plain node:http static server;
//   4. after stopping the server: stored contact messages against 2xx answers of the form run;
//   5. through nginx with 1, 2 and 3 processes on PostgreSQL (scripts/bench-proxy.ts; --skip=nginx
//      leaves it out; skipped with the reason without BENCH_DATABASE_URL/DATABASE_URL or nginx).
// Beside Lighthouse, an empty Next.js app (one page, built with this project's next and react) gets
// the same Lighthouse runs, and the table gives ours divided by its figures: the framework's floor.
// Prints a table and writes bench-results/<timestamp>.json.
//
// Options: --quick (no Lighthouse), --lighthouse-runs=N (default 5), --lighthouse-routes=/a,/b (a
// subset), --skip=load,form (leave those parts out: Lighthouse and cold start alone), --duration=S (default 10),
// --connections=N (default 50), --throttling=devtools (Lighthouse loads the page with the CPU and network
// slowed and measures it as it ran, instead of its default "simulate": a trace at full speed, the slow
// phone simulated from it afterwards), --skip=baseline (no empty Next app beside Lighthouse), --skip=experiment (no A/B experiment run), --forms-only (cold start and the form runs only, no page load runs), --form-rate=N (default 300: the
// offered rate of the third form run), --form-modes=nojs,js,rate (which form runs; "action" adds the Server Action
// called as a script would, for comparison). Env: BENCH_PORT (default 3400; the static server uses BENCH_PORT + 1,
// the empty Next app BENCH_PORT + 2),
// BENCH_SERVER_NODE_OPTIONS (NODE_OPTIONS of the server under test, e.g. --cpu-prof).
// --analytics runs scripts/bench-analytics.ts instead (what counting page views costs; its own options).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import autocannon from "autocannon";
import type { Result as LighthouseResult } from "lighthouse";
import {
  httpStatus,
  listOption,
  loadRun,
  numberOption,
  percentile,
  stringOption,
  printTable,
  processCpuMs,
  serverEnv,
  sleep,
  spawnServer,
  writeResults,
  type BenchServer,
} from "./bench-helpers.ts";
import { budgetReport, overBudget, type LoadDuring, type Throttling } from "./bench-budget.ts";
import { cpuAccount, groupGone, type CpuAccount } from "./bench-machine.ts";
import { mainThreadCpu, type TraceEvent } from "./bench-cpu.ts";
import { hintChunks } from "../host/compile-hints.ts";
import { benchThroughNginx } from "./bench-proxy.ts";
import { LIVE_PAGES, PUBLIC_PAGES } from "../src/lib/public-routes.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../e2e/chromium.ts";

const root = path.resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
if (args.includes("--analytics")) {
  // Its own servers (counting off, then on, then killed) and databases: scripts/bench-analytics.ts.
  const { benchAnalytics } = await import("./bench-analytics.ts");
  await benchAnalytics();
  process.exit(0);
}
const FORMS_ONLY = args.includes("--forms-only");
const QUICK = args.includes("--quick") || FORMS_ONLY;
// Five alternating rounds: TBT of one run varies by a factor of two on a two-core machine; five give a steadier median.
const LH_RUNS = QUICK ? 0 : numberOption(args, "lighthouse-runs", 5);
const DURATION = numberOption(args, "duration", 10);
const FORM_RATE = numberOption(args, "form-rate", 300);
const CONNECTIONS = numberOption(args, "connections", 50);
const LH_ROUTES = listOption(args, "lighthouse-routes");
// How Lighthouse slows the page down: the empty page and ours alike, so their ratio can be read both ways.
const THROTTLING = ((value: string): Throttling => {
  if (value !== "simulate" && value !== "devtools") throw new Error(`--throttling is "simulate" or "devtools", not "${value}"`);
  return value;
})(stringOption(args, "throttling", "simulate"));
const FORM_MODES = new Set(listOption(args, "form-modes") ?? ["nojs", "js", "rate"]);
const SKIP = new Set(listOption(args, "skip") ?? []);
const PORT = Number(process.env.BENCH_PORT ?? 3400);
const STATIC_PORT = PORT + 1;
const EMPTY_PORT = PORT + 2;
const EMPTY_BASE = `http://127.0.0.1:${EMPTY_PORT}`;
const BASE = `http://127.0.0.1:${PORT}`;
const CHROME_PATH = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? CHROMIUM_PATH;
// chrome-launcher starts Chromium itself: headless is asked for here, Playwright asks for it on its own.
const CHROME_FLAGS = ["--headless", ...CHROMIUM_ARGS];
// Lighthouse runs in the whole browser; `npm test` installs only the headless shell the tests drive
// (docs/decisions/0115), so on a machine set up by it the browser may be missing: said before any server starts.
if (LH_RUNS > 0 && !fs.existsSync(CHROME_PATH)) {
  console.error(`Chromium is missing at ${CHROME_PATH}: run 'sudo apt-get install -y chromium' (or set CHROME_PATH), or --quick to skip Lighthouse.`);
  process.exit(1);
}
/** Every public route: the table the site itself reads (src/lib/public-routes.ts), the live booking page included. */
const PUBLIC_ROUTES = [...PUBLIC_PAGES, ...LIVE_PAGES].map((page) => page.path);
const LOAD_ROUTES = ["/", "/services/seo-optimization", "/case-studies", "/blog"];

const log = (message: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);

// ---------------------------------------------------------------------------------------------
// What the runs measure and the JSON holds.

/** Milliseconds from launch to the first 200. */
interface ColdStart {
  healthMs: number;
  homeMs: number;
}
/** The figures of one Lighthouse run that the table shows (scores 0-100, ms, KB). */
type LighthouseFigure = "performance" | "accessibility" | "bestPractices" | "seo" | "lcpMs" | "tbtMs" | "cls" | "jsKB" | "cpuMs" | "cpuBlockingMs";
/** One Lighthouse run of one page, with where its main thread's time went (kept in the JSON only). */
interface LighthouseRun extends Record<LighthouseFigure, number> {
  runtimeError: string | null;
  /** The longest main-thread task's CPU time (kept in the JSON only). */
  longestTaskCpuMs: number;
  mainThread: Record<string, number>;
  bootup: { url: string; totalMs: number; scriptingMs: number }[];
  longTasks: { url: string; startMs: number; durationMs: number }[];
}
/** "-": the empty page's figure was 0 in every run. */
type Ratio = number | "-";
/** A page's median figures over its runs; beside the empty page, ours over its figures. */
interface LighthouseRow extends Record<LighthouseFigure, number> {
  route: string;
  runs: number;
  all: LighthouseRun[];
  tbtRatio?: Ratio;
  cpuBlockingRatio?: Ratio;
  performanceRatio?: Ratio;
  jsRatio?: Ratio;
}
interface EmptyPageRow extends LighthouseRow {
  next: string;
  react: string;
}
interface LighthouseTarget {
  route: string;
  label: string;
  url: string;
  /** The browser's user agent, when not Lighthouse's own (which the site takes for a bot). */
  userAgent?: string;
}
/** One load run (autocannon, or the open loop of paced()); latencies in ms. */
interface LoadFigures {
  label: string;
  url: string;
  requests: number;
  reqPerSec: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
  ok2xx: number;
}
/** A page's run against the same bytes from the static server. */
interface LoadRow extends LoadFigures {
  staticReqPerSec: number;
  staticP99: number;
  ratio: number;
}
/** A form run: each request its own address, e-mail and key. */
interface FormRun extends LoadFigures {
  mode: string;
  prefix: string;
  sent: number;
  cpuMsPerRequest: number;
}
/** The same, with its answers matched to the rows stored after the server stopped. */
interface FormResult extends FormRun {
  storedRows: number;
  duplicates: number;
  lost: number;
  inFlightAtEnd: number;
  storedPerSec: number;
}
type Fields = [name: string, value: string][];
/** How the contact form is posted in one run. */
interface FormMode {
  key: string;
  mode: string;
  prefix: string;
  /** The contact page's own address when none is given. */
  url?: string;
  /** URL-encoded as the page's script posts; else multipart as a browser without JavaScript does. */
  urlencoded?: boolean;
  fields: (n: number, prefix: string) => Fields;
  headers: Record<string, string>;
  /** Offered at this rate (open loop) instead of by 50 connections as fast as they go. */
  rate?: number;
}
/** One submission's body and headers. */
interface Submission {
  body: string;
  headers: Record<string, string>;
}

// ---------------------------------------------------------------------------------------------
// Build (only when missing or older than the sources, like host/start.ts).

const SOURCES = ["src", "public", "drizzle", "package.json", "package-lock.json", "next.config.ts", "postcss.config.mjs", "tsconfig.json"];
function newestMtime(target: string): number {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(target).reduce((newest, entry) => Math.max(newest, newestMtime(path.join(target, entry))), stat.mtimeMs);
}
function ensureBuild(): void {
  const buildId = path.join(root, ".next", "BUILD_ID");
  const fresh = fs.existsSync(buildId) && SOURCES.every((s) => newestMtime(path.join(root, s)) <= fs.statSync(buildId).mtimeMs);
  if (fresh) {
    // A build made by a bare `next build` lacks the chunks' compile hint (docs/decisions/0118): the
    // bench measures what `npm run build` serves. Adding it is a no-op when it is there.
    hintChunks(path.join(root, ".next"));
    return log("using the existing build (.next is newer than the sources)");
  }
  log("building (next build)...");
  const result = spawnSync(path.join(root, "node_modules", ".bin", "next"), ["build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (result.status !== 0) throw new Error("next build failed");
  hintChunks(path.join(root, ".next"));
}

// ---------------------------------------------------------------------------------------------
// The empty Next.js app: the framework's floor, measured in the same run with the same Lighthouse.
// One root layout (html, body) and one page (a heading and a paragraph), in plain JavaScript (no
// TypeScript set-up), built with this project's own node_modules: it lives under .next (ignored by
// git, lint and the type check), so that Next resolves next, react and react-dom from the
// project's node_modules and the versions are the same by construction.

const emptyAppDir = path.join(root, ".next", "bench-empty-app");
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
function installedVersion(name: string): string {
  const manifest: unknown = JSON.parse(fs.readFileSync(path.join(root, "node_modules", name, "package.json"), "utf8"));
  const version = typeof manifest === "object" && manifest !== null && "version" in manifest ? manifest.version : undefined;
  if (typeof version !== "string") throw new Error(`node_modules/${name}/package.json has no version`);
  return version;
}

function buildEmptyApp(): void {
  fs.rmSync(emptyAppDir, { recursive: true, force: true });
  fs.mkdirSync(path.join(emptyAppDir, "app"), { recursive: true });
  fs.writeFileSync(path.join(emptyAppDir, "package.json"), `${JSON.stringify({ name: "bench-empty-next-app", private: true })}\n`);
  // Its own (empty) configuration: Next looks for one upwards and would otherwise load the site's.
  fs.writeFileSync(path.join(emptyAppDir, "next.config.mjs"), "export default {};\n");
  fs.writeFileSync(
    path.join(emptyAppDir, "app", "layout.js"),
    `export const metadata = { title: "Empty Next.js page", description: "The framework's floor." };\n` +
      `export default function RootLayout({ children }) {\n  return (\n    <html lang="en">\n      <body>{children}</body>\n    </html>\n  );\n}\n`,
  );
  fs.writeFileSync(
    path.join(emptyAppDir, "app", "page.js"),
    `export default function Page() {\n  return (\n    <main>\n      <h1>An empty Next.js page</h1>\n      <p>The same next and react as the site, nothing else.</p>\n    </main>\n  );\n}\n`,
  );
  log(`building the empty Next app (next ${installedVersion("next")}, react ${installedVersion("react")}) in ${path.relative(root, emptyAppDir)}`);
  const result = spawnSync(process.execPath, [nextBin, "build"], {
    cwd: emptyAppDir,
    encoding: "utf8",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" },
  });
  if (result.status !== 0) throw new Error(`next build of the empty app failed:\n${result.stdout}\n${result.stderr}`);
}

/** Serves the empty app with `next start` on a port of its own; resolves to a function that stops it. */
async function startEmptyApp(): Promise<() => Promise<void>> {
  const child = spawn(process.execPath, [nextBin, "start", "-p", String(EMPTY_PORT), "-H", "127.0.0.1"], {
    cwd: emptyAppDir,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" },
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const stop = async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await exited;
  };
  const deadline = performance.now() + 60_000;
  while ((await status(`${EMPTY_BASE}/`)) !== 200) {
    if (child.exitCode !== null || performance.now() > deadline) {
      await stop();
      throw new Error(`the empty Next app did not start:\n${output}`);
    }
    await sleep(200);
  }
  return stop;
}

/**
 * Ours divided by the empty page's figure, run by run (run i of ours with run i of the empty page,
 * measured moments apart), then the median of those ratios, two decimals; "-" when the floor is 0.
 */
function pairedRatio(ours: LighthouseRow, empty: LighthouseRow, key: LighthouseFigure): Ratio {
  const ratios = ours.all
    .map((run, i) => {
      const floor = empty.all[i]?.[key] ?? 0;
      return floor > 0 ? run[key] / floor : null;
    })
    .filter((r) => r !== null)
    .sort((a, b) => a - b);
  return ratios.length ? Number(ratios[Math.floor(ratios.length / 2)]!.toFixed(2)) : "-";
}

// ---------------------------------------------------------------------------------------------
// The server under test.

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-data-"));
let server: BenchServer | null = null;

/** Waits (at most a minute) until the mail outbox has not grown for 2 s. */
async function waitForOutboxToSettle(): Promise<void> {
  const count = () => {
    try {
      return fs.readdirSync(path.join(dataDir, "outbox")).length;
    } catch {
      return 0;
    }
  };
  const deadline = performance.now() + 60_000;
  let last = -1;
  while (performance.now() < deadline) {
    const now = count();
    if (now === last) return;
    last = now;
    await sleep(2_000);
  }
}

/** CPU time (user + system) the server process has used so far, in ms. */
const serverCpuMs = () => processCpuMs(server?.child.pid);

/** The production server on the temporary data folder, on the embedded database whatever DATABASE_URL says. */
function startServer(): BenchServer {
  const env = serverEnv({
    port: PORT,
    dataDir,
    extra: {
      // The form run gives each request its own client address through X-Forwarded-For.
      TRUST_PROXY: "1",
      // e.g. BENCH_SERVER_NODE_OPTIONS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server.
      ...(process.env.BENCH_SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS } : {}),
    },
  });
  server = spawnServer(env);
  return server;
}

async function stopServer(): Promise<void> {
  const running = server;
  server = null;
  await running?.stop();
}

/** The status of GET `url`, 0 when it fails or takes more than 5 s. */
const status = (url: string) => httpStatus(url, { timeoutMs: 5_000 });

/** Milliseconds from launch to the first 200 of /api/health and of /. */
async function coldStart(): Promise<ColdStart> {
  const launched = performance.now();
  const child = startServer();
  const deadline = launched + 120_000;
  let health: number | null = null;
  while (health === null) {
    if (child.child.exitCode !== null || performance.now() > deadline) {
      throw new Error(`server did not start:\n${child.output()}`);
    }
    if ((await status(`${BASE}/api/health`)) === 200) health = performance.now() - launched;
    else await sleep(10);
  }
  let home: number | null = null;
  while (home === null) {
    if ((await status(`${BASE}/`)) === 200) home = performance.now() - launched;
    else await sleep(10);
  }
  return { healthMs: Math.round(health), homeMs: Math.round(home) };
}

// ---------------------------------------------------------------------------------------------
// Helpers for pages and the form.

async function getHtml(url: string): Promise<{ html: string; headers: Record<string, string> }> {
  const res = await fetch(url);
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  return { html: await res.text(), headers: Object.fromEntries(res.headers) };
}

function decodeEntities(value: string): string {
  return value.replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");
}

/** The hidden fields React renders into a Server Action form for a post without JavaScript. */
function actionFields(html: string): Fields {
  const fields: Fields = [];
  for (const match of html.matchAll(/<input[^>]*name="(\$ACTION[^"]*)"[^>]*>/g)) {
    const value = /value="([^"]*)"/.exec(match[0]);
    fields.push([match[1]!, value ? decodeEntities(value[1]!) : ""]);
  }
  if (fields.length === 0) throw new Error("no $ACTION_ fields found in the contact page");
  return fields;
}

/** The id in a Server Action's hidden $ACTION_ field (JSON with an "id"). */
function actionId(value: string): string {
  const parsed: unknown = JSON.parse(value);
  if (typeof parsed === "object" && parsed !== null && "id" in parsed && typeof parsed.id === "string") return parsed.id;
  throw new Error(`no action id in ${value}`);
}

function multipart(fields: Fields, boundary: string): string {
  return fields
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join("")
    .concat(`--${boundary}--\r\n`);
}

/** One autocannon run at the run's connections and duration. */
async function load(label: string, options: autocannon.Options): Promise<LoadFigures> {
  const { statuses: _statuses, ...figures } = await loadRun({ connections: CONNECTIONS, duration: DURATION, ...options });
  return { label, url: options.url, ...figures };
}

/**
 * Open-loop load: `rate` POSTs per second, evenly spaced, each sent when it is due whether or not
 * the earlier ones were answered (as independent visitors arrive), on keep-alive connections.
 * Each answer's time counts from when its request was due, so a load generator that falls behind
 * is billed to the server, not hidden. (autocannon's overallRate is not this: every connection
 * sends its share of the second at once, then waits for the next second, so 300/s arrives as a
 * burst of 300 at the top of each second; measured here, that doubled the p95.)
 */
async function paced(label: string, { rate, url, submission }: { rate: number; url: string; submission: () => Submission }): Promise<LoadFigures> {
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const latencies: number[] = [];
  const counts = { ok2xx: 0, non2xx: 0, errors: 0 };
  const pending = new Set<Promise<void>>();
  const total = Math.round(rate * DURATION);
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait >= 1) await sleep(wait);
    const { body, headers } = submission();
    const answered = new Promise<void>((resolve) => {
      const request = http.request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path: target.pathname,
          method: "POST",
          headers: { ...headers, "content-length": Buffer.byteLength(body) },
        },
        (response) => {
          response.resume();
          response.on("end", () => {
            latencies.push(performance.now() - due);
            const code = response.statusCode ?? 0;
            counts[code >= 200 && code < 300 ? "ok2xx" : "non2xx"] += 1;
            resolve();
          });
        },
      );
      request.setTimeout(10_000, () => request.destroy(new Error("timed out")));
      request.on("error", () => {
        counts.errors += 1;
        resolve();
      });
      request.end(body);
    });
    pending.add(answered);
    answered.then(() => pending.delete(answered));
  }
  await Promise.all(pending);
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    label,
    url,
    requests: total,
    reqPerSec: Math.round((counts.ok2xx + counts.non2xx) / seconds),
    p50: Math.round(percentile(latencies, 50) ?? 0),
    p95: Math.round(percentile(latencies, 95) ?? 0),
    p99: Math.round(percentile(latencies, 99) ?? 0),
    ...counts,
  };
}

/** A plain static server: the same HTML bytes, no framework. */
function startStaticServer(pages: Map<string, Buffer>): Promise<http.Server> {
  const gzipped = new Map([...pages].map(([route, body]) => [route, zlib.gzipSync(body)]));
  const srv = http.createServer((req, res) => {
    const route = (req.url ?? "/").split("?")[0]!;
    const gzip = /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
    const body = (gzip ? gzipped : pages).get(route);
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": body.length, ...(gzip ? { "content-encoding": "gzip" } : {}) });
    res.end(body);
  });
  return new Promise((resolve) => srv.listen(STATIC_PORT, "127.0.0.1", () => resolve(srv)));
}

// ---------------------------------------------------------------------------------------------
// Lighthouse.

/** The rows of a Lighthouse audit's table (its details' items); none when it has no table. */
function auditItems(lhr: LighthouseResult, audit: string): Record<string, unknown>[] {
  const details: unknown = lhr.audits[audit]?.details;
  if (typeof details !== "object" || details === null || !("items" in details) || !Array.isArray(details.items)) return [];
  return details.items.filter((item: unknown): item is Record<string, unknown> => typeof item === "object" && item !== null);
}

/**
 * Lighthouse on every target (a URL), LH_RUNS times each, median per figure. The runs go round the
 * targets (run 1 of each, then run 2 of each...), so that every target, the empty Next page
 * included, meets the same moments of a busy machine.
 */
async function runLighthouse(targets: LighthouseTarget[], loadSamples?: number[], account?: CpuAccount): Promise<LighthouseRow[]> {
  if (LH_RUNS === 0) return [];
  const { default: lighthouse } = await import("lighthouse");
  const chromeLauncher = await import("chrome-launcher");
  const runs = new Map(targets.map((target): [string, LighthouseRun[]] => [target.url, []]));
  for (let i = 0; i < LH_RUNS; i++) {
    for (const target of targets) {
      let failures = 0;
      for (;;) {
        log(`lighthouse ${target.label} (${i + 1}/${LH_RUNS})`);
        // What the machine spends while this run measures: up to the kill, while Chromium's processes are still the bench's (scripts/bench-machine.ts).
        const span = account?.begin();
        const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
        try {
          const result = await lighthouse(target.url, {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            throttlingMethod: THROTTLING,
            ...(target.userAgent ? { emulatedUserAgent: target.userAgent } : {}),
          });
          if (!result) throw new Error(`Lighthouse returned no result for ${target.label}`);
          const lhr = result.lhr;
          const cls = lhr.audits["cumulative-layout-shift"]?.numericValue;
          if (lhr.runtimeError || cls === undefined) {
            // A run Lighthouse could not finish (Chromium hiccup, NO_FCP): said, and run again.
            log(`lighthouse ${target.label}: run failed (${lhr.runtimeError?.code ?? "no metrics"}), repeating it`);
            if (++failures > LH_RUNS) throw new Error(`Lighthouse failed ${failures} times on ${target.label}`);
            continue;
          }
          const score = (category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
          const milliseconds = (audit: string) => Math.round(lhr.audits[audit]?.numericValue ?? NaN);
          const scriptRow = auditItems(lhr, "resource-summary").find((item) => item.resourceType === "script");
          // The main thread's CPU time from the run's own trace (scripts/bench-cpu.ts): the figure a
          // busy machine does not inflate. A trace without it stops the bench rather than print a blank.
          const traceEvents: unknown = result.artifacts.Trace?.traceEvents;
          const cpu = Array.isArray(traceEvents) ? mainThreadCpu(traceEvents as TraceEvent[]) : null;
          if (!cpu) throw new Error(`the trace of Lighthouse's run on ${target.label} has no renderer main thread with thread times`);
          runs.get(target.url)!.push({
            performance: score("performance"),
            accessibility: score("accessibility"),
            bestPractices: score("best-practices"),
            seo: score("seo"),
            lcpMs: milliseconds("largest-contentful-paint"),
            tbtMs: milliseconds("total-blocking-time"),
            cls: Number(cls.toFixed(3)),
            jsKB: Number((Number(scriptRow?.transferSize ?? 0) / 1024).toFixed(1)),
            cpuMs: cpu.cpuMs,
            cpuBlockingMs: cpu.cpuBlockingMs,
            longestTaskCpuMs: cpu.longestTaskMs,
            // Runs with an error were repeated above.
            runtimeError: null,
            // Where the main thread's time went (kept in the JSON only): per kind of work, and the
            // scripts that cost the most (their evaluation, parse and compile), to name what a
            // route runs that the empty page does not.
            mainThread: Object.fromEntries(auditItems(lhr, "mainthread-work-breakdown").map((item) => [String(item.group), Math.round(Number(item.duration))])),
            bootup: auditItems(lhr, "bootup-time")
              .slice(0, 6)
              .map((item) => ({
                url: String(item.url).replace(/^https?:\/\/[^/]+/, ""),
                totalMs: Math.round(Number(item.total)),
                scriptingMs: Math.round(Number(item.scripting)),
              })),
            longTasks: auditItems(lhr, "long-tasks")
              .slice(0, 8)
              .map((item) => ({
                url: String(item.url).replace(/^https?:\/\/[^/]+/, ""),
                startMs: Math.round(Number(item.startTime)),
                durationMs: Math.round(Number(item.duration)),
              })),
          });
          break;
        } finally {
          account?.end(span ?? null);
          await chrome.kill();
          // The next run's account starts once this Chromium's processes have gone (scripts/bench-machine.ts).
          if (account && !(await groupGone(chrome.pid))) account.end(null);
          // Between runs: what else shared the machine with this one.
          loadSamples?.push(os.loadavg()[0]!);
        }
      }
    }
  }
  return targets.map((target) => {
    const all = runs.get(target.url)!;
    // Median per figure, across the runs (the upper of the two middle runs when their number is even).
    const median = (key: LighthouseFigure) => {
      const values = all.map((r) => r[key]).sort((a, b) => a - b);
      return values[Math.floor(values.length / 2)]!;
    };
    return {
      route: target.route,
      runs: all.length,
      performance: median("performance"),
      accessibility: median("accessibility"),
      bestPractices: median("bestPractices"),
      seo: median("seo"),
      lcpMs: median("lcpMs"),
      tbtMs: median("tbtMs"),
      cls: median("cls"),
      jsKB: median("jsKB"),
      cpuMs: median("cpuMs"),
      cpuBlockingMs: median("cpuBlockingMs"),
      all,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// A/B experiments (docs/decisions/0107): the home page with an experiment on its hero against the
// same page without one.

const EXPERIMENT_KEY = "be4c0a11";
const EXPERIMENT_HEADLINE = "The bench's variant headline";
/** A person's browser as the site sees one (not a bot); each visitor below adds its own number. */
const BROWSER_AGENT = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

interface ExperimentBench {
  load: (LoadFigures & { page: string })[];
  lighthouse: LighthouseRow[];
  /** req/s of the variant's and the control's page over the page without an experiment. */
  variantRatio: number;
  controlRatio: number;
}

/**
 * Runs (or, with false, removes) the bench's experiment on the home page's hero in the stopped
 * server's embedded database.
 */
async function setExperimentOffline(running: boolean): Promise<void> {
  const { PGlite } = await import("@electric-sql/pglite");
  const db = new PGlite(path.join(dataDir, "pglite"));
  try {
    await db.query("delete from experiments where key = $1", [EXPERIMENT_KEY]);
    if (!running) return;
    const variants = [
      { name: "Control", weight: 1, copy: {} },
      { name: "Bench", weight: 1, copy: { headline: EXPERIMENT_HEADLINE, ctaText: "Claim your audit" } },
    ];
    await db.query(
      "insert into experiments (key, name, target, status, variants, goal, started_at) values ($1, $2, 'home-hero', 'running', $3, 'free-audit', now())",
      [EXPERIMENT_KEY, "Bench: home hero", JSON.stringify(variants)],
    );
  } finally {
    await db.close();
  }
}

/**
 * Two visitors' agents: one the experiment shows its variant to, one the control (the server
 * decides from the day's visitor id, which the bench cannot compute: it asks).
 */
async function experimentVisitors(): Promise<{ variant: string; control: string }> {
  let variant: string | undefined;
  let control: string | undefined;
  for (let i = 0; i < 200 && !(variant && control); i++) {
    const agent = `${BROWSER_AGENT} bench-visitor/${i}`;
    const html = await (await fetch(`${BASE}/`, { headers: { "user-agent": agent, accept: "text/html" } })).text();
    if (html.includes(EXPERIMENT_HEADLINE)) variant ??= agent;
    else control ??= agent;
  }
  if (!variant || !control) throw new Error("the experiment showed no variant (or only the variant) to 200 visitors");
  return { variant, control };
}

async function benchExperiment(): Promise<ExperimentBench> {
  const home = (agent: string) => ({ url: `${BASE}/`, headers: { "user-agent": agent, accept: "text/html", "accept-encoding": "gzip, deflate, br" } });
  const plainAgent = `${BROWSER_AGENT} bench-visitor/plain`;
  log("experiment: started on the home page's hero; finding a visitor of each variant");
  await setExperimentOffline(true);
  await coldStart();
  const agents = await experimentVisitors();
  await stopServer();
  // Each run after a restart of its own, with the experiment added or removed while the server is
  // down, in the order A B C C B A: every run writes its page views (and the next minute's visits)
  // into the same database, so a later run carries an earlier one's backlog; mirrored, each page
  // meets it as often early as late.
  const kinds = [
    { page: "no experiment", agent: plainAgent, running: false },
    { page: "experiment running: the control's visitor", agent: agents.control, running: true },
    { page: "experiment running: the variant's visitor", agent: agents.variant, running: true },
  ];
  const runs = new Map<string, LoadFigures[]>(kinds.map((k) => [k.page, []]));
  for (const kind of [...kinds, ...[...kinds].reverse()]) {
    log(`experiment: / for ${kind.page} (restarted, warmed up)`);
    await setExperimentOffline(kind.running);
    await coldStart();
    await load("warm-up", { ...home(kind.agent), duration: 3 });
    runs.get(kind.page)!.push(await load("/ (gzip)", home(kind.agent)));
    await stopServer();
  }
  /** The two runs of a page as one row: requests and req/s summed and halved, latencies the worse run's. */
  const merged = (page: string): LoadFigures & { page: string } => {
    const [a, b] = runs.get(page)!;
    return {
      ...a!,
      page,
      requests: a!.requests + b!.requests,
      reqPerSec: Math.round((a!.reqPerSec + b!.reqPerSec) / 2),
      p50: Math.max(a!.p50, b!.p50),
      p95: Math.max(a!.p95, b!.p95),
      p99: Math.max(a!.p99, b!.p99),
      errors: a!.errors + b!.errors,
      non2xx: a!.non2xx + b!.non2xx,
      ok2xx: a!.ok2xx + b!.ok2xx,
    };
  };
  const [without, control, variant] = kinds.map((k) => merged(k.page));
  for (const k of kinds)
    log(
      `experiment: ${k.page}: ${runs
        .get(k.page)!
        .map((r) => r.reqPerSec)
        .join(" and ")} req/s`,
    );
  let lighthouseRows: LighthouseRow[] = [];
  if (LH_RUNS > 0) {
    await setExperimentOffline(true);
    await coldStart();
    lighthouseRows = await runLighthouse([
      { route: "/ (Lighthouse's agent: not assigned)", label: "/ not assigned", url: `${BASE}/` },
      { route: "/ (the control's visitor)", label: "/ control", url: `${BASE}/?experiment-visitor=control`, userAgent: agents.control },
      { route: "/ (the variant's visitor)", label: "/ variant", url: `${BASE}/?experiment-visitor=variant`, userAgent: agents.variant },
    ]);
    await stopServer();
  }
  return {
    load: [without!, control!, variant!],
    lighthouse: lighthouseRows,
    variantRatio: Number((variant!.reqPerSec / without!.reqPerSec).toFixed(3)),
    controlRatio: Number((control!.reqPerSec / without!.reqPerSec).toFixed(3)),
  };
}

// ---------------------------------------------------------------------------------------------
// Stored rows, read from the embedded database after the server has stopped.

async function countContactRows(prefix: string): Promise<{ total: number; distinct_emails: number }> {
  const { PGlite } = await import("@electric-sql/pglite");
  const db = new PGlite(path.join(dataDir, "pglite"));
  try {
    const { rows } = await db.query<{ total: number; distinct_emails: number }>(
      "select count(*)::int as total, count(distinct email)::int as distinct_emails from contact_messages where email like $1",
      [`${prefix}%`],
    );
    return rows[0]!;
  } finally {
    await db.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Output.

const table = printTable;
/** The Lighthouse table's columns, ours and the empty page's alike. */
const LIGHTHOUSE_COLUMNS = [
  ["route", "route"],
  ["performance", "perf"],
  ["accessibility", "a11y"],
  ["bestPractices", "best"],
  ["seo", "seo"],
  ["lcpMs", "LCP ms"],
  ["tbtMs", "TBT ms"],
  ["cls", "CLS"],
  ["jsKB", "JS KB (compressed)"],
  ["cpuMs", "main-thread CPU ms"],
  ["cpuBlockingMs", "CPU blocking ms"],
] as const;

async function main(): Promise<void> {
  const startedAt = new Date();
  ensureBuild();
  const withBaseline = LH_RUNS > 0 && !SKIP.has("baseline");
  // Built before our server starts, so that the build does not share the machine with a measurement.
  if (withBaseline) buildEmptyApp();

  log(`cold start on an empty data folder (${dataDir})`);
  const coldEmpty = await coldStart();
  await stopServer();
  log("cold start on the filled data folder");
  const coldFilled = await coldStart();

  // One article from the blog listing.
  const blog = await getHtml(`${BASE}/blog`);
  const article = [...blog.html.matchAll(/href="(\/blog\/[a-z0-9-]+)"/g)].map((m) => m[1]).find((href) => href !== "/blog/feed.xml");
  if (!article) throw new Error("no article link on /blog");
  log(`article: ${article}`);
  // And one case study's own page, from the case studies' listing.
  const caseStudies = await getHtml(`${BASE}/case-studies`);
  const caseStudy = /href="(\/case-studies\/[a-z0-9-]+)"/.exec(caseStudies.html)?.[1];
  if (!caseStudy) throw new Error("no case study link on /case-studies");
  log(`case study: ${caseStudy}`);

  // Warm every page once (the first request renders and caches it) and keep its HTML bytes.
  const pages = new Map<string, Buffer>();
  const cacheHeaders: Record<string, { cacheControl: string | null; nextCache: string | null }> = {};
  for (const route of [...PUBLIC_ROUTES, article, caseStudy]) {
    await getHtml(`${BASE}${route}`);
    const res = await fetch(`${BASE}${route}`);
    pages.set(route, Buffer.from(await res.arrayBuffer()));
    cacheHeaders[route] = { cacheControl: res.headers.get("cache-control"), nextCache: res.headers.get("x-nextjs-cache") };
  }

  const targets = (LH_ROUTES ?? [...PUBLIC_ROUTES, article, caseStudy]).map((route): LighthouseTarget => ({ route, label: route, url: `${BASE}${route}` }));
  let lighthouse: LighthouseRow[] = [];
  let emptyPage: EmptyPageRow | null = null;
  // The 1-minute load average when the Lighthouse phase starts, after each run, and when it ends.
  const loadSamples = [os.loadavg()[0]!];
  const account = cpuAccount();
  if (withBaseline) {
    const stopEmptyApp = await startEmptyApp();
    try {
      lighthouse = await runLighthouse([...targets, { route: "/", label: "the empty Next page", url: `${EMPTY_BASE}/` }], loadSamples, account);
    } finally {
      await stopEmptyApp();
    }
    const empty = lighthouse.pop();
    if (!empty) throw new Error("no Lighthouse figures for the empty Next page");
    emptyPage = { ...empty, next: installedVersion("next"), react: installedVersion("react") };
    for (const row of lighthouse) {
      row.tbtRatio = pairedRatio(row, empty, "tbtMs");
      row.cpuBlockingRatio = pairedRatio(row, empty, "cpuBlockingMs");
      row.performanceRatio = pairedRatio(row, empty, "performance");
      row.jsRatio = pairedRatio(row, empty, "jsKB");
    }
  } else {
    lighthouse = await runLighthouse(targets, loadSamples, account);
  }
  loadSamples.push(os.loadavg()[0]!);
  const twoDecimals = (n: number) => Number(n.toFixed(2));
  const lighthouseLoad: LoadDuring = {
    start: twoDecimals(loadSamples[0]!),
    end: twoDecimals(loadSamples.at(-1)!),
    max: twoDecimals(Math.max(...loadSamples)),
    cores: os.cpus().length,
  };
  const shares = account.shares();
  if (shares) lighthouseLoad.cpu = { bench: Number(shares.bench.toFixed(3)), other: Number(shares.other.toFixed(3)) };

  const staticServer = await startStaticServer(pages);
  const loadRuns: LoadRow[] = [];
  try {
    for (const route of FORMS_ONLY || SKIP.has("load") ? [] : [...LOAD_ROUTES, article]) {
      log(`autocannon ${route} (ours, then static)`);
      // Without Accept-Encoding (the whole HTML), and as browsers ask for it (gzip: ours from the
      // page cache, the static server's gzipped once at start).
      for (const headers of [{}, { "accept-encoding": "gzip, deflate, br" }] as Record<string, string>[]) {
        const name = headers["accept-encoding"] ? `${route} (gzip)` : route;
        const ours = await load(name, { url: `${BASE}${route}`, headers });
        const plain = await load(name, { url: `http://127.0.0.1:${STATIC_PORT}${route}`, headers });
        loadRuns.push({ ...ours, staticReqPerSec: plain.reqPerSec, staticP99: plain.p99, ratio: Number((ours.reqPerSec / plain.reqPerSec).toFixed(2)) });
      }
    }
  } finally {
    staticServer.close();
  }

  // The contact form, posted two ways: as a browser without JavaScript posts it (multipart with the
  // hidden $ACTION_ fields; the answer is the whole page rendered again), and as the page's script
  // posts it (its fields, URL-encoded, to /api/forms/contact; the answer is the form's state as JSON). Each
  // request gets its own client address (the per-IP rate limit stays as configured) and its own
  // e-mail address, so that stored rows can be matched to answers.
  const contact = await getHtml(`${BASE}/contact`);
  const hidden = actionFields(contact.html);
  const boundary = "----benchform7MA4YWxkTrZu0gW";
  const visitor = (n: number, prefix: string): Fields => [
    ["name", "Bench Visitor"],
    ["email", `${prefix}${n}@example.com`],
    ["mobileNumber", "+919876543210"],
    ["company", "Benchmark"],
    ["message", `Benchmark message number ${n}, long enough to pass validation.`],
  ];
  const formModes: FormMode[] = [
    {
      key: "nojs",
      mode: "no JavaScript (multipart, page re-rendered)",
      prefix: `bench-${startedAt.getTime()}-nojs-`,
      fields: (n, prefix) => [...hidden, ...visitor(n, prefix)],
      headers: {},
    },
    {
      key: "js",
      mode: "with JavaScript (fetch to /api/forms/contact)",
      prefix: `bench-${startedAt.getTime()}-js-`,
      // What the page's script posts (ADR 0017): the form's fields, with the guard fields it fills
      // in (a fill time above the minimum, a fresh submission key); the answer is the form's state as JSON.
      url: `${BASE}/api/forms/contact`,
      urlencoded: true,
      fields: (n, prefix) => [
        ...visitor(n, prefix),
        ["companyWebsite", ""],
        ["elapsedMs", "15000"],
        ["submissionKey", `bench-key-${startedAt.getTime()}-${n}`],
        ["attribution", ""],
      ],
      headers: { accept: "application/json" },
    },
  ];
  // The form budget is a rate with a latency (300 stored/s, p95 <= 100 ms). With 50 connections
  // each sending as soon as it is answered, latency is connections / throughput (Little's law:
  // 50 / 300 per s = 167 ms) whatever the server does; so the same requests are also offered at a
  // fixed rate, evenly spaced (open loop: paced() below), which is what the budget describes.
  const viaScript = formModes[1]!;
  formModes.push({
    ...viaScript,
    key: "rate",
    mode: `with JavaScript, offered at ${FORM_RATE}/s`,
    prefix: `bench-${startedAt.getTime()}-rate-`,
    rate: FORM_RATE,
  });
  // The same submission through the Server Action as React's client calls it (what the form's
  // script posted before ADR 0017), for comparison: not in the default runs.
  const contactAction = hidden.find(([name]) => /^\$ACTION_\d+:0$/.test(name));
  if (contactAction) {
    formModes.push({
      urlencoded: false,
      key: "action",
      mode: "Server Action called by script (before ADR 0017)",
      prefix: `bench-${startedAt.getTime()}-action-`,
      fields: (n, prefix) => [
        ...viaScript.fields(n, prefix).map(([name, value]): [string, string] => [`_1_${name}`, value]),
        ["0", JSON.stringify([{ status: "idle" }, "$K1"])],
      ],
      headers: { "next-action": actionId(contactAction[1]), accept: "text/x-component" },
    });
  }
  const formRuns: FormRun[] = [];
  let counter = 0;
  for (const formMode of SKIP.has("form") ? [] : formModes.filter((m) => FORM_MODES.has(m.key))) {
    log(`contact form, ${formMode.mode}`);
    let sent = 0;
    const cpuBefore = serverCpuMs();
    // One submission: its own address, e-mail and key.
    const submission = () => {
      counter += 1;
      sent += 1;
      const n = counter;
      return {
        body: formMode.urlencoded
          ? new URLSearchParams(formMode.fields(n, formMode.prefix)).toString()
          : multipart(formMode.fields(n, formMode.prefix), boundary),
        headers: {
          ...formMode.headers,
          "content-type": formMode.urlencoded ? "application/x-www-form-urlencoded;charset=UTF-8" : `multipart/form-data; boundary=${boundary}`,
          origin: BASE,
          "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
        },
      };
    };
    const url = formMode.url ?? `${BASE}/contact`;
    const result = formMode.rate
      ? await paced(`form: ${formMode.mode}`, { rate: formMode.rate, url, submission })
      : await load(`form: ${formMode.mode}`, {
          url,
          method: "POST",
          // The per-request hook must sit in `requests`: a top-level setupRequest is not applied to
          // the body and headers (checked against a raw socket).
          requests: [{ method: "POST", setupRequest: (request) => ({ ...request, method: "POST", ...submission() }) }],
        });
    // Each stored submission queues a notification, sent by the job queue's mail worker (ADR 0092),
    // here written to DATA_DIR/outbox. Wait until the outbox stops growing, so that each run's CPU
    // time includes its own mail and none of the previous run's.
    await waitForOutboxToSettle();
    // The server's own CPU time per answer, mail included: steadier than req/s on a shared machine.
    const cpuMsPerRequest = Number(((serverCpuMs() - cpuBefore) / Math.max(1, result.ok2xx + result.non2xx)).toFixed(2));
    formRuns.push({ ...result, mode: formMode.mode, prefix: formMode.prefix, sent, cpuMsPerRequest });
  }

  await stopServer();
  const formResults: FormResult[] = [];
  for (const run of formRuns) {
    const rows = await countContactRows(run.prefix);
    formResults.push({
      ...run,
      storedRows: rows.total,
      duplicates: rows.total - rows.distinct_emails,
      // Answered 2xx but not stored. Requests still in flight when the run ended are stored without
      // an answer being counted, so stored rows may exceed 2xx answers; that is not a loss.
      lost: Math.max(0, run.ok2xx - rows.distinct_emails),
      inFlightAtEnd: Math.max(0, rows.distinct_emails - run.ok2xx),
      storedPerSec: Math.round(rows.total / DURATION),
    });
  }

  const experiment = SKIP.has("experiment") || FORMS_ONLY ? null : await benchExperiment();

  // ---- print
  table(
    "Cold start: `node host/start.ts` (SKIP_BUILD=1) to the first 200",
    [
      { kind: "empty data folder (migrate + seed)", ...coldEmpty },
      { kind: "filled data folder (restart)", ...coldFilled },
    ],
    [
      ["kind", "data folder"],
      ["healthMs", "/api/health ms"],
      ["homeMs", "/ ms"],
    ],
  );
  if (lighthouse.length > 0) {
    table(`Lighthouse ${lighthouse[0]?.runs === 1 ? "(1 run)" : `(median of ${LH_RUNS})`}, mobile preset, ${THROTTLING} throttling`, lighthouse, [
      ...LIGHTHOUSE_COLUMNS,
      ...(emptyPage
        ? ([
            ["tbtRatio", "TBT ours/empty"],
            ["cpuBlockingRatio", "CPU blocking ours/empty"],
            ["performanceRatio", "perf ours/empty"],
            ["jsRatio", "JS ours/empty"],
          ] as const)
        : []),
    ]);
    if (emptyPage) {
      table(
        `The empty Next.js page (next ${emptyPage.next}, react ${emptyPage.react}; one layout, one page with a heading and a paragraph), same Lighthouse settings`,
        [emptyPage],
        LIGHTHOUSE_COLUMNS,
      );
    }
    console.log(
      `\nLoad average (1 min) over the Lighthouse runs, on ${lighthouseLoad.cores} cores: ${lighthouseLoad.start} at the start, ` +
        `${lighthouseLoad.max} at most between runs, ${lighthouseLoad.end} at the end`,
    );
    // The TBT budget is a ratio to the empty page: without it (--skip=baseline) there is none to judge.
    if (emptyPage) console.log(`\n${budgetReport(lighthouse, lighthouseLoad, THROTTLING).join("\n")}`);
  } else {
    console.log("\nLighthouse: skipped (--quick)");
  }
  table(`autocannon: ${CONNECTIONS} connections, ${DURATION} s, loopback (ours vs. the same HTML bytes from node:http)`, loadRuns, [
    ["label", "route"],
    ["reqPerSec", "req/s"],
    ["p50", "p50 ms"],
    ["p99", "p99 ms"],
    ["errors", "errors"],
    ["non2xx", "non-2xx"],
    ["staticReqPerSec", "static req/s"],
    ["staticP99", "static p99"],
    ["ratio", "ours/static"],
  ]);
  if (formResults.length > 0)
    table("Form submission (contact form, unique client address per request)", formResults, [
      ["mode", "how"],
      ["reqPerSec", "req/s"],
      ["p50", "p50 ms"],
      ["p95", "p95 ms"],
      ["p99", "p99 ms"],
      ["errors", "errors"],
      ["non2xx", "non-2xx"],
      ["ok2xx", "2xx"],
      ["sent", "sent"],
      ["storedRows", "stored rows"],
      ["storedPerSec", "stored/s"],
      ["inFlightAtEnd", "stored, in flight at end"],
      ["lost", "lost"],
      ["duplicates", "duplicates"],
      ["cpuMsPerRequest", "server CPU ms/answer"],
    ]);
  if (experiment) {
    table(
      "A/B experiment on the home page's hero: the same page, gzip, same connections and duration; each row the mean of two runs, each after its own restart, in the order A B C C B A",
      experiment.load,
      [
        ["page", "page"],
        ["reqPerSec", "req/s"],
        ["p50", "p50 ms"],
        ["p99", "p99 ms"],
        ["errors", "errors"],
        ["non2xx", "non-2xx"],
      ],
    );
    console.log(`req/s with the experiment over without: variant ${experiment.variantRatio}, control ${experiment.controlRatio} (the aim: within 5 %)`);
    if (experiment.lighthouse.length > 0)
      table(`Lighthouse (median of ${LH_RUNS}) of the home page under experiment, one run of each after the other`, experiment.lighthouse, LIGHTHOUSE_COLUMNS);
  }
  console.log("\nCache-Control of the public pages:", [...new Set(Object.values(cacheHeaders).map((h) => h.cacheControl))].join(" ; "));

  // Several processes behind nginx on one PostgreSQL (scripts/bench-proxy.ts): after this server
  // has stopped, so that it does not share the machine with the measurement.
  await stopServer();
  const throughNginx = SKIP.has("nginx") ? null : await benchThroughNginx();

  const results = {
    startedAt: startedAt.toISOString(),
    machine: { cpus: os.cpus().length, node: process.version, platform: `${os.platform()} ${os.release()}` },
    settings: { connections: CONNECTIONS, durationSeconds: DURATION, lighthouseRuns: LH_RUNS, lighthouseThrottling: THROTTLING, port: PORT },
    coldStart: { emptyDataFolder: coldEmpty, filledDataFolder: coldFilled },
    lighthouse,
    emptyNextPage: emptyPage,
    lighthouseLoadAverage: lighthouseLoad,
    overBudget: emptyPage ? overBudget(lighthouse, THROTTLING) : null,
    load: loadRuns,
    form: formResults,
    experiment,
    throughNginx,
    cacheHeaders,
  };
  const file = writeResults(startedAt, "", results);
  console.log(`\nWrote ${path.relative(root, file)}`);
}

const cleanUp = async () => {
  await stopServer();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(emptyAppDir, { recursive: true, force: true });
};
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    void cleanUp().then(() => process.exit(130));
  });
}
main()
  .then(cleanUp)
  .then(() => process.exit(0))
  .catch(async (error: unknown) => {
    console.error(error);
    await cleanUp();
    process.exit(1);
  });
