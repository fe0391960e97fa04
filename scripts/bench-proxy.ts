// `npm run bench` (its last part) or `node scripts/bench-proxy.ts`: the site through nginx
// (deploy/nginx.conf, ports and folders replaced: scripts/nginx-config.ts) with 1, 2 and 3 server
// processes on one PostgreSQL database of its own: req/s and p99 of a cached page (/blog), a page
// rendered per request (/blog?q=…, no-store) and the form endpoint (/api/forms/contact, each post a
// new visitor), with each figure's ratio to one process, and the machine's load average.
// Skipped, with the reason printed, without PostgreSQL (BENCH_DATABASE_URL or DATABASE_URL) or nginx.
// Options: --duration=S (default 10), --connections=N (default 50). Env: BENCH_PORT (default 3400):
// nginx listens on BENCH_PORT + 10, the processes on + 11, + 12, + 13.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type autocannon from "autocannon";
import { createScratchDatabase, loadAverage, loadRun, numberOption, sleep, writeResults, type ScratchDatabase } from "./bench-helpers.ts";
import { NGINX_BINARY, renderNginxConfig } from "./nginx-config.ts";

const root = path.resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const DURATION = numberOption(args, "duration", 10);
const CONNECTIONS = numberOption(args, "connections", 50);
const BASE_PORT = Number(process.env.BENCH_PORT ?? 3400) + 10;
const APP_PORTS = [BASE_PORT + 1, BASE_PORT + 2, BASE_PORT + 3] as const;
const PROXY = `http://127.0.0.1:${BASE_PORT}`;
const ADMIN_URL = process.env.BENCH_DATABASE_URL?.trim() || process.env.DATABASE_URL?.trim();
const log = (line: string) => console.log(`[bench nginx] ${line}`);

type Scenario = "cached" | "rendered" | "form";

/** One autocannon run through nginx. */
interface RunFigures {
  reqPerSec: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** How many answers had each status code. */
  statuses: Record<string, number>;
}

/** A row of the table (and of the JSON): one scenario with `processes` server processes behind nginx. */
export interface ProxyRow extends RunFigures {
  processes: number;
  scenario: Scenario;
  label: string;
  loadAverage: string;
  /** req/s over that of one process in the same scenario; null when one process answered none. */
  ratioToOne?: number | null;
}

interface App {
  port: number;
  child: ChildProcess;
  stderr(): string;
  stop(): Promise<void>;
}

