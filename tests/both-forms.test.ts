import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { setUpTestDatabase } from "./helpers/test-db";

// Both public forms are leads (docs/decisions/0082): a contact message counts in the Analytics
// funnel beside the free audit requests, by form and together, today and after its day is rolled
// up; and on the Overview.

vi.mock("next/headers", () => ({ headers: async () => new Headers() }));
vi.mock("next/cache", () => ({ revalidatePath: () => {}, revalidateTag: () => {}, updateTag: () => {} }));

const handle = setUpTestDatabase();
const analytics = await import("@/server/analytics/data/analytics");
const { analyticsReport, analyticsCsvRows } = await import("@/server/analytics/data/analytics-report");
const { overviewReport } = await import("@/server/dashboard/data/overview");
const { analyticsEvents, analyticsMessageVisits, contactMessages, leads } = await import("@/server/kernel/db/schema");
const { env } = await import("@/server/kernel/env");

const MINUTE = 60_000;
const vid = () => crypto.randomBytes(32).toString("hex");

beforeEach(async () => {
  await handle.db.execute(
    sql`truncate analytics_events, analytics_daily_rollups, analytics_lead_visits, analytics_message_visits, leads, contact_messages cascade`,
  );
});

/** A visit landing on `path` from a campaign, `minutesAgo` before `now`, and the visitor's id. */
async function visit(now: Date, minutesAgo: number, path: string, campaign: { source: string; medium: string }): Promise<string> {
  const visitorId = vid();
  const at = new Date(now.getTime() - minutesAgo * MINUTE);
  await handle.db.insert(analyticsEvents).values({
    at,
    day: at.toISOString().slice(0, 10),
    visitorId,
    path,
    device: "desktop",
    utmSource: campaign.source,
    utmMedium: campaign.medium,
  });
  return visitorId;
}

const person = (n: string) => ({ name: n, email: `${n.toLowerCase()}@brand.in`, mobileNumber: "+919876543210" });

describe(`both forms in the funnel (${process.env.DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("counts contact messages beside audit requests, by form and together, on today's raw page views", async () => {
    const now = new Date();
    const newsletter = { source: "newsletter", medium: "email" };
    const a = await visit(now, 30, "/contact", newsletter);
    const b = await visit(now, 30, "/contact", newsletter);
    const c = await visit(now, 30, "/free-audit", newsletter);
    const sent = new Date(now.getTime() - 20 * MINUTE);
    await handle.db.insert(contactMessages).values([
      { ...person("Mira"), message: "Call me", visitorId: a, createdAt: sent },
      { ...person("Neel"), message: "Call me", visitorId: b, createdAt: sent },
    ]);
    await handle.db.insert(leads).values({ ...person("Ravi"), visitorId: c, createdAt: sent });
    const report = await analyticsReport(7, {}, now);
    const email = report.funnelByChannel.find((r) => r.key === "email")!;
    expect(email).toMatchObject({ visits: 3, leads: 1, messages: 2, forms: 3 });
    expect(report.funnelByPage.find((r) => r.key === "/contact")).toMatchObject({ leads: 0, messages: 2, forms: 2 });
    expect(analyticsCsvRows(report)).toContainEqual(["Funnel by channel", "E-mail", "Contact messages", 2]);
    expect(analyticsCsvRows(report)).toContainEqual(["Funnel by channel", "E-mail", "Both forms", 3]);
    // A filter applies to messages as to leads.
    const contactPage = await analyticsReport(7, { page: "/contact" }, now);
    expect(contactPage.funnelByChannel.find((r) => r.key === "email")).toMatchObject({ leads: 0, messages: 2 });

    const overview = await overviewReport(4, new Date());
    expect(overview.funnel).toMatchObject({ total: 1, messages: 2 });
    expect(overview.newMessages).toEqual({ lastSevenDays: 2, sevenDaysBefore: 0 });
  });

  it("keeps a message's visit with its day's rollup, and reads a day rolled up before that from the raw page views", async () => {
    const now = new Date();
    const yesterday = new Date(Date.parse(`${now.toISOString().slice(0, 10)}T12:00:00Z`) - 86_400_000);
    const paid = { source: "google", medium: "cpc" };
    const a = await visit(yesterday, 30, "/contact", paid);
    const b = await visit(yesterday, 30, "/contact", paid);
    const sent = new Date(yesterday.getTime() - 20 * MINUTE);
    const [kept, older] = await handle.db
      .insert(contactMessages)
      .values([
        { ...person("Mira"), message: "Call me", visitorId: a, createdAt: sent },
        { ...person("Neel"), message: "Call me", visitorId: b, createdAt: sent },
      ])
      .returning({ id: contactMessages.id });
    await analytics.rollUpDay(yesterday.toISOString().slice(0, 10));
    const rows = await handle.db.select().from(analyticsMessageVisits);
    expect(rows.map((r) => r.messageId).sort()).toEqual([kept!.id, older!.id].sort());
    expect(rows[0]).toMatchObject({ channel: "paid", entryPath: "/contact", source: "google" });
    // As a day rolled up before messages were kept: one message has no row; its raw page views still answer.
    await handle.db.execute(sql`delete from analytics_message_visits where message_id = ${older!.id}`);
    const report = await analyticsReport(7, {}, now);
    expect(report.funnelByChannel.find((r) => r.key === "paid")).toMatchObject({ messages: 2, forms: 2 });
    // Once the raw page views are gone, the kept row alone still counts.
    await handle.db.execute(sql`truncate analytics_events`);
    const later = await analyticsReport(7, {}, now);
    expect(later.funnelByChannel.find((r) => r.key === "paid")).toMatchObject({ messages: 1 });
  });

  it("reads such a message's visit from the raw page views only on a day they are still kept (ANALYTICS_RAW_DAYS), pruned yet or not", async () => {
    const settings = env() as { ANALYTICS_RAW_DAYS: number };
    const keepDays = settings.ANALYTICS_RAW_DAYS;
    try {
      const now = new Date();
      const threeDaysAgo = new Date(Date.parse(`${now.toISOString().slice(0, 10)}T12:00:00Z`) - 3 * 86_400_000);
      const day = threeDaysAgo.toISOString().slice(0, 10);
      const a = await visit(threeDaysAgo, 30, "/contact", { source: "google", medium: "cpc" });
      const [message] = await handle.db
        .insert(contactMessages)
        .values({ ...person("Mira"), message: "Call me", visitorId: a, createdAt: new Date(threeDaysAgo.getTime() - 20 * MINUTE) })
        .returning({ id: contactMessages.id });
      await analytics.rollUpDay(day);
      await handle.db.execute(sql`delete from analytics_message_visits where message_id = ${message!.id}`);
      settings.ANALYTICS_RAW_DAYS = 90;
      expect((await analyticsReport(7, {}, now)).funnelByChannel.find((r) => r.key === "paid")).toMatchObject({ messages: 1 });
      // Kept two days: that day's page views are past keeping, though the prune has not removed them yet.
      settings.ANALYTICS_RAW_DAYS = 2;
      expect((await analyticsReport(7, {}, now)).funnelByChannel.find((r) => r.key === "paid")).toMatchObject({ messages: 0 });
      await analytics.pruneRawPageViews(2, now);
      expect((await analyticsReport(7, {}, now)).funnelByChannel.find((r) => r.key === "paid")).toMatchObject({ messages: 0 });
    } finally {
      settings.ANALYTICS_RAW_DAYS = keepDays;
    }
  });
});
