import dns from "node:dns";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { request } from "./helpers/next-mocks";
import { signedInMember } from "./helpers/signed-in";
import { setUpTestDatabase } from "./helpers/test-db";
import { setUpJobQueue } from "./helpers/job-queue";
import { startReceiver, type Receiver } from "./helpers/webhook-receiver";

// The Integrations screen's actions (docs/integrations.md): owners and admins only; the signing
// secret in the add's answer once and nowhere else (not the trail, not the list, not the database in
// plain); addresses refused when added by the same rules as every address plus https; Resume, Send
// again and Delete each with their activity row.

const SITE = "http://localhost:3999";
vi.mock("next/headers", () => import("./helpers/next-mocks").then((m) => m.nextHeaders));
vi.mock("next/cache", () => import("./helpers/next-mocks").then((m) => m.nextCache));
request.headers = new Headers({ host: "localhost:3999", origin: SITE });

const { activityEvents, webhookDeliveries, webhookEndpoints } = await import("@/server/kernel/db/schema");
const integrations = await import("@/server/integrations/integration-actions");
const { listWebhookEndpoints } = await import("@/server/integrations/data/webhook-endpoints");
const { deliveriesOf } = await import("@/server/kernel/events/data/webhook-outbox");
const { enqueueWebhookEvent } = await import("@/server/kernel/events/events");
const { startWebhookDeliveries, useDeliverySettings, deliveriesSettled } = await import("./helpers/webhook-jobs");

const handle = setUpTestDatabase();
// Deliveries are the job queue's (docs/decisions/0093): queued with their jobs, sent by its workers.
setUpJobQueue();
const IDLE = { status: "idle" } as const;
let receiver: Receiver;

async function member(role: string): Promise<string> {
  return (await signedInMember(handle.db, role, { prefix: "hooks", ip: "203.0.113.9" })).cookie;
}
const as = (cookie: string) => (request.headers = new Headers({ host: "localhost:3999", origin: SITE, cookie }));
const formOf = (values: Record<string, string | undefined>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) if (v !== undefined) form.set(k, v);
  // What React adds to a form posted with JavaScript: not a field of the form.
  form.set("$ACTION_1:0", JSON.stringify({ id: "0123456789abcdef0123456789abcdef01234567", bound: "$@1" }));
  return form;
};
const add = (values: Record<string, string | undefined>) => integrations.addEndpointAction(IDLE, formOf(values));
const endpointCount = async () => (await handle.db.select().from(webhookEndpoints)).length;

let owner: string;
beforeAll(async () => {
  owner = await member("owner");
  receiver = await startReceiver();
  useDeliverySettings({});
  await startWebhookDeliveries();
}, 60_000);
afterAll(async () => {
  await receiver?.stop();
});

