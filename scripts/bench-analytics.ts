// `npm run bench:analytics` (or `npm run bench -- --analytics`): what counting page views costs the
// site (docs/decisions/0056, docs/benchmark.md), on the production server (`node host/start.ts`,
// SKIP_BUILD=1 on the existing build) with a fresh temporary data folder, TRUST_PROXY=1 so that each
// request is its own visitor through X-Forwarded-For.
//   1. The host's own cost per counted page view, in this process: host/analytics.ts countPageView
//      and its queue's push, with a writer that discards (no database): what a request pays.
//   2. Per database (the embedded one; then PostgreSQL when BENCH_DATABASE_URL or DATABASE_URL is
//      set, in a database of its own, dropped at the end): one server with ANALYTICS_ENABLED=0 (the
//      floor) and one with counting on, each given the same page views: at a fixed rate, evenly
//      spaced and sent when due (open loop), then as fast as 50 connections go (autocannon). The
//      difference is what counting adds. After a graceful stop (the queue's last write), every
//      answered page view is looked up in the stored rows by its visitor id, recomputed here from
//      its address, browser and the day's salt: stored, lost, stored without an answer, twice.
//   3. kill -9 under the same fixed rate: answered page views against stored rows, and how long
//      before the kill the lost ones were answered (the queue writes every second or every 500).
// Prints tables and writes bench-results/<timestamp>-analytics.json.
//
// Options: --rate=N (default 2000 page views per second), --duration=S (default 10 per run),
// --rounds=N (default 1: floor then counting, N times), --connections=N (autocannon, default 50), --route=/path (default /), --kill-at=S (default 5.37 s
// into the kill run: not a multiple of 0.25 s, when 2,000/s would have just filled a batch), --skip=host,pglite,postgres,closed,kill. Env: BENCH_PORT (default 3400; the
// server listens on BENCH_PORT + 20), BENCH_DATABASE_URL or DATABASE_URL (a PostgreSQL server on
// which a database bench_analytics_<random> is created and dropped).
import { EventEmitter } from "node:events";
import fs from "node:fs";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { visitorDigest, visitorIdFrom } from "../src/server/analytics/visitor-id.ts";
import {
  createScratchDatabase,
  httpStatus,
  listOption,
  loadAverage as loadAverages,
  numberOption,
  percentile,
  printTable,
  processCpuMs,
  serverEnv,
  sleep,
  spawnServer,
  stringOption,
  writeResults,
  type BenchServer,
} from "./bench-helpers.ts";

const root = path.resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const RATE = numberOption(args, "rate", 2000);
const DURATION = numberOption(args, "duration", 10);
const CONNECTIONS = numberOption(args, "connections", 50);
const ROUTE = stringOption(args, "route", "/");
const KILL_AT_S = numberOption(args, "kill-at", 5.37);
const ROUNDS = numberOption(args, "rounds", 1);
const SKIP = new Set(listOption(args, "skip") ?? []);
const PORT = Number(process.env.BENCH_PORT ?? 3400) + 20;
const BASE = `http://127.0.0.1:${PORT}`;
const HOST = `127.0.0.1:${PORT}`;
const ADMIN_URL = process.env.BENCH_DATABASE_URL?.trim() || process.env.DATABASE_URL?.trim();
/** The queue's write interval (host/analytics.ts FLUSH_INTERVAL_MS), for the bound a kill -9 may lose. */
const FLUSH_INTERVAL_MS = 1_000;
/** The paced runs start with this much load, left out of the figures: the server's code warms up. */
const WARM_UP_S = 2;

const log = (message: string) => console.log(`[bench analytics ${new Date().toISOString().slice(11, 19)}] ${message}`);
const loadAverage = () => loadAverages(2);
/** `n` with `digits` decimals; null when it is none (no answers to take a percentile of, NaN). */
const round = (n: number | null, digits = 0): number | null => (n !== null && Number.isFinite(n) ? Number(n.toFixed(digits)) : null);
/** `a - b` with a missing figure as 0, as plain JavaScript subtracts null. */
const minus = (a: number | null, b: number | null): number => (a ?? 0) - (b ?? 0);

// ---------------------------------------------------------------------------------------------
// What the runs measure and the JSON holds.

