import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setUpTestDatabase } from "./helpers/test-db";
import { startReceiver, type Receiver } from "./helpers/webhook-receiver";

// Webhooks (docs/decisions/0057, 0058): events queued in the transaction of their change, sent
// signed (checked by the standardwebhooks library in a receiver of the test's own), once, in order per
// record; retried on what may pass and not on what will not; endpoints paused and disabled; the target
// address checked again when sending. A fake clock moves time: no test waits for a back-off.

const { activityEvents, blogPosts, leads, webhookDeliveries, webhookEndpoints } = await import("@/server/kernel/db/schema");
const { recordActivity } = await import("@/server/kernel/activity/activity");
const { createLead } = await import("@/server/leads/data/leads");
const { applyDueSchedules } = await import("@/server/content/data/blog-schedules");
const { insertWebhookEndpoint } = await import("@/server/integrations/data/webhook-endpoints");
const { claimDueDeliveries, deliveriesOf } = await import("@/server/kernel/events/data/webhook-outbox");
const { enqueueWebhookEvent } = await import("@/server/kernel/events/events");
const { deliverDueWebhooks, retryDelayMs, RESPONSE_READ_LIMIT } = await import("@/server/integrations/webhooks/delivery");

const handle = setUpTestDatabase();
let receiver: Receiver;
/** The test's clock: the real one moved on by `offset` (rows take the database's time when queued). */
let offset = 0;
const now = () => new Date(Date.now() + offset);
/** The path the job takes, on the test's clock, a local receiver allowed. */
const deliver = (overrides: Parameters<typeof deliverDueWebhooks>[0] = {}) => deliverDueWebhooks({ now, allowPrivate: true, ...overrides });

async function endpoint(events: string[], url = receiver.url, kind: "standard" | "slack" | "teams" = "standard") {
  const made = await insertWebhookEndpoint({ url, kind, events: events as never });
  return made;
}

beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.stop();
});
beforeEach(async () => {
  await handle.db.delete(webhookEndpoints);
  receiver.received.length = 0;
  receiver.answer = () => ({ status: 204 });
  offset = 0;
});

const audit = (name: string) => ({
  name,
  email: `${name.toLowerCase().replace(/\W+/g, ".")}@brand.in`,
  mobileNumber: "9876543210",
  websiteUrl: "https://brand.in",
  monthlyRevenue: "₹10L-₹50L",
  growthChallenge: "More qualified leads from search.",
  package: { service: "SEO Optimization", package: "Growth" },
});

