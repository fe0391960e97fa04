import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPosts, newsletterLinks, newsletterRecipients, newsletterSends, newsletterSubscribers } from "@/server/kernel/db/schema";
import { declareJobs, startQueue, stopQueue } from "@/server/kernel/jobs/queue";
import { readClickToken, readSubscriberToken } from "@/server/newsletter/links";
import { adoptNewsletterWork, COPIES_PER_JOB, enqueueCopyBatches, type CopiesJobData } from "@/server/newsletter/data/newsletter-delivery";
import { newsletterCopiesJob, newsletterStartJob } from "@/server/newsletter/job";
import { newsletterTransport, queueSend, sendCopies, type NewsletterSettings, type NewsletterTransport } from "@/server/newsletter/send";
import { header, startNewsletterSmtp } from "./helpers/newsletter-smtp";
import { setUpTestDatabase } from "./helpers/test-db";

/**
 * Sending a newsletter (docs/decisions/0062, 0094) to a real SMTP server on loopback, through the
 * queue's jobs: 10,000 subscribers, a send to one topic reaches exactly the subscribers of that topic
 * (and those who take every topic), each once, with the list headers of RFC 2369 and 8058; who left
 * gets nothing; a batch's job run again sends nothing twice; a paused send's jobs send nothing until
 * it is resumed; a refused address is tried again after the back-off, then failed on the last try;
 * the work the timed job left is adopted once.
 */
const handle = setUpTestDatabase();
let smtp: Awaited<ReturnType<typeof startNewsletterSmtp>>;
let transport: NewsletterTransport;
const refused = new Set<string>();
// The rate far above what is reached; 3 tries a second apart.
const FAST: Partial<NewsletterSettings> = {
  rate: { perWindow: 1_000_000, windowMs: 60_000 },
  claim: 25,
  retry: { limit: 2, delaySeconds: 1, maxDelaySeconds: 1 },
};
const FIRST: { retryCount: number; isLastTry: boolean } = { retryCount: 0, isLastTry: false };
let working = false;

beforeAll(async () => {
  smtp = await startNewsletterSmtp({ refuse: (to) => (refused.has(to) ? { code: 451, message: "Try again later" } : null) });
  transport = newsletterTransport({ host: "127.0.0.1", port: smtp.port });
  await declareJobs([newsletterStartJob(), newsletterCopiesJob({ transport, settings: FAST })]);
  // 10,000 confirmed subscribers in one statement: 1,000 take "seo", 500 take every topic, 200
  // "cro" and "ads", the rest "ads".
  await handle.db.execute(sql`
    insert into newsletter_subscribers (email, email_key, status, topics, source, confirmed_at)
    select 'reader' || g || '@list.example', 'reader' || g || '@list.example', 'confirmed',
      case when g % 10 = 0 then '{seo}'::text[] when g % 20 = 1 then '{}'::text[] when g % 50 = 3 then '{cro,ads}'::text[] else '{ads}'::text[] end,
      'blog', now()
    from generate_series(1, 10000) g`);
  // Not to be sent anything, whatever their topics: unconfirmed, unsubscribed, suppressed, paused.
  await handle.db.insert(newsletterSubscribers).values([
    { email: "pending@list.example", emailKey: "pending@list.example", status: "pending", topics: ["seo"], source: "blog" },
    { email: "gone@list.example", emailKey: "gone@list.example", status: "unsubscribed", topics: ["seo"], source: "blog" },
    { email: "bounced@list.example", emailKey: "bounced@list.example", status: "suppressed", suppressedReason: "hard-bounce", topics: [], source: "blog" },
    { email: "resting@list.example", emailKey: "resting@list.example", status: "confirmed", paused: true, topics: ["seo"], source: "blog" },
  ]);
});
afterAll(async () => {
  await stopQueue();
  transport?.close();
  await smtp?.close();
});

/** This process works the newsletter's jobs from now on, polling every half second. */
async function work() {
  if (working) return;
  await startQueue([newsletterStartJob(), newsletterCopiesJob({ transport, settings: FAST })], { pollSeconds: 0.5 });
  working = true;
}

async function sendUntilDone(sendId: string, ms = 90_000) {
  await work();
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const [row] = await handle.db.select({ status: newsletterSends.status }).from(newsletterSends).where(eq(newsletterSends.id, sendId));
    if (row!.status === "sent") return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the send did not finish");
}

