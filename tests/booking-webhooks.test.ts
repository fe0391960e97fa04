import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { request } from "./helpers/next-mocks";
import { setUpTestDatabase } from "./helpers/test-db";
import { setUpJobQueue } from "./helpers/job-queue";

// The webhook events of a strategy call (booked, moved, cancelled) and of a confirmed newsletter
// sign-up (docs/integrations.md): each queued in the change's own transaction for the endpoints
// subscribed to it, with the fields the list promises and no account id.

vi.mock("next/headers", () => import("./helpers/next-mocks").then((m) => m.nextHeaders));
vi.mock("next/cache", () => import("./helpers/next-mocks").then((m) => m.nextCache));
vi.mock("next/navigation", () => import("./helpers/next-mocks").then((m) => m.nextNavigation));
request.headers = new Headers({ host: "localhost:3999", origin: "http://localhost:3999", "x-forwarded-for": "198.51.100.8" });

const { bookStrategyCall, cancelWithToken, confirmWithToken, currentSlots, rescheduleWithToken } = await import("@/server/booking/book");
const { bookingToken } = await import("@/server/booking/tokens");
const { bookingHosts, newsletterSubscribers, profiles, users, webhookDeliveries } = await import("@/server/kernel/db/schema");
const { insertWebhookEndpoint } = await import("@/server/integrations/data/webhook-endpoints");
const { confirmSubscriber } = await import("@/server/newsletter/data/newsletter-subscribers");
const { subscribe } = await import("@/server/newsletter/subscribe");

const handle = setUpTestDatabase();
setUpJobQueue();
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: "09:00", end: "18:00" }));

const events = async () => {
  // Each delivery's job committed with it (docs/decisions/0093): none is without one.
  const jobless = await handle.db.execute(
    sql`select d.id from webhook_deliveries d where not exists (select 1 from pgboss.job j where j.name = 'webhook.delivery' and (j.data->>'deliveryId')::bigint = d.id)`,
  );
  expect(jobless.rows).toEqual([]);
  return (await handle.db.select().from(webhookDeliveries).orderBy(webhookDeliveries.id)).map((d) => ({
    type: d.eventType,
    data: d.payload as Record<string, unknown>,
  }));
};

beforeEach(async () => {
  await handle.db.execute(
    sql`truncate bookings, booking_hosts, leads, profiles, users, webhook_deliveries, webhook_endpoints, newsletter_subscribers, notifications cascade`,
  );
});

describe("webhook events", () => {
  it("a call held, confirmed, moved and cancelled: nothing while held, then booking.created, booking.rescheduled, booking.cancelled", async () => {
    await handle.db.insert(users).values({ id: "host-w", name: "Priya Host", email: "priya@agency.test", emailVerified: true });
    await handle.db.insert(profiles).values({ userId: "host-w", role: "sales" });
    await handle.db
      .insert(bookingHosts)
      .values({ userId: "host-w", offersCalls: true, weeklyHours: EVERY_DAY, bufferMinutes: 0, noticeMinutes: 0, maxPerDay: 20 });
    await insertWebhookEndpoint({
      url: "https://hooks.example/calls",
      kind: "standard",
      events: ["booking.created", "booking.rescheduled", "booking.cancelled"],
    });
    const [first, , later] = await currentSlots();
    const { booking } = await bookStrategyCall({
      start: first!.start,
      timeZone: "Asia/Kolkata",
      name: "Asha",
      email: "asha@example.com",
      mobileNumber: "+919876543210",
      company: "Chai Co",
      topic: "Repeat orders",
      submissionKey: null,
      attribution: {},
      visitorId: null,
    });
    // Held until its visitor confirms it: no receiver hears of it before.
    expect(await events()).toEqual([]);
    expect((await confirmWithToken(bookingToken(booking))).kind).toBe("done");
    const moved = await rescheduleWithToken(bookingToken(booking), later!.start);
    expect(moved.kind).toBe("done");
    expect((await cancelWithToken(bookingToken((moved as { booking: typeof booking }).booking))).kind).toBe("done");

    const sent = await events();
    expect(sent.map((e) => e.type)).toEqual(["booking.created", "booking.rescheduled", "booking.cancelled"]);
    expect(sent[0]!.data).toMatchObject({
      id: booking.id,
      name: "Asha",
      email: "asha@example.com",
      hostName: "Priya Host",
      status: "booked",
      startsAt: first!.start.toISOString(),
    });
    expect(sent[0]!.data.dashboardUrl).toMatch(/\/admin\/leads\?edit=/);
    expect(sent[1]!.data.startsAt).toBe(later!.start.toISOString());
    expect(sent[2]!.data.status).toBe("cancelled");
    for (const e of sent) expect(JSON.stringify(e.data)).not.toContain("host-w");

    // A call held and never confirmed, moved and then cancelled by its visitor: no receiver hears of it.
    const [, second, third] = await currentSlots();
    const held = await bookStrategyCall({
      start: second!.start,
      timeZone: "Asia/Kolkata",
      name: "Ravi",
      email: "ravi@example.com",
      mobileNumber: "+919876543211",
      company: "Ravi Co",
      topic: "Leads",
      submissionKey: null,
      attribution: {},
      visitorId: null,
    });
    const heldMoved = await rescheduleWithToken(bookingToken(held.booking), third!.start);
    expect(heldMoved.kind).toBe("done");
    expect((await cancelWithToken(bookingToken((heldMoved as { booking: typeof booking }).booking))).kind).toBe("done");
    expect((await events()).length).toBe(3);
  });

  it("a newsletter sign-up sends newsletter.subscribed when it is confirmed, not before", async () => {
    await insertWebhookEndpoint({ url: "https://hooks.example/list", kind: "standard", events: ["newsletter.subscribed"] });
    await subscribe({ email: "reader@example.com", topics: ["SEO"], source: "footer" });
    expect(await events()).toEqual([]);
    const [row] = await handle.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, "reader@example.com"));
    expect((await confirmSubscriber(row!.id, row!.tokenVersion)).kind).toBe("confirmed");
    // A second click of the same link confirms nothing new: no second event.
    expect((await confirmSubscriber(row!.id, row!.tokenVersion)).kind).toBe("already");
    const sent = await events();
    expect(sent.map((e) => e.type)).toEqual(["newsletter.subscribed"]);
    expect(sent[0]!.data).toMatchObject({ id: row!.id, email: "reader@example.com", topics: ["SEO"], source: "footer", status: "confirmed" });
  });
});
