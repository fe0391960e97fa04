import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { createPostgresDatabase, freePort, query, startServer, tempDir, waitHealthy } from "./faults";

// SIGTERM: idle keep-alive connections are closed at once, requests in flight finish and their
// connections close after them (no further request is read), the job queue (the mail's worker among
// its workers, docs/decisions/0092) stops, the embedded
// database closes, and the process exits 0. A server of its own, on its own port and data folder.

// E2E_PORT + 1 is the fallback server; + 8 the fake payment provider; + 10 to + 16 the fault specs', + 20 the logs spec's, + 21 the integrity spec's.
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

test("SIGTERM: idle keep-alive connections close at once, the requests in flight finish and end their connections, the job queue stops, the database closes, exit 0", async () => {
  test.setTimeout(240_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shutdown-data-"));
  const server = spawn(process.execPath, ["host/server.ts"], {
    cwd: process.cwd(),
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, SITE_URL: URL, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  server.stdout.on("data", (chunk) => (output += chunk));
  server.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => server.on("exit", (code) => resolve(code)));

  await expect.poll(async () => (await fetch(`${URL}/api/health`).catch(() => null))?.status ?? 0, { timeout: 180_000, intervals: [500] }).toBe(200);

  // Five keep-alive connections that have been answered once and now wait, idle, for the next request.
  const idleAgent = new http.Agent({ keepAlive: true, maxSockets: 5 });
  const idleClosed: Promise<number>[] = [];
  await Promise.all(
    [0, 1, 2, 3, 4].map(
      () =>
        new Promise<void>((resolve, reject) => {
          const req = http.get(`${URL}/api/health`, { agent: idleAgent }, (res) => {
            res.resume();
            res.on("end", () => resolve());
          });
          req.on("socket", (socket) => idleClosed.push(new Promise((closed) => socket.once("close", () => closed(Date.now())))));
          req.on("error", reject);
        }),
    ),
  );
  expect(Object.values(idleAgent.freeSockets).flat()).toHaveLength(5);

  // Pages never rendered yet (each a full render) are in flight when the signal arrives, each on a
  // keep-alive connection of its own. As soon as one is answered its connection is asked for another
  // page: after the signal the server must not read it.
  const paths = ["/", "/about", "/case-studies", "/blog", "/services", "/contact", "/free-audit", "/privacy", "/terms", "/services/seo-optimization"];
  // The signal goes once the server has accepted every connection (on a loaded machine 200 ms may
  // not be enough: a connection still in the kernel's accept queue when the server stops listening
  // is reset, and its request was never in flight).
  const connected: Promise<void>[] = [];
  const inFlight = paths.map(
    (p) =>
      new Promise<{ status: number; connection: string; headersAt: number; followUp: number | string }>((resolve) => {
        const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
        const req = http.get(`${URL}${p}`, { agent, headers: { accept: "text/html" } }, (res) => {
          const headersAt = Date.now();
          res.resume();
          res.on("end", () => {
            const answered = { status: res.statusCode ?? 0, connection: String(res.headers.connection ?? ""), headersAt };
            const next = http.get(`${URL}/api/health`, { agent }, (again) => {
              again.resume();
              again.on("end", () => resolve({ ...answered, followUp: again.statusCode ?? 0 }));
            });
            next.on("error", (error: NodeJS.ErrnoException) => resolve({ ...answered, followUp: error.code ?? "error" }));
          });
          res.on("error", () => resolve({ status: 0, connection: "", headersAt: 0, followUp: "-" }));
        });
        connected.push(new Promise<void>((ok) => req.on("socket", (socket) => socket.once("connect", () => ok()))));
        req.on("error", () => resolve({ status: 0, connection: "", headersAt: 0, followUp: "-" }));
      }),
  );
  // Requests certainly in flight whatever the machine's speed: their headers are read by the
  // server, their bodies are sent only after the signal.
  const heldBodies: (() => void)[] = [];
  const held = [0, 1, 2].map(
    (i) =>
      new Promise<{ status: number; connection: string; followUp: number | string }>((resolve) => {
        const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
        const body = new URLSearchParams({
          name: `Held ${i}`,
          email: `held-${i}@example.com`,
          mobileNumber: "+91 98765 43210",
          message: "Sent after the signal.",
        }).toString();
        const req = http.request(`${URL}/api/forms/contact`, {
          method: "POST",
          agent,
          headers: { "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(body), origin: URL },
        });
        req.on("response", (res) => {
          res.resume();
          res.on("end", () => {
            const answered = { status: res.statusCode ?? 0, connection: String(res.headers.connection ?? "") };
            const next = http.get(`${URL}/api/health`, { agent }, (again) => {
              again.resume();
              again.on("end", () => resolve({ ...answered, followUp: again.statusCode ?? 0 }));
            });
            next.on("error", (error: NodeJS.ErrnoException) => resolve({ ...answered, followUp: error.code ?? "error" }));
          });
        });
        req.on("error", () => resolve({ status: 0, connection: "", followUp: "-" }));
        req.flushHeaders();
        connected.push(new Promise<void>((ok) => req.on("socket", (socket) => socket.once("connect", () => ok()))));
        heldBodies.push(() => req.end(body));
      }),
  );
  await Promise.race([Promise.all(connected), new Promise((r) => setTimeout(r, 30_000))]);
  await expect.poll(() => acceptQueue(PORT), { timeout: 30_000, intervals: [50] }).toBe(0);
  await new Promise((r) => setTimeout(r, 200));
  const signalled = Date.now();
  server.kill("SIGTERM");
  // The held posts' bodies go once the server says it is shutting down (a loaded machine may take
  // hundreds of milliseconds to run the handler): their answers are then certainly after it.
  await expect.poll(() => output.includes('"msg":"shutting down"'), { timeout: 10_000, intervals: [10] }).toBe(true);
  for (const send of heldBodies) send();
  const heldAnswers = await Promise.all(held);
  const answers = await Promise.all(inFlight);
  const firstAnswer = Date.now();
  const idleClosedAt = await Promise.race([Promise.all(idleClosed), new Promise<number[]>((r) => setTimeout(() => r([]), 10_000))]);
  const code = await exited;
  const served = answers.filter((a) => a.status === 200).length;
  // On a busy machine a page may be answered before the server handles the signal (which can be
  // hundreds of milliseconds after it was sent): its connection was then not in flight, and the
  // request that follows on it may be served, rightly. What must hold is for the answers read after
  // the server began to shut down (its own log line's time, on the same clock): a request sent on
  // their connections after that must not be served.
  const shutdownLine = output.split("\n").find((line) => line.includes('"msg":"shutting down"'));
  expect(shutdownLine, "the server's shutdown log line").toBeTruthy();
  const shuttingDownAt = Date.parse((JSON.parse(shutdownLine!) as { time: string }).time);
  const answeredAfter = answers.filter((a) => a.headersAt >= shuttingDownAt);
  const followUpsServed = [...answeredAfter, ...heldAnswers].filter((a) => a.followUp === 200).length;
  console.log(
    `SIGTERM: ${idleClosedAt.length} of 5 idle keep-alive connections closed (after ${idleClosedAt.map((t) => t - signalled).join(", ")} ms); ` +
      `${served} of ${paths.length} requests answered 200, ${answeredAfter.length} of them after the signal, ${answeredAfter.filter((a) => a.connection === "close").length} of those with Connection: close; ` +
      `3 posts whose bodies came after the signal answered ${heldAnswers.map((a) => `${a.status} ${a.connection}`).join(", ")}; ` +
      `${followUpsServed} further requests on their connections served (${answers.map((a) => a.followUp).join(" ")}); all answered ${firstAnswer - signalled} ms after the signal, which the server handled after ${shuttingDownAt - signalled} ms; exit code ${code}`,
  );
  expect(idleClosedAt).toHaveLength(5);
  expect(answers.map((a) => a.status)).toEqual(paths.map(() => 200));
  // Whether a page's headers left before or after the server saw the signal is a race the client
  // cannot see; the posts held open across it must say Connection: close.
  expect(heldAnswers.map((a) => a.connection)).toEqual(["close", "close", "close"]);
  expect(heldAnswers.every((a) => a.status > 0 && a.status < 500)).toBe(true);
  expect(followUpsServed).toBe(0);
  expect(code).toBe(0);
  expect(output).toContain('"msg":"job queue stopped"');
  expect(output).toContain('"msg":"database closed"');
  // The timed jobs stopped, and their rounds ended, before the database closed: none failed on it.
  expect(output).not.toContain('"msg":"timed job failed"');
  // Closed cleanly: the lock is released and nobody holds the folder.
  expect(fs.existsSync(path.join(dataDir, "pglite.lock"))).toBe(false);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// A scheduled post that falls due while the server shuts down. Publishing it asks this server to
// refresh the blog's pages (src/server/content/scheduled-publishing.ts); once the server has stopped
// listening that request is refused, and the post would be public in the database while its pages
// stayed stale, with "timed job failed" in the log. The timed jobs stop first, at the signal, while
// the server still listens: the post then waits, scheduled, for the next start, which publishes it.
// On PostgreSQL, so that the test can schedule the post while the server runs (the embedded
// database is held by the server); skipped, with the reason, where no PostgreSQL answers.
test("SIGTERM: a post that falls due during the shutdown is left for the next start, and no timed job fails", async () => {
  test.setTimeout(240_000);
  const database = await createPostgresDatabase();
  test.skip("skip" in database, "skip" in database ? database.skip : "");
  if ("skip" in database) return;
  const target = { kind: "postgres" as const, url: database.url };
  const port = await freePort();
  const env = { DATABASE_URL: database.url, DATA_DIR: tempDir("shutdown-schedule-") };
  let server = startServer(port, env);
  try {
    await waitHealthy(server);
    // A draft of the samples, due three seconds from now by the database's clock.
    const [post] = await query<{ slug: string; due: Date }>(
      target,
      `update blog_posts set published = false, publish_at = now() + interval '3 seconds'
         where id = (select id from blog_posts order by slug limit 1) returning slug, publish_at as due`,
    );
    expect(post, "a sample post to schedule").toBeTruthy();
    const due = new Date(post!.due).getTime();

    // A post whose body is held keeps the shutdown going (its answer is awaited) until after the
    // scheduled time: before this fix, the timers still ran then and published the post.
    let sendBody = () => {};
    const held = new Promise<number>((resolve) => {
      const body = new URLSearchParams({ name: "Held", email: "held@example.com", mobileNumber: "+91 98765 43210", message: "Sent late." }).toString();
      const req = http.request(`${server.url}/api/forms/contact`, {
        method: "POST",
        agent: new http.Agent({ keepAlive: false }),
        headers: { "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(body), origin: server.url },
      });
      req.on("response", (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      });
      req.on("error", () => resolve(0));
      req.flushHeaders();
      sendBody = () => req.end(body);
    });
    await expect.poll(() => acceptQueue(port), { timeout: 30_000, intervals: [50] }).toBe(0);
    await new Promise((r) => setTimeout(r, 200));
    server.child.kill("SIGTERM");
    await expect.poll(() => server.output().includes('"msg":"shutting down"'), { timeout: 10_000, intervals: [10] }).toBe(true);
    const shutdownLine = server
      .output()
      .split("\n")
      .find((line) => line.includes('"msg":"shutting down"'))!;
    const shuttingDownAt = Date.parse((JSON.parse(shutdownLine) as { time: string }).time);
    // The scenario holds only if the signal came before the post was due.
    expect(shuttingDownAt, "the server began to shut down before the post was due").toBeLessThan(due);
    // Held past the due time and one round of the job (every second), well within the 10 s grace.
    await new Promise((r) => setTimeout(r, Math.max(0, due + 2_500 - Date.now())));
    sendBody();
    const status = await held;
    const { code } = await server.exited;
    const [row] = await query<{ published: boolean; publish_at: Date | null }>(target, "select published, publish_at from blog_posts where slug = $1", [
      post!.slug,
    ]);
    console.log(
      `SIGTERM ${due - shuttingDownAt} ms before a post was due; held post answered ${status} ${Date.now() - due} ms after; exit ${code}; ` +
        `post ${row!.published ? "published" : "still scheduled"}; "timed job failed" in the log: ${server.output().includes('"msg":"timed job failed"')}`,
    );
    expect(code).toBe(0);
    expect(server.output()).not.toContain('"msg":"timed job failed"');
    expect(row, "the post is still scheduled: nothing published it without refreshing its pages").toEqual({ published: false, publish_at: expect.any(Date) });

    // The next start publishes it, as any post whose time has come.
    server = startServer(port, env);
    await waitHealthy(server);
    await expect
      .poll(async () => (await query<{ published: boolean }>(target, "select published from blog_posts where slug = $1", [post!.slug]))[0]?.published, {
        timeout: 15_000,
      })
      .toBe(true);
    await expect.poll(async () => (await fetch(`${server.url}/blog/${post!.slug}`)).status, { timeout: 15_000 }).toBe(200);
  } finally {
    await server.stop();
    await database.drop();
  }
});
