import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";

// SIGTERM (issue 9): requests in flight finish, the mail worker stops, the embedded database closes,
// and the process exits 0. A server of its own, on its own port and data folder.

// Beside the integrity spec's server (E2E_PORT + 10): E2E_PORT + 1 is the fallback server.
const PORT = Number(process.env.SHUTDOWN_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 11);
const URL = `http://127.0.0.1:${PORT}`;

test("SIGTERM: the requests in flight finish, the mail worker stops, the database closes, exit 0", async () => {
  test.setTimeout(240_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shutdown-data-"));
  const server = spawn(process.execPath, ["scripts/server.mjs"], {
    cwd: process.cwd(),
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, SITE_URL: URL, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  server.stdout.on("data", (chunk) => (output += chunk));
  server.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => server.on("exit", (code) => resolve(code)));

  await expect
    .poll(async () => (await fetch(`${URL}/api/health`).catch(() => null))?.status ?? 0, { timeout: 180_000, intervals: [500] })
    .toBe(200);

  // Pages never rendered yet (each a full render) are in flight when the signal arrives.
  const paths = ["/", "/about", "/case-studies", "/blog", "/services", "/contact"];
  const inFlight = paths.map((p) => fetch(`${URL}${p}`, { headers: { accept: "text/html" } }).then((r) => r.status, () => 0));
  await new Promise((r) => setTimeout(r, 200));
  server.kill("SIGTERM");
  const statuses = await Promise.all(inFlight);
  const code = await exited;
  console.log(`SIGTERM: ${statuses.filter((s) => s === 200).length} of ${paths.length} requests in flight answered 200; exit code ${code}`);
  expect(statuses).toEqual(paths.map(() => 200));
  expect(code).toBe(0);
  expect(output).toContain('"msg":"mail worker stopped"');
  expect(output).toContain('"msg":"database closed"');
  // Closed cleanly: the lock is released and nobody holds the folder.
  expect(fs.existsSync(path.join(dataDir, "pglite.lock"))).toBe(false);
  fs.rmSync(dataDir, { recursive: true, force: true });
});