/** The send's batch jobs: their first copy and state, by first copy. */
const batchJobs = async (sendId: string) =>
  (
    await handle.db.execute<{ from: number | string; state: string }>(
      sql`select (data->>'from')::bigint as "from", state::text as state from pgboss.job
          where name = 'newsletter.copies' and data->>'sendId' = ${sendId} order by 1, created_on`,
    )
  ).rows.map((r) => ({ from: Number(r.from), state: r.state }));

/** Waits until none of the send's batch jobs is waiting to start or running. */
async function batchesSettled(sendId: string, ms = 20_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if ((await batchJobs(sendId)).every((j) => j.state !== "created" && j.state !== "active" && j.state !== "retry")) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the send's batch jobs are still queued or running");
}

const counts = async (sendId: string) =>
  Object.fromEntries(
    (
      await handle.db.execute<{ status: string; n: number }>(
        sql`select status, count(*)::int as n from newsletter_recipients where send_id = ${sendId} group by status`,
      )
    ).rows.map((r) => [r.status, Number(r.n)]),
  );

describe("newsletter sending", () => {
  it("a post sent to one topic reaches exactly its subscribers, once each, with the list headers", async () => {
    const [post] = await handle.db
      .insert(blogPosts)
      .values({
        title: "Five SEO fixes",
        slug: "five-seo-fixes",
        content:
          '<p>Read <a href="/services">our services</a> and <a href="https://example.org/guide">the guide</a>.</p><img src="/api/media/abc.png" alt="x"><script>alert(1)</script>',
        featuredImageUrl: "/api/media/cover.png",
        published: true,
        tags: ["seo"],
      })
      .returning();
    const [send] = await handle.db
      .insert(newsletterSends)
      .values({ postId: post!.id, subject: "Five SEO fixes", topics: ["seo"], status: "sending", startedAt: new Date() })
      .returning();
    const expected = await handle.db.execute<{ email: string }>(
      sql`select email from newsletter_subscribers where status = 'confirmed' and not paused and (topics = '{}' or 'seo' = any(topics))`,
    );
    const wanted = new Set(expected.rows.map((r) => r.email));
    expect(wanted.size).toBe(1500);

    // Two processes starting it at once: the recipients are written once, and a job per batch of
    // 50 copy ids with them (one each, whatever the second start did).
    const queued = await Promise.all([queueSend(send!.id), queueSend(send!.id)]);
    expect(queued.filter((q) => q !== null)).toEqual([1500]);
    const batches = (
      await handle.db.execute<{ from: number | string }>(
        sql`select distinct (id / ${COPIES_PER_JOB}) * ${COPIES_PER_JOB} as "from" from newsletter_recipients where send_id = ${send!.id} order by 1`,
      )
    ).rows.map((r) => ({ from: Number(r.from), state: "created" }));
    expect(batches.length).toBeGreaterThanOrEqual(30);
    expect(await batchJobs(send!.id)).toEqual(batches);

    const t0 = Date.now();
    await sendUntilDone(send!.id);
    const elapsed = Date.now() - t0;
    const mine = smtp.accepted.filter((m) => m.raw.includes("Five SEO fixes"));
    const perAddress = new Map<string, number>();
    for (const m of mine) perAddress.set(m.to, (perAddress.get(m.to) ?? 0) + 1);
    expect(perAddress.size).toBe(1500);
    expect([...perAddress.keys()].every((a) => wanted.has(a))).toBe(true);
    expect([...perAddress.values()].every((n) => n === 1)).toBe(true);
    for (const left of ["pending@list.example", "gone@list.example", "bounced@list.example", "resting@list.example"]) expect(perAddress.has(left)).toBe(false);
    expect(await counts(send!.id)).toEqual({ sent: 1500 });
    const [done] = await handle.db.select().from(newsletterSends).where(eq(newsletterSends.id, send!.id));
    expect(done!.finishedAt).not.toBeNull();

    // One copy, read as a mail client and a list processor would.
    const [row] = await handle.db.select().from(newsletterRecipients).where(eq(newsletterRecipients.email, mine[0]!.to));
    const raw = mine[0]!.raw;
    expect(header(raw, "Message-ID")).toBe(row!.messageId);
    const listUnsubscribe = header(raw, "List-Unsubscribe")!;
    const targets = [...listUnsubscribe.matchAll(/<([^>]+)>/g)].map((m) => m[1]!);
    expect(targets).toHaveLength(2);
    expect(targets[0]).toMatch(/^http:\/\/localhost:3999\/api\/newsletter\/unsubscribe\//);
    const token = targets[0]!.split("/").pop()!;
    expect(readSubscriberToken("unsubscribe", token)).toEqual({ id: row!.subscriberId, tokenVersion: 1, sendId: send!.id });
    expect(targets[1]).toMatch(/^mailto:unsubscribe@kineticgrowth\.in\?subject=unsubscribe%20/);
    expect(header(raw, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    expect(header(raw, "List-Id")).toMatch(/<newsletter\.kineticgrowth\.in>$/);
    expect(header(raw, "From")).toMatch(/no-reply@kineticgrowth\.in/);

    // The body's links are counted links of this send and this recipient; no script; absolute images.
    const decoded = raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    const clickTokens = [...decoded.matchAll(/http:\/\/localhost:3999\/n\/c\/([A-Za-z0-9._-]+)/g)].map((m) => readClickToken(m[1]!));
    expect(clickTokens.length).toBeGreaterThanOrEqual(3);
    expect(clickTokens.every((c) => c?.recipientId === row!.id)).toBe(true);
    const links = await handle.db.select().from(newsletterLinks).where(eq(newsletterLinks.sendId, send!.id));
    expect(links.map((l) => l.url).sort()).toEqual([
      "http://localhost:3999/",
      "http://localhost:3999/blog/five-seo-fixes",
      "http://localhost:3999/services",
      "https://example.org/guide",
    ]);
    expect(new Set(clickTokens.map((c) => c!.linkId)).size).toBe(links.length);
    expect(decoded).toContain('src="http://localhost:3999/api/media/abc.png"');
    expect(decoded).toContain("http://localhost:3999/api/media/cover.png");
    expect(decoded).not.toContain("alert(1)");
    expect(decoded).toContain("/newsletter/preferences/");
    expect(decoded).not.toContain("%%NL:");
    console.log(
      `newsletter: 1,500 copies of 10,000 subscribers sent in ${elapsed} ms, ${((1500 / elapsed) * 1000).toFixed(0)} copies/s (one process, the queue's worker, ${handle.label})`,
    );
  }, 120_000);

  it("skips a subscriber who left after the send started; pause stops claims and resume finishes", async () => {
    const [send] = await handle.db
      .insert(newsletterSends)
      .values({ subject: "Paused letter", body: "<p>Hello</p>", topics: ["cro"], status: "paused", startedAt: new Date() })
      .returning();
    // Started while paused: its recipients are written, and no batch job until it is resumed.
    expect(await queueSend(send!.id)).toBe(700);
    expect(await batchJobs(send!.id)).toEqual([]);
    // Two leave after the list was fixed: one unsubscribes, one is suppressed.
    const [a, b] = (
      await handle.db.execute<{ subscriber_id: string; email: string }>(
        sql`select subscriber_id, email from newsletter_recipients where send_id = ${send!.id} order by id desc limit 2`,
      )
    ).rows;
    await handle.db
      .update(newsletterSubscribers)
      .set({ status: "unsubscribed", unsubscribedAt: new Date() })
      .where(eq(newsletterSubscribers.id, a!.subscriber_id));
    await handle.db
      .update(newsletterSubscribers)
      .set({ status: "suppressed", suppressedReason: "complaint" })
      .where(eq(newsletterSubscribers.id, b!.subscriber_id));

    // Sending: one batch's try (run here), then the editor pauses: the send's batch jobs run and
    // claim nothing while paused.
    await handle.db.update(newsletterSends).set({ status: "sending" }).where(eq(newsletterSends.id, send!.id));
    const [first] = (
      await handle.db.execute<{ id: number | string }>(sql`select min(id) as id from newsletter_recipients where send_id = ${send!.id}`)
    ).rows.map((r) => ({ from: Math.floor(Number(r.id) / COPIES_PER_JOB) * COPIES_PER_JOB }));
    const firstBatch: CopiesJobData = { sendId: send!.id, from: first!.from };
    const inFirst = Number(
      (
        await handle.db.execute<{ n: number }>(
          sql`select count(*)::int as n from newsletter_recipients where send_id = ${send!.id} and id >= ${first!.from} and id < ${first!.from + COPIES_PER_JOB}`,
        )
      ).rows[0]!.n,
    );
    expect(await sendCopies(firstBatch, FIRST, transport, FAST, handle.db)).toMatchObject({ sent: inFirst, continued: false, finished: false });
    expect((await counts(send!.id)).sent).toBe(inFirst);
    await handle.db.update(newsletterSends).set({ status: "paused" }).where(eq(newsletterSends.id, send!.id));
    const before = smtp.accepted.length;
    await handle.db.transaction((tx) => enqueueCopyBatches(send!.id, true, tx));
    expect((await batchJobs(send!.id)).length).toBeGreaterThan(10);
    await work();
    await batchesSettled(send!.id);
    expect(smtp.accepted.length).toBe(before);
    expect((await counts(send!.id)).sent).toBe(inFirst);

    // Resumed (as the Resume move does, in its transaction): the batches still to send get a job again.
    await handle.db.transaction(async (tx) => {
      await tx.update(newsletterSends).set({ status: "sending" }).where(eq(newsletterSends.id, send!.id));
      expect(await enqueueCopyBatches(send!.id, false, tx)).toBeGreaterThan(0);
    });
    await sendUntilDone(send!.id);
    expect(await counts(send!.id)).toEqual({ sent: 698, skipped: 2 });
    const got = smtp.accepted.filter((m) => m.raw.includes("Paused letter")).map((m) => m.to);
    expect(got).toHaveLength(698);
    expect(new Set(got).size).toBe(698);
    expect(got).not.toContain(a!.email);
    expect(got).not.toContain(b!.email);
  }, 120_000);

  it("an address the server refuses is tried again with a wait, then failed; the send still finishes", async () => {
    await handle.db
      .insert(newsletterSubscribers)
      .values({ email: "full@inbox.example", emailKey: "full@inbox.example", status: "confirmed", topics: ["retry"], source: "blog" });
    refused.add("full@inbox.example");
    const [send] = await handle.db
      .insert(newsletterSends)
      .values({ subject: "Retry letter", body: "<p>Hi</p>", topics: ["retry"], status: "sending", startedAt: new Date() })
      .returning();
    // Only the subscriber who takes "retry" and those who take every topic (still subscribed).
    const eligible = (
      await handle.db.execute<{ n: number }>(
        sql`select count(*)::int as n from newsletter_subscribers where status = 'confirmed' and not paused and (topics = '{}' or 'retry' = any(topics))`,
      )
    ).rows[0]!.n;
    expect(await queueSend(send!.id)).toBe(Number(eligible));
    await sendUntilDone(send!.id);
    const [row] = await handle.db.select().from(newsletterRecipients).where(eq(newsletterRecipients.email, "full@inbox.example"));
    expect(row!.status).toBe("failed");
    // Three tries of its batch's job, the last of which failed it.
    expect(row!.attempts).toBe(3);
    expect(row!.lastError).toMatch(/451|Try again/);
    const from = Math.floor(row!.id / COPIES_PER_JOB) * COPIES_PER_JOB;
    const [job] = (
      await handle.db.execute<{ state: string; retry_count: number }>(
        sql`select state::text as state, retry_count from pgboss.job where name = 'newsletter.copies' and data->>'sendId' = ${send!.id} and (data->>'from')::bigint = ${from}`,
      )
    ).rows;
    expect({ state: job!.state, retryCount: Number(job!.retry_count) }).toEqual({ state: "completed", retryCount: 2 });
    expect(await counts(send!.id)).toEqual({ sent: Number(eligible) - 1, failed: 1 });
  }, 60_000);

  it("a batch's job run again (its lease ran out) sends what its dead try had in hand once, with the same Message-ID, and nothing already sent", async () => {
    await handle.db.insert(newsletterSubscribers).values(
      Array.from({ length: 5 }, (_, i) => ({
        email: `again${i}@list.example`,
        emailKey: `again${i}@list.example`,
        status: "confirmed" as const,
        topics: ["again"],
        source: "blog" as const,
      })),
    );
    const [send] = await handle.db
      .insert(newsletterSends)
      .values({ subject: "Again letter", body: "<p>Hi</p>", topics: ["again"], status: "paused", startedAt: new Date() })
      .returning();
    // Queued while paused: its recipients, no batch job (the resume enqueues them).
    const total = await queueSend(send!.id);
    expect(total).toBeGreaterThanOrEqual(5);
    expect(await batchJobs(send!.id)).toEqual([]);
    await handle.db.update(newsletterSends).set({ status: "sending" }).where(eq(newsletterSends.id, send!.id));
    const copies = await handle.db.select().from(newsletterRecipients).where(eq(newsletterRecipients.sendId, send!.id)).orderBy(newsletterRecipients.id);
    // As a killed try leaves them: two sent and marked, one handed over and never marked.
    await handle.db
      .update(newsletterRecipients)
      .set({ status: "sent", sentAt: new Date(), attempts: 1 })
      .where(sql`id in (${copies[0]!.id}, ${copies[1]!.id})`);
    await handle.db.update(newsletterRecipients).set({ status: "sending", attempts: 1 }).where(eq(newsletterRecipients.id, copies[2]!.id));
    const batches = [...new Set(copies.map((c) => Math.floor(c.id / COPIES_PER_JOB) * COPIES_PER_JOB))].map((from) => ({ sendId: send!.id, from }));
    const before = smtp.accepted.length;
    let sent = 0;
    for (const batch of batches) sent += (await sendCopies(batch, { retryCount: 1, isLastTry: false }, transport, FAST, handle.db)).sent;
    expect(sent).toBe(copies.length - 2);
    const got = smtp.accepted.slice(before);
    expect(got.map((m) => m.to).sort()).toEqual(
      copies
        .slice(2)
        .map((c) => c.email)
        .sort(),
    );
    expect(got.find((m) => m.to === copies[2]!.email)!.messageId).toBe(copies[2]!.messageId);
    // Again (another try of the same jobs): nothing more.
    for (const batch of batches) expect((await sendCopies(batch, { retryCount: 2, isLastTry: false }, transport, FAST, handle.db)).sent).toBe(0);
    expect(smtp.accepted.length).toBe(before + copies.length - 2);
    expect(await counts(send!.id)).toEqual({ sent: copies.length });
    const [done] = await handle.db.select().from(newsletterSends).where(eq(newsletterSends.id, send!.id));
    expect(done!.status).toBe("sent");
  }, 60_000);

  it("adopts what the timed job left, once however many starts: pending copies of a send under way, a started send not yet queued, a scheduled one at its time", async () => {
    await handle.db.insert(newsletterSubscribers).values(
      Array.from({ length: 3 }, (_, i) => ({
        email: `old${i}@list.example`,
        emailKey: `old${i}@list.example`,
        status: "confirmed" as const,
        topics: ["old"],
        source: "blog" as const,
      })),
    );
    const insert = (subject: string, values: Partial<typeof newsletterSends.$inferInsert>) =>
      handle.db
        .insert(newsletterSends)
        .values({ subject, body: "<p>Hi</p>", topics: ["old"], ...values })
        .returning()
        .then((rows) => rows[0]!);
    // The timer's days: recipients written (queued while paused: no job), then sending again.
    const underWay = await insert("Under way", { status: "paused", startedAt: new Date() });
    const total = (await queueSend(underWay.id))!;
    await handle.db.update(newsletterSends).set({ status: "sending" }).where(eq(newsletterSends.id, underWay.id));
    const paused = await insert("Paused", { status: "paused", startedAt: new Date() });
    expect(await queueSend(paused.id)).toBe(total);
    const unqueued = await insert("Not queued", { status: "sending", startedAt: new Date() });
    const at = new Date(Date.now() + 3_600_000);
    const scheduled = await insert("Scheduled", { status: "scheduled", scheduledAt: at });
    const startJobs = async () =>
      (
        await handle.db.execute<{ send: string; start_after: Date | string }>(
          sql`select data->>'sendId' as send, start_after from pgboss.job where name = 'newsletter.start'
              and data->>'sendId' in (${underWay.id}, ${unqueued.id}, ${scheduled.id}, ${paused.id})`,
        )
      ).rows.map((r) => ({ send: r.send, at: new Date(r.start_after).getTime() }));

    const added = await adoptNewsletterWork(handle.db);
    expect(await adoptNewsletterWork(handle.db)).toBe(0);
    const underWayBatches = (await batchJobs(underWay.id)).length;
    expect(underWayBatches).toBeGreaterThan(0);
    expect(added).toBe(underWayBatches + 2);
    expect(await batchJobs(paused.id)).toEqual([]);
    const starts = await startJobs();
    expect(starts.map((s) => s.send).sort()).toEqual([unqueued.id, scheduled.id].sort());
    expect(starts.find((s) => s.send === scheduled.id)!.at).toBe(at.getTime());

    await sendUntilDone(underWay.id);
    await sendUntilDone(unqueued.id);
    expect(await counts(underWay.id)).toEqual({ sent: total });
    expect(await counts(unqueued.id)).toEqual({ sent: total });
    expect(await counts(paused.id)).toEqual({ pending: total });
    const [later] = await handle.db.select().from(newsletterSends).where(eq(newsletterSends.id, scheduled.id));
    expect(later!.status).toBe("scheduled");
  }, 60_000);
});
