import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { NGINX_BINARY as NGINX, renderNginxConfig } from "../../scripts/nginx-config.ts";
import { startSmtpServer } from "../../tests/helpers/smtp";
import {
  reconcileDatabase,
  createPostgresDatabase,
  newSubmission,
  query,
  sleep,
  startServer,
  submissionStream,
  submit,
  summary,
  tempDir,
  waitHealthy,
  type AppServer,
  type Outcome,
} from "./faults";

/**
 * Several servers, one site (docs/decisions/0032): nginx with deploy/nginx.conf (only its ports and
 * folders replaced) in front of three production processes on one PostgreSQL database of the
 * test's own, each with its own data folder, all sending mail to one SMTP server of the test's own.
 * Ports: E2E_PORT + 40 (nginx), + 41..43 (the processes), + 44 (SMTP); SEVERAL_SERVERS_PORT moves them.
 */
const BASE = Number(process.env.SEVERAL_SERVERS_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 40);
const APP_PORTS = [BASE + 1, BASE + 2, BASE + 3];
const ARTICLE = "/blog/technical-seo-for-shopify-stores-a-d2c-checklist";
const SLUG = ARTICLE.split("/").at(-1)!;
const NOTIFY = "several-servers-inbox@example.com";

/** The share count an article shows: "N shares" in its HTML, nothing for none. */
async function shownShares(url: string): Promise<{ count: number; cache: string | null }> {
  const res = await fetch(`${url}${ARTICLE}`, { signal: AbortSignal.timeout(10_000) });
  const html = await res.text();
  expect(res.status).toBe(200);
  const match = /id="share-count"[^>]*>(?:([\d,]+) shares?)?</.exec(html);
  return { count: match ? Number((match[1] ?? "0").replaceAll(",", "")) : -1, cache: res.headers.get("x-nextjs-cache") };
}

let shareAddress = 0;
/** One share of the article, counted by the process at `url` (an edit made through that process). */
async function share(url: string): Promise<number> {
  shareAddress++;
  const res = await fetch(`${url}/api/blog/shares`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url, "x-forwarded-for": `10.200.${shareAddress >> 8}.${shareAddress & 255}` },
    body: JSON.stringify({ slug: SLUG, network: "linkedin" }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { count: number }).count;
}

/**
 * For each url, how long after `since` the first request began whose answer showed `count`: the
 * edit was served to every request made from then on (a render on this loaded machine takes up to
 * a second itself, which the figure leaves out). At most 5 s; the test then fails on the figure.
 */
async function timeUntilShown(urls: string[], count: number, since: number): Promise<number[]> {
  return Promise.all(
    urls.map(async (url) => {
      while (performance.now() - since < 5_000) {
        const asked = performance.now();
        if ((await shownShares(url)).count === count) return Math.round(asked - since);
        await sleep(20);
      }
      return Infinity;
    }),
  );
}

