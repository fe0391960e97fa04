// `npm run bench:redirects`: what the host's redirect table costs (docs/benchmark.md, docs/decisions/0091).
//   1. In process: the host's lookup (host/redirects.ts, `answer` on a request and a response that
//      write nowhere) with 0 and 1,000 redirects (four in five exact paths, one in five folder rules),
//      --lookups times each for a path that is not redirected, an exact rule's old address and a folder
//      rule's (the last folder walked): p50 / p95 / p99 / max per lookup, in µs, beside the timer's own.
//   2. End to end: requests a second of a cached page (/) of the production server (`node host/start.ts`,
//      SKIP_BUILD=1 on the existing build, the embedded database in a fresh data folder) with no
//      redirect, then, after a restart, with 1,000: the floor first, then with, in the same run, and
//      their ratio. Skipped, with the reason, when there is no build (`npm run build` first).
// Prints tables and writes bench-results/<timestamp>-redirects.json.
// Options: --lookups=N (default 100000), --rules=N (default 1000), --duration=S (default 10),
// --connections=N (default 50), --in-process-only. Env: BENCH_PORT (default 3400; the server
// listens on BENCH_PORT + 50).
import type { IncomingMessage, ServerResponse } from "node:http";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRedirectLayer } from "../host/redirects.ts";
import type { RedirectRule } from "../src/lib/redirect-rules";
import { openPglite } from "../src/server/kernel/db/client";
import { redirects } from "../src/server/kernel/db/schema";
import { loadAverage, loadRun, numberOption, percentile, printTable, serverEnv, startServer, writeResults, type BenchServer } from "./bench-helpers";

const root = path.resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const LOOKUPS = numberOption(args, "lookups", 100_000);
const RULES = numberOption(args, "rules", 1_000);
const DURATION = numberOption(args, "duration", 10);
const CONNECTIONS = numberOption(args, "connections", 50);
const IN_PROCESS_ONLY = args.includes("--in-process-only");
const PORT = Number(process.env.BENCH_PORT ?? 3400) + 50;
const BASE = `http://127.0.0.1:${PORT}`;
/** The budget of one lookup at p95, and of the redirect table's cost to a page's requests a second. */
const LOOKUP_BUDGET_MS = 1;
const THROUGHPUT_BUDGET = 0.05;
const log = (message: string) => console.log(`[bench redirects ${new Date().toISOString().slice(11, 19)}] ${message}`);
const startedAt = new Date();

/** `count` redirects as a site collects them: four in five a page's old address, one in five a folder moved whole. */
function generateRules(count: number): RedirectRule[] {
  return Array.from({ length: count }, (_, i): RedirectRule => {
    if (i % 5 === 4) return { id: i + 1, source: `/old-folder-${i}/*`, target: i % 2 ? `/new-folder-${i}/*` : "/blog", status: 308 };
    return { id: i + 1, source: `/old-page-${i}`, target: i % 3 ? `/blog/post-${i}` : `https://partner.example/page-${i}`, status: 301 };
  });
}

/** A request and a response as the host's handler sees them, writing nowhere. */
const request = (url: string) => ({ method: "GET", url }) as IncomingMessage;
const response = {
  statusCode: 200,
  setHeader() {
    return this;
  },
  end() {
    return this;
  },
} as unknown as ServerResponse;

interface LookupRow {
  rules: number;
  path: string;
  kind: string;
  answered: string;
  p50: string;
  p95: string;
  p99: string;
  max: string;
}

const us = (ms: number | null) => (ms === null ? "-" : `${(ms * 1000).toFixed(2)} µs`);

/** `lookups` timings of fn, in ms, sorted (after a warm-up of a tenth as many). */
function time(fn: () => unknown, lookups: number): Float64Array {
  for (let i = 0; i < Math.ceil(lookups / 10); i++) fn();
  const samples = new Float64Array(lookups);
  for (let i = 0; i < lookups; i++) {
    const start = process.hrtime.bigint();
    fn();
    samples[i] = Number(process.hrtime.bigint() - start) / 1e6;
  }
  return samples.sort();
}

// ---- 1. In process.

const lookupRows: LookupRow[] = [];
const timer = time(() => undefined, LOOKUPS);
lookupRows.push({
  rules: 0,
  path: "(nothing: the timer alone)",
  kind: "floor",
  answered: "-",
  p50: us(percentile(timer, 50)),
  p95: us(percentile(timer, 95)),
  p99: us(percentile(timer, 99)),
  max: us(timer.at(-1)!),
});

