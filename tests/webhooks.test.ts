import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setUpTestDatabase } from "./helpers/test-db";
import { setUpJobQueue } from "./helpers/job-queue";
import { startReceiver, type Receiver } from "./helpers/webhook-receiver";

// Webhooks (docs/decisions/0057, 0058, 0093): events queued in the transaction of their change with
// their jobs, sent signed (checked by the standardwebhooks library in a receiver of the test's own)
// by the job queue's workers, once, in order per record; retried on what may pass and not on what
// will not; endpoints paused and disabled; the target address checked again when sending. A fake
// clock moves time, and the queue's waiting jobs with it: no test waits for a back-off.

const { activityEvents, blogPosts, leads, webhookDeliveries, webhookEndpoints } = await import("@/server/kernel/db/schema");
const { recordActivity } = await import("@/server/kernel/activity/activity");
const { createLead } = await import("@/server/leads/data/leads");
const { applyDueSchedules } = await import("@/server/content/data/blog-schedules");
const { insertWebhookEndpoint } = await import("@/server/integrations/data/webhook-endpoints");
const { adoptPendingDeliveries, deliveriesOf, enqueueWaitingDeliveries } = await import("@/server/kernel/events/data/webhook-outbox");
const { enqueueWebhookEvent } = await import("@/server/kernel/events/events");
const { nextTryAt, sendDelivery, RESPONSE_READ_LIMIT } = await import("@/server/integrations/webhooks/delivery");
const { startWebhookDeliveries, useDeliverySettings, deliveriesSettled, startJobsDueBy, deliveryJobStates } = await import("./helpers/webhook-jobs");

const handle = setUpTestDatabase();
setUpJobQueue();
let receiver: Receiver;
/** The test's clock: the real one moved on by `offset` (rows take the database's time when queued). */
let offset = 0;
const now = () => new Date(Date.now() + offset);
/** Lets the queue's clock catch up with the test's, and waits until no delivery job is due or running. */
async function deliver(ms?: number): Promise<void> {
  await deliveriesSettled(handle, ms);
  await startJobsDueBy(handle, offset);
  await deliveriesSettled(handle, ms);
}
const pendingCount = async () =>
  Number((await handle.db.execute<{ n: number }>(sql`select count(*)::int as n from webhook_deliveries where status = 'pending'`)).rows[0]!.n);

async function endpoint(events: string[], url = receiver.url, kind: "standard" | "slack" | "teams" = "standard") {
  const made = await insertWebhookEndpoint({ url, kind, events: events as never });
  return made;
}