describe("adding an endpoint", () => {
  it("an admin adds one: the secret is in that answer only, encrypted at rest, never in the trail or the list", async () => {
    as(await member("admin"));
    const answer = await add({ url: "https://hooks.example.com/kinetic", kind: "standard", "event:lead.created": "on", "event:post.published": "on" });
    expect(answer).toMatchObject({ status: "success", title: "Endpoint added" });
    expect(answer.reveal?.value).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(JSON.stringify({ ...answer, reveal: undefined })).not.toContain(answer.reveal!.value.slice(6));
    const [row] = await handle.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.url, "https://hooks.example.com/kinetic"));
    expect(row).toMatchObject({ kind: "standard", events: ["lead.created", "post.published"], status: "active" });
    expect(row!.secretEncrypted).not.toContain(answer.reveal!.value.slice(6, 20));
    const trail = await handle.db.select().from(activityEvents).where(eq(activityEvents.recordId, row!.id));
    expect(trail.map((t) => t.action)).toEqual(["webhook.add"]);
    expect(trail[0]!.after).toMatchObject({ url: "https://hooks.example.com/kinetic", events: ["lead.created", "post.published"] });
    const everything = JSON.stringify(await handle.db.select().from(activityEvents));
    expect(everything).not.toContain("whsec_");
    expect(everything).not.toContain(row!.secretEncrypted);
    const listed = JSON.stringify(await listWebhookEndpoints());
    expect(listed).toContain(row!.url);
    expect(listed).not.toContain("whsec_");
    expect(listed).not.toContain(row!.secretEncrypted);
  });

  it("editors, sales and members without a role cannot add one, nor list them", async () => {
    for (const role of ["editor", "sales", "user"]) {
      as(await member(role));
      const before = await endpointCount();
      const answer = await add({ url: "https://hooks.example.com/nope", kind: "standard", "event:lead.created": "on" });
      expect(answer, role).toMatchObject({ status: "refused" });
      expect(answer.reveal).toBeUndefined();
      expect(await endpointCount()).toBe(before);
      await expect(listWebhookEndpoints()).rejects.toThrow();
    }
  });

  it("resolves a host name when saving: one that leads only to this machine or a private network is refused with the reason, one that leads out is saved", async () => {
    as(owner);
    const answers: Record<string, { address: string; family: number }[]> = {
      "127.0.0.1.nip.io": [{ address: "127.0.0.1", family: 4 }],
      "10.0.0.5.sslip.io": [{ address: "10.0.0.5", family: 4 }],
      "metadata.attacker.example": [{ address: "169.254.169.254", family: 4 }],
      "v6.attacker.example": [{ address: "::1", family: 6 }],
      "mapped.attacker.example": [{ address: "::ffff:192.168.1.1", family: 6 }],
      "hooks.partner.example": [{ address: "93.184.215.14", family: 4 }],
      "mixed.partner.example": [
        { address: "127.0.0.1", family: 4 },
        { address: "93.184.215.14", family: 4 },
      ],
    };
    const lookup = vi.spyOn(dns.promises, "lookup").mockImplementation((async (host: string) => {
      const found = answers[host];
      if (!found) throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
      return found;
    }) as unknown as typeof dns.promises.lookup);
    try {
      const before = await endpointCount();
      for (const host of ["127.0.0.1.nip.io", "10.0.0.5.sslip.io", "metadata.attacker.example", "v6.attacker.example", "mapped.attacker.example"]) {
        const answer = await add({ url: `https://${host}/hook`, kind: "standard", "event:lead.created": "on" });
        expect(answer.status, host).toBe("invalid");
        expect(answer.fieldErrors?.url, host).toMatch(
          new RegExp(`^${host.replace(/\./g, "\\.")} resolves to .*(private|loopback|reserved|carries).*never sent there`),
        );
      }
      expect(await endpointCount()).toBe(before);
      // Public, partly public (the send time picks the public one), or not resolvable now (decided at send time): saved.
      for (const host of ["hooks.partner.example", "mixed.partner.example", "not-yet.partner.example"])
        expect(await add({ url: `https://${host}/hook`, kind: "standard", "event:lead.created": "on" }), host).toMatchObject({ status: "success" });
      expect(await endpointCount()).toBe(before + 3);
    } finally {
      lookup.mockRestore();
    }
  });

  it("refuses what may not be sent to, beside the field, storing nothing", async () => {
    as(owner);
    const refused: [Record<string, string | undefined>, string, RegExp][] = [
      [{ url: "http://hooks.example.com/x" }, "url", /https:\/\//],
      [{ url: "https://127.0.0.1/x" }, "url", /not an IP address/],
      [{ url: "https://[::1]/x" }, "url", /not an IP address/],
      [{ url: "https://169.254.169.254/latest/meta-data" }, "url", /not an IP address/],
      [{ url: "https://2130706433/x" }, "url", /not an IP address/],
      [{ url: "https://localhost/x" }, "url", /inside a network/],
      [{ url: "https://hooks.internal/x" }, "url", /inside a network/],
      [{ url: "https://user:pass@hooks.example.com/x" }, "url", /user name/],
      [{ url: "javascript:alert(1)" }, "url", /https:\/\//],
      [{ url: "https://hooks.example.com/x", kind: "slack" }, "url", /hooks\.slack\.com/],
      [{ url: "https://hooks.slack.com.evil.example/x", kind: "slack" }, "url", /hooks\.slack\.com/],
      [{ url: "https://evil.example/webhook.office.com", kind: "teams" }, "url", /webhook\.office\.com/],
      [
        { url: "https://hooks.slack.com/services/T/B/X", kind: "slack", "event:lead.created": undefined, "event:case_study.updated": "on" },
        "events",
        /new lead/,
      ],
      [{ url: "https://hooks.example.com/x", "event:lead.created": undefined }, "events", /at least one event/],
      [{ url: "https://hooks.example.com/x", kind: "webhook" }, "kind", /kind/],
      [{ url: `https://hooks.example.com/${"a".repeat(2100)}` }, "url", /too long/],
    ];
    const before = await endpointCount();
    for (const [values, field, message] of refused) {
      const answer = await add({ kind: "standard", "event:lead.created": "on", ...values });
      expect(answer.status, JSON.stringify(values)).toBe("invalid");
      expect(answer.fieldErrors?.[field], JSON.stringify(values)).toMatch(message);
      expect(answer.reveal).toBeUndefined();
    }
    expect(await endpointCount()).toBe(before);
    // Slack and Teams addresses of their own hosts are taken.
    expect(
      await add({ url: "https://hooks.slack.com/services/T0/B0/abc", kind: "slack", "event:lead.created": "on", "event:message.created": "on" }),
    ).toMatchObject({
      status: "success",
    });
    expect(await add({ url: "https://contoso.webhook.office.com/webhookb2/x", kind: "teams", "event:message.created": "on" })).toMatchObject({
      status: "success",
    });
    // A chat address is its own credential: the trail keeps its host and first segment only.
    const [slack] = await handle.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.url, "https://hooks.slack.com/services/T0/B0/abc"));
    const [added] = await handle.db.select().from(activityEvents).where(eq(activityEvents.recordId, slack!.id));
    expect(added!.after).toMatchObject({ url: "https://hooks.slack.com/services/…", kind: "slack" });
    expect(JSON.stringify(await handle.db.select().from(activityEvents))).not.toContain("B0/abc");
  });
});

