// `npm run bench:integrations`: what the integrations cost and carry (docs/integrations.md,
// docs/benchmark.md), on the production server (`node host/start.ts`, SKIP_BUILD=1 on the existing
// build) with a fresh data folder: the embedded database, or PostgreSQL when BENCH_DATABASE_URL or
// DATABASE_URL is set (a database of its own, dropped at the end).
//   1. Requests a second and latency, autocannon with --connections for --duration each: the
//      server's floor (GET /api/health, no key), a REST API list (GET /api/v1/leads, a key checked and
//      counted in the database on every request), and an MCP tool call (POST /api/mcp, search_leads).
//   2. Webhooks: --leads leads created through the API, as fast as --connections allow, first with
//      no endpoint and then with one endpoint (a receiver in this process that verifies every
//      signature): what the outbox row adds to the write, and how long until the last delivery arrives
//      (deliveries a second), each received exactly once.
// Prints tables and writes bench-results/<timestamp>-integrations.json.
// Options: --duration=S (default 10), --connections=N (default 10), --leads=N (default 1000).
// Env: BENCH_PORT (default 3400; the server listens on BENCH_PORT + 30).
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { Webhook } from "standardwebhooks";
import { openPglite, openPostgres, type DatabaseHandle } from "../src/server/kernel/db/client";
import { apiKeys, webhookEndpoints } from "../src/server/kernel/db/schema";
import { hashApiKey } from "../src/server/integrations/api-keys";
import { encryptSecret, newSigningSecret } from "../src/server/integrations/webhooks/secret";
import { createScratchDatabase, numberOption, printTable, serverEnv, startServer, type BenchServer, type ScratchDatabase } from "./bench-helpers";

const root = path.resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const DURATION = numberOption(args, "duration", 10);
const CONNECTIONS = numberOption(args, "connections", 10);
const LEADS = numberOption(args, "leads", 1000);
const PORT = Number(process.env.BENCH_PORT ?? 3400) + 30;
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN_URL = process.env.BENCH_DATABASE_URL?.trim() || process.env.DATABASE_URL?.trim();
// One auth secret for the server and this process: the endpoint's signing secret is encrypted with it.
const AUTH_SECRET = crypto.randomBytes(32).toString("hex");
process.env.BETTER_AUTH_SECRET = AUTH_SECRET;

