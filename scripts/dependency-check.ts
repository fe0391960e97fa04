// The dependency check (docs/decisions/0015): `npm audit --omit=dev --audit-level=high`.
// Fails (exit 1) when a dependency the server runs with has a high or critical advisory. When the
// advisory service cannot be reached (no network, or a registry mirror that answers 405 to the
// audit endpoint, as on the machine this was built on) it says so on one line,
// "advisory service unreachable: not evaluated", and passes: the gate then proves nothing, and says
// it. `--strict` (or AUDIT_STRICT=1) fails in that case too, for a CI that does reach the registry.
// `--from-file <report.json>` reads a saved `npm audit --json` report instead of running npm
// (tests/dependency-check.test.ts).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** What this script reads of `npm audit --json` (its error answers included). */
interface AuditVulnerability {
  name: string;
  severity: string;
  range?: string;
  via?: (string | { title?: string; url?: string })[];
}
interface AuditReport {
  code?: string;
  message?: string;
  statusCode?: number;
  error?: { code?: string; statusCode?: number; summary?: string; detail?: string };
  metadata?: { vulnerabilities?: Record<string, number>; dependencies?: { prod?: number } };
  vulnerabilities?: Record<string, AuditVulnerability>;
}
interface AuditRun {
  stdout: string;
  stderr: string;
  status: number | null;
  spawnError?: Error & { code?: string };
}

const root = path.resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const strict = args.includes("--strict") || process.env.AUDIT_STRICT === "1";
const fromFile = args.includes("--from-file") ? args[args.indexOf("--from-file") + 1] : undefined;
const BLOCKING = ["critical", "high"];

function runNpmAudit(): AuditRun {
  if (fromFile) return { stdout: fs.readFileSync(fromFile, "utf8"), stderr: "", status: null };
  const result = spawnSync("npm", ["audit", "--omit=dev", "--audit-level=high", "--json"], {
    cwd: root,
    encoding: "utf8",
    env: process.env,
    timeout: 120_000,
    maxBuffer: 64 * 1024 * 1024,
    shell: process.platform === "win32",
  });
  if (result.error) return { stdout: "", stderr: String(result.error.message), status: result.status, spawnError: result.error };
  return { stdout: result.stdout, stderr: result.stderr, status: result.status };
}

/** Network failures and answers from a service that does not do audits: not a verdict on our code. */
function unreachableReason(report: AuditReport | undefined, stderr: string): string | null {
  const error: NonNullable<AuditReport["error"]> = report?.error ?? {};
  const code = String(error.code ?? report?.code ?? "");
  const status = Number(report?.statusCode ?? error.statusCode ?? 0);
  const text = `${report?.message ?? ""} ${error.summary ?? ""} ${error.detail ?? ""} ${stderr}`;
  if (
    /^(ENOTFOUND|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EAI_AGAIN|ENETUNREACH|EHOSTUNREACH|UNABLE_TO_GET_ISSUER_CERT_LOCALLY|SELF_SIGNED_CERT_IN_CHAIN)$/.test(code)
  )
    return code;
  if (status === 404 || status === 405 || status === 501 || status >= 500) return `the audit endpoint answered ${status}`;
  if (/audit endpoint returned an error|network|socket hang up|getaddrinfo|timed? ?out/i.test(text)) return text.trim().split("\n")[0] ?? null;
  return null;
}

function fail(message: string): never {
  console.error(`npm audit gate FAILED: ${message}`);
  process.exit(1);
}

const run = runNpmAudit();
let report: AuditReport | undefined;
try {
  report = JSON.parse(run.stdout) as AuditReport;
} catch {
  report = undefined;
}

if (!report || typeof report !== "object") {
  report = undefined;
  const reason = unreachableReason(undefined, `${run.stderr} ${run.spawnError?.code ?? ""}`);
  if (reason && !run.spawnError) {
    console.log(`npm audit (--omit=dev): advisory service unreachable: not evaluated (${reason})`);
    process.exit(strict ? 1 : 0);
  }
  fail(`npm audit gave no report (${(run.stderr || run.spawnError?.message || "empty output").trim().split("\n").at(-1)}).`);
}
const audit: AuditReport = report;

const counts = audit.metadata?.vulnerabilities;
if (!counts) {
  const code = String(audit.error?.code ?? audit.code ?? "");
  if (code === "ENOLOCK") fail("there is no package-lock.json: run `npm install` first.");
  const reason = unreachableReason(audit, run.stderr);
  if (reason) {
    console.log(`npm audit (--omit=dev): advisory service unreachable: not evaluated (${reason})`);
    if (strict) fail("--strict: an audit that could not run does not pass.");
    process.exit(0);
  }
  fail(`npm audit answered something this script does not know: ${JSON.stringify(audit).slice(0, 300)}`);
}

const blocking = Object.values(audit.vulnerabilities ?? {}).filter((v) => BLOCKING.includes(v.severity));
const summary = ["critical", "high", "moderate", "low", "info"].map((s) => `${counts[s] ?? 0} ${s}`).join(", ");
console.log(`npm audit (--omit=dev): ${summary} (${audit.metadata?.dependencies?.prod ?? "?"} production dependencies)`);
const blockingCount = (counts.critical ?? 0) + (counts.high ?? 0);
if (blockingCount > 0) {
  for (const v of blocking) {
    const titles = (v.via ?? []).flatMap((via) => (typeof via === "object" ? [`${via.title} (${via.url})`] : []));
    console.error(`  ${v.severity}: ${v.name} ${v.range ?? ""}${titles.length ? ` - ${titles.join("; ")}` : ` - through ${(v.via ?? []).join(", ")}`}`);
  }
  fail(`${blockingCount} high or critical advisories in the production dependencies (npm audit fix, or update them).`);
}
console.log("npm audit gate ok: no high or critical advisory in the production dependencies");