let worstP95 = 0;
for (const count of [0, RULES]) {
  const rules = generateRules(count);
  const layer = createRedirectLayer({
    store: () => ({ load: async () => rules, recordHits: async () => {}, recordNotFound: async () => {} }),
    intervalMs: 3_600_000,
  });
  await layer.reload();
  if (layer.size !== count) throw new Error(`the layer holds ${layer.size} redirects, not ${count}`);
  // A folder rule reached two folders below the request's own path (a lookup per folder, deepest first).
  const lastFolder = rules.filter((r) => r.source.endsWith("/*")).sort((a, b) => a.source.length - b.source.length)[0];
  const paths: [string, string][] = [["/services/seo-optimization?utm_source=newsletter", "not redirected"]];
  if (count > 0) {
    const middle = rules.filter((r) => !r.source.endsWith("/*"))[Math.floor(count / 2 / 1.25)]!;
    paths.push([`${middle.source}?utm_source=newsletter`, "exact rule"]);
    if (lastFolder) paths.push([`${lastFolder.source.slice(0, -2)}/a/b`, "folder rule, two folders up"]);
  }
  for (const [url, kind] of paths) {
    const req = request(url);
    let answered = false;
    const samples = time(() => (answered = layer.answer(req, response)), LOOKUPS);
    const p95 = percentile(samples, 95)!;
    worstP95 = Math.max(worstP95, p95);
    lookupRows.push({
      rules: count,
      path: url,
      kind,
      answered: answered ? String(response.statusCode) : "no (to the page)",
      p50: us(percentile(samples, 50)),
      p95: us(p95),
      p99: us(percentile(samples, 99)),
      max: us(samples.at(-1)!),
    });
  }
  await layer.stop();
}
printTable(
  `Redirect lookup in process, ${LOOKUPS.toLocaleString("en")} lookups each (Node ${process.version}, ${os.cpus().length} cores, load ${loadAverage(2)})`,
  lookupRows,
  [
    ["rules", "redirects"],
    ["kind", "path"],
    ["path", "request"],
    ["answered", "answered"],
    ["p50", "p50"],
    ["p95", "p95"],
    ["p99", "p99"],
    ["max", "max"],
  ],
);
console.log(`\nSlowest p95: ${us(worstP95)} (budget ${LOOKUP_BUDGET_MS} ms): ${worstP95 <= LOOKUP_BUDGET_MS ? "within" : "OVER"}`);

// ---- 2. End to end.

interface HttpRow {
  redirects: number;
  path: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  loadAverage: string;
}

async function load(url: string, expected: number): Promise<Omit<HttpRow, "redirects" | "path" | "loadAverage">> {
  const run = await loadRun({ url, connections: CONNECTIONS, duration: DURATION });
  const unexpected = Object.entries(run.statuses).reduce((n, [status, count]) => (Number(status) === expected ? n : n + count), 0);
  return { reqPerSec: run.reqPerSec, p50: run.p50, p99: run.p99, non2xx: unexpected, errors: run.errors };
}

const results: Record<string, unknown> = { startedAt, lookups: LOOKUPS, rules: RULES, cpus: os.cpus().length, node: process.version, inProcess: lookupRows };
const hasBuild = fs.existsSync(path.join(root, ".next", "BUILD_ID"));
if (IN_PROCESS_ONLY || !hasBuild) {
  const reason = IN_PROCESS_ONLY ? "--in-process-only" : "there is no build (.next/BUILD_ID): run `npm run build` first";
  log(`end to end skipped: ${reason}`);
  results.endToEnd = { skipped: reason };
} else {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-redirects-"));
  const env = serverEnv({ port: PORT, dataDir, extra: { ANALYTICS_ENABLED: "false", FORM_ACKNOWLEDGEMENT: "false" } });
  const rows: HttpRow[] = [];
  let server: BenchServer | undefined;
  const measure = async (count: number, pathname: string, expected: number) => {
    // Warm-up: the page cache filled, the server's code compiled.
    await load(`${BASE}${pathname}`, expected);
    const figures = await load(`${BASE}${pathname}`, expected);
    rows.push({ redirects: count, path: pathname, loadAverage: loadAverage(2), ...figures });
    log(`${count} redirects, ${pathname}: ${figures.reqPerSec} req/s`);
  };
  try {
    // The floor: the migrated, seeded database with no redirect.
    server = await startServer(env, BASE);
    const empty = await fetch(`${BASE}/old-page-1`, { redirect: "manual" });
    if (empty.status === 301) throw new Error("a redirect is defined before the floor was measured");
    await measure(0, "/", 200);
    await server.stop();
    server = undefined;

    // The same data folder with the generated redirects written in, then the server again.
    const handle = openPglite({ dataDir: path.join(dataDir, "pglite") });
    const rules = generateRules(RULES);
    for (let i = 0; i < rules.length; i += 500)
      await handle.db.insert(redirects).values(rules.slice(i, i + 500).map(({ source, target, status }) => ({ source, target, status })));
    await handle.close();
    server = await startServer(env, BASE);
    // The host asks the app for its table each second until it has it: wait for the first redirect.
    for (let i = 0; (await fetch(`${BASE}/old-page-1`, { redirect: "manual" })).status !== 301; i++) {
      if (i > 100) throw new Error("the redirects were not loaded within 10 s");
      await new Promise((r) => setTimeout(r, 100));
    }
    await measure(RULES, "/", 200);
    await measure(RULES, "/old-page-1", 301);
  } finally {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const floor = rows[0]!.reqPerSec;
  const withRules = rows[1]!.reqPerSec;
  const ratio = withRules / floor;
  printTable(`Requests a second, ${CONNECTIONS} connections for ${DURATION} s each (after as long a warm-up), embedded database`, rows, [
    ["redirects", "redirects"],
    ["path", "path"],
    ["reqPerSec", "req/s"],
    ["p50", "p50 ms"],
    ["p99", "p99 ms"],
    ["non2xx", "unexpected status"],
    ["errors", "errors"],
    ["loadAverage", "load average"],
  ]);
  console.log(
    `\n/ with ${RULES} redirects over / with none: ${ratio.toFixed(3)} (${((ratio - 1) * 100).toFixed(1)} %; budget ±${THROUGHPUT_BUDGET * 100} %): ${Math.abs(1 - ratio) <= THROUGHPUT_BUDGET ? "within" : "OUTSIDE"}`,
  );
  results.endToEnd = { connections: CONNECTIONS, duration: DURATION, rows, ratio };
}
log(`results: ${writeResults(startedAt, "-redirects", results)}`);