/** Leads made so far: each gets its own name and address. */
let made = 0;
const log = (message: string) => console.log(`[bench integrations ${new Date().toISOString().slice(11, 19)}] ${message}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

if (!fs.existsSync(path.join(root, ".next", "BUILD_ID")))
  throw new Error("no build: run `npm run build` first (this benchmark starts the server with SKIP_BUILD=1)");

// ---- The database, prepared before the server holds it: a key with every scope.

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-integrations-"));
const scratch: ScratchDatabase | undefined = ADMIN_URL ? await createScratchDatabase(ADMIN_URL, "bench_integrations") : undefined;
const label = scratch ? `PostgreSQL (${scratch.name})` : "embedded (PGlite)";
/** The database, opened by this process while no server holds it (the embedded one is the server's while it runs). */
const openDatabase = (): DatabaseHandle => (scratch ? openPostgres(scratch.url) : openPglite({ dataDir: path.join(dataDir, "pglite") }));
const setup = openDatabase();
await setup.migrate();
const key = `kg_live_${crypto.randomBytes(32).toString("base64url")}`;
await setup.db.insert(apiKeys).values({
  name: "Bench",
  scopes: ["content:read", "content:write", "leads:read", "leads:write"],
  tokenHash: hashApiKey(key),
  shownPrefix: key.slice(0, 12),
});
await setup.close();

// ---- The server.

const env = serverEnv({
  port: PORT,
  dataDir,
  databaseUrl: scratch?.url,
  extra: {
    BETTER_AUTH_SECRET: AUTH_SECRET,
    // Every request of the runs is counted, none refused: the figures are the work, not the limit.
    API_RATE_LIMIT: "100000",
    WEBHOOK_ALLOW_PRIVATE_TARGETS: "true",
    ANALYTICS_ENABLED: "false",
    FORM_ACKNOWLEDGEMENT: "false",
  },
});
let server: BenchServer | undefined;

const results: Record<string, unknown> = { database: label, connections: CONNECTIONS, duration: DURATION, leads: LEADS, cpus: os.cpus().length };
try {
  server = await startServer(env, BASE);
  log(`server up on ${label}`);
  const auth = { authorization: `Bearer ${key}` };
  const json = { "content-type": "application/json" };
  const mcpCall = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "search_leads", arguments: { limit: 20 } } });
  // The MCP call must succeed, or the run below would time refusals.
  const probe = await fetch(`${BASE}/api/mcp`, { method: "POST", headers: { ...auth, ...json, accept: "application/json, text/event-stream" }, body: mcpCall });
  const probeText = await probe.text();
  if (!probe.ok || !probeText.includes("leads")) throw new Error(`the MCP call failed (${probe.status}): ${probeText.slice(0, 500)}`);

  // ---- 1. Requests a second.
  await createLeads(200, auth);
  const runs: Record<string, unknown>[] = [];
  for (const [name, options] of [
    ["floor: GET /api/health", { url: `${BASE}/api/health` }],
    ["GET /api/v1/leads?limit=20", { url: `${BASE}/api/v1/leads?limit=20`, headers: auth }],
    [
      "POST /api/mcp search_leads",
      { url: `${BASE}/api/mcp`, method: "POST", headers: { ...auth, ...json, accept: "application/json, text/event-stream" }, body: mcpCall },
    ],
  ] as const) {
    await cannon({ ...options, duration: 2 }); // warm-up, not counted
    const result = await cannon({ ...options, duration: DURATION });
    runs.push({
      route: name,
      rps: Math.round(result.requests.average),
      p50: result.latency.p50,
      p97_5: result.latency.p97_5,
      p99: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors,
    });
    log(`${name}: ${Math.round(result.requests.average)} req/s`);
  }
  results.requests = runs;
  printTable(`Requests (${label}, ${CONNECTIONS} connections, ${DURATION} s, latency in ms)`, runs, [
    ["route", "route"],
    ["rps", "req/s"],
    ["p50", "p50"],
    ["p97_5", "p97.5"],
    ["p99", "p99"],
    ["non2xx", "non-2xx"],
    ["errors", "errors"],
  ]);

  // ---- 2. Webhooks.
  const withoutEndpoint = await createLeads(LEADS, auth);
  log(`${LEADS} leads without an endpoint: ${withoutEndpoint.perSecond} a second`);
  // The endpoint is written while the server is stopped (the embedded database is the server's while it runs).
  const receiver = await startReceiver();
  await server.stop();
  const admin = openDatabase();
  await admin.db
    .insert(webhookEndpoints)
    .values({ url: receiver.url, kind: "standard", events: ["lead.created"], secretEncrypted: encryptSecret(receiver.secret) });
  await admin.close();
  server = await startServer(env, BASE);
  // Warm-up (the restarted server compiles its routes on first use): ten leads, their deliveries awaited, then not counted.
  await createLeads(10, auth);
  const warmedBy = Date.now() + 60_000;
  while (receiver.received.size < 10 && Date.now() < warmedBy) await sleep(50);
  if (receiver.received.size < 10) throw new Error(`the warm-up's deliveries did not arrive within a minute:\n${server.output().slice(-4000)}`);
  receiver.reset();
  const started = Date.now();
  const withEndpoint = await createLeads(LEADS, auth);
  log(`${LEADS} leads with an endpoint: ${withEndpoint.perSecond} a second`);
  const deadline = Date.now() + Number(process.env.BENCH_DELIVERY_WAIT_S ?? 300) * 1000;
  while (receiver.received.size < LEADS && Date.now() < deadline) await sleep(50);
  if (receiver.received.size < LEADS) log(`only ${receiver.received.size} of ${LEADS} delivered; the server's last lines:\n${server.output().slice(-4000)}`);
  const lastAt = receiver.lastAt;
  const webhooks = {
    leadsPerSecondWithout: withoutEndpoint.perSecond,
    leadsPerSecondWith: withEndpoint.perSecond,
    p50Without: withoutEndpoint.p50,
    p50With: withEndpoint.p50,
    delivered: receiver.received.size,
    duplicates: receiver.duplicates,
    badSignatures: receiver.badSignatures,
    secondsToLastDelivery: Number(((lastAt - started) / 1000).toFixed(1)),
    deliveriesPerSecond: Math.round(receiver.received.size / ((lastAt - started) / 1000)),
  };
  results.webhooks = webhooks;
  printTable(
    `Webhooks (${label}, ${LEADS} leads through POST /api/v1/leads, ${CONNECTIONS} at a time)`,
    [webhooks],
    [
      ["leadsPerSecondWithout", "leads/s, no endpoint"],
      ["leadsPerSecondWith", "leads/s, one endpoint"],
      ["p50Without", "p50 ms, none"],
      ["p50With", "p50 ms, one"],
      ["delivered", "delivered"],
      ["duplicates", "twice"],
      ["badSignatures", "bad signatures"],
      ["secondsToLastDelivery", "s to last delivery"],
      ["deliveriesPerSecond", "deliveries/s"],
    ],
  );
  await receiver.close();
} finally {
  await server?.stop();
  if (scratch) await scratch.drop().catch(() => {});
  fs.rmSync(dataDir, { recursive: true, force: true });
}
const outDir = path.join(root, "bench-results");
fs.mkdirSync(outDir, { recursive: true });
const file = path.join(outDir, `${new Date().toISOString().replace(/[:.]/g, "-")}-integrations.json`);
fs.writeFileSync(file, JSON.stringify(results, null, 2));
log(`results written to ${path.relative(root, file)}`);

