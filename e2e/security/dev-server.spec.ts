import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";

/**
 * `npm run dev` (`node host/start.ts --dev`) serves Next's development server through the same host
 * as production (docs/decisions/0053): a developer sees the security headers, the hash-based policy
 * and the body limits that production sends. The one difference is `'unsafe-eval'` in `script-src`,
 * which React's development build needs and a production answer never carries
 * (e2e/security/csp.spec.ts).
 */
const PORT = Number(process.env.E2E_PORT ?? 3100) + 40;
const BASE = `http://localhost:${PORT}`;

test("npm run dev answers through the host: security headers, the document policy, body limits", async () => {
  test.setTimeout(300_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dev-server-data-"));
  const server = spawn(process.execPath, ["host/start.ts", "--dev"], {
    cwd: process.cwd(),
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, SITE_URL: BASE, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "development" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  server.stdout!.on("data", (chunk) => (output += chunk));
  server.stderr!.on("data", (chunk) => (output += chunk));
  try {
    // The first request compiles the page: minutes on a busy two-core machine.
    await expect.poll(async () => (await fetch(`${BASE}/about`).catch(() => null))?.status ?? 0, { timeout: 240_000, intervals: [1_000] }).toBe(200);
    const page = await fetch(`${BASE}/about`);
    await page.text();
    const csp = page.headers.get("content-security-policy") ?? "";
    expect(csp, output.slice(-2_000)).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+ 'unsafe-eval';/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(/script-src [^;]*/.exec(csp)![0]).not.toContain("'unsafe-inline'");
    expect(page.headers.get("x-frame-options")).toBe("DENY");
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    expect(page.headers.get("x-request-id")).toBeTruthy();

    // The body limits hold in development too: 2 KB to the share counter (1 KB) is refused unread.
    const tooLarge = await fetch(`${BASE}/api/blog/shares`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: BASE },
      body: JSON.stringify({ slug: "x".repeat(2_048), network: "twitter" }),
    });
    expect(tooLarge.status).toBe(413);
    console.log(`npm run dev: /about answered with a ${csp.split(";").length}-directive policy, X-Frame-Options DENY, a 2 KB share post 413`);
  } finally {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
