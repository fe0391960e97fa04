import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { setUpTestDatabase } from "./helpers/test-db";

// The overview's figures (docs/decisions/0049) against a hand count: 500 leads and 120 messages with
// seeded random dates (inside and outside the period), attributions, statuses and revenues, plus spam
// that must not count. The hand count is plain TypeScript over the same rows; SQL must agree exactly.

const SITE = "http://localhost:3999";
let requestHeaders = new Headers({ host: "localhost:3999", origin: SITE });
vi.mock("next/headers", () => ({ headers: async () => requestHeaders, cookies: async () => ({ get: () => undefined, set: () => {}, getAll: () => [] }) }));
vi.mock("next/cache", () => ({ revalidatePath: () => {}, revalidateTag: () => {}, updateTag: () => {} }));

const { getAuth, hashPassword } = await import("@/server/kernel/session/auth");
const { contactMessages, leads, profiles, spamSubmissions, LEAD_STATUSES } = await import("@/server/kernel/db/schema");
const { loadOverview } = await import("@/server/dashboard/data/overview");
const { CHANNELS, channelSql, classifyTouch } = await import("@/lib/channels");
const { landingPath } = await import("@/lib/overview-figures");
type Touch = import("@/server/kernel/db/schema").Touch;

const handle = setUpTestDatabase();
beforeAll(async () => {}, 60_000);

/** mulberry32: the same rows on every run. */
function random(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TOUCHES: (Touch | undefined)[] = [
  undefined,
  {},
  { utm_source: "google", utm_medium: "cpc", utm_campaign: "diwali-sale" },
  { utm_source: "facebook", utm_medium: "paid_social", utm_campaign: "retarget-q3" },
  { utm_source: "Newsletter", utm_medium: "Email", utm_campaign: "monthly-digest" },
  { referrer: "https://www.google.co.in/search?q=growth+agency", landing_page: "/services/seo-optimization" },
  { referrer: "https://duckduckgo.com/", landing_page: "/blog/technical-seo-for-shopify-stores-a-d2c-checklist" },
  { referrer: "https://l.instagram.com/?u=x", landing_page: "/case-studies" },
  // The same page with a query, a fragment, as an absolute address: one landing page by its path.
  { utm_source: "linkedin", utm_campaign: "founders-series", landing_page: "/case-studies?utm_source=linkedin&utm_campaign=founders-series" },
  { referrer: "https://partner-blog.example/posts/1", landing_page: "http://localhost:3999/free-audit#form" },
  { referrer: "http://localhost:3999/about", landing_page: "/about" },
  { utm_medium: "referral", utm_source: "clutch" },
  { utm_medium: "organic", utm_source: "bing" },
  { referrer: "not a url" },
];
// No lead gives 50L-1Cr/month (shown as 0 in its place); one earlier bracket of the lead dialog.
const REVENUES = [null, "0-10L/month", "10L-50L/month", "1Cr-5Cr/month", "5Cr+/month", "5-25 Lakhs"];
const NOW = new Date("2026-11-24T06:30:00Z");
const IST_MS = 330 * 60_000;
const DAY = 86_400_000;

/** The Monday (YYYY-MM-DD) of an instant's week in India (no daylight saving there). */
function mondayOf(at: Date): string {
  const local = new Date(at.getTime() + IST_MS);
  const back = (local.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() - back)).toISOString().slice(0, 10);
}

