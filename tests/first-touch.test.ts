import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { setUpTestDatabase } from "./helpers/test-db";
import { setUpJobQueue } from "./helpers/job-queue";
import { signedInMember } from "./helpers/signed-in";

// A lead's first touch is taken on the server from the visit it was sent from (docs/decisions/0081):
// the same source with and without JavaScript, and one channel on the Overview, in Analytics and in
// the lead's dialog.

let requestHeaders = new Headers();
vi.mock("next/headers", () => ({ headers: async () => requestHeaders, cookies: async () => ({ get: () => undefined, set: () => {}, getAll: () => [] }) }));
vi.mock("next/cache", () => ({ revalidatePath: () => {}, revalidateTag: () => {}, updateTag: () => {} }));

const handle = setUpTestDatabase();
// A change an endpoint takes enqueues its delivery's job (docs/decisions/0093).
setUpJobQueue();
const { pageViewOf } = await import("@/server/analytics/page-view");
const analytics = await import("@/server/analytics/data/analytics");
const { submitLeadForm } = await import("@/server/leads/lead-submission");
const { overviewReport } = await import("@/server/dashboard/data/overview");
const { analyticsReport } = await import("@/server/analytics/data/analytics-report");
const { withLeadVisits } = await import("@/server/leads/data/lead-visits");
const { insertWebhookEndpoint } = await import("@/server/integrations/data/webhook-endpoints");
const { contactMessages, leads, webhookDeliveries } = await import("@/server/kernel/db/schema");
const { setPageViewFlush } = await import("@/server/kernel/bridge");

const HOST = "localhost:3999";
const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 FirstTouch/1";
const ADDRESS = "203.0.113.81";
const headersOf = (extra: Record<string, string> = {}) =>
  new Headers({ host: HOST, origin: `http://${HOST}`, referer: `http://${HOST}/free-audit`, "x-forwarded-for": ADDRESS, "user-agent": CHROME, ...extra });

/** The page views the host counts for a visitor without JavaScript: the landing request with its campaign, then the form's page. */
function newsletterVisit(now: Date, secondsAgo = [60, 30]) {
  const view = (url: string, referer: string | undefined, ago: number) =>
    pageViewOf(
      { method: "GET", url, headers: { host: HOST, "user-agent": CHROME, "x-forwarded-for": ADDRESS, accept: "text/html", ...(referer ? { referer } : {}) } },
      { ownHosts: new Set([HOST]) },
      new Date(now.getTime() - ago * 1000),
    )!;
  return [view("/?utm_source=newsletter&utm_medium=email&utm_campaign=x", undefined, secondsAgo[0]!), view("/free-audit", `http://${HOST}/`, secondsAgo[1]!)];
}

async function landOnNewsletterLink(now: Date): Promise<void> {
  await analytics.storePageViews(newsletterVisit(now), now);
}

function auditForm(attribution?: unknown): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries({
    name: "Ravi",
    email: "ravi@brand.in",
    mobileNumber: "9876543210",
    websiteUrl: "brand.in",
    monthlyRevenue: "10L-50L/month",
    growthChallenge: "More leads",
  }))
    form.set(k, v);
  if (attribution !== undefined) form.set("attribution", JSON.stringify(attribution));
  return form;
}

beforeEach(async () => {
  await handle.db.execute(
    sql`truncate analytics_events, analytics_salts, analytics_daily_rollups, analytics_lead_visits, leads, contact_messages, notifications, rate_limits, acknowledged_senders, webhook_deliveries, webhook_endpoints cascade`,
  );
  analytics.forgetCachedSalts();
});