interface Visitor {
  address: string;
  userAgent: string;
}
/** One page view sent by the closed loop: only to whom (which answer it got is not known). */
interface SentPageView {
  visitor: Visitor;
}
/** One page view sent by the open loop: when it was due, when and how it was answered (status 0: no answer). */
interface PacedPageView extends SentPageView {
  due: number;
  answeredAt: number | null;
  status: number;
}
/** What the server logged about counting during a run: page views dropped, writes and counts that failed. */
interface ServerEvents {
  dropped: number;
  writeFailed: number;
  countFailed: number;
}
interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
}
interface AnswerCounts {
  ok2xx: number;
  non2xx: number;
  errors: number;
}
/** An open-loop run's figures (ms, per second); a percentile is null when nothing was answered. */
interface OpenLoopFigures extends AnswerCounts {
  offeredPerSec: number | null;
  answeredPerSec: number | null;
  p50: number | null;
  p95: number | null;
  p99: number | null;
  maxLagMs: number | null;
  cpuMsPerAnswer?: number | null;
  /** The 1-minute load average when the measured part began. */
  loadAverage?: string;
}
interface OpenLoopRun extends OpenLoopFigures {
  sent: PacedPageView[];
  /** performance.now() of the SIGKILL; null when the server was not killed. */
  killedAt: number | null;
}
interface ClosedLoopFigures {
  reqPerSec: number;
  p50: number | null;
  p99: number | null;
  ok2xx: number;
  non2xx: number;
  errors: number;
  cpuMsPerAnswer?: number | null;
}
interface ClosedLoopRun extends ClosedLoopFigures {
  sent: SentPageView[];
}
/** One server's runs (floor or counting), with the per-request lists kept for matching. */
interface ServerRuns {
  warmUp: OpenLoopRun;
  rate: OpenLoopRun;
  closed: ClosedLoopRun | null;
  events: ServerEvents;
  exit: ExitStatus;
}
/** The same, as the JSON keeps it. */
interface ServerFigures {
  warmUp: OpenLoopFigures;
  rate: OpenLoopFigures;
  closed: ClosedLoopFigures | null;
  events: ServerEvents;
  exit: ExitStatus;
}
interface RoundResult {
  floor: ServerFigures;
  counted: ServerFigures;
  /** What counting added to the floor, round by round. */
  added: { p50Ms: number | null; p95Ms: number | null; p99Ms: number | null; cpuMsPerAnswer: number | null; closedReqPerSec: number | null };
}
/** Answered page views against stored rows. */
interface Reconciled {
  ok2xx: number;
  stored: number;
  lost: number;
  storedUnanswered: number;
  duplicates: number;
}
interface KillResult {
  exit: ExitStatus;
  sent: number;
  answered2xx: number;
  offeredPerSec: number | null;
  rowsBefore: number;
  rowsAfter: number;
  stored: number;
  lost: number;
  storedUnanswered: number;
  duplicates: number;
  lostOldestAnsweredMsBeforeKill: number | null;
  lostNewestAnsweredMsBeforeKill: number | null;
  answeredInLastIntervalBeforeKill: number;
  bound: number;
  withinBound?: boolean;
}
interface DatabaseResult {
  label: string;
  loadAverageAtStart: string;
  /** Rows stored for the floor server's page views: 0 when ANALYTICS_ENABLED=0 counts nothing. */
  floorRowsStored?: number;
  storedAfterGracefulStop?: { rate: Reconciled; closed: Reconciled | null; rowsInTable: number; logged: ServerEvents };
  rounds?: RoundResult[];
  kill?: KillResult;
}
interface SkippedDatabase {
  label: string;
  skip: string;
}
/** µs per call, over `calls` calls. */
interface CallTimes {
  calls: number;
  meanUs: number | null;
  p50Us: number | null;
  p99Us: number | null;
}
interface HostCost {
  classify: CallTimes;
  onRequestPath: CallTimes;
  counted: CallTimes;
  written: number;
  dropped: number;
}
interface AnalyticsResults {
  startedAt: string;
  settings: { rate: number; duration: number; rounds: number; connections: number; route: string; killAtS: number };
  machine: { cpus: number; node: string; loadAverageAtStart: string; loadAverageAtEnd?: string };
  host?: HostCost;
  databases: (DatabaseResult | SkippedDatabase)[];
}
/** The database a server runs on: the embedded one in its data folder, or a PostgreSQL database of its own. */
type Database = { kind: "pglite"; label: string; url?: undefined } | { kind: "postgres"; label: string; url: string; drop(): Promise<void> };
/** The server under test, with what it logged about counting and its CPU time. */
interface AnalyticsServer extends BenchServer {
  events: ServerEvents;
  cpuMs(): number;
}

