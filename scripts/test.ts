// `npm test`: every check, in order: lint, types, unit and integration tests, the production build,
// and the end-to-end tests in Debian's Chromium headless shell (installed through apt-get when missing). The
// calendar tests' CalDAV server, Radicale, is installed the same way when missing.
import { spawnSync, type SpawnSyncOptions } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { TEST_CHROMIUM_PATH } from "../e2e/chromium.ts";
import { hintChunks } from "../host/compile-hints.ts";

const root = path.resolve(import.meta.dirname, "..");
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);
const CHROMIUM = process.env.CHROMIUM_PATH ?? TEST_CHROMIUM_PATH;
process.env.NEXT_TELEMETRY_DISABLED = "1";

function run(label: string, command: string, args: string[], options: SpawnSyncOptions = {}): boolean {
  const started = Date.now();
  console.log(`\n=== ${label}: ${[path.basename(command), ...args].join(" ")}`);
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: process.env, ...options });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`=== ${label} FAILED after ${seconds}s`);
    return false;
  }
  console.log(`=== ${label} ok (${seconds}s)`);
  return true;
}

function ensureChromium() {
  if (fs.existsSync(CHROMIUM)) return true;
  if (process.getuid?.() !== 0) {
    console.error(`Chromium is missing at ${CHROMIUM}: run 'sudo apt-get install -y chromium-headless-shell' (or set CHROMIUM_PATH).`);
    return false;
  }
  return (
    run("apt-get update", "apt-get", ["update", "-qq"]) &&
    run("install chromium", "apt-get", ["install", "-y", "-qq", "--no-install-recommends", "chromium-headless-shell", "fonts-liberation"], {
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    })
  );
}

const RADICALE = process.env.RADICALE_PATH ?? "/usr/bin/radicale";

/**
 * Radicale, the CalDAV server the calendar sync's tests start (tests/helpers/radicale.ts): installed
 * with apt-get when missing and this runs as root. Never fatal: without it, those test files are
 * skipped and say why.
 */
function ensureRadicale() {
  if (fs.existsSync(RADICALE)) return true;
  if (process.getuid?.() !== 0 || !fs.existsSync("/usr/bin/apt-get")) {
    console.error(`Radicale is missing at ${RADICALE}: the calendar tests will be skipped (sudo apt-get install -y radicale, or set RADICALE_PATH).`);
    return true;
  }
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  if (!(
    run("apt-get update", "apt-get", ["update", "-qq"], { env }) &&
    run("install radicale", "apt-get", ["install", "-y", "-qq", "--no-install-recommends", "radicale"], { env })
  ))
    console.error("Radicale could not be installed: the calendar tests will be skipped.");
  return true;
}

/** What is read of Vitest's and Playwright's JSON reports. */
interface TestReport {
  numPassedTests?: number;
  numFailedTests?: number;
  numPendingTests?: number;
  testResults: { name: string; status: string; assertionResults: { status: string; failureMessages?: string[] }[] }[];
  stats?: { expected?: number; unexpected?: number; flaky?: number; skipped?: number };
  suites?: E2eSuite[];
}

/** Playwright's JSON report: suites of specs (a test per project), suites within suites. */
interface E2eSuite {
  file?: string;
  specs?: { title: string; file: string; line: number; tests: { projectName: string; status: string }[] }[];
  suites?: E2eSuite[];
}

/** The end-to-end tests that failed and then passed on their retry (CI allows one): named, not only counted. */
function flakyTests(suites: E2eSuite[] = []): string[] {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests.filter((test) => test.status === "flaky").map((test) => `${spec.file}:${spec.line} ${spec.title} [${test.projectName}]`),
    ),
    ...flakyTests(suite.suites),
  ]);
}

function readJson(file: string): TestReport | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(root, file), "utf8")) as TestReport;
  } catch {
    return undefined;
  }
}

// Playwright empties test-results/ when it starts: the reports live apart.
fs.rmSync(path.join(root, ".test-reports"), { recursive: true, force: true });
fs.mkdirSync(path.join(root, ".test-reports"), { recursive: true });

const only = process.argv[2]; // "unit" runs the first three steps only
const steps = [
  () => run("lint", bin("eslint"), ["--max-warnings=0", "."]),
  () => run("format", bin("prettier"), ["--check", "."]),
  () => run("types", bin("tsc"), ["--noEmit"]),
  () => ensureRadicale(),
  () => unitTests(),
];

