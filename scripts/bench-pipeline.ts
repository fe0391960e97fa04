// `npm run bench:pipeline`: what the pipeline board costs with --leads leads (docs/benchmark.md,
// docs/decisions/0067), on the production server (`node host/start.ts`, SKIP_BUILD=1 on the existing
// build) with a fresh data folder: the embedded database, or PostgreSQL when BENCH_DATABASE_URL or
// DATABASE_URL is set (a database of its own, dropped at the end).
//   1. Render: a signed-in owner's GET of /admin/pipeline (every column counted and totalled, its first
//      50 cards), --runs times one after another, its time and the HTML's size, beside the floor of
//      the same run: the dashboard's lightest screen (/admin/account) and GET /api/health.
//   2. Move: a card moved by its plain "Move to" form (the Server Action as a browser without
//      JavaScript posts it, answered 303 back to the board), --runs times, back and forth between
//      New and Contacted: the action's round trip, the lead's status change with its activity row.
// Prints tables and writes bench-results/<timestamp>-pipeline.json.
// Options: --leads=N (default 2000), --runs=N (default 30).
// Env: BENCH_PORT (default 3400; the server listens on BENCH_PORT + 40).
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { openPglite, openPostgres, type DatabaseHandle } from "../src/server/kernel/db/client";
import { accounts, leads, leadStages, profiles, users } from "../src/server/kernel/db/schema";
import { hashPassword } from "../src/server/kernel/session/auth";
import {
  createScratchDatabase,
  median,
  numberOption,
  percentile,
  printTable,
  serverEnv,
  startServer,
  type BenchServer,
  type ScratchDatabase,
} from "./bench-helpers";

const root = path.resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const LEADS = numberOption(args, "leads", 2000);
const RUNS = numberOption(args, "runs", 30);
const PORT = Number(process.env.BENCH_PORT ?? 3400) + 40;
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN_URL = process.env.BENCH_DATABASE_URL?.trim() || process.env.DATABASE_URL?.trim();
const AUTH_SECRET = crypto.randomBytes(32).toString("hex");
process.env.BETTER_AUTH_SECRET = AUTH_SECRET;
const EMAIL = "bench-owner@bench.test";
const PASSWORD = "Monsoon-Ledger-2026";

const log = (message: string) => console.log(`[bench pipeline ${new Date().toISOString().slice(11, 19)}] ${message}`);

if (!fs.existsSync(path.join(root, ".next", "BUILD_ID")))
  throw new Error("no build: run `npm run build` first (this benchmark starts the server with SKIP_BUILD=1)");

// ---- The database, prepared before the server holds it: an owner, two custom stages, the leads.

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-pipeline-"));
const scratch: ScratchDatabase | undefined = ADMIN_URL ? await createScratchDatabase(ADMIN_URL, "bench_pipeline") : undefined;
const label = scratch ? `PostgreSQL (${scratch.name})` : "embedded (PGlite)";
const openDatabase = (): DatabaseHandle => (scratch ? openPostgres(scratch.url) : openPglite({ dataDir: path.join(dataDir, "pglite") }));
const setup = openDatabase();
await setup.migrate();
const ownerId = crypto.randomUUID();
await setup.db.insert(users).values({ id: ownerId, name: "Bench Owner", email: EMAIL, emailVerified: true });
await setup.db
  .insert(accounts)
  .values({ id: crypto.randomUUID(), accountId: ownerId, providerId: "credential", userId: ownerId, password: await hashPassword(PASSWORD) });
await setup.db.insert(profiles).values({ userId: ownerId, role: "owner" });
await setup.db.insert(leadStages).values([
  { key: "proposal-sent", name: "Proposal sent", position: 35 },
  { key: "negotiation", name: "Negotiation", position: 37 },
]);
const STAGES = ["new", "contacted", "qualified", "proposal-sent", "negotiation", "won", "lost"];
const services = ["SEO Optimization", "Paid Advertising", "Growth Consulting"];
const rows = Array.from({ length: LEADS }, (_, i) => ({
  name: `Bench Lead ${i}`,
  email: `lead${i}@bench.example`,
  mobileNumber: "+919876543210",
  websiteUrl: i % 2 ? `https://shop${i}.example` : null,
  growthChallenge: "Orders stall after the first purchase",
  service: services[i % services.length]!,
  status: STAGES[i % STAGES.length]!,
  dealValue: i % 5 === 0 ? null : 25_000 + ((i * 7919) % 40) * 5_000,
  ownerId: i % 3 === 0 ? ownerId : null,
  followUpOn: i % 4 === 0 ? "2026-12-15" : null,
}));
for (let i = 0; i < rows.length; i += 500) await setup.db.insert(leads).values(rows.slice(i, i + 500));
await setup.close();
log(`${LEADS} leads in ${STAGES.length} stages on ${label}`);

// ---- The server.

const env = serverEnv({
  port: PORT,
  dataDir,
  databaseUrl: scratch?.url,
  extra: { BETTER_AUTH_SECRET: AUTH_SECRET, ANALYTICS_ENABLED: "false", FORM_ACKNOWLEDGEMENT: "false" },
});
const p = (values: number[], at: number) =>
  percentile(
    [...values].sort((a, b) => a - b),
    at,
  )!;
const ms = (n: number) => Math.round(n * 10) / 10;