describe("events queued with their change", () => {
  it("a public form's lead: one delivery per subscribed endpoint in the submission's one statement, sent signed with the Standard Webhooks headers", async () => {
    const hook = await endpoint(["lead.created"]);
    await endpoint(["message.created"]); // not subscribed: gets nothing
    receiver.secret = hook.secret;
    const row = await createLead(audit("Asha Rao") as never, { form_page: "/pricing" }, `key-${Date.now()}`);
    const queued = await handle.db.select().from(webhookDeliveries);
    expect(queued.map((d) => [d.eventType, d.recordId, d.endpointId])).toEqual([["lead.created", row.id, hook.id]]);
    expect(queued[0]!.messageId).toMatch(/^msg_[0-9a-f]{32}$/);

    expect(await deliver()).toMatchObject({ claimed: 1, delivered: 1 });
    expect(receiver.received).toHaveLength(1);
    const got = receiver.received[0]!;
    expect(got.verified).toBe(true);
    expect(got.id).toBe(queued[0]!.messageId);
    expect(got.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(got.headers["content-type"]).toBe("application/json");
    const [stored] = await handle.db.select().from(leads).where(eq(leads.id, row.id));
    expect(got.json).toEqual({
      type: "lead.created",
      timestamp: queued[0]!.createdAt.toISOString(),
      data: {
        id: row.id,
        name: "Asha Rao",
        email: "asha.rao@brand.in",
        mobileNumber: "9876543210",
        websiteUrl: "https://brand.in",
        monthlyRevenue: "₹10L-₹50L",
        growthChallenge: "More qualified leads from search.",
        service: "SEO Optimization",
        package: "Growth",
        status: "new",
        followUpOn: null,
        // The chosen package's price, derived and not stored (docs/decisions/0080).
        dealValue: 100000,
        dealValueFrom: "package",
        expectedCloseOn: null,
        attribution: { form_page: "/pricing" },
        createdAt: stored!.createdAt.toISOString(),
        updatedAt: stored!.updatedAt.toISOString(),
        dashboardUrl: `http://localhost:3999/admin/leads?edit=${row.id}`,
      },
    });
    // A tampered body fails the same check.
    const { Webhook } = await import("standardwebhooks");
    expect(() =>
      new Webhook(hook.secret).verify(got.body.replace("Asha", "Asha "), {
        "webhook-id": got.id,
        "webhook-timestamp": got.timestamp,
        "webhook-signature": String(got.headers["webhook-signature"]),
      }),
    ).toThrow();
    const [done] = await deliveriesOf(hook.id);
    expect(done).toMatchObject({ status: "delivered", attempts: 1, lastResponseCode: 204, lockedUntil: null });
  });

  it("a dashboard change queues its event through the activity trail, in its transaction: a rolled-back change leaves no delivery", async () => {
    const hook = await endpoint(["lead.updated", "case_study.deleted", "post.published", "post.unpublished"]);
    const [lead] = await handle.db.insert(leads).values({ name: "Ravi", email: "ravi@brand.in", mobileNumber: "9876543210" }).returning();
    await handle.db.transaction(async (tx) => {
      const [after] = await tx.update(leads).set({ status: "contacted" }).where(eq(leads.id, lead!.id)).returning();
      await recordActivity({ action: "status", actor: null, table: "leads", recordId: lead!.id, before: lead, after }, tx);
    });
    await expect(
      handle.db.transaction(async (tx) => {
        const [after] = await tx.update(leads).set({ status: "won" }).where(eq(leads.id, lead!.id)).returning();
        await recordActivity({ action: "status", actor: null, table: "leads", recordId: lead!.id, before: lead, after }, tx);
        throw new Error("the change fails after its activity row");
      }),
    ).rejects.toThrow("the change fails");
    // A post crossing "published" both ways, a deleted case study; a preview link is no event.
    const post = { id: "6b0a3f0e-0000-4000-8000-000000000001", title: "T", slug: "t", published: false };
    await recordActivity({ action: "update", table: "blog_posts", recordId: post.id, before: post, after: { ...post, published: true } });
    await recordActivity({
      action: "update",
      table: "blog_posts",
      recordId: post.id,
      before: { ...post, published: true },
      after: { ...post, published: true, title: "U" },
    });
    await recordActivity({ action: "update", table: "blog_posts", recordId: post.id, before: { ...post, published: true }, after: post });
    await recordActivity({ action: "blog_posts.preview-link", table: "blog_posts", recordId: post.id, after: { link: "x" } });
    await recordActivity({ action: "delete", table: "case_studies", recordId: "cs-1", before: { id: "cs-1", title: "Old", companyName: "Brand" } });
    const rows = await deliveriesOf(hook.id);
    expect(rows.map((r) => [r.eventType, r.recordId])).toEqual([
      ["lead.updated", lead!.id],
      ["post.published", post.id],
      ["post.unpublished", post.id],
      ["case_study.deleted", "cs-1"],
    ]);
    expect(rows[0]!.payload).toMatchObject({ id: lead!.id, status: "contacted" });
    expect(rows[1]!.payload).toMatchObject({ slug: "t", url: "http://localhost:3999/blog/t" });
    const activity = await handle.db.select().from(activityEvents).where(eq(activityEvents.recordId, lead!.id));
    expect(activity).toHaveLength(1);
  });

  it("scheduled publishing queues post.published in the flip's transaction", async () => {
    const hook = await endpoint(["post.published", "post.unpublished"]);
    const [post] = await handle.db
      .insert(blogPosts)
      .values({ title: "Scheduled", slug: `scheduled-${Date.now()}`, content: "<p>Body</p>", publishAt: new Date(Date.now() - 1000) })
      .returning();
    const changes = await applyDueSchedules();
    expect(changes.published).toEqual([post!.slug]);
    const rows = await deliveriesOf(hook.id);
    expect(rows.map((r) => [r.eventType, r.recordId, (r.payload as { published: boolean }).published])).toEqual([["post.published", post!.id, true]]);
    // Nothing due: no event, no transaction.
    expect(await applyDueSchedules()).toEqual({ published: [], unpublished: [] });
    expect(await deliveriesOf(hook.id)).toHaveLength(1);
  });
});

describe("delivery", () => {
  it("1,000 changes of 50 records: 1,000 deliveries, each received exactly once, in order per record, by three workers at once", async () => {
    const hook = await endpoint(["lead.updated"]);
    receiver.secret = hook.secret;
    const records = Array.from({ length: 50 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`);
    const started = performance.now();
    // 1,000 changes, each in its own transaction, records interleaved.
    for (let version = 0; version < 20; version++) {
      await Promise.all(
        records.map((id) => handle.db.transaction((tx) => enqueueWebhookEvent(tx, "lead.updated", "leads", id, { name: `v${version}`, status: "new" }))),
      );
    }
    const queuedMs = performance.now() - started;
    const workers = await Promise.all([deliver({ batch: 16 }), deliver({ batch: 16 }), deliver({ batch: 16 })]);
    // A worker that stopped early (nothing claimable at one moment while another sent) leaves the rest to a next round.
    for (
      let round = 0;
      round < 20 && (await handle.db.execute<{ n: number }>(sql`select count(*)::int as n from webhook_deliveries where status = 'pending'`)).rows[0]!.n > 0;
      round++
    )
      await deliver();
    const sentMs = performance.now() - started - queuedMs;
    expect(workers.reduce((n, w) => n + w.claimed, 0)).toBeGreaterThan(0);
    expect(receiver.received).toHaveLength(1000);
    expect(receiver.received.every((r) => r.verified)).toBe(true);
    expect(new Set(receiver.received.map((r) => r.id)).size).toBe(1000);
    for (const id of records) {
      const versions = receiver.received.filter((r) => r.json.data?.id === id).map((r) => r.json.data?.name);
      expect(versions).toEqual(Array.from({ length: 20 }, (_, v) => `v${v}`));
    }
    const rows = await deliveriesOf(hook.id);
    expect(rows.every((r) => r.status === "delivered" && r.attempts === 1)).toBe(true);
    console.log(`webhooks: 1,000 changes queued in ${queuedMs.toFixed(0)} ms, delivered in ${sentMs.toFixed(0)} ms (${handle.label})`);
  }, 120_000);

  it("a receiver with a long backlog does not hold back another: a batch takes one row of each endpoint", async () => {
    const busy = await endpoint(["lead.updated"]);
    const quiet = await endpoint(["post.published"]);
    for (let i = 0; i < 30; i++) {
      const id = `00000000-0000-4000-9000-${String(i).padStart(12, "0")}`;
      await handle.db.transaction((tx) => enqueueWebhookEvent(tx, "lead.updated", "leads", id, { name: `n${i}`, status: "new" }));
    }
    await handle.db.transaction((tx) => enqueueWebhookEvent(tx, "post.published", "blog_posts", "00000000-0000-4000-9000-999999999999", { title: "New" }));
    const at = new Date(Date.now() + 1000);
    const claimed = await claimDueDeliveries(at, new Date(at.getTime() + 60_000), 16, undefined, 1);
    expect(claimed.map((d) => d.endpointId).sort()).toEqual([busy.id, quiet.id].sort());
    // The next batch (once this process has sent its rows) takes the busy receiver's next row.
    const next = await claimDueDeliveries(at, new Date(at.getTime() + 60_000), 16, undefined, 1);
    expect(next.map((d) => d.endpointId)).toEqual([busy.id]);
  });

  it("the receiver down, then up again: every delivery arrives after, none twice, and the endpoint is not paused by a short outage", async () => {
    const hook = await endpoint(["lead.updated"]);
    receiver.secret = hook.secret;
    for (let i = 0; i < 30; i++) await handle.db.transaction((tx) => enqueueWebhookEvent(tx, "lead.updated", "leads", `rec-${i % 10}`, { name: `n${i}` }));
    await receiver.stop();
    try {
      // Down for a minute and a half of the test's clock: three rounds, each when the back-off of the one before ends.
      for (let round = 0; round < 3; round++) {
        const result = await deliver();
        expect(result).toMatchObject({ delivered: 0, retry: 10 });
        offset += 31_000 * 2 ** round;
      }
    } finally {
      await receiver.start();
    }
    const failedRows = await deliveriesOf(hook.id);
    expect(failedRows.filter((r) => r.status === "pending" && r.attempts > 0 && /ECONNREFUSED/.test(r.lastError ?? ""))).toHaveLength(10);
    for (let round = 0; round < 20 && (await deliveriesOf(hook.id)).some((r) => r.status === "pending"); round++) {
      offset += 5 * 60_000;
      await deliver();
    }
    expect(receiver.received).toHaveLength(30);
    expect(receiver.received.every((r) => r.verified)).toBe(true);
    expect(new Set(receiver.received.map((r) => r.id)).size).toBe(30);
    for (let rec = 0; rec < 10; rec++) {
      expect(receiver.received.filter((r) => r.json.data?.id === `rec-${rec}`).map((r) => r.json.data?.name)).toEqual([
        `n${rec}`,
        `n${rec + 10}`,
        `n${rec + 20}`,
      ]);
    }
    const [stored] = await handle.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, hook.id));
    expect(stored).toMatchObject({ status: "active", consecutiveFailures: 0, failingSince: null });
  });

  it("answers: 4xx is not retried, 5xx, 408 and 429 are (429's Retry-After honoured), 410 disables the endpoint", async () => {
    const plan: Record<string, { status: number; headers?: Record<string, string>; body?: string }> = {
      "bad-request": { status: 400, body: "x".repeat(10_000) },
      "not-found": { status: 404 },
      "server-error": { status: 500 },
      timeout: { status: 408 },
      "slow-down": { status: 429, headers: { "retry-after": "600" } },
      redirect: { status: 302, headers: { location: "http://169.254.169.254/" } },
    };
    const hook = await endpoint(["lead.updated"]);
    receiver.answer = (r) => plan[String(r.json.data?.id)] ?? { status: 204 };
    for (const id of Object.keys(plan)) await handle.db.transaction((tx) => enqueueWebhookEvent(tx, "lead.updated", "leads", id, { name: id }));
    await deliver();
    const rows = new Map((await deliveriesOf(hook.id)).map((r) => [r.recordId, r]));
    expect(rows.get("bad-request")).toMatchObject({ status: "failed", attempts: 1, lastResponseCode: 400, lastError: "answered 400: not retried" });
    // The answer was read to its limit and kept shorter still.
    expect(rows.get("bad-request")!.lastResponseBody!.length).toBeLessThanOrEqual(1024);
    expect(RESPONSE_READ_LIMIT).toBe(4096);
    expect(rows.get("not-found")).toMatchObject({ status: "failed", lastResponseCode: 404 });
    expect(rows.get("redirect")).toMatchObject({ status: "failed", lastResponseCode: 302 });
    for (const id of ["server-error", "timeout"]) {
      expect(rows.get(id)).toMatchObject({ status: "pending", attempts: 1 });
      const wait = rows.get(id)!.nextAttemptAt.getTime() - rows.get(id)!.lastAttemptAt!.getTime();
      expect(wait).toBeGreaterThanOrEqual(30_000);
      expect(wait).toBeLessThan(32_000);
    }
    const slow = rows.get("slow-down")!;
    expect(slow.nextAttemptAt.getTime() - slow.lastAttemptAt!.getTime()).toBeGreaterThanOrEqual(600_000);
    expect(slow.nextAttemptAt.getTime() - slow.lastAttemptAt!.getTime()).toBeLessThan(602_000);
    expect(retryDelayMs(3, null, { retryBaseMs: 30_000, retryMaxMs: 3_600_000 })).toBe(120_000);
    expect(retryDelayMs(20, null, { retryBaseMs: 30_000, retryMaxMs: 3_600_000 })).toBe(3_600_000);
    expect(retryDelayMs(1, 10 * 3_600_000, { retryBaseMs: 30_000, retryMaxMs: 3_600_000 })).toBe(3_600_000);
    // The 500 comes back as 200: delivered on its second attempt.
    plan["server-error"] = { status: 200 };
    offset += 31_000;
    await deliver();
    const again = await deliveriesOf(hook.id);
    expect(again.find((r) => r.recordId === "server-error")).toMatchObject({ status: "delivered", attempts: 2, lastResponseCode: 200 });

    // 410: that delivery is final and the endpoint disabled; what is queued for it waits.
    const gone = await endpoint(["lead.created"]);
    receiver.answer = () => ({ status: 410 });
    await handle.db.transaction((tx) => enqueueWebhookEvent(tx, "lead.created", "leads", "gone-1", { name: "a" }));
    await handle.db.transaction((tx) => enqueueWebhookEvent(tx, "lead.created", "leads", "gone-2", { name: "b" }));
    await deliver({ batch: 1, roundMs: 0 });
    await deliver({ batch: 1 });
    const [disabled] = await handle.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, gone.id));
    expect(disabled).toMatchObject({ status: "disabled" });
    expect(disabled!.pausedReason).toMatch(/410 Gone/);
    const goneRows = await deliveriesOf(gone.id);
    expect(goneRows.map((r) => [r.status, r.lastResponseCode])).toEqual([
      ["failed", 410],
      ["pending", null],
    ]);
    // A disabled endpoint is queued nothing more.
    await handle.db.transaction((tx) => enqueueWebhookEvent(tx, "lead.created", "leads", "gone-3", { name: "c" }));
    expect(await deliveriesOf(gone.id)).toHaveLength(2);
  });

  it("an endpoint failing for over an hour, at least 10 times in a row, is paused: nothing more is sent to it until it is resumed", async () => {
    const hook = await endpoint(["lead.updated"]);
    receiver.answer = () => ({ status: 503 });
    for (let i = 0; i < 12; i++) await handle.db.transaction((tx) => enqueueWebhookEvent(tx, "lead.updated", "leads", `p-${i}`, { name: "x" }));
    // Twelve failures at once: not paused, the run of failures is minutes old.
    await deliver();
    let [row] = await handle.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, hook.id));
    expect(row).toMatchObject({ status: "active", consecutiveFailures: 12 });
    offset += 61 * 60_000;
    await deliver({ batch: 1, roundMs: 0 });
    [row] = await handle.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, hook.id));
    expect(row).toMatchObject({ status: "paused", consecutiveFailures: 13 });
    expect(row!.pausedReason).toMatch(/^Paused .* every attempt failed for over 60 minutes \(last: answered 503\)/);
    const received = receiver.received.length;
    offset += 61 * 60_000;
    expect(await deliver()).toMatchObject({ claimed: 0 });
    expect(receiver.received).toHaveLength(received);
    // Resumed (the screen's button does this with its activity row): it is sent to again.
    await handle.db.update(webhookEndpoints).set({ status: "active", consecutiveFailures: 0, failingSince: null }).where(eq(webhookEndpoints.id, hook.id));
    receiver.answer = () => ({ status: 200 });
    await deliver();
    expect((await deliveriesOf(hook.id)).every((r) => r.status === "delivered")).toBe(true);
  });

  it("a delivery is retried until 24 hours after its event, then failed for good", async () => {
    const hook = await endpoint(["lead.updated"]);
    receiver.answer = () => ({ status: 502 });
    await handle.db.transaction((tx) => enqueueWebhookEvent(tx, "lead.updated", "leads", "late", { name: "x" }));
    const [queued] = await deliveriesOf(hook.id);
    let attempts = 0;
    while ((await deliveriesOf(hook.id))[0]!.status === "pending" && attempts < 40) {
      offset = Math.max(offset, (await deliveriesOf(hook.id))[0]!.nextAttemptAt.getTime() - Date.now());
      await deliver({ pauseAfterFailures: 1000 });
      attempts++;
    }
    const [done] = await deliveriesOf(hook.id);
    expect(done).toMatchObject({ status: "failed", lastResponseCode: 502, lastError: "answered 502: retried for 24 hours, given up" });
    expect(now().getTime()).toBeGreaterThanOrEqual(queued!.retryUntil.getTime());
    // Doubling from 30 s to an hour apart: 7 attempts to reach the hour, then hourly to the 24th.
    expect(done!.attempts).toBeGreaterThan(20);
    expect(done!.attempts).toBeLessThan(35);
  });

  it("a chat endpoint gets its service's message: Slack's text and blocks, Teams' Adaptive Card", async () => {
    const slack = await endpoint(["lead.created", "message.created"], receiver.url.replace("/hooks", "/slack"), "slack");
    const teams = await endpoint(["lead.created"], receiver.url.replace("/hooks", "/teams"), "teams");
    await createLead(audit("Meera <b>&</b> Co") as never, {}, `key-chat-${Date.now()}`);
    await deliver();
    const bySlack = receiver.received.find((r) => r.headers["webhook-id"] && r.json.blocks);
    const byTeams = receiver.received.find((r) => r.json.type === "message");
    expect(bySlack?.json.text).toBe("New growth audit request from Meera &lt;b&gt;&amp;&lt;/b&gt; Co (SEO Optimization: Growth)");
    const blocks = bySlack!.json.blocks as { type: string; fields?: { text: string }[]; elements?: { url: string }[] }[];
    expect(blocks[1]!.fields!.map((f) => f.text)).toContain("*Package*\nGrowth");
    expect(blocks[2]!.elements![0]!.url).toMatch(/^http:\/\/localhost:3999\/admin\/leads\?edit=[0-9a-f-]{36}$/);
    const card = (
      byTeams!.json.attachments as {
        contentType: string;
        content: { type: string; body: { facts?: { title: string; value: string }[] }[]; actions: { url: string }[] };
      }[]
    )[0]!;
    expect(card.contentType).toBe("application/vnd.microsoft.card.adaptive");
    expect(card.content.type).toBe("AdaptiveCard");
    expect(card.content.body[1]!.facts).toContainEqual({ title: "Service", value: "SEO Optimization" });
    expect(card.content.actions[0]!.url).toBe(blocks[2]!.elements![0]!.url);
    expect((await deliveriesOf(slack.id)).map((r) => r.status)).toEqual(["delivered"]);
    expect((await deliveriesOf(teams.id)).map((r) => r.status)).toEqual(["delivered"]);
  });
});

describe("the target address checked again when sending (allowance off)", () => {
  it("a name that resolves to 127.0.0.1 (or ::1, metadata, private), an IP literal, and localhost itself are refused; the receiver hears nothing", async () => {
    const targets: [string, Record<string, string[]>][] = [
      [`http://rebound.example.com:${receiver.port}/hooks`, { "rebound.example.com": ["127.0.0.1"] }],
      [`http://six.example.com:${receiver.port}/hooks`, { "six.example.com": ["::1"] }],
      [`http://metadata.example.com:${receiver.port}/hooks`, { "metadata.example.com": ["169.254.169.254"] }],
      [`http://mapped.example.com:${receiver.port}/hooks`, { "mapped.example.com": ["::ffff:127.0.0.1", "10.1.2.3"] }],
      [`http://127.0.0.1:${receiver.port}/hooks`, {}],
      [`http://[::1]:${receiver.port}/hooks`, {}],
      [`http://localhost:${receiver.port}/hooks`, {}],
    ];
    const answers = Object.assign({}, ...targets.map(([, a]) => a)) as Record<string, string[]>;
    const resolver = async (host: string) => {
      if (host === "localhost") return (await import("node:dns")).promises.lookup(host, { all: true });
      return (answers[host] ?? []).map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
    };
    const ids = [];
    for (const [url] of targets) ids.push((await endpoint(["lead.updated"], url)).id);
    await handle.db.transaction((tx) => enqueueWebhookEvent(tx, "lead.updated", "leads", "ssrf", { name: "x" }));
    const result = await deliverDueWebhooks({ now, allowPrivate: false, resolver });
    expect(result).toMatchObject({ claimed: targets.length, delivered: 0 });
    for (const id of ids) {
      const [row] = await deliveriesOf(id);
      expect(row!.lastError).toMatch(/^refused: .* (is a private, loopback, link-local or reserved address|carries 127\.0\.0\.1)/);
      expect(row!.lastResponseCode).toBeNull();
    }
    expect(receiver.received).toHaveLength(0);
    // The same targets with the allowance: delivered (the refusal above was the rule, not a dead receiver).
    offset += 31_000;
    await handle.db.delete(webhookEndpoints).where(sql`${webhookEndpoints.url} like '%localhost%' or ${webhookEndpoints.url} like '%::1%'`);
    const allowed = await deliverDueWebhooks({
      now,
      allowPrivate: true,
      resolver: async (h) => (h.includes("example.com") ? [{ address: "127.0.0.1", family: 4 }] : []),
    });
    expect(allowed.delivered).toBe(targets.length - 2);
  });

  it("a name that resolves to public and private addresses is sent to a public one only", async () => {
    const { resolveTarget } = await import("@/server/kernel/net/address");
    const mixed = await resolveTarget("mixed.example.com", {
      allowPrivate: false,
      resolver: async () => [
        { address: "127.0.0.1", family: 4 },
        { address: "93.184.215.14", family: 4 },
        { address: "fd00:ec2::254", family: 6 },
      ],
    });
    expect(mixed).toEqual([{ address: "93.184.215.14", family: 4 }]);
  });
});