describe(`overview (${process.env.DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("the JavaScript and SQL classifications agree on every kind of touch", async () => {
    for (const touch of TOUCHES) {
      const attribution = JSON.stringify(touch ? { first_touch: touch } : {});
      const [row] = (await handle.db.execute<{ channel: string }>(sql`select ${channelSql(sql`${attribution}::jsonb`, "localhost")} as channel`)).rows;
      expect(row!.channel, JSON.stringify(touch)).toBe(classifyTouch(touch, "localhost"));
    }
    expect(TOUCHES.map((t) => classifyTouch(t, "localhost"))).toEqual([
      "direct",
      "direct",
      "paid",
      "paid",
      "email",
      "organic",
      "organic",
      "social",
      "social",
      "referral",
      "direct",
      "referral",
      "organic",
      "direct",
    ]);
  });

  it("500 leads and 120 messages: every figure equals the hand count, spam left out", async () => {
    const next = random(20261124);
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
    const when = () => new Date(NOW.getTime() - Math.floor(next() * 200 * DAY) + (next() < 0.05 ? 3 * DAY : 0)); // some in the future
    const leadRows = Array.from({ length: 500 }, (_, i) => {
      const touch = pick(TOUCHES);
      const status = pick(LEAD_STATUSES);
      const createdAt = when();
      // Contacted some seconds to days after arrival; a lead still new or lost unseen has no contact.
      const firstContactedAt = ["contacted", "qualified", "won"].includes(status) ? new Date(createdAt.getTime() + Math.floor(next() * 5 * DAY)) : null;
      const won = status === "won";
      return {
        dealValue: won ? 10_000 + Math.floor(next() * 90) * 1000 : null,
        // Won some days after arriving, so a lead that arrived before the period may be won in it.
        wonAt: won ? new Date(createdAt.getTime() + Math.floor(next() * 30 * DAY)) : null,
        name: `Lead ${i}`,
        email: `lead${i}@example.com`,
        mobileNumber: "9876543210",
        monthlyRevenue: pick(REVENUES),
        status,
        attribution: touch ? { first_touch: touch } : {},
        createdAt,
        firstContactedAt,
      };
    });
    const messageRows = Array.from({ length: 120 }, (_, i) => {
      const touch = pick(TOUCHES);
      const createdAt = when();
      const replied = next() < 0.5;
      return {
        name: `Msg ${i}`,
        email: `msg${i}@example.com`,
        mobileNumber: "9876543210",
        message: "Hello",
        attribution: touch ? { first_touch: touch } : {},
        createdAt,
        status: (replied ? "replied" : "new") as "replied" | "new",
        firstContactedAt: replied ? new Date(createdAt.getTime() + Math.floor(next() * 2 * DAY)) : null,
      };
    });
    await handle.db.insert(leads).values(leadRows);
    await handle.db.insert(contactMessages).values(messageRows);
    // The database stamps won_at with the time of the insert (a trigger on status): set each won lead's own.
    for (const r of leadRows.filter((r) => r.wonAt)) {
      await handle.db.execute(sql`update leads set won_at = ${r.wonAt!.toISOString()}::timestamptz where email = ${r.email}`);
    }
    await handle.db.insert(spamSubmissions).values(
      Array.from({ length: 40 }, (_, i) => ({
        form: "audit" as const,
        reason: "honeypot" as const,
        name: "Spam",
        email: `s${i}@x.test`,
        fields: {},
        attribution: { first_touch: TOUCHES[2]! },
        createdAt: NOW,
      })),
    );

    const email = `overview-${Date.now()}@team.test`;
    const context = await getAuth().$context;
    const user = await context.internalAdapter.createUser({ name: "Sales", email, emailVerified: true }, { method: "email-password" });
    await context.internalAdapter.linkAccount({
      userId: user.id,
      providerId: "credential",
      accountId: user.id,
      password: await hashPassword("Monsoon-Ledger-2026"),
    });
    await handle.db
      .insert(profiles)
      .values({ userId: user.id, role: "sales" })
      .onConflictDoUpdate({ target: profiles.userId, set: { role: "sales" } });
    const { headers } = await getAuth().api.signInEmail({ body: { email, password: "Monsoon-Ledger-2026" }, returnHeaders: true });
    requestHeaders = new Headers({
      host: "localhost:3999",
      origin: SITE,
      cookie: headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; "),
    });

    for (const weeks of [4, 12, 52]) {
      const overview = await loadOverview(weeks, NOW);
      const firstMonday = new Date(`${mondayOf(NOW)}T00:00:00Z`).getTime() - (weeks - 1) * 7 * DAY - IST_MS;
      const inPeriod = (at: Date) => at.getTime() >= firstMonday && at.getTime() <= NOW.getTime();
      const L = leadRows.filter((r) => inPeriod(r.createdAt));
      const M = messageRows.filter((r) => inPeriod(r.createdAt));
      const channelOf = (r: { attribution: { first_touch?: Touch } }) => classifyTouch(r.attribution.first_touch, "localhost");

      expect(overview.weekStarts).toHaveLength(weeks);
      expect(overview.weekStarts.at(-1)).toBe(mondayOf(NOW));
      const hand = new Map<string, { leads: number; messages: number }>();
      for (const [rows, kind] of [
        [L, "leads"],
        [M, "messages"],
      ] as const) {
        for (const r of rows) {
          const key = `${mondayOf(r.createdAt)} ${channelOf(r)}`;
          const cell = hand.get(key) ?? { leads: 0, messages: 0 };
          cell[kind]++;
          hand.set(key, cell);
        }
      }
      expect(new Map(overview.perWeek.map((r) => [`${r.week} ${r.channel}`, { leads: r.leads, messages: r.messages }]))).toEqual(hand);
      for (const c of CHANNELS) {
        expect(overview.channels.find((x) => x.channel === c)).toEqual({
          channel: c,
          leads: L.filter((r) => channelOf(r) === c).length,
          messages: M.filter((r) => channelOf(r) === c).length,
        });
      }
      expect(overview.funnel.total).toBe(L.length);
      for (const s of LEAD_STATUSES) expect(overview.funnel.byStatus[s]).toBe(L.filter((r) => r.status === s).length);
      expect(overview.funnel.reached.contacted).toBe(L.filter((r) => ["contacted", "qualified", "won"].includes(r.status)).length);
      expect(overview.funnel.reached.won).toBe(L.filter((r) => r.status === "won").length);
      const given = (bracket: string | null) => L.filter((r) => r.monthlyRevenue === bracket).length;
      // The public form's brackets in its order, 0 included; then the earlier bracket; then none given.
      expect(overview.revenue).toEqual([
        { bracket: "0-10L/month", leads: given("0-10L/month") },
        { bracket: "10L-50L/month", leads: given("10L-50L/month") },
        { bracket: "50L-1Cr/month", leads: 0 },
        { bracket: "1Cr-5Cr/month", leads: given("1Cr-5Cr/month") },
        { bracket: "5Cr+/month", leads: given("5Cr+/month") },
        { bracket: "5-25 Lakhs", leads: given("5-25 Lakhs") },
        { bracket: "Not given", leads: given(null) },
      ]);
      const wonHere = leadRows.filter((r) => r.wonAt && inPeriod(r.wonAt));
      expect(overview.won).toEqual({ count: wonHere.length, value: wonHere.reduce((n, r) => n + r.dealValue!, 0), paidPaise: 0 });
      expect(overview.won.count).toBeGreaterThan(0);
      const arrived = (from: number, to: number) =>
        leadRows.filter((r) => r.createdAt.getTime() > NOW.getTime() - from * DAY && r.createdAt.getTime() <= NOW.getTime() - to * DAY).length;
      expect(overview.newLeads).toEqual({ lastSevenDays: arrived(7, 0), sevenDaysBefore: arrived(14, 7) });
      const count = (key: "landing_page" | "utm_campaign") => {
        const m = new Map<string, number>();
        for (const r of [...L, ...M]) {
          const raw = (r.attribution as { first_touch?: Touch }).first_touch?.[key];
          const v = raw && key === "landing_page" ? landingPath(raw) : raw;
          if (v) m.set(v, (m.get(v) ?? 0) + 1);
        }
        return [...m].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 5);
      };
      expect(overview.landingPages.map((r) => [r.page, r.count])).toEqual(count("landing_page"));
      expect(overview.landingPages.some((r) => r.page.includes("?") || r.page.includes("#") || r.page.includes("://"))).toBe(false);
      expect(overview.landingPages.map((r) => r.page)).toContain("/case-studies");
      expect(overview.campaigns.map((r) => [r.campaign, r.count])).toEqual(count("utm_campaign"));
      const waits = [...L, ...M]
        .flatMap((r) => (r.firstContactedAt ? [(r.firstContactedAt.getTime() - r.createdAt.getTime()) / 1000] : []))
        .sort((a, b) => a - b);
      const middle = waits.length / 2;
      const median = waits.length === 0 ? null : waits.length % 2 ? waits[Math.floor(middle)]! : (waits[middle - 1]! + waits[middle]!) / 2;
      expect(overview.firstContact.contacted).toBe(waits.length);
      expect(overview.firstContact.waiting).toBe([...L, ...M].filter((r) => r.status === "new").length);
      expect(overview.firstContact.medianSeconds).toBeCloseTo(median!, 3);
      console.log(`overview ${weeks} weeks: ${L.length} leads, ${M.length} messages in the period, matched by hand`);
    }
  });

  it("editors and signed-out visitors do not see it", async () => {
    requestHeaders = new Headers({ host: "localhost:3999", origin: SITE });
    await expect(loadOverview(12, NOW)).rejects.toThrow();
  });
});