async function timedGet(url: string, cookie?: string): Promise<{ ms: number; bytes: number; gzipped: number; body: string }> {
  const started = performance.now();
  const response = await fetch(url, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  const body = await response.text();
  const took = performance.now() - started;
  if (response.status !== 200) throw new Error(`GET ${url}: ${response.status}\n${body.slice(0, 500)}`);
  return { ms: took, bytes: Buffer.byteLength(body), gzipped: zlib.gzipSync(body).length, body };
}

const results: Record<string, unknown> = { database: label, leads: LEADS, runs: RUNS, cpus: os.cpus().length };
let server: BenchServer | undefined;
try {
  server = await startServer(env, BASE);
  log(`server up on ${label}`);
  const signIn = await fetch(`${BASE}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: BASE },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  if (!signIn.ok) throw new Error(`sign-in failed (${signIn.status}): ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

  // ---- 1. Render.
  const pages = [
    ["floor: GET /api/health", `${BASE}/api/health`, undefined],
    ["floor: GET /admin/account (signed in)", `${BASE}/admin/account`, cookie],
    [`GET /admin/pipeline (${LEADS} leads)`, `${BASE}/admin/pipeline`, cookie],
    [`GET /admin/pipeline, one column shown to 1,000`, `${BASE}/admin/pipeline?show-new=1000`, cookie],
  ] as const;
  const render: Record<string, unknown>[] = [];
  let board = "";
  for (const [name, url, session] of pages) {
    for (let i = 0; i < 3; i++) await timedGet(url, session); // warm-up, not counted
    const times: number[] = [];
    let bytes = 0;
    let gzipped = 0;
    for (let i = 0; i < RUNS; i++) {
      const got = await timedGet(url, session);
      times.push(got.ms);
      bytes = got.bytes;
      gzipped = got.gzipped;
      if (url.endsWith("/admin/pipeline")) board = got.body;
    }
    render.push({
      page: name,
      p50: ms(median(times)),
      p90: ms(p(times, 90)),
      max: ms(Math.max(...times)),
      kb: Math.round(bytes / 102.4) / 10,
      gzipKb: Math.round(gzipped / 102.4) / 10,
    });
    log(`${name}: ${ms(median(times))} ms, ${Math.round(bytes / 1024)} KB`);
  }
  results.render = render;
  printTable(`Render (${label}, ${RUNS} requests one after another, ms; the HTML's size, and gzipped as the host sends it)`, render, [
    ["page", "page"],
    ["p50", "p50"],
    ["p90", "p90"],
    ["max", "max"],
    ["kb", "KB"],
    ["gzipKb", "KB gzipped"],
  ]);
  if (process.env.BENCH_DUMP_BOARD) fs.writeFileSync(process.env.BENCH_DUMP_BOARD, board);
  const shownCards = (board.match(/data-lead="/g) ?? []).length;
  results.cardsShown = shownCards;
  log(`the board shows ${shownCards} cards of ${LEADS}`);

  // ---- 2. Move: the card's plain form, as a browser without JavaScript posts it.
  // The first card of New and its own form's action (the page has other actions: the header's sign-out).
  const newColumn = board.slice(board.indexOf('data-stage="new"'));
  const cardId = /data-lead="([0-9a-f-]{36})"/.exec(newColumn)?.[1];
  const actionField = /name="(\$ACTION_ID_[0-9a-f]+)"/.exec(newColumn.slice(newColumn.indexOf("data-lead=")))?.[1];
  if (!cardId || !actionField) throw new Error("the board has no card with a Move to form");
  const moves: number[] = [];
  let from = "new";
  for (let i = 0; i < RUNS + 3; i++) {
    const to = from === "new" ? "contacted" : "new";
    const form = new FormData();
    form.set(actionField, "");
    form.set("id", cardId);
    form.set("from", from);
    form.set("to", to);
    form.set("board", "");
    const started = performance.now();
    const response = await fetch(`${BASE}/admin/pipeline`, { method: "POST", body: form, headers: { cookie, origin: BASE }, redirect: "manual" });
    await response.arrayBuffer();
    const took = performance.now() - started;
    const location = response.headers.get("location") ?? "";
    if (response.status !== 303 || !location.includes("result=moved"))
      throw new Error(`move ${i}: ${response.status} ${location}\n${server.output().slice(-2000)}`);
    if (i >= 3) moves.push(took); // the first three warm up
    from = to;
  }
  const health: number[] = [];
  for (let i = 0; i < RUNS; i++) health.push((await timedGet(`${BASE}/api/health`)).ms);
  const move = [
    { call: "floor: GET /api/health", p50: ms(median(health)), p90: ms(p(health, 90)), max: ms(Math.max(...health)) },
    { call: "move a card (POST, 303 to the board)", p50: ms(median(moves)), p90: ms(p(moves, 90)), max: ms(Math.max(...moves)) },
  ];
  results.move = move;
  printTable(`Move (${label}, ${RUNS} moves one after another, ms)`, move, [
    ["call", "call"],
    ["p50", "p50"],
    ["p90", "p90"],
    ["max", "max"],
  ]);
  fs.mkdirSync(path.join(root, "bench-results"), { recursive: true });
  const file = path.join(root, "bench-results", `${new Date().toISOString().replace(/[:.]/g, "-")}-pipeline.json`);
  fs.writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  log(`written to ${path.relative(root, file)}`);
} finally {
  await server?.stop();
  await scratch?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