// ---------------------------------------------------------------------------------------------

function cannon(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, ...options }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** `count` leads through the API, CONNECTIONS at a time: leads a second and the median answer. */
async function createLeads(count: number, auth: Record<string, string>): Promise<{ perSecond: number; p50: number }> {
  const times: number[] = [];
  let next = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < count) {
        next++;
        const n = ++made;
        const at = performance.now();
        const response = await fetch(`${BASE}/api/v1/leads`, {
          method: "POST",
          headers: { ...auth, "content-type": "application/json" },
          body: JSON.stringify({ name: `Bench Lead ${n}`, email: `lead-${n}@bench.example`, mobileNumber: "9876543210" }),
        });
        if (response.status !== 201) throw new Error(`lead ${n}: ${response.status} ${await response.text()}`);
        times.push(performance.now() - at);
      }
    }),
  );
  times.sort((a, b) => a - b);
  return { perSecond: Math.round(count / ((Date.now() - started) / 1000)), p50: Number(times[Math.floor(times.length / 2)]!.toFixed(1)) };
}

/** A receiver that verifies every delivery's signature with the Standard Webhooks library. */
async function startReceiver() {
  const secret = newSigningSecret();
  const verifier = new Webhook(secret);
  const received = new Set<string>();
  const state = { duplicates: 0, badSignatures: 0, lastAt: 0 };
  const httpServer = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      try {
        verifier.verify(body, req.headers as Record<string, string>);
      } catch {
        state.badSignatures++;
      }
      const id = String(req.headers["webhook-id"]);
      if (received.has(id)) state.duplicates++;
      received.add(id);
      state.lastAt = Date.now();
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => httpServer.listen(0, "127.0.0.1", resolve));
  const { port } = httpServer.address() as { port: number };
  return {
    secret,
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    get duplicates() {
      return state.duplicates;
    },
    get badSignatures() {
      return state.badSignatures;
    },
    get lastAt() {
      return state.lastAt;
    },
    reset() {
      received.clear();
      Object.assign(state, { duplicates: 0, badSignatures: 0, lastAt: 0 });
    },
    close: () => new Promise<void>((resolve) => httpServer.close(() => resolve())),
  };
}
