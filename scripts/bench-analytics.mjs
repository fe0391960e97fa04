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
import http from "node:http";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { visitorDigest, visitorIdFrom } from "../src/server/analytics/visitor-id.ts";
import { createScratchDatabase, percentile, printTable, serverEnv, spawnServer } from "./bench-helpers.ts";

const root = path.resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const found = args.find((a) => a.startsWith(`--${name}=`));
  return found ? found.slice(name.length + 3) : fallback;
};
const RATE = Number(option("rate", 2000));
const DURATION = Number(option("duration", 10));
const CONNECTIONS = Number(option("connections", 50));
const ROUTE = option("route", "/");
const KILL_AT_S = Number(option("kill-at", 5.37));
const ROUNDS = Number(option("rounds", 1));
const SKIP = new Set(option("skip", "").split(",").filter(Boolean));
const PORT = Number(process.env.BENCH_PORT ?? 3400) + 20;
const BASE = `http://127.0.0.1:${PORT}`;
const HOST = `127.0.0.1:${PORT}`;
const ADMIN_URL = process.env.BENCH_DATABASE_URL?.trim() || process.env.DATABASE_URL?.trim();
/** The queue's write interval (host/analytics.ts FLUSH_INTERVAL_MS), for the bound a kill -9 may lose. */
const FLUSH_INTERVAL_MS = 1_000;
/** The paced runs start with this much load, left out of the figures: the server's code warms up. */
const WARM_UP_S = 2;

const log = (message) => console.log(`[bench analytics ${new Date().toISOString().slice(11, 19)}] ${message}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
const round = (n, digits = 0) => (Number.isFinite(n) ? Number(n.toFixed(digits)) : null);

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
function newVisitor() {
  const n = ++visitors;
  return { address: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`, userAgent: AGENTS[n % AGENTS.length] };
}
/** What a browser sends for a page (a document, gzip), from the visitor's address through the trusted proxy header. */
const pageHeaders = (visitor) => ({
  host: HOST,
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "accept-encoding": "gzip, deflate, br",
  "accept-language": "en-IN,en;q=0.9",
  "user-agent": visitor.userAgent,
  "x-forwarded-for": visitor.address,
});

// ---------------------------------------------------------------------------------------------
// 1. The host's own cost per counted page view (no server, no database).

async function hostCost() {
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
    return { method: "GET", url: ROUTE, headers: pageHeaders(visitor) };
  });
  const answer = () => {
    const res = new EventEmitter();
    res.statusCode = 200;
    return res;
  };
  // In rounds of 1,000 calls, with a turn of the event loop between them (not timed), as a server
  // has between requests: the queue's writes run there, so that it never fills and drops.
  const measure = async (calls, fn) => {
    const times = new Float64Array(calls);
    for (let i = 0; i < calls; i++) {
      if (i % 1_000 === 0) await new Promise((resolve) => setImmediate(resolve));
      const started = process.hrtime.bigint();
      fn(requests[i % requests.length]);
      times[i] = Number(process.hrtime.bigint() - started) / 1000;
    }
    times.sort();
    const mean = times.reduce((a, b) => a + b, 0) / calls;
    return { calls, meanUs: round(mean, 2), p50Us: round(percentile(times, 50), 2), p99Us: round(percentile(times, 99), 2) };
  };
  // On the request path: the classification from the headers (countPageView before the answer).
  const count = (req) => {
    const res = answer();
    countPageView(req, res);
    return res;
  };
  // Everything: the classification, then at 'finish' the record (bowser's cached parse, the digest) and the push.
  const whole = (req) => count(req).emit("finish");
  await measure(20_000, whole); // warm-up: the JIT, bowser's cache of the four agents
  const classify = await measure(100_000, (req) => classifyRequest(req));
  const onRequestPath = await measure(100_000, count);
  const counted = await measure(100_000, whole);
  await pageViews.stop();
  return { classify, onRequestPath, counted, written, dropped: pageViews.stats().dropped };
}