describe(`first touch on the server (${process.env.DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("a form sent without JavaScript keeps the campaign of the visit's landing request: stored, in the webhook and on every screen's channel", async () => {
    await insertWebhookEndpoint({ url: "https://hooks.example.com/crm", kind: "standard", events: ["lead.created"] });
    const now = new Date();
    await landOnNewsletterLink(now);
    // No attribution field: the script did not run.
    const answer = await submitLeadForm("audit", auditForm(), { headers: headersOf(), originOnly: false });
    expect(answer.status).toBe("success");
    const [lead] = await handle.db.select().from(leads);
    expect(lead!.attribution).toMatchObject({
      form_page: "/free-audit",
      first_touch: { utm_source: "newsletter", utm_medium: "email", utm_campaign: "x", landing_page: "/" },
    });
    const [delivery] = await handle.db.select().from(webhookDeliveries);
    expect(delivery!.payload).toMatchObject({ attribution: { first_touch: { utm_campaign: "x", utm_source: "newsletter" } } });

    // One channel: the Overview (from the stored touch), Analytics (from the visit) and the dialog agree.
    const overview = await overviewReport(4, new Date());
    expect(overview.channels.find((c) => c.leads === 1)?.channel).toBe("email");
    const report = await analyticsReport(7, {}, new Date());
    expect(report.funnelByChannel.find((r) => r.leads === 1)?.key).toBe("email");
    const member = await signedInMember(handle.db, "sales", { prefix: "first-touch" });
    requestHeaders = new Headers({ host: HOST, origin: `http://${HOST}`, cookie: member.cookie });
    const [shown] = await withLeadVisits([lead as unknown as Record<string, unknown>]);
    expect(shown!.visit).toMatchObject({ kind: "visit", channel: "E-mail", campaign: "x" });
  });

  it("with JavaScript the visit's touch wins over the browser's own record, keeping the browser's utm_term of the same campaign", async () => {
    const now = new Date();
    await landOnNewsletterLink(now);
    // A stale direct first touch from an earlier day, as localStorage can hold.
    await submitLeadForm("audit", auditForm({ first_touch: { landing_page: "http://localhost:3999/pricing" } }), { headers: headersOf(), originOnly: true });
    const [first] = await handle.db.select().from(leads);
    expect(first!.attribution.first_touch).toMatchObject({ utm_source: "newsletter", utm_campaign: "x", landing_page: "/" });
    expect(first!.attribution.first_touch?.utm_term).toBeUndefined();
    await handle.db.execute(sql`truncate leads cascade`);
    await submitLeadForm("audit", auditForm({ first_touch: { utm_source: "newsletter", utm_campaign: "x", utm_term: "growth" } }), {
      headers: headersOf(),
      originOnly: true,
    });
    const [second] = await handle.db.select().from(leads);
    expect(second!.attribution.first_touch).toMatchObject({ utm_source: "newsletter", utm_medium: "email", utm_campaign: "x", utm_term: "growth" });
  });

  it("a form sent a moment after landing: the host's queued page views are written first, so the campaign is not lost to the batch interval", async () => {
    const now = new Date();
    // The host has counted both page views but not yet written them (it writes once a second).
    let queued = newsletterVisit(now, [2, 1]);
    setPageViewFlush(async () => {
      const batch = queued;
      queued = [];
      if (batch.length) await analytics.storePageViews(batch, now);
    });
    try {
      expect((await submitLeadForm("audit", auditForm(), { headers: headersOf(), originOnly: false })).status).toBe("success");
    } finally {
      setPageViewFlush(undefined);
    }
    const [lead] = await handle.db.select().from(leads);
    expect(lead!.attribution.first_touch).toMatchObject({ utm_source: "newsletter", utm_campaign: "x", landing_page: "/" });
  });

  it("the contact form too; a visitor the server did not count (Sec-GPC) keeps what the browser sent", async () => {
    const now = new Date();
    await landOnNewsletterLink(now);
    const form = new FormData();
    for (const [k, v] of Object.entries({ name: "Mira", email: "mira@brand.in", mobileNumber: "9876543210", company: "", message: "Please call me back." }))
      form.set(k, v);
    expect((await submitLeadForm("contact", form, { headers: headersOf({ referer: `http://${HOST}/contact` }), originOnly: false })).status).toBe("success");
    const [message] = await handle.db.select().from(contactMessages);
    expect(message!.attribution.first_touch).toMatchObject({ utm_campaign: "x" });

    const browser = { first_touch: { utm_source: "linkedin", utm_medium: "social" } };
    const answer = await submitLeadForm("audit", auditForm(browser), { headers: headersOf({ "sec-gpc": "1" }), originOnly: true });
    expect(answer.status).toBe("success");
    const [lead] = await handle.db.select().from(leads);
    expect(lead!.visitorId).toBeNull();
    expect(lead!.attribution.first_touch).toEqual(browser.first_touch);
  });
});