function startApp(port: number, databaseUrl: string): App {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-proxy-"));
  const child = spawn(process.execPath, ["host/server.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SITE_URL: PROXY,
      TRUST_PROXY: "true",
      // Every request comes from nginx's address: the per-address form limit at its highest.
      FORM_RATE_LIMIT: "10000",
      FORM_RATE_WINDOW_MINUTES: "1",
      MAIL_WORKER: "true",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise((resolve) => child.on("exit", resolve));
  return {
    port,
    child,
    stderr: () => stderr,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function waitFor(url: string, what: string, timeoutMs = 180_000): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const status = await fetch(url, { signal: AbortSignal.timeout(5_000) }).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    await sleep(250);
  }
  throw new Error(`${what} did not answer 200 within ${timeoutMs} ms`);
}

function startNginx(binary: string, count: number, prefix: string): { stop(): Promise<void> } {
  fs.writeFileSync(
    path.join(prefix, "nginx.conf"),
    renderNginxConfig({ listenPort: BASE_PORT, appPorts: APP_PORTS.slice(0, count), prefix, file: path.join(root, "deploy", "nginx.conf") }),
  );
  const child = spawn(binary, ["-p", prefix, "-c", path.join(prefix, "nginx.conf"), "-g", "daemon off;"], { stdio: "inherit" });
  const exited = new Promise((resolve) => child.on("exit", resolve));
  return {
    async stop() {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

async function run(options: autocannon.Options): Promise<RunFigures> {
  const { reqPerSec, p99, errors, non2xx, statuses } = await loadRun({ connections: CONNECTIONS, duration: DURATION, ...options });
  return { reqPerSec, p99, errors, non2xx, statuses };
}

let visitor = 0;
const runId = Date.now();
/** One new visitor's contact form, as the page's script posts it (ADR 0017). */
function contactBody(): string {
  visitor++;
  return new URLSearchParams([
    ["name", "Bench Visitor"],
    ["email", `bench-proxy-${runId}-${visitor}@example.com`],
    ["mobileNumber", "+919876543210"],
    ["company", "Benchmark"],
    ["message", `Benchmark message number ${visitor}, through nginx.`],
    ["companyWebsite", ""],
    ["elapsedMs", "15000"],
    ["submissionKey", `bench-proxy-key-${runId}-${visitor}`],
    ["attribution", ""],
  ]).toString();
}

const SCENARIOS: { key: Scenario; label: string; options: () => autocannon.Options }[] = [
  { key: "cached", label: "cached page (/blog)", options: () => ({ url: `${PROXY}/blog` }) },
  { key: "rendered", label: "page rendered per request (/blog?q=growth)", options: () => ({ url: `${PROXY}/blog?q=growth` }) },
  {
    key: "form",
    label: "form endpoint (/api/forms/contact)",
    options: () => ({
      url: PROXY,
      requests: [
        {
          method: "POST",
          path: "/api/forms/contact",
          headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json", origin: PROXY },
          setupRequest: (req) => ({ ...req, body: contactBody() }),
        },
      ],
    }),
  },
];

/** The rows of the table, or null when skipped (the reason is printed). */
export async function benchThroughNginx(): Promise<ProxyRow[] | null> {
  if (!ADMIN_URL) {
    log("SKIPPED: no PostgreSQL (set BENCH_DATABASE_URL or DATABASE_URL): several processes need one");
    return null;
  }
  const nginxBinary = NGINX_BINARY;
  if (!nginxBinary) {
    log("SKIPPED: nginx is not installed (apt-get install nginx)");
    return null;
  }
  let database: ScratchDatabase;
  try {
    database = await createScratchDatabase(ADMIN_URL, "bench_proxy");
  } catch (error) {
    log(`SKIPPED: PostgreSQL at ${ADMIN_URL} is not answering (${error instanceof Error ? error.message : String(error)})`);
    return null;
  }
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), "bench-nginx-"));
  fs.chmodSync(prefix, 0o777);
  const apps: App[] = [];
  const rows: ProxyRow[] = [];
  try {
    for (const count of [1, 2, 3]) {
      // The first process migrates and seeds the database; the others join it.
      while (apps.length < count) {
        const app = startApp(APP_PORTS[apps.length]!, database.url);
        apps.push(app);
        await waitFor(`http://127.0.0.1:${app.port}/api/health`, `process on ${app.port}`).catch((error: unknown) => {
          throw new Error(`${error instanceof Error ? error.message : String(error)}\n${app.stderr()}`);
        });
      }
      const nginx = startNginx(nginxBinary, count, prefix);
      try {
        await waitFor(`${PROXY}/api/health`, "nginx");
        // Every process renders and caches the page once before it is measured.
        for (const app of apps) for (let i = 0; i < 3; i++) await fetch(`http://127.0.0.1:${app.port}/blog`).then((r) => r.arrayBuffer());
        for (const scenario of SCENARIOS) {
          const load = loadAverage(1);
          log(`${count} process${count > 1 ? "es" : ""}: ${scenario.label} (load average ${load})`);
          const result = await run(scenario.options());
          rows.push({ processes: count, scenario: scenario.key, label: scenario.label, loadAverage: load, ...result });
        }
      } finally {
        await nginx.stop();
      }
    }
  } finally {
    for (const app of apps) await app.stop();
    await database.drop();
    fs.rmSync(prefix, { recursive: true, force: true });
  }
  for (const row of rows) {
    const one = rows.find((r) => r.processes === 1 && r.scenario === row.scenario);
    row.ratioToOne = one && one.reqPerSec > 0 ? Number((row.reqPerSec / one.reqPerSec).toFixed(2)) : null;
  }
  console.log(`\nThrough nginx (deploy/nginx.conf), ${CONNECTIONS} connections, ${DURATION} s each, ${os.cpus().length} cores`);
  console.log(["processes", "what", "req/s", "p99 ms", "ratio to 1", "errors", "answers by status", "load average"].join(" | "));
  for (const r of rows) {
    const statuses = Object.entries(r.statuses)
      .map(([status, n]) => `${status}: ${n}`)
      .join(", ");
    console.log([r.processes, r.label, r.reqPerSec, r.p99, r.ratioToOne, r.errors, statuses, r.loadAverage].join(" | "));
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await benchThroughNginx();
  if (rows) {
    const file = writeResults(new Date(), "-nginx", { connections: CONNECTIONS, durationSeconds: DURATION, cpus: os.cpus().length, rows });
    log(`wrote ${path.relative(root, file)}`);
  }
  process.exit(0);
}
