import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startSmtpServer } from "../../tests/helpers/smtp";
import {
  FAULTS_PORT,
  POSTGRES_URL,
  reconcileDatabase,
  createPostgresDatabase,
  freePort,
  newSubmission,
  query,
  sleep,
  startServer,
  submissionStream,
  submit,
  summary,
  tempDir,
  type Outcome,
  type Target,
} from "./faults";

// Outages during load (docs/decisions/0014). PostgreSQL: the server's connections are terminated, then the
// database becomes unreachable (a TCP proxy of the test's own between the server and PostgreSQL is
// cut and restored, so the shared PostgreSQL other tests use is never restarted): the server
// recovers by itself and /api/health says 503 while it cannot reach the database. Mail: the SMTP
// server is down for the whole run; every submission succeeds and every notification is delivered
// once a mail server listens on that port again.

/** Forwards loopback connections to PostgreSQL; cut() refuses and drops them until restore(). */
class TcpProxy {
  private server = net.createServer((socket) => this.accept(socket));
  private sockets = new Set<net.Socket>();
  port = 0;
  constructor(
    private readonly host: string,
    private readonly targetPort: number,
  ) {}

  private pairs = new Set<[net.Socket, net.Socket]>();
  private held: net.Socket[] = [];
  private stalled = false;

  private accept(client: net.Socket) {
    if (this.stalled) {
      this.held.push(client); // accepted, never answered, until resume()
      this.sockets.add(client);
      client.on("close", () => this.sockets.delete(client));
      client.on("error", () => client.destroy());
      return;
    }
    const upstream = net.connect(this.targetPort, this.host);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    this.pairs.add(pair);
    for (const s of pair) {
      this.sockets.add(s);
      s.on("close", () => {
        this.sockets.delete(s);
        this.pairs.delete(pair);
        for (const other of pair) other.destroy(); // one side closed: so does the other
      });
      s.on("error", () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  }

  /** The database stops answering (a network partition): bytes are held, nothing is closed. */
  stall() {
    this.stalled = true;
    for (const [client, upstream] of this.pairs) {
      client.unpipe(upstream);
      upstream.unpipe(client);
      client.pause();
      upstream.pause();
    }
  }

  resume() {
    this.stalled = false;
    for (const [client, upstream] of this.pairs) {
      client.pipe(upstream);
      upstream.pipe(client);
    }
    for (const client of this.held.splice(0)) if (!client.destroyed) this.accept(client);
  }

  async listen(port = 0) {
    await new Promise<void>((resolve, reject) => {
      this.server.once("error", reject);
      this.server.listen(port, "127.0.0.1", () => resolve());
    });
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  /** Stops listening (new connections are refused) and drops every open connection. */
  async cut() {
    const closed = new Promise((resolve) => this.server.close(resolve));
    for (const s of this.sockets) s.destroy();
    await closed;
    this.server = net.createServer((socket) => this.accept(socket));
  }

  async restore() {
    await this.listen(this.port);
  }
}

async function health(url: string): Promise<{ status: number; body: string; ms: number }> {
  const started = performance.now();
  try {
    const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(10_000) });
    return { status: res.status, body: await res.text(), ms: Math.round(performance.now() - started) };
  } catch (error) {
    return { status: 0, body: String(error), ms: Math.round(performance.now() - started) };
  }
}

async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs: number): Promise<number> {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(100);
  }
  return Math.round(performance.now() - started);
}

