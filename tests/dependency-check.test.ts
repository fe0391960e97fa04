import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// scripts/dependency-check.ts (docs/decisions/0015) on saved `npm audit --json` reports: it fails on
// high and critical advisories, passes on low ones, and passes with its one-line notice (or fails,
// with --strict) when the advisory service could not be reached. The real npm audit runs in
// `npm run test:security`.

const root = path.resolve(import.meta.dirname, "..");
const folder = fs.mkdtempSync(path.join(os.tmpdir(), "dependency-check-"));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

function gate(report: unknown, ...flags: string[]) {
  const file = path.join(folder, `${Math.random().toString(36).slice(2)}.json`);
  fs.writeFileSync(file, typeof report === "string" ? report : JSON.stringify(report));
  const result = spawnSync(process.execPath, ["scripts/dependency-check.ts", "--from-file", file, ...flags], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, AUDIT_STRICT: "" },
  });
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

const counts = (c: Partial<Record<"info" | "low" | "moderate" | "high" | "critical", number>>) => ({
  info: 0,
  low: 0,
  moderate: 0,
  high: 0,
  critical: 0,
  total: Object.values(c).reduce((a, b) => a + b, 0),
  ...c,
});
const advisory = (name: string, severity: string) => ({
  name,
  severity,
  isDirect: false,
  via: [
    {
      source: 1,
      name,
      dependency: name,
      title: `A ${severity} problem in ${name}`,
      url: `https://github.com/advisories/GHSA-${name}`,
      severity,
      range: "<2.0.0",
    },
  ],
  effects: [],
  range: "<2.0.0",
  nodes: [`node_modules/${name}`],
  fixAvailable: true,
});
const report = (vulnerabilities: Record<string, unknown>, c: Parameters<typeof counts>[0]) => ({
  auditReportVersion: 2,
  vulnerabilities,
  metadata: { vulnerabilities: counts(c), dependencies: { prod: 120, dev: 600, optional: 0, peer: 0, peerOptional: 0, total: 720 } },
});

describe("the dependency check, an npm audit gate (scripts/dependency-check.ts)", () => {
  it("fails on a high or a critical advisory and names it", () => {
    const high = gate(report({ "left-pad": advisory("left-pad", "high") }, { high: 1 }));
    expect(high.status).toBe(1);
    expect(high.out).toContain("high: left-pad");
    expect(high.out).toContain("https://github.com/advisories/GHSA-left-pad");
    const critical = gate(report({ "evil-dep": advisory("evil-dep", "critical"), minor: advisory("minor", "low") }, { critical: 1, low: 1 }));
    expect(critical.status).toBe(1);
    expect(critical.out).toContain("1 critical, 0 high, 0 moderate, 1 low");
  });

  it("passes with no advisory, or with low and moderate ones only", () => {
    expect(gate(report({}, {}))).toMatchObject({ status: 0 });
    const low = gate(report({ a: advisory("a", "moderate"), b: advisory("b", "low") }, { moderate: 1, low: 1 }));
    expect(low.status).toBe(0);
    expect(low.out).toContain("0 critical, 0 high, 1 moderate, 1 low");
  });

  it("says 'advisory service unreachable: not evaluated' and passes when the endpoint answers 405 or the network fails; --strict fails", () => {
    const refused = {
      message: "405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk",
      statusCode: 405,
      body: "",
      error: { summary: "", detail: "" },
    };
    const offline = {
      error: {
        code: "ENOTFOUND",
        summary: "request to https://registry.npmjs.org/-/npm/v1/security/advisories/bulk failed, reason: getaddrinfo ENOTFOUND registry.npmjs.org",
        detail: "",
      },
    };
    const results = [gate(refused), gate(offline)];
    for (const r of results) {
      expect(r.status).toBe(0);
      expect(r.out).toContain("advisory service unreachable: not evaluated");
    }
    expect(gate(refused, "--strict").status).toBe(1);
    console.log(`dependency check: fails on high/critical, passes on low/moderate, ${results.length}/2 unreachable answers reported as not evaluated`);
  });

  it("fails with a clear message on anything else (no lockfile, output it cannot read)", () => {
    const noLock = gate({ error: { code: "ENOLOCK", summary: "This command requires an existing lockfile.", detail: "" } });
    expect(noLock.status).toBe(1);
    expect(noLock.out).toContain("no package-lock.json");
    const garbage = gate("<html>Bad gateway</html>");
    expect(garbage.status).toBe(1);
    expect(garbage.out).toContain("npm audit gave no report");
  });
});