/**
 * The Vitest run, and once more the files whose worker process died before reporting any test (all
 * of a file's tests still pending, no failure message). Node's V8 can abort a process that compiles
 * and frees PGlite's WebAssembly many times (a failed internal check on its code pages, "Check failed:
 * jit_page.has_value()", printed by the dying worker); it is not a failed test, and it strikes at random. Only
 * those files run again, only once, and the run fails if they fail again or if any test failed.
 */
function unitTests() {
  const args = ["run", "--reporter=default", "--reporter=json"];
  if (run("unit + integration", bin("vitest"), [...args, "--outputFile.json=.test-reports/vitest.json"])) return true;
  const report = readJson(".test-reports/vitest.json");
  if (!report || (report.numFailedTests ?? 0) > 0) return false;
  const died = report.testResults.filter(
    (file) => file.status === "failed" && file.assertionResults.every((test) => test.status === "pending" && (test.failureMessages ?? []).length === 0),
  );
  if (died.length === 0 || died.length > 3) return false;
  const files = died.map((file) => path.relative(root, file.name));
  console.error(`=== the worker of ${files.join(", ")} died before reporting a test: running ${died.length === 1 ? "it" : "them"} once more`);
  if (!run("unit + integration, again", bin("vitest"), [...args, "--outputFile.json=.test-reports/vitest-again.json", ...files])) return false;
  // The second run's results stand for those files in the counts below.
  const again = readJson(".test-reports/vitest-again.json");
  if (!again) return false;
  const replaced = new Set(died.map((file) => file.name));
  const kept = report.testResults.filter((file) => !replaced.has(file.name));
  const testResults = [...kept, ...again.testResults];
  const tests = testResults.flatMap((file) => file.assertionResults);
  const merged = {
    ...report,
    testResults,
    success: true,
    numPassedTests: tests.filter((test) => test.status === "passed").length,
    numPendingTests: tests.filter((test) => test.status === "pending" || test.status === "skipped" || test.status === "todo").length,
  };
  fs.writeFileSync(path.join(root, ".test-reports/vitest.json"), JSON.stringify(merged));
  return true;
}
if (only !== "unit") {
  steps.push(
    () => ensureChromium(),
    () => buildWithoutDatabase(),
    () => run("end-to-end", bin("playwright"), ["test"]),
  );
}

/** The build must never open the database (ADR 0002/0003): it gets a data folder that must stay empty. */
function buildWithoutDatabase() {
  const probe = fs.mkdtempSync(path.join(os.tmpdir(), "build-data-"));
  const dataDir = path.join(probe, "data");
  const ok = run("build", bin("next"), ["build"], { env: { ...process.env, DATA_DIR: dataDir } });
  // The browser chunks' compile hint, as `npm run build` adds it (host/compile-hints.ts).
  if (ok) hintChunks(path.join(root, ".next"));
  const touched = fs.existsSync(dataDir);
  fs.rmSync(probe, { recursive: true, force: true });
  if (touched) console.error("=== build FAILED: it created a database folder; the build must not open the database.");
  return ok && !touched;
}

let ok = true;
for (const step of steps) {
  if (!step()) {
    ok = false;
    break;
  }
}

const vitest = readJson(".test-reports/vitest.json");
const e2e = readJson(".test-reports/e2e.json");
const passed = (vitest?.numPassedTests ?? 0) + (e2e?.stats?.expected ?? 0) + (e2e?.stats?.flaky ?? 0);
let failed = (vitest?.numFailedTests ?? 0) + (e2e?.stats?.unexpected ?? 0);
if (!ok && failed === 0) failed = 1; // a check without test counts (lint, types, build) failed
const skipped = (vitest?.numPendingTests ?? 0) + (e2e?.stats?.skipped ?? 0);
console.log(`\nunit+integration: ${vitest?.numPassedTests ?? 0}, end-to-end: ${e2e?.stats?.expected ?? 0}`);
const flaky = flakyTests(e2e?.suites);
if (flaky.length > 0) console.log(`end-to-end, passed only on their retry (${flaky.length}):\n${flaky.map((t) => `  ${t}`).join("\n")}`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(ok ? 0 : 1);