describe("an endpoint's life", () => {
  it("paused: Resume makes it active with its activity row; Send again sends a failed delivery with its webhook-id; Delete takes it and its deliveries", async () => {
    as(owner);
    const { insertWebhookEndpoint } = await import("@/server/integrations/data/webhook-endpoints");
    const hook = await insertWebhookEndpoint({ url: receiver.url, kind: "standard", events: ["lead.updated"] });
    receiver.secret = hook.secret;
    await handle.db
      .update(webhookEndpoints)
      .set({ status: "paused", pausedReason: "Paused: every attempt failed", consecutiveFailures: 12 })
      .where(eq(webhookEndpoints.id, hook.id));
    const listed = (await listWebhookEndpoints()).find((e) => e.id === hook.id)!;
    expect(listed).toMatchObject({ status: "paused", pausedReason: "Paused: every attempt failed" });
    // Queued while paused: its job sends nothing, and the delivery waits.
    await handle.db.transaction((tx) => enqueueWebhookEvent(tx, "lead.updated", "leads", "waiting", { name: "w" }));
    await deliveriesSettled(handle);
    expect(receiver.received).toHaveLength(0);
    expect((await deliveriesOf(hook.id)).map((d) => [d.status, d.attempts])).toEqual([["pending", 0]]);

    expect(await integrations.resumeEndpointAction(IDLE, formOf({ id: hook.id }))).toMatchObject({ status: "success" });
    const [resumed] = await handle.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, hook.id));
    expect(resumed).toMatchObject({ status: "active", consecutiveFailures: 0, pausedReason: null });
    expect(await integrations.resumeEndpointAction(IDLE, formOf({ id: hook.id }))).toMatchObject({ status: "error" });
    // Resumed: the waiting delivery's job enqueued again with the resume, and it is sent.
    await deliveriesSettled(handle);
    expect((await deliveriesOf(hook.id)).map((d) => [d.status, d.attempts])).toEqual([["delivered", 1]]);
    expect(receiver.received.map((r) => r.json.data?.name)).toEqual(["w"]);
    receiver.received.length = 0;
    await handle.db.delete(webhookDeliveries).where(eq(webhookDeliveries.endpointId, hook.id));

    // A delivery refused with 400 (not retried), then sent again by hand: the same webhook-id, delivered.
    receiver.answer = () => ({ status: 400 });
    await handle.db.transaction((tx) => enqueueWebhookEvent(tx, "lead.updated", "leads", "again", { name: "x" }));
    await deliveriesSettled(handle);
    const [failed] = await deliveriesOf(hook.id);
    expect(failed).toMatchObject({ status: "failed", attempts: 1 });
    // (The receiver answers slowly now: the resend's job is still sending when it is asked again.)
    receiver.answer = () => ({ status: 200, delayMs: 1500 });
    expect(await integrations.resendDeliveryAction(IDLE, formOf({ id: String(failed!.id) }))).toMatchObject({ status: "success" });
    // Sent again while it waits: refused, nothing changes.
    expect(await integrations.resendDeliveryAction(IDLE, formOf({ id: String(failed!.id) }))).toMatchObject({ status: "error" });
    await deliveriesSettled(handle);
    const [delivered] = await deliveriesOf(hook.id);
    expect(delivered).toMatchObject({ status: "delivered", attempts: 1, messageId: failed!.messageId });
    expect(receiver.received.map((r) => r.id)).toEqual([failed!.messageId, failed!.messageId]);
    expect(receiver.received.every((r) => r.verified)).toBe(true);

    expect(await integrations.resendDeliveryAction(IDLE, formOf({ id: "not-a-number" }))).toMatchObject({ status: "invalid" });
    expect(await integrations.deleteEndpointAction(IDLE, formOf({ id: hook.id }))).toMatchObject({ status: "success" });
    expect(await handle.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, hook.id))).toHaveLength(0);
    const actions = await handle.db
      .select({ action: activityEvents.action })
      .from(activityEvents)
      .where(sql`${activityEvents.recordId} in (${hook.id}, ${String(failed!.id)})`);
    expect(actions.map((a) => a.action).sort()).toEqual(["webhook.delete", "webhook.resend", "webhook.resume"]);
  });
});