// ---------------------------------------------------------------------------------------------
// The server under test.

function startServer({ dataDir, analytics, databaseUrl }) {
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
  const events = { dropped: 0, writeFailed: 0, countFailed: 0 };
  const server = spawnServer(env, (text) => {
    events.dropped += text.split('"event":"analytics.dropped"').length - 1;
    events.writeFailed += text.split('"event":"analytics.write-failed"').length - 1;
    events.countFailed += text.split('"event":"analytics.count-failed"').length - 1;
  });
  const { child } = server;
  return {
    ...server,
    events,
    /** CPU time (user + system) the server process has used so far, in ms (Linux /proc, clock ticks of 10 ms). */
    cpuMs() {
      try {
        const fields = fs.readFileSync(`/proc/${child.pid}/stat`, "utf8").split(") ")[1].split(" ");
        return (Number(fields[11]) + Number(fields[12])) * 10;
      } catch {
        return NaN;
      }
    },
  };
}

async function status(url, headers = {}) {
  try {
    const res = await fetch(url, { headers, signal: AbortSignal.timeout(10_000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

async function waitReady(server, postgres) {
  const deadline = performance.now() + 180_000;
  while ((await status(`${BASE}/api/health`)) !== 200) {
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
    const code = await status(`${BASE}${ROUTE}`, { accept: "text/html", "accept-encoding": "gzip", "user-agent": "bench-warm-up" });
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
async function paced({ rate, seconds, killAtMs, server }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });
  const sent = [];
  const latencies = [];
  const counts = { ok2xx: 0, non2xx: 0, errors: 0 };
  const pending = new Set();
  const total = Math.round(rate * seconds);
  const started = performance.now();
  let killedAt = null;
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
    const record = { visitor, due, answeredAt: null, status: 0 };
    sent.push(record);
    const done = new Promise((resolve) => {
      const request = http.request({ agent, host: "127.0.0.1", port: PORT, path: ROUTE, method: "GET", headers: pageHeaders(visitor) }, (response) => {
        response.resume();
        response.on("end", () => {
          record.answeredAt = performance.now();
          record.status = response.statusCode;
          latencies.push(record.answeredAt - due);
          counts[response.statusCode >= 200 && response.statusCode < 300 ? "ok2xx" : "non2xx"] += 1;
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
function closedLoop(seconds) {
  return new Promise((resolve, reject) => {
    const sent = [];
    const latencies = [];
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

async function readStored(database) {
  let rows;
  let salts;
  if (database.kind === "pglite") {
    const { PGlite } = await import("@electric-sql/pglite");
    // After a kill -9 this is PostgreSQL's own crash recovery of the folder.
    const db = new PGlite(path.join(database.dataDir, "pglite"));
    try {
      rows = (await db.query("select visitor_id from analytics_events")).rows;
      salts = (await db.query("select salt from analytics_salts")).rows;
    } finally {
      await db.close();
    }
  } else {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      rows = (await client.query("select visitor_id from analytics_events")).rows;
      salts = (await client.query("select salt from analytics_salts")).rows;
    } finally {
      await client.end();
    }
  }
  const ids = new Map();
  for (const { visitor_id: id } of rows) ids.set(id, (ids.get(id) ?? 0) + 1);
  return { ids, total: rows.length, salts: salts.map((s) => s.salt) };
}

/** How many times the page view of each sent request was stored (0, 1 or more), under any salt the database holds. */
function storedTimes(stored, record) {
  const digest = visitorDigest(HOST, record.visitor.address, record.visitor.userAgent);
  return stored.salts.reduce((n, salt) => n + (stored.ids.get(visitorIdFrom(salt, digest)) ?? 0), 0);
}

/** Answered 2xx against stored: `answered` says which sent requests got a 2xx (all of them when unknown). */
function reconcile(stored, sent, ok2xx, answered = () => true) {
  let storedAnswered = 0;
  let storedUnanswered = 0;
  let duplicates = 0;
  const lost = [];
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

async function benchDatabase(database) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-analytics-"));
  database.dataDir = dataDir;
  const postgres = database.kind === "postgres";
  const result = { label: database.label, loadAverageAtStart: loadAverage() };
  const runs = [];
  try {
    // Floor, then counting, ROUNDS times: a machine whose load drifts shows in the rounds' spread.
    for (let roundNo = 1; roundNo <= ROUNDS; roundNo++) {
      const pair = {};
      for (const analytics of [false, true]) {
        const key = analytics ? "counted" : "floor";
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
        let closed = null;
        if (!SKIP.has("closed")) {
          log(`  autocannon, ${CONNECTIONS} connections, ${DURATION} s`);
          const cpu = server.cpuMs();
          closed = await closedLoop(DURATION);
          closed.cpuMsPerAnswer = round((server.cpuMs() - cpu) / Math.max(1, closed.ok2xx + closed.non2xx), 3);
        }
        // SIGTERM: the queue's last write, then the database closes (host/server.ts).
        const exit = await server.stop();
        pair[key] = { warmUp, rate, closed, events: { ...server.events }, exit };
      }
      runs.push(pair);
    }
    const stored = await readStored(database);
    const floorSent = runs.flatMap(({ floor }) => [...floor.warmUp.sent, ...floor.rate.sent, ...(floor.closed?.sent ?? [])]);
    result.floorRowsStored = floorSent.reduce((n, record) => n + storedTimes(stored, record), 0);
    const counted = runs.map((pair) => pair.counted);
    const sum = (list, key) => list.reduce((n, run) => n + (run?.[key] ?? 0), 0);
    const logged = { dropped: 0, writeFailed: 0, countFailed: 0 };
    for (const run of counted) for (const key of Object.keys(logged)) logged[key] += run.events[key];
    result.storedAfterGracefulStop = {
      rate: reconcile(
        stored,
        counted.flatMap((run) => [...run.warmUp.sent, ...run.rate.sent]),
        sum(
          counted.flatMap((run) => [run.warmUp, run.rate]),
          "ok2xx",
        ),
        (r) => r.status === 200,
      ),
      closed: SKIP.has("closed")
        ? null
        : reconcile(
            stored,
            counted.flatMap((run) => run.closed.sent),
            sum(
              counted.map((run) => run.closed),
              "ok2xx",
            ),
          ),
      rowsInTable: stored.total,
      logged,
    };
    for (const run of [result.storedAfterGracefulStop.rate, result.storedAfterGracefulStop.closed]) if (run) delete run.lostRecords;
    // In the closed loop which request got which answer is not known: its requests still in flight
    // at the end were sent and may be stored without an answer counted.
    if (result.storedAfterGracefulStop.closed) {
      const c = result.storedAfterGracefulStop.closed;
      c.storedUnanswered = Math.max(0, c.stored - c.ok2xx);
      c.lost = Math.max(0, c.ok2xx - c.stored);
    }
    result.rounds = runs.map(({ floor, counted }) => ({
      floor: strip(floor),
      counted: strip(counted),
      added: {
        p50Ms: round(counted.rate.p50 - floor.rate.p50, 1),
        p95Ms: round(counted.rate.p95 - floor.rate.p95, 1),
        p99Ms: round(counted.rate.p99 - floor.rate.p99, 1),
        cpuMsPerAnswer: round(counted.rate.cpuMsPerAnswer - floor.rate.cpuMsPerAnswer, 3),
        closedReqPerSec: counted.closed ? counted.closed.reqPerSec - floor.closed.reqPerSec : null,
      },
    }));

    if (!SKIP.has("kill")) {
      log(`${database.label}: kill -9 ${KILL_AT_S} s into ${RATE}/s (load average ${loadAverage()})`);
      const before = await readStored(database);
      const server = startServer({ dataDir, analytics: true, databaseUrl: database.url });
      await waitReady(server, postgres);
      const run = await paced({ rate: RATE, seconds: KILL_AT_S + 5, killAtMs: KILL_AT_S * 1000, server });
      const exit = await server.exited;
      const after = await readStored(database);
      const answered = run.sent.filter((r) => r.status === 200);
      const check = reconcile(after, run.sent, answered.length, (r) => r.status === 200);
      const lostAges = check.lostRecords.map((r) => run.killedAt - r.answeredAt).sort((a, b) => a - b);
      // The page views answered in the last flush interval before the kill: what may be waiting.
      const lastInterval = answered.filter((r) => run.killedAt - r.answeredAt <= FLUSH_INTERVAL_MS).length;
      result.kill = {
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
      result.kill.withinBound = result.kill.lost <= result.kill.bound && result.kill.duplicates === 0;
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return result;
}

/** A run without its per-request lists (kept for matching, not for the JSON). */
function strip(run) {
  const without = ({ sent: _sent, killedAt: _killedAt, ...rest }) => rest;
  return { warmUp: without(run.warmUp), rate: without(run.rate), closed: run.closed ? without(run.closed) : null, events: run.events, exit: run.exit };
}

async function createPostgresDatabase() {
  if (!ADMIN_URL) return { skip: "no PostgreSQL: set BENCH_DATABASE_URL or DATABASE_URL" };
  try {
    const { name, url, drop } = await createScratchDatabase(ADMIN_URL, "bench_analytics");
    return { kind: "postgres", label: `PostgreSQL (${name})`, url, drop };
  } catch (error) {
    return { skip: `PostgreSQL at ${ADMIN_URL} is not answering (${error.message})` };
  }
}

// ---------------------------------------------------------------------------------------------
// Output.

const table = printTable;

function print(results) {
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
    if (d.skip) {
      console.log(`\n${d.label}: SKIPPED: ${d.skip}`);
      continue;
    }
    const rows = d.rounds.flatMap((r, i) => [
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
    if (d.rounds[0].floor.closed) {
      table(
        `${d.label}: autocannon, ${CONNECTIONS} connections, ${DURATION} s (each request a new visitor)`,
        d.rounds.flatMap((r, i) => [
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

async function main() {
  const startedAt = new Date();
  if (!fs.existsSync(path.join(root, ".next", "BUILD_ID")))
    throw new Error("no build: run `npm run build` first (this benchmark starts the server with SKIP_BUILD=1)");
  log(`load average ${loadAverage()} on ${os.cpus().length} cores; server on ${BASE}`);
  const results = {
    startedAt: startedAt.toISOString(),
    settings: { rate: RATE, duration: DURATION, rounds: ROUNDS, connections: CONNECTIONS, route: ROUTE, killAtS: KILL_AT_S },
  };
  results.machine = { cpus: os.cpus().length, node: process.version, loadAverageAtStart: loadAverage() };
  if (!SKIP.has("host")) {
    log("the host's cost per counted page view, in-process");
    results.host = await hostCost();
  }
  results.databases = [];
  if (!SKIP.has("pglite")) results.databases.push(await benchDatabase({ kind: "pglite", label: "embedded PGlite" }));
  if (!SKIP.has("postgres")) {
    const database = await createPostgresDatabase();
    if (database.skip) {
      log(`PostgreSQL: SKIPPED: ${database.skip}`);
      results.databases.push({ label: "PostgreSQL", skip: database.skip });
    } else {
      try {
        results.databases.push(await benchDatabase(database));
      } finally {
        await database.drop();
      }
    }
  }
  results.machine.loadAverageAtEnd = loadAverage();
  print(results);
  const outDir = path.join(root, "bench-results");
  fs.mkdirSync(outDir, { recursive: true });
  const file = path.join(
    outDir,
    `${startedAt
      .toISOString()
      .replaceAll(":", "-")
      .replace(/\.\d+Z$/, "Z")}-analytics.json`,
  );
  fs.writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nload average at the end: ${results.machine.loadAverageAtEnd}\nWrote ${path.relative(root, file)}`);
}

export async function benchAnalytics() {
  await main();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