test("PostgreSQL unreachable during load: /api/health answers 503 with the reason, the server recovers without a restart", async () => {
  test.setTimeout(300_000);
  const created = await createPostgresDatabase();
  if ("skip" in created) {
    console.log(`PostgreSQL outage: SKIPPED: ${created.skip}`);
    test.skip(true, created.skip);
    return;
  }
  const target: Target = { kind: "postgres", url: created.url };
  const upstream = new URL(created.url);
  const proxy = new TcpProxy(upstream.hostname, Number(upstream.port || 5432));
  await proxy.listen();
  const viaProxy = new URL(created.url);
  viaProxy.hostname = "127.0.0.1";
  viaProxy.port = String(proxy.port);
  const dataDir = tempDir("faults-pg-outage-");
  const server = startServer(FAULTS_PORT + 4, { DATABASE_URL: viaProxy.toString(), DATA_DIR: dataDir });
  const tag = `pgout-${Date.now()}`;
  let outcomes: Outcome[] = [];
  try {
    await until("the server to be healthy", async () => (await health(server.url)).status === 200, 180_000);
    const pid = server.child.pid;
    const stream = submissionStream(server.url, tag, 4);
    const acked = () => stream.outcomes.filter((o) => o.acknowledged).length;
    await until("10 acknowledged submissions", () => acked() >= 10, 60_000);

    // 1. Every connection of the server is terminated by PostgreSQL (what a restart does to them).
    const terminated = await query<{ n: number }>(
      { kind: "postgres", url: POSTGRES_URL },
      "select count(*)::int as n from (select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()) t",
      [created.name],
    );
    const afterTerminate = acked();
    const terminateRecoveryMs = await until("acknowledgements after the backends were terminated", () => acked() >= afterTerminate + 10, 60_000);

    // 2. PostgreSQL cannot be reached at all: new connections refused, open ones dropped.
    await proxy.cut();
    const cutAt = stream.outcomes.length;
    const down = await health(server.url);
    const downWhile = [down];
    for (let i = 0; i < 5; i++) {
      await sleep(1_000);
      downWhile.push(await health(server.url));
    }
    const duringCut = () => stream.outcomes.slice(cutAt);
    await until("a submission answered while the database is unreachable", () => duringCut().some((o) => o.status === "error"), 30_000);
    const failedWhileDown = summary(duringCut());
    const sample = duringCut().find((o) => o.status === "error");
    await proxy.restore();
    const restoredAt = performance.now();
    const healthRecoveryMs = await until("/api/health to answer 200 again", async () => (await health(server.url)).status === 200, 60_000);
    const afterRestore = acked();
    await until("acknowledgements after the database came back", () => acked() >= afterRestore + 10, 60_000);
    const formRecoveryMs = Math.round(performance.now() - restoredAt);
    outcomes = await stream.stop();

    expect(server.child.pid).toBe(pid);
    expect(server.child.exitCode).toBeNull();
    await server.stop();
    const s = summary(outcomes);
    const reconciled = await reconcileDatabase(target, tag, outcomes);
    const body = JSON.parse(down.body) as { status: string; database: { ok: boolean; kind: string; error: string } };
    console.log(
      `PostgreSQL outage: ${terminated[0]!.n} server connections terminated, submissions acknowledged again within ${terminateRecoveryMs} ms (same process); ` +
        `proxy cut: /api/health ${downWhile.map((h) => `${h.status} in ${h.ms} ms`).join(", ")}, first body ${down.body}, last body ${downWhile.at(-1)!.body}; ` +
        `submissions while cut: ${failedWhileDown.sent} sent, ${failedWhileDown.acknowledged} acknowledged, ${failedWhileDown.refusedWithMessage} answered with the message "${sample?.message}", ${failedWhileDown.http5xx} 5xx; ` +
        `restored: /api/health 200 after ${healthRecoveryMs} ms, 10 more acknowledged within ${formRecoveryMs} ms, no restart (pid ${pid}); ` +
        `overall ${s.sent} sent, ${s.acknowledged} acknowledged, ${s.http5xx} 5xx; ${reconciled.stored} stored, ${reconciled.lost.length} lost, ${reconciled.duplicates} duplicates, ` +
        `${reconciled.unacknowledgedStored} stored without acknowledgement, ${reconciled.rowsWithoutOneNotification} rows without exactly one notification, ${reconciled.orphanNotifications} orphan notifications`,
    );
    expect(terminated[0]!.n).toBeGreaterThan(0);
    expect(downWhile.every((h) => h.status === 503)).toBe(true);
    expect(body).toMatchObject({ status: "unavailable", database: { ok: false, kind: "postgres" } });
    expect(body.database.error).toMatch(/ECONNREFUSED|connect|terminat/i);
    expect(downWhile.every((h) => h.ms < 5_000)).toBe(true);
    expect(failedWhileDown.refusedWithMessage).toBeGreaterThan(0);
    expect(s.http5xx).toBe(0);
    expect(reconciled.lost).toEqual([]);
    expect(reconciled.duplicates).toBe(0);
    expect(reconciled.rowsWithoutOneNotification).toBe(0);
    expect(reconciled.orphanNotifications).toBe(0);
  } finally {
    await server.stop();
    await proxy.cut().catch(() => {});
    await created.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test("mail server down for the whole run: every submission succeeds, every notification is delivered once it returns", async () => {
  test.setTimeout(300_000);
  const SUBMISSIONS = 60;
  const smtpPort = await freePort(); // nothing listens here until the mail server "returns"
  const dataDir = tempDir("faults-mail-outage-");
  const server = startServer(FAULTS_PORT + 5, {
    DATA_DIR: dataDir,
    SMTP_HOST: "127.0.0.1",
    SMTP_PORT: String(smtpPort),
    // The mail queue's retries after 1-2 s, 2-4 s, 4-8 s, then every 8 s (12 tries, the last about
    // 80 s after the first; ADR 0092): the default (15 s doubling up to an hour) would make the test wait minutes.
    MAIL_RETRY_SECONDS: "1",
    MAIL_RETRY_MAX_SECONDS: "8",
  });
  let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
  try {
    await until("the server to be healthy", async () => (await health(server.url)).status === 200, 180_000);
    const tag = `mailout-${Date.now()}`;
    const outcomes = await Promise.all(Array.from({ length: SUBMISSIONS }, (_, i) => submit(server.url, newSubmission(i % 2 ? "audit" : "contact", tag))));
    const failures = () =>
      server
        .output()
        .split("\n")
        .filter((l) => l.includes('"msg":"mail not sent; will retry"'));
    const triedIds = () => new Set(failures().map((l) => /"notification":"([^"]+)"/.exec(l)?.[1]));
    // Every notification has been tried and refused at least once while the mail server is down.
    await until(`a failed attempt for each of the ${SUBMISSIONS} notifications`, () => triedIds().size >= SUBMISSIONS, 120_000);
    const failedAttempts = failures().length;

    smtp = await startSmtpServer(smtpPort);
    const returned = performance.now();
    const mine = () => smtp!.messages.filter((m) => m.raw.includes(tag));
    await until(`${SUBMISSIONS} mails`, () => mine().length >= SUBMISSIONS, 120_000);
    const deliveredMs = Math.round(performance.now() - returned);
    // Stopping the server stops its job queue's workers after any send in flight: nothing can be sent after
    // this, so the count of mails below is final (a duplicate would be among them).
    await server.stop();

    const s = summary(outcomes);
    const reconciled = await reconcileDatabase({ kind: "pglite", dir: path.join(dataDir, "pglite") }, tag, outcomes);
    const ids = mine().map((m) => /^Message-ID: (.*)$/im.exec(m.raw)?.[1]);
    const [attempts] = await query<{ min: number; max: number }>(
      { kind: "pglite", dir: path.join(dataDir, "pglite") },
      "select min(attempts)::int as min, max(attempts)::int as max from notifications where kind in ('lead', 'contact')",
    );
    console.log(
      `mail outage: ${s.sent} submissions with the mail server down: ${s.acknowledged} acknowledged, ${s.http5xx} 5xx; ` +
        `${failedAttempts} failed send attempts while down; mail server back: ${mine().length} mails within ${deliveredMs} ms ` +
        `(${new Set(ids).size} distinct Message-IDs); notifications ${JSON.stringify(reconciled.notificationsByStatus)}, attempts ${attempts!.min}-${attempts!.max}; ` +
        `${reconciled.stored} rows, ${reconciled.lost.length} lost, ${reconciled.rowsWithoutOneNotification} rows without exactly one notification, ${reconciled.orphanNotifications} orphan notifications`,
    );
    expect(s.acknowledged).toBe(SUBMISSIONS);
    expect(reconciled.stored).toBe(SUBMISSIONS);
    expect(reconciled.lost).toEqual([]);
    expect(reconciled.rowsWithoutOneNotification).toBe(0);
    expect(reconciled.orphanNotifications).toBe(0);
    expect(mine()).toHaveLength(SUBMISSIONS);
    expect(new Set(ids).size).toBe(SUBMISSIONS);
    expect(reconciled.notificationsByStatus).toEqual({ sent: SUBMISSIONS });
    expect(attempts!.min).toBeGreaterThanOrEqual(2);
  } finally {
    await server.stop();
    await smtp?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test("PostgreSQL stops answering (connections stay open): /api/health answers 503 within its deadline, forms answer, the server recovers", async () => {
  test.setTimeout(300_000);
  const created = await createPostgresDatabase();
  if ("skip" in created) {
    console.log(`PostgreSQL stall: SKIPPED: ${created.skip}`);
    test.skip(true, created.skip);
    return;
  }
  const target: Target = { kind: "postgres", url: created.url };
  const upstream = new URL(created.url);
  const proxy = new TcpProxy(upstream.hostname, Number(upstream.port || 5432));
  await proxy.listen();
  const viaProxy = new URL(created.url);
  viaProxy.hostname = "127.0.0.1";
  viaProxy.port = String(proxy.port);
  const dataDir = tempDir("faults-pg-stall-");
  const server = startServer(FAULTS_PORT + 6, { DATABASE_URL: viaProxy.toString(), DATA_DIR: dataDir, DATABASE_QUERY_TIMEOUT_SECONDS: "3" });
  const tag = `pgstall-${Date.now()}`;
  try {
    await until("the server to be healthy", async () => (await health(server.url)).status === 200, 180_000);
    const pid = server.child.pid;
    const stream = submissionStream(server.url, tag, 4);
    const acked = () => stream.outcomes.filter((o) => o.acknowledged).length;
    await until("10 acknowledged submissions", () => acked() >= 10, 60_000);
    proxy.stall();
    const stalledAt = stream.outcomes.length;
    const downWhile = [];
    for (let i = 0; i < 8; i++) {
      downWhile.push(await health(server.url));
      await sleep(1_000);
    }
    const duringOutcomes = stream.outcomes.slice(stalledAt);
    const during = summary(duringOutcomes);
    const slowest = Math.max(0, ...duringOutcomes.map((o) => o.ms));
    proxy.resume();
    const restoredAt = performance.now();
    const healthRecoveryMs = await until("/api/health to answer 200 again", async () => (await health(server.url)).status === 200, 120_000);
    const afterRestore = acked();
    await until("acknowledgements after the database answers again", () => acked() >= afterRestore + 10, 120_000);
    const formRecoveryMs = Math.round(performance.now() - restoredAt);
    const outcomes = await stream.stop();
    expect(server.child.pid).toBe(pid);
    await server.stop();
    const s = summary(outcomes);
    const reconciled = await reconcileDatabase(target, tag, outcomes);
    console.log(
      `PostgreSQL stall: /api/health ${downWhile.map((h) => `${h.status} in ${h.ms} ms`).join(", ")}, last body ${downWhile.at(-1)!.body}; ` +
        `answers during the stall: ${during.sent} (${during.acknowledged} acknowledged, ${during.refusedWithMessage} with the message "${duringOutcomes.find((o) => o.status === "error")?.message}", ${during.http5xx} 5xx, slowest answer ${slowest} ms); ` +
        `resumed: /api/health 200 after ${healthRecoveryMs} ms, 10 more acknowledged within ${formRecoveryMs} ms; ` +
        `overall ${s.sent} sent, ${s.acknowledged} acknowledged, ${s.noAnswer} without answer; ${reconciled.stored} stored, ${reconciled.lost.length} lost, ${reconciled.duplicates} duplicates, ${reconciled.orphanNotifications} orphan notifications`,
    );
    expect(downWhile.every((h) => h.status === 503 && h.ms < 5_000)).toBe(true);
    // Visitors get an answer within the query timeout (3 s) plus the pool's wait, not when TCP gives up.
    expect(during.refusedWithMessage).toBeGreaterThan(0);
    expect(slowest).toBeLessThan(15_000);
    expect(s.noAnswer).toBe(0);
    expect(reconciled.lost).toEqual([]);
    expect(reconciled.duplicates).toBe(0);
    expect(reconciled.orphanNotifications).toBe(0);
  } finally {
    await server.stop();
    proxy.resume();
    await proxy.cut().catch(() => {});
    await created.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
