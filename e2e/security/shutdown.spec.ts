import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";

// SIGTERM (issue 9): requests in flight finish, the mail worker stops, the embedded database closes,
// and the process exits 0. A server of its own, on its own port and data folder.

// E2E_PORT + 1 is the fallback server; + 10 to + 16 the fault specs', + 20 the logs spec's, + 21 the integrity spec's.
const PORT = Number(process.env.SHUTDOWN_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 2);
const URL = `http://127.0.0.1:${PORT}`;

/** Connections the kernel holds for the server's port that the server has not accepted yet (Linux). */
function acceptQueue(port: number): number {
  let waiting = 0;
  for (const file of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text = "";
    try {
      text = fs.readFileSync(file, "utf8");
    } catch {
      continue; // not Linux: nothing to wait for
    }
    for (const line of text.split("\n").slice(1)) {
      const [, local, , state, queues] = line.trim().split(/\s+/);
      // A listening socket (0A) shows its accept queue as rx_queue.
      if (local && state === "0A" && Number.parseInt(local.split(":").at(-1)!, 16) === port) waiting += Number.parseInt(queues!.split(":")[1]!, 16);
    }
  }
  return waiting;
}

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
  // Each on a connection of its own; the signal goes once the server has accepted every connection
  // (on a loaded machine 200 ms may not be enough: a connection still in the kernel's accept queue
  // when the server stops listening is reset, and its request was never in flight).
  const connected: Promise<void>[] = [];
  const inFlight = paths.map(
    (p) =>
      new Promise<number>((resolve) => {
        const req = http.get(`${URL}${p}`, { agent: false, headers: { accept: "text/html" } }, (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
          res.on("error", () => resolve(0));
        });
        connected.push(new Promise<void>((ok) => req.on("socket", (socket) => socket.once("connect", () => ok()))));
        req.on("error", () => resolve(0));
      }),
  );
  await Promise.race([Promise.all(connected), new Promise((r) => setTimeout(r, 30_000))]);
  await expect.poll(() => acceptQueue(PORT), { timeout: 30_000, intervals: [50] }).toBe(0);
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