// ---------------------------------------------------------------------------------------------
// Visitors: each request its own address (X-Forwarded-For), one of four ordinary browsers.

const AGENTS = [
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0",
];
let visitors = 0;
/** A new visitor: an address no earlier request of this run had, and a browser. */
function newVisitor(): Visitor {
  const n = ++visitors;
  return { address: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`, userAgent: AGENTS[n % AGENTS.length]! };
}
/** What a browser sends for a page (a document, gzip), from the visitor's address through the trusted proxy header. */
const pageHeaders = (visitor: Visitor): Record<string, string> => ({
  host: HOST,
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "accept-encoding": "gzip, deflate, br",
  "accept-language": "en-IN,en;q=0.9",
  "user-agent": visitor.userAgent,
  "x-forwarded-for": visitor.address,
});

// ---------------------------------------------------------------------------------------------
// 1. The host's own cost per counted page view (no server, no database).

async function hostCost(): Promise<HostCost> {
  process.env.ANALYTICS_ENABLED = "1";
  const { setPageViewSink } = await import("../src/server/kernel/bridge.ts");
  const { classifyRequest } = await import("../src/server/analytics/page-view.ts");
  const { countPageView, pageViews } = await import("../host/analytics.ts");
  let written = 0;
  setPageViewSink(async (batch) => {
    written += batch.length;
  });
  const requests = Array.from({ length: 5_000 }, () => {
    const visitor = newVisitor();
    return { method: "GET", url: ROUTE, headers: pageHeaders(visitor) } as IncomingMessage;
  });
  // Stand-ins with what countPageView reads: the request's method, URL and headers, the answer's
  // status and 'finish'; a real ServerResponse would add its own cost to every timed call.
  const answer = () => Object.assign(new EventEmitter(), { statusCode: 200 }) as unknown as ServerResponse;
  // In rounds of 1,000 calls, with a turn of the event loop between them (not timed), as a server
  // has between requests: the queue's writes run there, so that it never fills and drops.
  const measure = async (calls: number, fn: (req: IncomingMessage) => unknown): Promise<CallTimes> => {
    const times = new Float64Array(calls);
    for (let i = 0; i < calls; i++) {
      if (i % 1_000 === 0) await new Promise((resolve) => setImmediate(resolve));
      const started = process.hrtime.bigint();
      fn(requests[i % requests.length]!);
      times[i] = Number(process.hrtime.bigint() - started) / 1000;
    }
    times.sort();
    const mean = times.reduce((a, b) => a + b, 0) / calls;
    return { calls, meanUs: round(mean, 2), p50Us: round(percentile(times, 50), 2), p99Us: round(percentile(times, 99), 2) };
  };
  // On the request path: the classification from the headers (countPageView before the answer).
  const count = (req: IncomingMessage) => {
    const res = answer();
    countPageView(req, res);
    return res;
  };
  // Everything: the classification, then at 'finish' the record (bowser's cached parse, the digest) and the push.
  const whole = (req: IncomingMessage) => count(req).emit("finish");
  await measure(20_000, whole); // warm-up: the JIT, bowser's cache of the four agents
  const classify = await measure(100_000, (req) => classifyRequest(req));
  const onRequestPath = await measure(100_000, count);
  const counted = await measure(100_000, whole);
  await pageViews.stop();
  return { classify, onRequestPath, counted, written, dropped: pageViews.stats().dropped };
}

// ---------------------------------------------------------------------------------------------
// The server under test.

function startServer({ dataDir, analytics, databaseUrl }: { dataDir: string; analytics: boolean; databaseUrl: string | undefined }): AnalyticsServer {
  const env = serverEnv({
    port: PORT,
    dataDir,
    databaseUrl,
    extra: {
      TRUST_PROXY: "1",
      ANALYTICS_ENABLED: analytics ? "1" : "0",
      // e.g. BENCH_SERVER_NODE_OPTIONS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the servers.
      ...(process.env.BENCH_SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS } : {}),
    },
  });
  const events: ServerEvents = { dropped: 0, writeFailed: 0, countFailed: 0 };
  const server = spawnServer(env, (text) => {
    events.dropped += text.split('"event":"analytics.dropped"').length - 1;
    events.writeFailed += text.split('"event":"analytics.write-failed"').length - 1;
    events.countFailed += text.split('"event":"analytics.count-failed"').length - 1;
  });
  const { child } = server;
  return {
    ...server,
    events,
    cpuMs: () => processCpuMs(child.pid),
  };
}

async function waitReady(server: AnalyticsServer, postgres: boolean): Promise<void> {
  const deadline = performance.now() + 180_000;
  while ((await httpStatus(`${BASE}/api/health`, { timeoutMs: 10_000 })) !== 200) {
    if (server.child.exitCode !== null || performance.now() > deadline) throw new Error(`the server did not start:\n${server.output()}`);
    await sleep(100);
  }
  // On PostgreSQL the page cache stays off until the invalidation channel listens (host/server.ts).
  while (postgres && !server.output().includes("invalidation channel listening")) {
    if (performance.now() > deadline) throw new Error(`the invalidation channel did not listen:\n${server.output()}`);
    await sleep(100);
  }
  // The page, rendered once and kept in the page cache, asked for by an agent that is not counted.
  for (let i = 0; i < 5; i++) {
    const code = await httpStatus(`${BASE}${ROUTE}`, {
      headers: { accept: "text/html", "accept-encoding": "gzip", "user-agent": "bench-warm-up" },
      timeoutMs: 10_000,
    });
    if (code !== 200) throw new Error(`${ROUTE} answered ${code}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Load.

/**
 * Open loop: `rate` page views a second, evenly spaced, each sent when due whether or not earlier
 * ones were answered (as independent visitors arrive), on keep-alive connections; each answer's time
 * counts from when its request was due, so a generator that falls behind is billed to the server.
 * (autocannon's rate options are not this: each connection sends its share of the second at once
 * when the second begins, so 2,000/s would arrive as bursts; docs/benchmark.md.)
 * `killAtMs`: the server is sent SIGKILL that long after the start, and no request is sent after it.
 */
async function paced({ rate, seconds, killAtMs, server }: { rate: number; seconds: number; killAtMs?: number; server: AnalyticsServer }): Promise<OpenLoopRun> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });
  const sent: PacedPageView[] = [];
  const latencies: number[] = [];
  const counts: AnswerCounts = { ok2xx: 0, non2xx: 0, errors: 0 };
  const pending = new Set<Promise<void>>();
  const total = Math.round(rate * seconds);
  const started = performance.now();
  let killedAt: number | null = null;
  if (killAtMs !== undefined) {
    setTimeout(() => {
      killedAt = performance.now();
      server.child.kill("SIGKILL");
    }, killAtMs);
  }
  let lag = 0;
  for (let i = 0; i < total && killedAt === null; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait >= 1) await sleep(wait);
    else lag = Math.max(lag, -wait);
    if (killedAt !== null) break;
    const visitor = newVisitor();
    const record: PacedPageView = { visitor, due, answeredAt: null, status: 0 };
    sent.push(record);
    const done = new Promise<void>((resolve) => {
      const request = http.request({ agent, host: "127.0.0.1", port: PORT, path: ROUTE, method: "GET", headers: pageHeaders(visitor) }, (response) => {
        response.resume();
        response.on("end", () => {
          const answeredAt = performance.now();
          const code = response.statusCode ?? 0;
          record.answeredAt = answeredAt;
          record.status = code;
          latencies.push(answeredAt - due);
          counts[code >= 200 && code < 300 ? "ok2xx" : "non2xx"] += 1;
          resolve();
        });
        response.on("error", () => {
          counts.errors += 1;
          resolve();
        });
      });
      request.setTimeout(10_000, () => request.destroy(new Error("timed out")));
      request.on("error", () => {
        counts.errors += 1;
        resolve();
      });
      request.end();
    });
    pending.add(done);
    void done.then(() => pending.delete(done));
  }
  const sentFor = (killedAt ?? performance.now()) - started;
  await Promise.all(pending);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    sent,
    killedAt,
    offeredPerSec: round((sent.length / sentFor) * 1000),
    answeredPerSec: round(((counts.ok2xx + counts.non2xx) / (performance.now() - started)) * 1000),
    p50: round(percentile(latencies, 50), 1),
    p95: round(percentile(latencies, 95), 1),
    p99: round(percentile(latencies, 99), 1),
    maxLagMs: round(lag, 1),
    ...counts,
  };
}

