// What the benchmark scripts share (scripts/bench*.ts, analytics-data.ts): a PostgreSQL database of
// their own, the production server they start, their options, percentiles, tables and result files.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { createServerDatabase, type ServerDatabase } from "../tests/helpers/server-database.ts";

const root = path.resolve(import.meta.dirname, "..");

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** `--name=N` among `args`, a positive number, else `fallback`; anything else throws. */
export function numberOption(args: readonly string[], name: string, fallback: number): number {
  const found = args.find((a) => a.startsWith(`--${name}=`));
  const value = found ? Number(found.slice(name.length + 3)) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

/** `--name=value` among `args`, the text after the `=`, else `fallback`. */
export function stringOption(args: readonly string[], name: string, fallback: string): string;
export function stringOption(args: readonly string[], name: string, fallback?: string): string | undefined;
export function stringOption(args: readonly string[], name: string, fallback?: string): string | undefined {
  const found = args.find((a) => a.startsWith(`--${name}=`));
  return found ? found.slice(name.length + 3) : fallback;
}

/** `--name=a,b` among `args` as its comma-separated items (empty ones left out), else undefined. */
export function listOption(args: readonly string[], name: string): string[] | undefined {
  return stringOption(args, name)?.split(",").filter(Boolean);
}

/** The nearest-rank percentile `p` of ascending `sorted`; null when there is none. */
export function percentile(sorted: ArrayLike<number>, p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** The median of `values` (any order); NaN when there is none. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  if (sorted.length === 0) return NaN;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * The environment of the production server a benchmark starts (`node host/start.ts` with
 * SKIP_BUILD=1 on the existing build) on 127.0.0.1:`port` with its own data folder, on `databaseUrl`
 * when given, else on the embedded database (an inherited DATABASE_URL is dropped); `extra` is the
 * benchmark's own settings.
 */
export function serverEnv(options: { port: number; dataDir: string; databaseUrl?: string; extra?: Record<string, string | undefined> }): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(options.port),
    SKIP_BUILD: "1",
    DATA_DIR: options.dataDir,
    SITE_URL: `http://127.0.0.1:${options.port}`,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    ...options.extra,
  };
  delete env.DATABASE_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  return env;
}

export interface BenchServer {
  child: ChildProcess;
  /** The last 20,000 characters the server wrote (stdout and stderr), for a failure's message. */
  output(): string;
  /** Resolves when the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM (the host's graceful stop), SIGKILL after 30 s; how it ended. */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Spawns the server with `env` (see serverEnv); `onOutput` sees everything it writes. */
export function spawnServer(env: NodeJS.ProcessEnv, onOutput?: (text: string) => void): BenchServer {
  const child = spawn(process.execPath, [path.join(root, "host", "start.ts")], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  let tail = "";
  const read = (chunk: unknown) => {
    const text = String(chunk);
    tail = (tail + text).slice(-20_000);
    onOutput?.(text);
  };
  child.stdout!.on("data", read);
  child.stderr!.on("data", read);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    output: () => tail,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill("SIGTERM");
      const result = await Promise.race([exited, sleep(30_000).then(() => null)]);
      if (result) return result;
      child.kill("SIGKILL");
      return exited;
    },
  };
}

/** Spawns the server and waits, up to a minute, until GET `base`/api/health answers 200. */
export async function startServer(env: NodeJS.ProcessEnv, base: string): Promise<BenchServer> {
  const server = spawnServer(env);
  for (let i = 0; ; i++) {
    if (server.child.exitCode !== null) throw new Error(`the server stopped:\n${server.output()}`);
    if (i > 600) {
      await server.stop();
      throw new Error(`the server did not answer within a minute:\n${server.output()}`);
    }
    const ok = await fetch(`${base}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return server;
    await sleep(100);
  }
}

export type ScratchDatabase = ServerDatabase;

/**
 * Creates `<prefix>_<random hex>` on the server of `adminUrl` (whose own database is left alone) and
 * returns its address; `drop()` removes it, closing its connections. Throws when the server does not
 * answer within 3 s.
 */
export function createScratchDatabase(adminUrl: string, prefix: string): Promise<ScratchDatabase> {
  return createServerDatabase(adminUrl, `${prefix}_`, { connectTimeoutMs: 3_000 });
}

/** Prints `rows` as a Markdown table under `title`; `columns` are [key, heading] pairs, a missing value is "-". */
export function printTable<Row extends object>(title: string, rows: readonly Row[], columns: readonly (readonly [keyof Row & string, string])[]): void {
  const widths = columns.map(([key, head]) => Math.max(head.length, ...rows.map((r) => String(r[key] ?? "-").length)));
  const line = (cells: unknown[]) => `| ${cells.map((c, i) => String(c).padEnd(widths[i]!)).join(" | ")} |`;
  console.log(`\n${title}`);
  console.log(line(columns.map(([, head]) => head)));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const row of rows) console.log(line(columns.map(([key]) => row[key] ?? "-")));
}

/** The machine's load averages (1, 5 and 15 minutes) with `digits` decimals, space-separated. */
export function loadAverage(digits: number): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(digits))
    .join(" ");
}

/** CPU time (user + system) process `pid` has used so far, in ms (Linux /proc, clock ticks of 10 ms); NaN when unknown. */
export function processCpuMs(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

/** The status of GET `url` after reading its body; 0 when it fails or takes longer than `timeoutMs`. */
export async function httpStatus(url: string, options: { headers?: Record<string, string>; timeoutMs: number }): Promise<number> {
  try {
    const res = await fetch(url, { headers: options.headers, signal: AbortSignal.timeout(options.timeoutMs) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

/** Writes `results` as bench-results/<startedAt, colons as dashes, no ms><suffix>.json; returns its path. */
export function writeResults(startedAt: Date, suffix: string, results: unknown): string {
  const outDir = path.join(root, "bench-results");
  fs.mkdirSync(outDir, { recursive: true });
  const stamp = startedAt
    .toISOString()
    .replaceAll(":", "-")
    .replace(/\.\d+Z$/, "Z");
  const file = path.join(outDir, `${stamp}${suffix}.json`);
  fs.writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  return file;
}

/** What one load run measured: its percentiles from the latency of every answer, and the statuses seen. */
export interface LoadRun {
  requests: number;
  reqPerSec: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
  ok2xx: number;
  /** How many answers had each status code. */
  statuses: Record<string, number>;
}

/**
 * One autocannon run. The percentiles come from every answer's latency (autocannon's own histogram
 * rounds differently, which once printed a p95 above the p99), so all three are of the same list.
 */
export function loadRun(options: autocannon.Options): Promise<LoadRun> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    const statuses: Record<string, number> = {};
    const instance = autocannon(options, (error, result) => {
      if (error) return reject(error);
      latencies.sort((a, b) => a - b);
      resolve({
        requests: result.requests.total,
        reqPerSec: Math.round(result.requests.average),
        p50: Math.round(percentile(latencies, 50) ?? 0),
        p95: Math.round(percentile(latencies, 95) ?? 0),
        p99: Math.round(percentile(latencies, 99) ?? 0),
        errors: result.errors + result.timeouts,
        non2xx: result.non2xx,
        ok2xx: result["2xx"],
        statuses,
      });
    });
    instance.on("response", (_client, status, _bytes, ms) => {
      latencies.push(ms);
      statuses[status] = (statuses[status] ?? 0) + 1;
    });
  });
}
