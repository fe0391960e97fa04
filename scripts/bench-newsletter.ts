// `npm run bench:newsletter`: what sending the newsletter costs (docs/newsletter.md, docs/benchmark.md),
// in this process: 10,000 confirmed subscribers (--subscribers) in the embedded database, or PostgreSQL
// when BENCH_DATABASE_URL or DATABASE_URL is set (a database of its own, dropped at the end).
//   1. Render and queue: a post's letter rendered once (MJML), its links stored, every recipient
//      written in one INSERT ... SELECT.
//   2. Personalising: the stored render with one recipient's counted links and unsubscribe
//      addresses written in, for every recipient, against rendering the letter once per recipient.
//   3. Sending: every copy through a local SMTP server (smtp-server) by one process's worker of the
//      queue's batch jobs (docs/decisions/0094), polling as boot's does, the rate set far above what
//      is reached, so the figure is what one process achieves.
// Options: --subscribers=N (default 10000).
import os from "node:os";
import path from "node:path";
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import type { AddressInfo } from "node:net";
import { openPglite, openPostgres, setDatabase, type DatabaseHandle } from "../src/server/kernel/db/client";
import { blogPosts, newsletterSends } from "../src/server/kernel/db/schema";
import { createScratchDatabase, printTable, type ScratchDatabase } from "./bench-helpers";

process.env.DATA_DIR ??= path.join(os.tmpdir(), `bench-newsletter-${process.pid}`);
process.env.BETTER_AUTH_SECRET ??= crypto.randomBytes(32).toString("hex");
process.env.SITE_URL ??= "https://www.example.com";
process.env.LOG_LEVEL ??= "warn";

const found = process.argv.find((a) => a.startsWith("--subscribers="));
const SUBSCRIBERS = found ? Number(found.slice("--subscribers=".length)) : 10_000;
if (!Number.isInteger(SUBSCRIBERS) || SUBSCRIBERS <= 0) throw new Error("--subscribers must be a positive whole number");
const ADMIN_URL = process.env.BENCH_DATABASE_URL?.trim() || process.env.DATABASE_URL?.trim();

async function main() {
  const { copyFor, letterContent, letterSite, newsletterTransport, queueSend } = await import("../src/server/newsletter/send");
  const { newsletterCopiesJob, newsletterStartJob } = await import("../src/server/newsletter/job");
  const { declareJobs, startQueue, stopQueue } = await import("../src/server/kernel/jobs/queue");
  const { renderLetter } = await import("../src/server/kernel/mail/letter");
  let scratch: ScratchDatabase | undefined;
  let handle: DatabaseHandle;
  if (ADMIN_URL) {
    scratch = await createScratchDatabase(ADMIN_URL, "bench_newsletter");
    handle = openPostgres(scratch.url);
  } else {
    handle = openPglite();
  }
  await handle.migrate();
  setDatabase(handle);
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      stream.on("data", () => {});
      stream.on("end", () => {
        received++;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server as unknown as { server: { address(): AddressInfo } }).server.address().port;
  const transport = newsletterTransport({ host: "127.0.0.1", port });
  try {
    await handle.db.execute(sql`
      insert into newsletter_subscribers (email, email_key, status, topics, source, confirmed_at)
      select 'reader' || g || '@bench.example', 'reader' || g || '@bench.example', 'confirmed', '{}'::text[], 'blog', now()
      from generate_series(1, ${SUBSCRIBERS}) g`);
    const paragraphs = Array.from(
      { length: 12 },
      (_, i) => `<p>Paragraph ${i} with <a href="https://example.org/read/${i}">a link</a> and some words to read.</p>`,
    ).join("");
    const [post] = await handle.db
      .insert(blogPosts)
      .values({
        title: "Benchmark letter",
        slug: "benchmark-letter",
        content: `<h2>Intro</h2>${paragraphs}<img src="/api/media/x.png" alt="">`,
        published: true,
      })
      .returning();
    const [send] = await handle.db
      .insert(newsletterSends)
      .values({ postId: post!.id, subject: "Benchmark letter", status: "sending", startedAt: new Date() })
      .returning();

    const fast = { rate: { perWindow: 10_000_000, windowMs: 60_000 } };
    await declareJobs([newsletterStartJob(), newsletterCopiesJob({ transport, settings: fast })]);
    let t = performance.now();
    const queued = await queueSend(send!.id);
    const queueMs = performance.now() - t;

    const [row] = await handle.db
      .select()
      .from(newsletterSends)
      .where(sql`id = ${send!.id}`);
    const material = { send: row!, html: row!.renderedHtml!, text: row!.renderedText! };
    const recipients = (
      await handle.db.execute<{ id: number; email: string; message_id: string; subscriber_id: string }>(
        sql`select id, email, message_id, subscriber_id from newsletter_recipients where send_id = ${send!.id} order by id limit 1000`,
      )
    ).rows;
    t = performance.now();
    for (const r of recipients)
      copyFor(material, { id: Number(r.id), email: r.email, messageId: r.message_id, subscriberId: r.subscriber_id, tokenVersion: 1 });
    const personaliseMs = (performance.now() - t) / recipients.length;
    const site = letterSite();
    const content = letterContent(row!, post, site);
    t = performance.now();
    for (let i = 0; i < 50; i++) await renderLetter(content, site, (u) => u, { manage: "m", unsubscribe: "u" });
    const renderMs = (performance.now() - t) / 50;

    t = performance.now();
    await startQueue([newsletterCopiesJob({ transport, settings: fast })]);
    for (;;) {
      const [state] = (await handle.db.execute<{ status: string }>(sql`select status from newsletter_sends where id = ${send!.id}`)).rows;
      if (state!.status === "sent") break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const sendS = (performance.now() - t) / 1000;
    const database = ADMIN_URL ? "PostgreSQL" : "embedded";
    printTable(
      "Newsletter: render, queue, personalise",
      [{ database, subscribers: SUBSCRIBERS, queued, queueMs: queueMs.toFixed(0), renderMs: renderMs.toFixed(1), personaliseMs: personaliseMs.toFixed(3) }],
      [
        ["database", "database"],
        ["subscribers", "subscribers"],
        ["queued", "recipients written"],
        ["queueMs", "render + queue (ms)"],
        ["renderMs", "one MJML render (ms)"],
        ["personaliseMs", "one copy personalised (ms)"],
      ],
    );
    printTable(
      "Newsletter: sending (one process, local SMTP server)",
      [{ database, received, seconds: sendS.toFixed(1), perSecond: (received / sendS).toFixed(0), perMinute: ((received / sendS) * 60).toFixed(0) }],
      [
        ["database", "database"],
        ["received", "copies received"],
        ["seconds", "seconds"],
        ["perSecond", "copies/s"],
        ["perMinute", "copies/min"],
      ],
    );
  } finally {
    await stopQueue();
    transport.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await handle.close();
    await scratch?.drop();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
