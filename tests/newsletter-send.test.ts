import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPosts, newsletterLinks, newsletterRecipients, newsletterSends, newsletterSubscribers } from "@/server/kernel/db/schema";
import { readClickToken, readSubscriberToken } from "@/server/newsletter/links";
import { deliverNewsletterRound, newsletterTransport, queueSend, type NewsletterSettings, type NewsletterTransport } from "@/server/newsletter/send";
import { header, startNewsletterSmtp } from "./helpers/newsletter-smtp";
import { setUpTestDatabase } from "./helpers/test-db";

/**
 * Sending a newsletter (docs/decisions/0062) to a real SMTP server on loopback: 10,000 subscribers,
 * a send to one topic reaches exactly the subscribers of that topic (and those who take every
 * topic), each once, with the list headers of RFC 2369 and 8058; who left gets nothing; a paused
 * send claims nothing until it is resumed; a refused address is retried, then failed.
 */
const handle = setUpTestDatabase();
let smtp: Awaited<ReturnType<typeof startNewsletterSmtp>>;
let transport: NewsletterTransport;
const refused = new Set<string>();
const FAST: Partial<NewsletterSettings> = { rate: { perWindow: 1_000_000, windowMs: 60_000 }, batch: 25, roundMs: 60_000, retryBaseMs: 0 };

beforeAll(async () => {
  smtp = await startNewsletterSmtp({ refuse: (to) => (refused.has(to) ? { code: 451, message: "Try again later" } : null) });
  transport = newsletterTransport({ host: "127.0.0.1", port: smtp.port });
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
  transport?.close();
  await smtp?.close();
});

async function sendUntilDone(sendId: string, settings: Partial<NewsletterSettings> = FAST) {
  for (let i = 0; i < 200; i++) {
    await deliverNewsletterRound(transport, settings, handle.db);
    const [row] = await handle.db.select({ status: newsletterSends.status }).from(newsletterSends).where(eq(newsletterSends.id, sendId));
    if (row!.status === "sent") return;
  }
  throw new Error("the send did not finish");
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

    // Two processes starting it at once: the recipients are written once.
    const queued = await Promise.all([queueSend(send!.id), queueSend(send!.id)]);
    expect(queued.filter((q) => q !== null)).toEqual([1500]);

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
    console.log(`newsletter: 1,500 copies of 10,000 subscribers sent in ${elapsed} ms (one process, ${handle.label})`);
  }, 120_000);

  it("skips a subscriber who left after the send started; pause stops claims and resume finishes", async () => {
    const [send] = await handle.db
      .insert(newsletterSends)
      .values({ subject: "Paused letter", body: "<p>Hello</p>", topics: ["cro"], status: "sending", startedAt: new Date() })
      .returning();
    expect(await queueSend(send!.id)).toBe(700);
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

    // One batch, then the editor pauses: no claim while paused.
    await deliverNewsletterRound(transport, { ...FAST, batch: 50, roundMs: 0 }, handle.db);
    expect((await counts(send!.id)).sent).toBe(50);
    await handle.db.update(newsletterSends).set({ status: "paused" }).where(eq(newsletterSends.id, send!.id));
    const before = smtp.accepted.length;
    await deliverNewsletterRound(transport, FAST, handle.db);
    expect(smtp.accepted.length).toBe(before);
    expect((await counts(send!.id)).sent).toBe(50);

    await handle.db.update(newsletterSends).set({ status: "sending" }).where(eq(newsletterSends.id, send!.id));
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
    await sendUntilDone(send!.id, { ...FAST, maxAttempts: 3 });
    const [row] = await handle.db.select().from(newsletterRecipients).where(eq(newsletterRecipients.email, "full@inbox.example"));
    expect(row!.status).toBe("failed");
    expect(row!.attempts).toBe(3);
    expect(row!.lastError).toMatch(/451|Try again/);
    expect(await counts(send!.id)).toEqual({ sent: Number(eligible) - 1, failed: 1 });
  }, 60_000);
});
