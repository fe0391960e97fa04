// `npm start`: builds the app when there is no build or the sources are newer than it, then starts
// the production server (PORT, default 3000). The server migrates and seeds its database itself.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import module from "node:module";
import path from "node:path";
import { startPgliteThread } from "../src/server/kernel/db/pglite-start.ts";
import { setPglitePrestart } from "../src/server/kernel/bridge.ts";
import { hintChunks } from "./compile-hints.ts";

const root = path.resolve(import.meta.dirname, "..");
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);
const buildId = path.join(root, ".next", "BUILD_ID");
const SOURCES = ["src", "public", "drizzle", "package.json", "package-lock.json", "next.config.ts", "postcss.config.mjs", "tsconfig.json"];

function newestMtime(target: string): number {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function isBuildStale(): boolean {
  if (!fs.existsSync(buildId)) return true;
  const built = fs.statSync(buildId).mtimeMs;
  return SOURCES.some((s) => newestMtime(path.join(root, s)) > built);
}

/**
 * `npm run dev` (`node host/start.ts --dev`): Next's development server with hot reload, served
 * through the same host as production, so that a developer sees production's headers, policy, body
 * limits and refusals. No build, and no page cache (host/server.ts turns it off in development).
 */
const dev = process.argv.includes("--dev");

process.env.NEXT_TELEMETRY_DISABLED = "1";
if (!dev && process.env.SKIP_BUILD !== "1" && isBuildStale()) {
  console.log("Building the app (first start, or the sources changed)...");
  const result = spawnSync(bin("next"), ["build"], { cwd: root, stdio: "inherit", env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
  hintChunks(path.join(root, ".next"));
}

// Pages rendered at run time are cached on disk under .next (ADR 0003). A new start begins with an
// empty cache, so that pages never show a previous run's configuration or database.
if (!dev) fs.rmSync(path.join(root, ".next", "server", "route-cache"), { recursive: true, force: true });

// Node keeps the compiled bytecode of the modules it loads (Next's server, the app's bundles) on
// disk and reuses it on the next start, unless COMPILE_CACHE=off (docs/decisions/0012).
if (process.env.COMPILE_CACHE !== "off") module.enableCompileCache?.(path.join(root, ".next", "cache", "node-compile-cache"));

// The embedded database opens in a thread of its own while Next loads here (docs/decisions/0018):
// PGlite's start is about 0.4 s of CPU that no longer delays the first answer. The app adopts this
// thread (src/server/kernel/db/client.ts); without it (`next start`, scripts) the app starts its own.
function prestartEmbeddedDatabase(): void {
  // The same .env files Next reads (it caches them: read once).
  const nextRequire = module.createRequire(path.join(root, "node_modules", "next", "package.json"));
  nextRequire("@next/env").loadEnvConfig(root, false, { info() {}, error: console.error });
  if (process.env.DATABASE_URL?.trim()) return;
  try {
    setPglitePrestart(startPgliteThread(path.resolve(process.env.DATA_DIR?.trim() || "./data", "pglite")));
  } catch {
    // In use by another process, or not writable: the app says so when it opens it.
  }
}
prestartEmbeddedDatabase();

// host/server.ts is `next start` plus the security headers and the hash-based
// Content-Security-Policy of every HTML document (docs/decisions/0010). It runs in this process
// rather than in a child: one Node start-up less before the first answer (docs/decisions/0012).
// It handles SIGTERM/SIGINT itself.
process.env.PORT ||= "3000";
(process.env as Record<string, string>).NODE_ENV = dev ? "development" : "production";
await import("./server.ts");
