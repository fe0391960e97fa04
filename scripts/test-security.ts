// `npm run test:security`: the security suite, each test printing its figure.
// - Vitest: CSV formula injection (src/lib/csv.test.ts), blog HTML sanitising, the header builder,
//   the sender's acknowledgement limits and content (ADR 0042), animated images' pixel limit (ADR 0045,
//   counted from the file's blocks, ADR 0079), text no route can store refused by the host (ADR 0076),
//   the booking page's flood (holds and hourly limits, ADR 0077), erasure residues in the database,
//   DATA_DIR and the log (ADR 0078), newsletter confirmations per mailbox, one-click unsubscribe bodies,
//   API charsets, webhook hosts resolved at save time (ADR 0079).
// - Playwright (e2e/security): security headers and the hash-based CSP with zero violations in
//   Chromium, scripts added to real documents refused by the policy their document gets (ADR 0021),
//   100+ XSS payloads through the public forms, SQL-injection strings, e-mail header
//   injection, Unicode and invalid UTF-8, the Server Action body limit; SIGTERM shutdown; JSON logs
//   with request ids and auth events without secrets; a forged X-Forwarded-For (TRUST_PROXY off);
//   the sign-in limit under concurrent guesses and the lockout a stranger cannot use (ADR 0020);
//   200 MB chunked bodies refused at each path's limit with memory flat, Server Action data and
//   image addresses that gave 5xx refused with 4xx, a forged X-Forwarded-Host (ADR 0022).
// - The lint rule against SQL built from strings; `npm audit --omit=dev` (scripts/dependency-check.ts), which
//   says "not evaluated" and passes when the advisory service cannot be reached.
// - Under load (servers of their own): 200 concurrent submissions, kill -9 ten times, PostgreSQL
//   connections terminated / unreachable / stalled, the mail server down (ADR 0014).
// - Blog HTML through the admin dialog; on a server of its own (e2e/security/integrity.spec.ts), a GET
//   crawl and forged-Origin replays of every mutating request that leave every table unchanged, and
//   Unicode stored byte for byte or refused.
// - Uploads in S3-compatible object storage (ADR 0029): two processes on one PostgreSQL and a local
//   S3 server; an image uploaded through one is served by the other (e2e/security/object-storage.spec.ts).
// - Several servers (ADR 0032): nginx with deploy/nginx.conf in front of three processes on one
//   PostgreSQL: an edit through one shown by all within 1 s, 300 submissions give 300 mails each
//   sent once, kill -9 of one during page loads and posts loses nothing (e2e/security/several-servers.spec.ts).
//   nginx is installed with apt-get when missing, as scripts/test.ts installs Chromium.
// The end-to-end part runs against the production build: it builds first when there is none.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { SECURITY_ONLY_SPECS } from "../e2e/security/own-specs.ts";
import { hintChunks } from "../host/compile-hints.ts";

const root = path.resolve(import.meta.dirname, "..");
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);
process.env.NEXT_TELEMETRY_DISABLED = "1";
process.env.SECURITY_SUITE = "1";

function run(label: string, command: string, args: string[]): void {
  console.log(`\n=== ${label}: ${[path.basename(command), ...args].join(" ")}`);
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: process.env });
  if (result.status !== 0) {
    console.error(`=== ${label} FAILED`);
    process.exit(result.status ?? 1);
  }
}

// `--after-npm-test` (what .ci/run passes): `npm test` has just run every Vitest file and every spec
// outside the security suite's own list on this build, so only that list runs here, not the same tests twice.
const afterNpmTest = process.argv.includes("--after-npm-test");
for (const spec of SECURITY_ONLY_SPECS) {
  if (!fs.existsSync(path.join(root, spec))) {
    console.error(`=== ${spec} is listed in e2e/security/own-specs.ts but does not exist: the list would run nothing in its place`);
    process.exit(1);
  }
}

if (afterNpmTest) console.log("\n=== unit: run by npm test just before (--after-npm-test)");
else
  run("unit", bin("vitest"), [
    "run",
    "src/lib/csv.test.ts",
    "tests/blog-html.test.ts",
    "tests/security-headers.test.ts",
    "tests/page-cache.test.ts",
    "tests/request-log.test.ts",
    "tests/request-guards.test.ts",
    "tests/no-sql-concatenation.test.ts",
    "tests/dependency-check.test.ts",
    "tests/sign-in-limit.test.ts",
    "tests/admin-actions.test.ts",
    "src/lib/text-safety.test.ts",
    "src/lib/schemas/lead-forms.test.ts",
    "src/lib/schemas/admin.test.ts",
    "tests/lead-acknowledgement.test.ts",
    "tests/media.test.ts",
    "tests/booking-holds.test.ts",
    "tests/erasure-residue.test.ts",
    "tests/newsletter-subscribe.test.ts",
    "tests/newsletter-events.test.ts",
    "tests/webhook-dashboard.test.ts",
    "tests/api-v1.test.ts",
  ]);
if (!["/usr/sbin/nginx", "/usr/bin/nginx"].some((p) => fs.existsSync(p))) {
  run("install nginx", "apt-get", ["update"]);
  run("install nginx", "apt-get", ["install", "-y", "--no-install-recommends", "nginx"]);
}
run("dependency check (npm audit)", process.execPath, [path.join(root, "scripts", "dependency-check.ts")]);
if (!fs.existsSync(path.join(root, ".next", "BUILD_ID"))) {
  run("build", bin("next"), ["build"]);
  // The browser chunks' compile hint, as `npm run build` adds it (host/compile-hints.ts).
  hintChunks(path.join(root, ".next"));
}
run("end-to-end", bin("playwright"), ["test", ...(afterNpmTest ? SECURITY_ONLY_SPECS : ["e2e/security"]), "--reporter=list"]);
console.log("\n=== security suite ok");