test("three processes behind nginx on one PostgreSQL: fresh everywhere within 1 s, mail sent once, kill -9 loses nothing", async () => {
  test.setTimeout(300_000);
  const database = await createPostgresDatabase();
  if ("skip" in database) {
    console.log(`several servers: SKIPPED: ${database.skip}`);
    test.skip(true, database.skip);
    return;
  }
  if (!NGINX) throw new Error("nginx is not installed: npm run test:security installs it (apt-get install nginx)");
  const smtp = await startSmtpServer(BASE + 4);
  const prefix = tempDir("nginx-");
  fs.chmodSync(prefix, 0o777); // nginx's workers (user nobody when started as root) write their temp files here
  fs.writeFileSync(path.join(prefix, "nginx.conf"), renderNginxConfig({ listenPort: BASE, appPorts: APP_PORTS, prefix }));
  const env = {
    DATABASE_URL: database.url,
    // The real page caches (Next's on disk and in memory, ours in memory): what this test is about.
    NEXT_PRIVATE_TEST_PROXY: "",
    SMTP_HOST: "127.0.0.1",
    SMTP_PORT: String(smtp.port),
    SMTP_SECURE: "false",
    NOTIFY_EMAILS: NOTIFY,
    MAIL_RETRY_SECONDS: "1",
    // Every simulated visitor comes through nginx from 127.0.0.1: the per-address form limit would
    // refuse them after 5.
    FORM_RATE_LIMIT: "10000",
    FORM_MIN_FILL_SECONDS: "1",
  };
  const dirs = APP_PORTS.map(() => tempDir("several-"));
  const start = (i: number) => startServer(APP_PORTS[i]!, { ...env, DATA_DIR: dirs[i]! });
  const servers: AppServer[] = [];
  let nginx: ChildProcess | undefined;
  const proxy = `http://127.0.0.1:${BASE}`;
  try {
    // The first one migrates and seeds the database; then the other two.
    servers.push(start(0));
    await waitHealthy(servers[0]!);
    servers.push(start(1), start(2));
    await Promise.all(servers.map((s) => waitHealthy(s)));
    for (const s of servers) await expect.poll(() => s.output(), { timeout: 10_000 }).toContain("invalidation channel listening");
    nginx = spawn(NGINX, ["-p", prefix, "-c", path.join(prefix, "nginx.conf"), "-g", "daemon off;"], { stdio: ["ignore", "inherit", "inherit"] });
    await expect
      .poll(
        () =>
          fetch(`${proxy}/api/health`).then(
            (r) => r.status,
            () => 0,
          ),
        { timeout: 10_000 },
      )
      .toBe(200);
    const urls = [...servers.map((s) => s.url), proxy];

    // 1. Freshness: every process has the article in its caches (the second read is a cache hit),
    // one process counts a share, every process and the proxy show the new count within 1 s.
    for (const url of urls) await shownShares(url);
    for (const s of servers) expect((await shownShares(s.url)).cache).toBe("HIT");
    const before = (await shownShares(servers[0]!.url)).count;
    const editedAt = performance.now();
    const after = await share(servers[0]!.url);
    expect(after).toBe(before + 1);
    const freshMs = await timeUntilShown(urls, after, editedAt);
    console.log(`several servers: an edit through process 1 shown by processes 1-3 and the proxy after ${freshMs.join(", ")} ms`);
    for (const ms of freshMs) expect(ms).toBeLessThanOrEqual(1_000);

    // 2. The invalidation channel of process 3 is cut (its connection terminated in PostgreSQL):
    // it says so, comes back, and an edit made through process 2 reaches it within 1 s.
    const killed = await query<{ n: number }>(
      { kind: "postgres", url: database.url },
      "SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE application_name = $1",
      [`kinetic-invalidation:${APP_PORTS[2]}`],
    );
    expect(killed[0]!.n).toBe(1);
    await expect.poll(() => servers[2]!.output(), { timeout: 5_000 }).toContain("invalidation channel down");
    await expect.poll(() => servers[2]!.output().split("invalidation channel listening").length, { timeout: 10_000 }).toBe(3);
    for (const url of urls) await shownShares(url);
    const editedAgainAt = performance.now();
    const afterAgain = await share(servers[1]!.url);
    const freshAgainMs = await timeUntilShown(urls, afterAgain, editedAgainAt);
    console.log(`several servers: after process 3's channel was cut and came back, an edit through process 2 shown after ${freshAgainMs.join(", ")} ms`);
    for (const ms of freshAgainMs) expect(ms).toBeLessThanOrEqual(1_000);

    // 3. 300 submissions through the proxy, spread over the three processes, each mail worker
    // running: 300 notifications, each received once.
    const tag = `several-${Date.now()}`;
    const batch: Outcome[] = [];
    const queue = Array.from({ length: 300 }, (_, i) => newSubmission(i % 2 === 0 ? "contact" : "audit", tag));
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) batch.push(await submit(proxy, next));
      }),
    );
    expect(summary(batch).acknowledged).toBe(300);
    const mailsFor = (email: string) => smtp.messages.filter((m) => m.raw.includes(email)).length;
    await expect.poll(() => batch.filter((o) => mailsFor(o.email) >= 1).length, { timeout: 60_000, intervals: [500] }).toBe(300);
    // A mail is sent again only while its outbox row is not marked sent: once every row of this batch
    // is sent and none is held by a worker, no process will send one again, and the count is final.
    await expect
      .poll(
        async () =>
          (
            await query<{ open: number }>(
              { kind: "postgres", url: database.url },
              `select count(*)::int as open from notifications n
                 left join leads l on l.id = n.lead_id left join contact_messages c on c.id = n.contact_message_id
                where coalesce(l.email, c.email) like $1 and (n.status <> 'sent' or n.locked_until > now())`,
              [`%${tag}%`],
            )
          )[0]!.open,
        { timeout: 60_000, intervals: [500] },
      )
      .toBe(0);
    const sentTwice = batch.filter((o) => mailsFor(o.email) > 1).length;
    console.log(`several servers: 300 submissions through nginx, ${smtp.messages.length} mails received, ${sentTwice} sent twice`);
    expect(sentTwice).toBe(0);

    // 4. kill -9 one process during a stream of page loads and form posts through the proxy, then
    // restart it: no page load fails, no acknowledged submission is lost or stored twice.
    const killTag = `several-kill-${Date.now()}`;
    const pages = ["/", "/blog", ARTICLE, "/case-studies", "/services"];
    const loads = { ok: 0, failed: [] as string[] };
    let loading = true;
    const loaders = Array.from({ length: 4 }, async (_, i) => {
      for (let k = i; loading; k++) {
        const page = pages[k % pages.length]!;
        const status = await fetch(`${proxy}${page}`, { signal: AbortSignal.timeout(30_000) }).then(
          async (r) => (await r.arrayBuffer(), r.status),
          () => 0,
        );
        if (status === 200) loads.ok++;
        else loads.failed.push(`${page}: ${status}`);
      }
    });
    const stream = submissionStream(proxy, killTag, 4);
    await sleep(2_000);
    servers[1]!.child.kill("SIGKILL");
    expect((await servers[1]!.exited).signal).toBe("SIGKILL");
    await sleep(3_000);
    servers[1] = start(1);
    await waitHealthy(servers[1]);
    await expect.poll(() => servers[1]!.output(), { timeout: 10_000 }).toContain("invalidation channel listening");
    await sleep(2_000);
    loading = false;
    await Promise.all(loaders);
    const outcomes = await stream.stop();
    const s = summary(outcomes);
    const reconciled = await reconcileDatabase({ kind: "postgres", url: database.url }, killTag, outcomes);
    console.log(
      `several servers: kill -9 of process 2 and restart: ${loads.ok} page loads through nginx, ${loads.failed.length} failed; ` +
        `${s.sent} submissions, ${s.acknowledged} acknowledged, ${reconciled.lost.length} acknowledged but lost, ${reconciled.duplicates} duplicates, ` +
        `${reconciled.unacknowledgedStored} stored whose answer the kill cut off`,
    );
    expect(loads.failed).toEqual([]);
    expect(loads.ok).toBeGreaterThan(20);
    expect(s.acknowledged).toBeGreaterThan(10);
    expect(reconciled.lost).toEqual([]);
    expect(reconciled.duplicates).toBe(0);

    // 5. The restarted process rejoined: an edit through process 1 reaches it within 1 s.
    for (const url of urls) await shownShares(url);
    const rejoinedAt = performance.now();
    const afterRejoin = await share(servers[0]!.url);
    const rejoinMs = await timeUntilShown([servers[1]!.url, proxy], afterRejoin, rejoinedAt);
    console.log(`several servers: the restarted process shows an edit through process 1 after ${rejoinMs[0]} ms`);
    for (const ms of rejoinMs) expect(ms).toBeLessThanOrEqual(1_000);
  } finally {
    nginx?.kill("SIGTERM");
    await Promise.all(servers.map((s) => s.stop()));
    await smtp.close();
    await database.drop();
  }
});