beforeAll(async () => {
  receiver = await startReceiver();
  await startWebhookDeliveries();
});
afterAll(async () => {
  await receiver.stop();
});
beforeEach(async () => {
  await deliveriesSettled(handle);
  await handle.db.delete(webhookEndpoints);
  // Jobs of deleted rows would only find nothing; gone, each test's waits are its own.
  await handle.db.execute(sql`delete from pgboss.job where name = 'webhook.delivery' and state in ('created', 'retry', 'failed')`);
  receiver.received.length = 0;
  receiver.answer = () => ({ status: 204 });
  offset = 0;
  useDeliverySettings({ now });
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
  it("a public form's lead: one delivery per subscribed endpoint and its job in the submission's transaction, sent signed with the Standard Webhooks headers", async () => {
    const hook = await endpoint(["lead.created"]);
    await endpoint(["message.created"]); // not subscribed: gets nothing
    receiver.secret = hook.secret;
    const row = await createLead(audit("Asha Rao") as never, { form_page: "/pricing" }, `key-${Date.now()}`);
    const queued = await handle.db.select().from(webhookDeliveries);
    expect(queued.map((d) => [d.eventType, d.recordId, d.endpointId])).toEqual([["lead.created", row.id, hook.id]]);
    expect(queued[0]!.messageId).toMatch(/^msg_[0-9a-f]{32}$/);
    // Its job, committed with it: keyed by the endpoint and record.
    expect(await deliveryJobStates(handle, hook.id, "leads", row.id)).toHaveLength(1);

    await deliver();
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
    expect(done).toMatchObject({ status: "delivered", attempts: 1, lastResponseCode: 204 });
    expect((await deliveryJobStates(handle, hook.id, "leads", row.id)).map((j) => j.state)).toEqual(["completed"]);
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
    // The rolled-back change left no job either: one, the committed change's.
    expect(await deliveryJobStates(handle, hook.id, "leads", lead!.id)).toHaveLength(1);
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
  it("1,000 changes of 50 records: 1,000 deliveries, each received exactly once, in order per record, by the queue's workers", async () => {
    const hook = await endpoint(["lead.updated"]);
    receiver.secret = hook.secret;
    const records = Array.from({ length: 50 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`);
    const started = performance.now();
    // 1,000 changes, each in its own transaction, records interleaved; the workers send meanwhile.
    for (let version = 0; version < 20; version++) {
      await Promise.all(
        records.map((id) => handle.db.transaction((tx) => enqueueWebhookEvent(tx, "lead.updated", "leads", id, { name: `v${version}`, status: "new" }))),
      );
    }
    const queuedMs = performance.now() - started;
    for (let round = 0; round < 3 && (await pendingCount()) > 0; round++) await deliver(240_000);
    const sentMs = performance.now() - started - queuedMs;
    expect(receiver.received).toHaveLength(1000);
    expect(receiver.received.every((r) => r.verified)).toBe(true);
    expect(new Set(receiver.received.map((r) => r.id)).size).toBe(1000);
    for (const id of records) {
      const versions = receiver.received.filter((r) => r.json.data?.id === id).map((r) => r.json.data?.name);
      expect(versions).toEqual(Array.from({ length: 20 }, (_, v) => `v${v}`));
    }
    const rows = await deliveriesOf(hook.id);
    expect(rows.every((r) => r.status === "delivered" && r.attempts === 1)).toBe(true);
    console.log(
      `webhooks: 1,000 changes queued in ${queuedMs.toFixed(0)} ms (with their jobs), all delivered ${sentMs.toFixed(0)} ms after (one receiver: one request at a time) (${handle.label})`,
    );
  }, 600_000);

  it("a receiver with a long backlog does not hold back another: one request at a time per receiver, the other receivers' jobs fetched past its backlog", async () => {
    const busy = await endpoint(["lead.updated"]);
    await endpoint(["post.published"]);
    receiver.answer = (r) => (r.json.type === "lead.updated" ? { status: 204, delayMs: 100 } : { status: 204 });
    for (let i = 0; i < 30; i++) {
      const id = `00000000-0000-4000-9000-${String(i).padStart(12, "0")}`;
      await handle.db.transaction((tx) => enqueueWebhookEvent(tx, "lead.updated", "leads", id, { name: `n${i}`, status: "new" }));
    }
    await handle.db.transaction((tx) => enqueueWebhookEvent(tx, "post.published", "blog_posts", "00000000-0000-4000-9000-999999999999", { title: "New" }));
    await deliver();
    const order = receiver.received.map((r) => r.json.type);
    expect(order).toHaveLength(31);
    // Queued after the busy receiver's 30, it arrived among their first few.
    expect(order.indexOf("post.published")).toBeLessThan(5);
    // The busy receiver's requests one at a time: each came after the one before was answered (100 ms).
    const busyRows = (await deliveriesOf(busy.id)).sort((a, b) => a.lastAttemptAt!.getTime() - b.lastAttemptAt!.getTime());
    for (let i = 1; i < busyRows.length; i++)
      expect(busyRows[i]!.lastAttemptAt!.getTime() - busyRows[i - 1]!.lastAttemptAt!.getTime()).toBeGreaterThanOrEqual(95);
  }, 60_000);

  it("a record's later event waits while an earlier one to the same endpoint retries, whatever the order its jobs start in; other records go on", async () => {
    const hook = await endpoint(["lead.created", "lead.updated"]);
    const slow = "00000000-0000-4000-a000-000000000001";
    const other = "00000000-0000-4000-a000-000000000002";
    let failFirst = true;
    receiver.answer = (r) => {
      if (r.json.data?.id === slow && failFirst) {
        failFirst = false;
        return { status: 503 };
      }
      return { status: 204 };
    };
    await handle.db.transaction((tx) => enqueueWebhookEvent(tx, "lead.created", "leads", slow, { name: "created" }));
    await handle.db.transaction((tx) => enqueueWebhookEvent(tx, "lead.updated", "leads", slow, { name: "updated-1" }));
    // Two events of one record in one transaction: their jobs share a start time, their rows do not.
    await handle.db.transaction(async (tx) => {
      await enqueueWebhookEvent(tx, "lead.updated", "leads", slow, { name: "updated-2" });
      await enqueueWebhookEvent(tx, "lead.updated", "leads", slow, { name: "updated-3" });
    });
    await handle.db.transaction((tx) => enqueueWebhookEvent(tx, "lead.created", "leads", other, { name: "other" }));
    await deliver();
    // The first failed and waits 30 s; the record's later three wait behind it; the other record went.
    const received = () => receiver.received.map((r) => `${r.json.data?.id === slow ? "slow" : "other"}:${r.json.data?.name}`);
    expect(received().sort()).toEqual(["other:other", "slow:created"]);
    const rows = (await deliveriesOf(hook.id)).filter((r) => r.recordId === slow);
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([
      ["pending", 1],
      ["pending", 0],
      ["pending", 0],
      ["pending", 0],
    ]);
    const jobs = await deliveryJobStates(handle, hook.id, "leads", slow);
    expect(jobs.map((j) => j.state).sort()).toEqual(["created", "created", "created", "retry"]);
    // Its wait over (on the test's clock), the record's four arrive in the order of their changes.
    offset += 31_000;
    await deliver();
    expect(received().filter((r) => r.startsWith("slow"))).toEqual(["slow:created", "slow:created", "slow:updated-1", "slow:updated-2", "slow:updated-3"]);
    expect((await deliveriesOf(hook.id)).every((r) => r.status === "delivered")).toBe(true);
  });

  it("the receiver down, then up again: every delivery arrives after, none twice, and the endpoint is not paused by a short outage", async () => {
    const hook = await endpoint(["lead.updated"]);
    receiver.secret = hook.secret;
    // Down before the events: the queue's workers send as soon as they are queued.
    await receiver.stop();
    try {
      for (let i = 0; i < 30; i++) await handle.db.transaction((tx) => enqueueWebhookEvent(tx, "lead.updated", "leads", `rec-${i % 10}`, { name: `n${i}` }));
      // Down for a minute and a half of the test's clock: three rounds, each when the back-off of the one before ends.
      for (let round = 0; round < 3; round++) {
        await deliver();
        const rows = await deliveriesOf(hook.id);
        // Each record's first event tried once more a round; its later two held back behind it.
        expect(rows.filter((r) => r.attempts === round + 1)).toHaveLength(10);
        expect(rows.filter((r) => r.attempts === 0)).toHaveLength(20);
        offset += 31_000 * 2 ** round;
      }
    } finally {
      await receiver.start();
    }
    const failedRows = await deliveriesOf(hook.id);
    expect(failedRows.filter((r) => r.status === "pending" && r.attempts > 0 && /ECONNREFUSED/.test(r.lastError ?? ""))).toHaveLength(10);
    for (let round = 0; round < 20 && (await pendingCount()) > 0; round++) {
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
    // The queue runs each job's next try when its row says: the back-off's 30 s, the Retry-After's 10 minutes.
    for (const id of ["server-error", "timeout", "slow-down"]) {
      const [job] = await deliveryJobStates(handle, hook.id, "leads", id);
      expect(job!.state).toBe("retry");
      expect(Math.abs(job!.startAfter.getTime() - rows.get(id)!.nextAttemptAt.getTime())).toBeLessThan(1000);
    }
    const t = new Date("2026-01-01T00:00:00Z");
    const far = new Date("2026-02-01T00:00:00Z");
    expect(nextTryAt(t, 3, null, far).getTime() - t.getTime()).toBe(120_000);
    expect(nextTryAt(t, 20, null, far).getTime() - t.getTime()).toBe(3_600_000);
    expect(nextTryAt(t, 1, 10 * 3_600_000, far).getTime() - t.getTime()).toBe(3_600_000);
    expect(nextTryAt(t, 1, 5_000, far).getTime() - t.getTime()).toBe(30_000);
    expect(nextTryAt(t, 20, null, new Date(t.getTime() + 60_000)).getTime() - t.getTime()).toBe(60_000);
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
    await deliver();
    const [disabled] = await handle.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, gone.id));
    expect(disabled).toMatchObject({ status: "disabled" });
    expect(disabled!.pausedReason).toMatch(/410 Gone/);
    // One request at a time to a receiver: the first answered 410, the other was not sent.
    const goneRows = await deliveriesOf(gone.id);
    expect(goneRows.map((r) => [r.status, r.lastResponseCode]).sort()).toEqual([
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
    // All twelve due again: the first failure pauses the endpoint, the other jobs then send nothing.
    await deliver();
    [row] = await handle.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, hook.id));
    expect(row).toMatchObject({ status: "paused", consecutiveFailures: 13 });
    expect(row!.pausedReason).toMatch(/^Paused .* every attempt failed for over 60 minutes \(last: answered 503\)/);
    const received = receiver.received.length;
    offset += 61 * 60_000;
    await deliver();
    expect(receiver.received).toHaveLength(received);
    expect(await pendingCount()).toBe(12);
    // Resumed (the screen's button does this with its activity row): its waiting deliveries get jobs again.
    await handle.db.transaction(async (tx) => {
      await tx.update(webhookEndpoints).set({ status: "active", consecutiveFailures: 0, failingSince: null }).where(eq(webhookEndpoints.id, hook.id));
      expect(await enqueueWaitingDeliveries(hook.id, "resumed-in-test", tx)).toBe(12);
    });
    receiver.answer = () => ({ status: 200 });
    await deliver();
    expect((await deliveriesOf(hook.id)).every((r) => r.status === "delivered")).toBe(true);
  });

  it("a delivery is retried until 24 hours after its event, then failed for good", async () => {
    const hook = await endpoint(["lead.updated"]);
    useDeliverySettings({ now, pauseAfterFailures: 1000 });
    receiver.answer = () => ({ status: 502 });
    await handle.db.transaction((tx) => enqueueWebhookEvent(tx, "lead.updated", "leads", "late", { name: "x" }));
    const [queued] = await deliveriesOf(hook.id);
    let attempts = 0;
    while ((await deliveriesOf(hook.id))[0]!.status === "pending" && attempts < 40) {
      offset = Math.max(offset, (await deliveriesOf(hook.id))[0]!.nextAttemptAt.getTime() - Date.now());
      await deliver();
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

describe("on the job queue", () => {
  /** A delivery row as the table-claiming timer left it: pending, with no job. */
  async function rowWithoutJob(endpointId: string, recordId: string, name: string): Promise<number> {
    const [row] = await handle.db
      .insert(webhookDeliveries)
      .values({
        endpointId,
        eventType: "lead.updated",
        recordTable: "leads",
        recordId,
        payload: { id: recordId, name },
        messageId: `msg_${crypto.randomUUID().replace(/-/g, "")}`,
      })
      .returning();
    return row!.id;
  }

  it("adopts the deliveries queued before the queue sent them, once however many starts, in order per record", async () => {
    const hook = await endpoint(["lead.updated"]);
    for (const name of ["a", "b", "c"]) await rowWithoutJob(hook.id, "old-1", name);
    await rowWithoutJob(hook.id, "old-2", "d");
    await handle.db.update(webhookDeliveries).set({ status: "delivered" }).where(eq(webhookDeliveries.recordId, "old-2"));
    expect(await adoptPendingDeliveries()).toBe(3);
    // Every process adopts at every start: the same rows again add no job.
    expect(await adoptPendingDeliveries()).toBe(0);
    expect(await deliveryJobStates(handle, hook.id, "leads", "old-1")).toHaveLength(3);
    await deliver();
    expect(receiver.received.map((r) => r.json.data?.name)).toEqual(["a", "b", "c"]);
    expect(await adoptPendingDeliveries()).toBe(0);
  });

  it("a try run again while the first still waits for its answer (a lease run out) sends the same webhook-id and records the delivery once", async () => {
    const hook = await endpoint(["lead.updated"]);
    const id = await rowWithoutJob(hook.id, "twice", "x");
    receiver.answer = () => ({ status: 200, delayMs: 300 });
    const first = sendDelivery({ deliveryId: id }, { isLastTry: false }, { now, allowPrivate: true });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const again = await sendDelivery({ deliveryId: id }, { isLastTry: false }, { now, allowPrivate: true });
    expect([await first, again]).toEqual(["delivered", "delivered"]);
    expect(receiver.received.map((r) => r.id)).toEqual([receiver.received[0]!.id, receiver.received[0]!.id]);
    const [row] = await deliveriesOf(hook.id);
    expect(row).toMatchObject({ status: "delivered", attempts: 2, messageId: receiver.received[0]!.id });
    // Nothing pending: a third run sends nothing.
    expect(await sendDelivery({ deliveryId: id }, { isLastTry: false }, { now, allowPrivate: true })).toBe("nothing");
    expect(receiver.received).toHaveLength(2);
  });

  it("the job's last try gives the delivery up instead of failing the job (a failed job would hold its record's later events back for good)", async () => {
    const hook = await endpoint(["lead.updated"]);
    const id = await rowWithoutJob(hook.id, "last", "x");
    receiver.answer = () => ({ status: 503 });
    expect(await sendDelivery({ deliveryId: id }, { isLastTry: true }, { now, allowPrivate: true })).toBe("failed");
    const [row] = await deliveriesOf(hook.id);
    expect(row).toMatchObject({ status: "failed", attempts: 1, lastError: "answered 503: retried for 24 hours, given up" });
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
    useDeliverySettings({ now, allowPrivate: false, resolver });
    await handle.db.transaction((tx) => enqueueWebhookEvent(tx, "lead.updated", "leads", "ssrf", { name: "x" }));
    await deliver();
    for (const id of ids) {
      const [row] = await deliveriesOf(id);
      expect(row!.lastError).toMatch(/^refused: .* (is a private, loopback, link-local or reserved address|carries 127\.0\.0\.1)/);
      expect(row!.lastResponseCode).toBeNull();
    }
    expect(receiver.received).toHaveLength(0);
    // The same targets with the allowance: delivered (the refusal above was the rule, not a dead receiver).
    offset += 31_000;
    await handle.db.delete(webhookEndpoints).where(sql`${webhookEndpoints.url} like '%localhost%' or ${webhookEndpoints.url} like '%::1%'`);
    useDeliverySettings({
      now,
      allowPrivate: true,
      resolver: async (h: string) => (h.includes("example.com") ? [{ address: "127.0.0.1", family: 4 }] : []),
    });
    await deliver();
    expect(receiver.received).toHaveLength(targets.length - 2);
    const rows = await handle.db.select().from(webhookDeliveries);
    expect(rows.map((r) => r.status).sort()).toEqual(Array.from({ length: targets.length - 2 }, () => "delivered"));
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