/** Closed loop: autocannon, each connection sending its next page view when answered; every request a new visitor. */
function closedLoop(seconds: number): Promise<ClosedLoopRun> {
  return new Promise((resolve, reject) => {
    const sent: SentPageView[] = [];
    const latencies: number[] = [];
    const instance = autocannon(
      {
        url: `${BASE}${ROUTE}`,
        connections: CONNECTIONS,
        duration: seconds,
        requests: [
          {
            method: "GET",
            setupRequest: (request) => {
              const visitor = newVisitor();
              sent.push({ visitor });
              return { ...request, headers: pageHeaders(visitor) };
            },
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error);
        latencies.sort((a, b) => a - b);
        resolve({
          sent,
          reqPerSec: Math.round(result.requests.average),
          p50: round(percentile(latencies, 50), 1),
          p99: round(percentile(latencies, 99), 1),
          ok2xx: result["2xx"],
          non2xx: result.non2xx,
          errors: result.errors + result.timeouts,
        });
      },
    );
    instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
}

// ---------------------------------------------------------------------------------------------
// Stored rows, matched to the requests by visitor id.

/** The stored visitor ids (each with how many rows have it), the row count and the salts the database holds. */
interface Stored {
  ids: Map<string, number>;
  total: number;
  salts: string[];
}

async function readStored(database: Database, dataDir: string): Promise<Stored> {
  let rows: { visitor_id: string }[];
  let salts: { salt: string }[];
  if (database.kind === "pglite") {
    const { PGlite } = await import("@electric-sql/pglite");
    // After a kill -9 this is PostgreSQL's own crash recovery of the folder.
    const db = new PGlite(path.join(dataDir, "pglite"));
    try {
      rows = (await db.query<{ visitor_id: string }>("select visitor_id from analytics_events")).rows;
      salts = (await db.query<{ salt: string }>("select salt from analytics_salts")).rows;
    } finally {
      await db.close();
    }
  } else {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      rows = (await client.query<{ visitor_id: string }>("select visitor_id from analytics_events")).rows;
      salts = (await client.query<{ salt: string }>("select salt from analytics_salts")).rows;
    } finally {
      await client.end();
    }
  }
  const ids = new Map<string, number>();
  for (const { visitor_id: id } of rows) ids.set(id, (ids.get(id) ?? 0) + 1);
  return { ids, total: rows.length, salts: salts.map((s) => s.salt) };
}

/** How many times the page view of each sent request was stored (0, 1 or more), under any salt the database holds. */
function storedTimes(stored: Stored, record: SentPageView): number {
  const digest = visitorDigest(HOST, record.visitor.address, record.visitor.userAgent);
  return stored.salts.reduce((n, salt) => n + (stored.ids.get(visitorIdFrom(salt, digest)) ?? 0), 0);
}

/** Answered 2xx against stored: `answered` says which sent requests got a 2xx (all of them when unknown). */
function reconcile<Sent extends SentPageView>(
  stored: Stored,
  sent: readonly Sent[],
  ok2xx: number,
  answered: (record: Sent) => boolean = () => true,
): Reconciled & { lostRecords: Sent[] } {
  let storedAnswered = 0;
  let storedUnanswered = 0;
  let duplicates = 0;
  const lost: Sent[] = [];
  for (const record of sent) {
    const times = storedTimes(stored, record);
    if (times > 1) duplicates += times - 1;
    if (answered(record)) {
      if (times > 0) storedAnswered++;
      else lost.push(record);
    } else if (times > 0) storedUnanswered++;
  }
  return { ok2xx, stored: storedAnswered + storedUnanswered, lost: lost.length, storedUnanswered, duplicates, lostRecords: lost };
}

// ---------------------------------------------------------------------------------------------
// One database: floor, counted, kill -9.

async function benchDatabase(database: Database): Promise<DatabaseResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-analytics-"));
  const postgres = database.kind === "postgres";
  const result: DatabaseResult = { label: database.label, loadAverageAtStart: loadAverage() };
  const runs: { floor: ServerRuns; counted: ServerRuns }[] = [];
  /** One round's server: the floor (ANALYTICS_ENABLED=0) or counting, through the open loop, then the closed one. */
  const runServer = async (roundNo: number, analytics: boolean): Promise<ServerRuns> => {
    log(`${database.label}: round ${roundNo}, server with ANALYTICS_ENABLED=${analytics ? 1 : 0} (load average ${loadAverage()})`);
    const server = startServer({ dataDir, analytics, databaseUrl: database.url });
    await waitReady(server, postgres);
    log(`  ${WARM_UP_S} s warm-up at ${RATE}/s, then ${DURATION} s at ${RATE}/s (open loop), ${ROUTE}`);
    const warmUp = await paced({ rate: RATE, seconds: WARM_UP_S, server });
    const loadAtStart = loadAverage();
    const cpuBefore = server.cpuMs();
    const rate = await paced({ rate: RATE, seconds: DURATION, server });
    rate.cpuMsPerAnswer = round((server.cpuMs() - cpuBefore) / Math.max(1, rate.ok2xx + rate.non2xx), 3);
    rate.loadAverage = loadAtStart.split(" ")[0];
    let closed: ClosedLoopRun | null = null;
    if (!SKIP.has("closed")) {
      log(`  autocannon, ${CONNECTIONS} connections, ${DURATION} s`);
      const cpu = server.cpuMs();
      closed = await closedLoop(DURATION);
      closed.cpuMsPerAnswer = round((server.cpuMs() - cpu) / Math.max(1, closed.ok2xx + closed.non2xx), 3);
    }
    // SIGTERM: the queue's last write, then the database closes (host/server.ts).
    const exit = await server.stop();
    return { warmUp, rate, closed, events: { ...server.events }, exit };
  };
  try {
    // Floor, then counting, ROUNDS times: a machine whose load drifts shows in the rounds' spread.
    for (let roundNo = 1; roundNo <= ROUNDS; roundNo++) {
      const floor = await runServer(roundNo, false);
      const counted = await runServer(roundNo, true);
      runs.push({ floor, counted });
    }
    const stored = await readStored(database, dataDir);
    const floorSent = runs.flatMap(({ floor }) => [...floor.warmUp.sent, ...floor.rate.sent, ...(floor.closed?.sent ?? [])]);
    result.floorRowsStored = floorSent.reduce((n, record) => n + storedTimes(stored, record), 0);
    const counted = runs.map((pair) => pair.counted);
    const sum = (list: readonly ({ ok2xx: number } | null)[]) => list.reduce((n, run) => n + (run?.ok2xx ?? 0), 0);
    const logged: ServerEvents = { dropped: 0, writeFailed: 0, countFailed: 0 };
    for (const run of counted) for (const key of Object.keys(logged) as (keyof ServerEvents)[]) logged[key] += run.events[key];
    // The lists of lost requests are for the kill's ages below, not for the JSON.
    const { lostRecords: _rateLost, ...rate } = reconcile(
      stored,
      counted.flatMap((run) => [...run.warmUp.sent, ...run.rate.sent]),
      sum(counted.flatMap((run) => [run.warmUp, run.rate])),
      (r) => r.status === 200,
    );
    let closed: Reconciled | null = null;
    if (!SKIP.has("closed")) {
      const { lostRecords: _closedLost, ...figures } = reconcile(
        stored,
        counted.flatMap((run) => run.closed?.sent ?? []),
        sum(counted.map((run) => run.closed)),
      );
      // In the closed loop which request got which answer is not known: its requests still in flight
      // at the end were sent and may be stored without an answer counted.
      figures.storedUnanswered = Math.max(0, figures.stored - figures.ok2xx);
      figures.lost = Math.max(0, figures.ok2xx - figures.stored);
      closed = figures;
    }
    result.storedAfterGracefulStop = { rate, closed, rowsInTable: stored.total, logged };
    result.rounds = runs.map(({ floor, counted }) => ({
      floor: strip(floor),
      counted: strip(counted),
      added: {
        p50Ms: round(minus(counted.rate.p50, floor.rate.p50), 1),
        p95Ms: round(minus(counted.rate.p95, floor.rate.p95), 1),
        p99Ms: round(minus(counted.rate.p99, floor.rate.p99), 1),
        cpuMsPerAnswer: round(minus(counted.rate.cpuMsPerAnswer ?? null, floor.rate.cpuMsPerAnswer ?? null), 3),
        closedReqPerSec: counted.closed && floor.closed ? counted.closed.reqPerSec - floor.closed.reqPerSec : null,
      },
    }));

    if (!SKIP.has("kill")) {
      log(`${database.label}: kill -9 ${KILL_AT_S} s into ${RATE}/s (load average ${loadAverage()})`);
      const before = await readStored(database, dataDir);
      const server = startServer({ dataDir, analytics: true, databaseUrl: database.url });
      await waitReady(server, postgres);
      const run = await paced({ rate: RATE, seconds: KILL_AT_S + 5, killAtMs: KILL_AT_S * 1000, server });
      const exit = await server.exited;
      const after = await readStored(database, dataDir);
      const answered = run.sent.filter((r) => r.status === 200);
      const check = reconcile(after, run.sent, answered.length, (r) => r.status === 200);
      // How long before the kill a page view was answered (null counts as 0, as JavaScript subtracts it).
      const msBeforeKill = (r: PacedPageView) => minus(run.killedAt, r.answeredAt);
      const lostAges = check.lostRecords.map(msBeforeKill).sort((a, b) => a - b);
      // The page views answered in the last flush interval before the kill: what may be waiting.
      const lastInterval = answered.filter((r) => msBeforeKill(r) <= FLUSH_INTERVAL_MS).length;
      const kill: KillResult = {
        exit,
        sent: run.sent.length,
        answered2xx: answered.length,
        offeredPerSec: run.offeredPerSec,
        rowsBefore: before.total,
        rowsAfter: after.total,
        stored: check.stored,
        lost: check.lost,
        storedUnanswered: check.storedUnanswered,
        duplicates: check.duplicates,
        lostOldestAnsweredMsBeforeKill: round(lostAges.at(-1) ?? 0),
        lostNewestAnsweredMsBeforeKill: round(lostAges[0] ?? 0),
        answeredInLastIntervalBeforeKill: lastInterval,
        // What a kill may lose (ADR 0056): what waits for the next write, at most one flush
        // interval's worth (or 500, a batch, once that many wait) plus the batch being written, and
        // never more than the queue's 10,000: here, the page views answered in the last interval.
        bound: Math.min(10_000, lastInterval),
      };
      kill.withinBound = kill.lost <= kill.bound && kill.duplicates === 0;
      result.kill = kill;
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return result;
}

/** A run without its per-request lists (kept for matching, not for the JSON). */
function strip(run: ServerRuns): ServerFigures {
  const without = <Run extends { sent: unknown }>({ sent: _sent, killedAt: _killedAt, ...rest }: Run & { killedAt?: unknown }) => rest;
  return { warmUp: without(run.warmUp), rate: without(run.rate), closed: run.closed ? without(run.closed) : null, events: run.events, exit: run.exit };
}

async function createPostgresDatabase(): Promise<Database | { skip: string }> {
  if (!ADMIN_URL) return { skip: "no PostgreSQL: set BENCH_DATABASE_URL or DATABASE_URL" };
  try {
    const { name, url, drop } = await createScratchDatabase(ADMIN_URL, "bench_analytics");
    return { kind: "postgres", label: `PostgreSQL (${name})`, url, drop };
  } catch (error) {
    return { skip: `PostgreSQL at ${ADMIN_URL} is not answering (${error instanceof Error ? error.message : String(error)})` };
  }
}

// ---------------------------------------------------------------------------------------------
// Output.

const table = printTable;

function print(results: AnalyticsResults): void {
  const { host, databases } = results;
  if (host) {
    table(
      "The host's cost per counted page view, in-process (host/analytics.ts with a writer that discards)",
      [
        { what: "classifyRequest (from the headers)", ...host.classify },
        { what: "countPageView before the answer (the request path)", ...host.onRequestPath },
        { what: "countPageView + at 'finish': record, digest, push", ...host.counted },
      ],
      [
        ["what", "what"],
        ["calls", "calls"],
        ["meanUs", "mean µs"],
        ["p50Us", "p50 µs"],
        ["p99Us", "p99 µs"],
      ],
    );
  }
  for (const d of databases) {
    if ("skip" in d) {
      console.log(`\n${d.label}: SKIPPED: ${d.skip}`);
      continue;
    }
    const rounds = d.rounds ?? [];
    const rows = rounds.flatMap((r, i): ({ server: string } & Partial<OpenLoopFigures>)[] => [
      { server: `${i + 1}: ANALYTICS_ENABLED=0 (floor)`, ...r.floor.rate },
      { server: `${i + 1}: counting`, ...r.counted.rate },
      { server: `${i + 1}: added by counting`, p50: r.added.p50Ms, p95: r.added.p95Ms, p99: r.added.p99Ms, cpuMsPerAnswer: r.added.cpuMsPerAnswer },
    ]);
    table(`${d.label}: ${ROUTE} at ${RATE} page views/s, open loop, ${DURATION} s (round: server)`, rows, [
      ["server", "server"],
      ["offeredPerSec", "offered/s"],
      ["answeredPerSec", "answered/s"],
      ["p50", "p50 ms"],
      ["p95", "p95 ms"],
      ["p99", "p99 ms"],
      ["ok2xx", "2xx"],
      ["non2xx", "non-2xx"],
      ["errors", "errors"],
      ["maxLagMs", "generator lag ms"],
      ["cpuMsPerAnswer", "server CPU ms/answer"],
      ["loadAverage", "load average"],
    ]);
    if (rounds[0]?.floor.closed) {
      table(
        `${d.label}: autocannon, ${CONNECTIONS} connections, ${DURATION} s (each request a new visitor)`,
        rounds.flatMap((r, i) => [
          { server: `${i + 1}: ANALYTICS_ENABLED=0 (floor)`, ...r.floor.closed },
          { server: `${i + 1}: counting`, ...r.counted.closed },
        ]),
        [
          ["server", "server"],
          ["reqPerSec", "req/s"],
          ["p50", "p50 ms"],
          ["p99", "p99 ms"],
          ["ok2xx", "2xx"],
          ["non2xx", "non-2xx"],
          ["errors", "errors"],
          ["cpuMsPerAnswer", "server CPU ms/answer"],
        ],
      );
    }
    const s = d.storedAfterGracefulStop;
    if (!s) continue;
    table(
      `${d.label}: stored after the graceful stop (rows matched to requests by visitor id; ${s.rowsInTable} rows in the table; floor's requests stored: ${d.floorRowsStored}; logged: ${JSON.stringify(s.logged)})`,
      [{ run: `open loop ${RATE}/s (warm-up included)`, ...s.rate }, ...(s.closed ? [{ run: "autocannon", ...s.closed }] : [])],
      [
        ["run", "run"],
        ["ok2xx", "2xx answers"],
        ["stored", "stored"],
        ["lost", "lost (2xx, no row)"],
        ["storedUnanswered", "stored, no 2xx seen (in flight at the end, or timed out)"],
        ["duplicates", "stored twice"],
      ],
    );
    if (d.kill) {
      const k = d.kill;
      table(
        `${d.label}: kill -9 ${KILL_AT_S} s into ${RATE}/s (exit ${JSON.stringify(k.exit)})`,
        [k],
        [
          ["answered2xx", "2xx answers"],
          ["stored", "stored"],
          ["lost", "lost"],
          ["lostOldestAnsweredMsBeforeKill", "oldest lost answered, ms before kill"],
          ["answeredInLastIntervalBeforeKill", "answered in the last 1 s"],
          ["bound", "bound"],
          ["storedUnanswered", "stored, no answer seen"],
          ["duplicates", "stored twice"],
          ["withinBound", "within bound"],
        ],
      );
    }
  }
}

async function main(): Promise<void> {
  const startedAt = new Date();
  if (!fs.existsSync(path.join(root, ".next", "BUILD_ID")))
    throw new Error("no build: run `npm run build` first (this benchmark starts the server with SKIP_BUILD=1)");
  log(`load average ${loadAverage()} on ${os.cpus().length} cores; server on ${BASE}`);
  const machine: AnalyticsResults["machine"] = { cpus: os.cpus().length, node: process.version, loadAverageAtStart: loadAverage() };
  let host: HostCost | undefined;
  if (!SKIP.has("host")) {
    log("the host's cost per counted page view, in-process");
    host = await hostCost();
  }
  const databases: AnalyticsResults["databases"] = [];
  if (!SKIP.has("pglite")) databases.push(await benchDatabase({ kind: "pglite", label: "embedded PGlite" }));
  if (!SKIP.has("postgres")) {
    const database = await createPostgresDatabase();
    if ("skip" in database) {
      log(`PostgreSQL: SKIPPED: ${database.skip}`);
      databases.push({ label: "PostgreSQL", skip: database.skip });
    } else {
      try {
        databases.push(await benchDatabase(database));
      } finally {
        if (database.kind === "postgres") await database.drop();
      }
    }
  }
  machine.loadAverageAtEnd = loadAverage();
  // In the order the JSON has always had them.
  const results: AnalyticsResults = {
    startedAt: startedAt.toISOString(),
    settings: { rate: RATE, duration: DURATION, rounds: ROUNDS, connections: CONNECTIONS, route: ROUTE, killAtS: KILL_AT_S },
    machine,
    host,
    databases,
  };
  print(results);
  const file = writeResults(startedAt, "-analytics", results);
  console.log(`\nload average at the end: ${results.machine.loadAverageAtEnd}\nWrote ${path.relative(root, file)}`);
}

export async function benchAnalytics(): Promise<void> {
  await main();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
