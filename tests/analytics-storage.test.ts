import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { setUpTestDatabase } from "./helpers/test-db";

// The site's own analytics in the database (docs/decisions/0056): daily salts and visitor ids, the
// privacy claim, the daily rollup, and the join of a lead to its visit.
vi.mock("next/headers", () => ({ headers: async () => new Headers() }));

const { pageViewOf } = await import("@/server/analytics/page-view");
const { utcDay, visitorDigest, visitorIdFrom } = await import("@/server/analytics/visitor-id");
const analytics = await import("@/server/analytics/data/analytics");
const { submitLeadForm } = await import("@/server/leads/lead-submission");
const { TIMED_JOBS } = await import("@/server/job-registry");
const { classifyTouch } = await import("@/lib/channels");
const { analyticsDailyRollups, analyticsEvents, analyticsLeadVisits, analyticsSalts, analyticsVisitMarks, analyticsVisits, contactMessages, jobRuns, leads } =
  await import("@/server/kernel/db/schema");

const handle = setUpTestDatabase();
beforeEach(async () => {
  await handle.db.execute(
    sql`truncate analytics_events, analytics_salts, analytics_daily_rollups, analytics_lead_visits, analytics_visits, analytics_visit_marks, job_runs, leads, contact_messages, notifications, rate_limits, acknowledged_senders cascade`,
  );
  analytics.forgetCachedSalts();
});

const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 AnalyticsTest/1";
const ADDRESS = "203.0.113.77";
const HOST = "localhost:3999";
const DAY_MS = 86_400_000;

describe("visitor ids", () => {
  it("are stable within a day and different across days; one salt per day across processes", async () => {
    const digest = visitorDigest(HOST, ADDRESS, CHROME);
    const morning = new Date("2026-03-05T08:00:00Z");
    const salt1 = await analytics.saltFor("2026-03-05", morning);
    analytics.forgetCachedSalts(); // another process: reads the same row, makes no second one
    const salt1again = await analytics.saltFor("2026-03-05", new Date("2026-03-05T21:00:00Z"));
    expect(salt1again).toBe(salt1);
    const salt2 = await analytics.saltFor("2026-03-06", new Date("2026-03-06T08:00:00Z"));
    expect(salt2).not.toBe(salt1);
    expect(visitorIdFrom(salt1!, digest)).toBe(visitorIdFrom(salt1again!, digest));
    expect(visitorIdFrom(salt2!, digest)).not.toBe(visitorIdFrom(salt1!, digest));
    expect(await handle.db.select().from(analyticsSalts)).toHaveLength(2);
  });

  it("cannot be recomputed once the day's salt is deleted, even knowing the address and the user agent", async () => {
    const day = "2026-03-05";
    const during = new Date(`${day}T12:00:00Z`);
    const view = pageViewOf(
      { method: "GET", url: "/", headers: { host: HOST, "user-agent": CHROME, "x-forwarded-for": ADDRESS, accept: "text/html" } },
      { ownHosts: new Set([HOST]) },
      during,
    )!;
    expect(await analytics.storePageViews([view], during)).toBe(1);
    const [stored] = await handle.db.select().from(analyticsEvents);
    // During the grace after midnight the salt is still there (a batch in flight at midnight is stored).
    expect(await analytics.deleteExpiredSalts(new Date("2026-03-06T00:03:00Z"))).toBe(0);
    expect(await analytics.deleteExpiredSalts(new Date("2026-03-06T00:06:00Z"))).toBe(1);
    analytics.forgetCachedSalts();
    // Knowing the address and the agent, and every salt the database still holds: no match.
    const digest = visitorDigest(HOST, ADDRESS, CHROME);
    const remaining = await handle.db.select().from(analyticsSalts);
    expect(remaining.map((s) => visitorIdFrom(s.salt, digest))).not.toContain(stored!.visitorId);
    // And the past day's salt is never made again.
    expect(await analytics.saltFor(day, new Date("2026-03-06T00:06:00Z"))).toBeNull();
    expect(await analytics.storePageViews([view], new Date("2026-03-06T00:06:00Z"))).toBe(0);
    expect(await handle.db.select().from(analyticsSalts).where(eq(analyticsSalts.day, day))).toEqual([]);
  });
});

describe("no column holds an address or a user agent", () => {
  it("by name and by value, over the analytics tables and the leads", async () => {
    const columns = await handle.db.execute<{ table_name: string; column_name: string }>(
      sql`select table_name, column_name from information_schema.columns where table_schema = current_schema() and (table_name like 'analytics_%' or table_name in ('leads', 'contact_messages'))`,
    );
    expect(columns.rows.length).toBeGreaterThan(30);
    const suspicious = columns.rows.filter((c) => /(^|_)(ip|ips|address|addr|agent|user_agent|ua)(_|$)/.test(c.column_name));
    expect(suspicious).toEqual([]);

    const now = new Date();
    const view = pageViewOf(
      { method: "GET", url: "/?utm_source=x", headers: { host: HOST, "user-agent": CHROME, "x-forwarded-for": ADDRESS, referer: "https://news.example/" } },
      { ownHosts: new Set([HOST]) },
      now,
    )!;
    await analytics.storePageViews([view], now);
    await analytics.rollUpDay(utcDay(now));
    const form = new FormData();
    for (const [k, v] of Object.entries({
      name: "Asha",
      email: "asha@brand.in",
      mobileNumber: "9876543210",
      company: "",
      message: "Hello there, we need help.",
    })) {
      form.set(k, v);
    }
    await submitLeadForm("contact", form, { headers: requestHeaders(), originOnly: true });
    for (const table of ["analytics_events", "analytics_salts", "analytics_daily_rollups", "contact_messages"]) {
      const rows = await handle.db.execute<{ row: string }>(sql`select row_to_json(t)::text as row from ${sql.identifier(table)} t`);
      expect(rows.rows.length, table).toBeGreaterThan(0);
      for (const { row } of rows.rows) {
        expect(row, table).not.toContain(ADDRESS);
        expect(row, table).not.toContain("AnalyticsTest");
      }
    }
  });
});

function requestHeaders(extra: Record<string, string> = {}): Headers {
  return new Headers({ host: HOST, origin: `http://${HOST}`, referer: `http://${HOST}/contact`, "x-forwarded-for": ADDRESS, "user-agent": CHROME, ...extra });
}

// A visitor's page views, by minutes after the day's start.
type Hand = { visitor: string; minute: number; path: string; utm?: string; campaign?: string; referrer?: string; internal?: boolean };
async function insertDay(day: string, views: Hand[]): Promise<void> {
  const start = Date.parse(`${day}T00:00:00Z`);
  await handle.db.insert(analyticsEvents).values(
    views.map((v) => ({
      at: new Date(start + v.minute * 60_000),
      day,
      visitorId: v.visitor.repeat(64).slice(0, 64),
      path: v.path,
      referrerHost: v.referrer ?? null,
      internal: v.internal ?? false,
      utmSource: v.utm ?? null,
      utmCampaign: v.campaign ?? null,
      device: "desktop" as const,
      browser: "Chrome",
    })),
  );
}

const daysAgo = (n: number) => utcDay(new Date(Date.now() - n * DAY_MS));

describe("the daily rollup", () => {
  it("splits visits after 30 minutes without a page view, counts a one-page visit as a bounce, and gives the day's figures", async () => {
    const day = daysAgo(5);
    await insertDay(day, [
      // a: a newsletter visit of three pages over 20 minutes, then 40 minutes later a second visit of one page.
      { visitor: "a", minute: 600, path: "/", utm: "Newsletter", campaign: "spring" },
      { visitor: "a", minute: 605, path: "/services", internal: true },
      { visitor: "a", minute: 620, path: "/contact", internal: true },
      { visitor: "a", minute: 660, path: "/blog", internal: true },
      // b: one page from Google: a bounce.
      { visitor: "b", minute: 540, path: "/blog/post", referrer: "www.google.com" },
      // c: exactly 30 minutes apart is still one visit; 59 minutes long.
      { visitor: "c", minute: 1380, path: "/" },
      { visitor: "c", minute: 1410, path: "/about", internal: true },
      { visitor: "c", minute: 1439, path: "/contact", internal: true },
    ]);
    await analytics.rollUpDay(day);
    const rows = await rollupOf(day);
    const figures = (key: string) => {
      const r = rows.get(key);
      return r && [r.visitors, r.visits, r.pageviews, r.bounces, r.durationSeconds];
    };
    // visitors, visits, page views, bounces, seconds
    expect(figures("all/")).toEqual([3, 4, 8, 2, 20 * 60 + 59 * 60]);
    expect(figures("entry//")).toEqual([2, 2, 6, 0, 1200 + 3540]);
    expect(figures("entry//blog")).toEqual([1, 1, 1, 1, 0]);
    expect(figures("entry//blog/post")).toEqual([1, 1, 1, 1, 0]);
    // A source is utm_source lower-cased, else the referring host without www., else '' (direct).
    expect(figures("source/newsletter")).toEqual([1, 1, 3, 0, 1200]);
    expect(figures("source/google.com")).toEqual([1, 1, 1, 1, 0]);
    expect(figures("source/")).toEqual([2, 2, 4, 1, 3540]);
    expect(figures("campaign/spring")).toEqual([1, 1, 3, 0, 1200]);
    expect(figures("channel/email")?.[1]).toBe(1);
    expect(figures("channel/organic")?.[1]).toBe(1);
    expect(figures("channel/direct")?.[1]).toBe(2);
    expect(figures("device/desktop")?.[1]).toBe(4);
    // A page: its visitors, the visits that saw it, its own views.
    expect(figures("page//")?.slice(0, 3)).toEqual([2, 2, 2]);
    expect(figures("page//contact")?.slice(0, 3)).toEqual([2, 2, 2]);
    expect(figures("page//services")?.slice(0, 3)).toEqual([1, 1, 1]);

    // The same figures for the visits one filter keeps: those that saw /contact (a's first, c's), from Newsletter, of the spring campaign.
    const contact = await rollupOf(day, "page", "/contact");
    expect(contact.get("all/")).toMatchObject({ visitors: 2, visits: 2, pageviews: 6, bounces: 0, durationSeconds: 1200 + 3540 });
    expect(contact.get("page//services")).toMatchObject({ visits: 1, pageviews: 1 });
    expect(contact.has("page//blog")).toBe(false);
    expect((await rollupOf(day, "source", "newsletter")).get("entry//")).toMatchObject({ visits: 1, pageviews: 3 });
    expect((await rollupOf(day, "source", "")).get("all/")).toMatchObject({ visitors: 2, visits: 2 });
    expect((await rollupOf(day, "campaign", "spring")).get("all/")).toMatchObject({ visitors: 1, visits: 1, pageviews: 3 });

    // Rolled up again: replaced, not added to.
    const count = (await handle.db.select().from(analyticsDailyRollups)).length;
    await analytics.rollUpDay(day);
    expect(await handle.db.select().from(analyticsDailyRollups)).toHaveLength(count);
  });

  it("agrees with a hand count over a generated day", async () => {
    const day = daysAgo(6);
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const views: Hand[] = [];
    for (let v = 0; v < 40; v++) {
      const visitor = "0123456789abcdef"[v % 16]! + "0123456789abcdef"[Math.floor(v / 16)]!;
      let minute = Math.floor(random() * 600);
      const n = 1 + Math.floor(random() * 8);
      for (let i = 0; i < n && minute < 1440; i++) {
        views.push({ visitor, minute, path: `/p${Math.floor(random() * 5)}` });
        minute += random() < 0.25 ? 31 + Math.floor(random() * 90) : Math.floor(random() * 31);
      }
    }
    await insertDay(day, views);
    // The hand count: per visitor, sorted by time, a new visit after a gap over 30 minutes.
    const byVisitor = new Map<string, number[]>();
    for (const v of views) byVisitor.set(v.visitor, [...(byVisitor.get(v.visitor) ?? []), v.minute]);
    let visits = 0;
    let bounces = 0;
    let seconds = 0;
    for (const minutes of byVisitor.values()) {
      minutes.sort((a, b) => a - b);
      let first = minutes[0]!;
      let count = 1;
      for (let i = 1; i <= minutes.length; i++) {
        if (i === minutes.length || minutes[i]! - minutes[i - 1]! > 30) {
          visits++;
          if (count === 1) bounces++;
          seconds += (minutes[i - 1]! - first) * 60;
          first = minutes[i]!;
          count = 1;
        } else count++;
      }
    }
    await analytics.rollUpDay(day);
    const rows = await rollupOf(day);
    expect(rows.get("all/")).toMatchObject({ visitors: byVisitor.size, visits, pageviews: views.length, bounces, durationSeconds: seconds });
    // Every visit in exactly one row of each visit dimension, every page view in one page row.
    const sum = (dimension: string, key: "visits" | "pageviews") => [...rows.values()].filter((r) => r.dimension === dimension).reduce((n, r) => n + r[key], 0);
    for (const dimension of ["entry", "source", "campaign", "country", "device", "channel"]) expect(sum(dimension, "visits"), dimension).toBe(visits);
    expect(sum("page", "pageviews")).toBe(views.length);
  });

  it("runs once across processes for each closed day, catches up a missed day, and leaves today alone", async () => {
    const job = TIMED_JOBS.find((j) => j.name === "analytics")!;
    await insertDay(daysAgo(3), [{ visitor: "d", minute: 100, path: "/" }]);
    await insertDay(daysAgo(2), [{ visitor: "e", minute: 100, path: "/" }]);
    await insertDay(utcDay(new Date()), [{ visitor: "f", minute: 0, path: "/" }]);
    // Two processes' timers at once.
    await Promise.all([job.run(), job.run()]);
    const claims = await handle.db.select().from(jobRuns).where(eq(jobRuns.job, "analytics-rollup"));
    expect(claims.map((c) => c.runKey).sort()).toEqual([daysAgo(3), daysAgo(2)]);
    const totals = (await handle.db.select().from(analyticsDailyRollups).where(eq(analyticsDailyRollups.dimension, "all"))).filter((r) => r.filterKind === "");
    expect(totals.map((t) => [t.day, t.visits]).sort()).toEqual([
      [daysAgo(3), 1],
      [daysAgo(2), 1],
    ]);
    await job.run();
    expect(await handle.db.select().from(jobRuns).where(eq(jobRuns.job, "analytics-rollup"))).toHaveLength(2);
  });

  it("deletes raw page views older than ANALYTICS_RAW_DAYS, their stored visits and marks, and keeps the rollups", async () => {
    await insertDay(daysAgo(100), [{ visitor: "a", minute: 1, path: "/" }]);
    await insertDay(daysAgo(99), [{ visitor: "b", minute: 1, path: "/" }]);
    await insertDay(daysAgo(10), [{ visitor: "a", minute: 1, path: "/" }]);
    await analytics.rollUpDay(daysAgo(100));
    const crossedBefore = (await handle.db.select().from(analyticsDailyRollups)).filter((r) => r.day === daysAgo(100) && r.filterKind.startsWith("page_"));
    expect(crossedBefore.length).toBeGreaterThan(0);
    expect(await analytics.pruneRawPageViews(90)).toBe(2);
    expect((await handle.db.select().from(analyticsEvents)).map((e) => e.day)).toEqual([daysAgo(10)]);
    expect((await handle.db.select().from(analyticsVisits)).map((v) => v.day)).toEqual([]);
    expect((await handle.db.select().from(analyticsVisitMarks)).map((m) => m.day)).toEqual([daysAgo(10)]);
    expect((await rollupOf(daysAgo(100))).get("all/")).toMatchObject({ visits: 1, pageviews: 1 });
    // The crossed rows with a page go with the visits (nearly as many rows as they are); a source with a campaign stays.
    const kinds = new Set((await handle.db.select().from(analyticsDailyRollups)).filter((r) => r.day === daysAgo(100)).map((r) => r.filterKind));
    expect([...kinds].sort()).toEqual(["", "campaign", "page", "source", "source_campaign"]);
  });

  it("stores each visit once (a visit never crosses midnight), marks the visitor-days stored since, and the job writes them", async () => {
    const job = TIMED_JOBS.find((j) => j.name === "analytics")!;
    const today = utcDay(new Date());
    const yesterday = daysAgo(1);
    // c's visit runs from 23:50 to 00:10: two visits, one each day (a visitor id is one day's).
    await insertDay(yesterday, [
      { visitor: "c", minute: 1430, path: "/", utm: "Newsletter", campaign: "spring" },
      { visitor: "c", minute: 1439, path: "/blog", internal: true },
    ]);
    await insertDay(today, [
      { visitor: "c", minute: 0, path: "/contact", internal: true },
      { visitor: "d", minute: 0, path: "/", referrer: "www.google.com" },
    ]);
    const marks = async () => (await handle.db.select().from(analyticsVisitMarks)).map((m) => `${m.day}/${m.visitorId[0]}`).sort();
    expect(await marks()).toEqual([`${yesterday}/c`, `${today}/c`, `${today}/d`].sort());
    await job.run();
    // Yesterday's visits are written with its rollup (its salt's grace is over), today's by the refresh.
    expect(await marks()).toEqual([]);
    const visits = (await handle.db.select().from(analyticsVisits)).sort((a, b) => a.started.getTime() - b.started.getTime());
    expect(visits.map((v) => [v.day, v.visitorId[0], v.visitNo, v.pages, v.source, v.campaign, v.channel])).toEqual([
      [yesterday, "c", 1, ["/", "/blog"], "newsletter", "spring", "email"],
      [today, "c", 1, ["/contact"], null, null, "direct"],
      [today, "d", 1, ["/"], "google.com", null, "organic"],
    ]);
    // A page view stored later marks its visitor-day again; the next run rewrites that visitor-day only (a second visit of d, 40 minutes on).
    await insertDay(today, [{ visitor: "d", minute: 40, path: "/pricing", internal: true }]);
    expect(await marks()).toEqual([`${today}/d`]);
    await job.run();
    expect(await marks()).toEqual([]);
    const h = (await handle.db.select().from(analyticsVisits).where(eq(analyticsVisits.day, today))).filter((v) => v.visitorId[0] === "d");
    expect(h.map((v) => [v.visitNo, v.pages]).sort()).toEqual([
      [1, ["/"]],
      [2, ["/pricing"]],
    ]);
  });

  it("writes the visits of a day rolled up before visits were stored, as the migration leaves it: every visitor-day marked", async () => {
    const day = daysAgo(4);
    await insertDay(day, [
      { visitor: "a", minute: 600, path: "/", utm: "google", campaign: "brand" },
      { visitor: "a", minute: 610, path: "/pricing", internal: true },
      { visitor: "b", minute: 700, path: "/pricing", referrer: "www.google.com" },
    ]);
    await analytics.rollUpDay(day);
    const written = await handle.db.select().from(analyticsVisits);
    expect(written).toHaveLength(2);
    // As drizzle/0026_analytics_visits.sql finds an existing database: the day's rollup there, no visits, each visitor-day marked.
    await handle.db.execute(sql`truncate analytics_visits`);
    await handle.db.execute(sql`insert into analytics_visit_marks (day, visitor_id) select distinct day, visitor_id from analytics_events`);
    expect(await analytics.refreshVisits()).toBe(2);
    expect(await handle.db.select().from(analyticsVisitMarks)).toEqual([]);
    expect((await handle.db.select().from(analyticsVisits)).sort((x, y) => x.visitorId.localeCompare(y.visitorId))).toEqual(
      written.sort((x, y) => x.visitorId.localeCompare(y.visitorId)),
    );
  });
});

describe("a lead joined to its visit", () => {
  it("stores the visitor id of the submission's request, which finds the visit's landing page, pages and source", async () => {
    const now = new Date();
    const request = (url: string, referer: string | undefined, secondsAgo: number) =>
      pageViewOf(
        { method: "GET", url, headers: { host: HOST, "user-agent": CHROME, "x-forwarded-for": ADDRESS, accept: "text/html", ...(referer ? { referer } : {}) } },
        { ownHosts: new Set([HOST]) },
        new Date(now.getTime() - secondsAgo * 1000),
      )!;
    await analytics.storePageViews(
      [
        request("/?utm_source=linkedin&utm_campaign=audit-week", "https://www.linkedin.com/", 3),
        request("/services/seo-optimization", `http://${HOST}/`, 2),
        request("/free-audit", `http://${HOST}/services`, 1),
      ],
      now,
    );
    const form = new FormData();
    for (const [k, v] of Object.entries({
      name: "Ravi",
      email: "ravi@brand.in",
      mobileNumber: "9876543210",
      websiteUrl: "brand.in",
      monthlyRevenue: "10L-50L/month",
      growthChallenge: "More leads",
    })) {
      form.set(k, v);
    }
    const answer = await submitLeadForm("audit", form, { headers: requestHeaders({ referer: `http://${HOST}/free-audit` }), originOnly: true });
    expect(answer.status).toBe("success");
    const [lead] = await handle.db.select().from(leads);
    const [event] = await handle.db.select().from(analyticsEvents).limit(1);
    expect(lead!.visitorId).toBe(event!.visitorId);
    const path = await analytics.visitPathFor(lead!.visitorId!, utcDay(lead!.createdAt), lead!.createdAt);
    expect(path).toMatchObject({
      landingPage: "/",
      source: "linkedin",
      utmCampaign: "audit-week",
      referrerHost: "www.linkedin.com",
      earlierVisits: 0,
    });
    expect(path!.pages.map((p) => p.path)).toEqual(["/", "/services/seo-optimization", "/free-audit"]);
    expect(await analytics.visitPathFor("f".repeat(64), utcDay(now))).toBeNull();
    // The day's rollup keeps the lead's visit for good, the channel named by the lead desk's rules.
    await analytics.rollUpDay(utcDay(lead!.createdAt));
    const [visit] = await handle.db.select().from(analyticsLeadVisits);
    expect(visit).toMatchObject({
      leadId: lead!.id,
      entryPath: "/",
      source: "linkedin",
      campaign: "audit-week",
      channel: classifyTouch({ utm_source: "linkedin", referrer: "https://www.linkedin.com/" }, analytics.siteHost()),
      pages: ["/", "/services/seo-optimization", "/free-audit"],
    });
    await handle.db.delete(leads);
    expect(await handle.db.select().from(analyticsLeadVisits)).toEqual([]);
  });

  it("stores none for a visitor who sent Sec-GPC (not counted either)", async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ name: "Mira", email: "mira@brand.in", mobileNumber: "9876543210", company: "", message: "Please call me back." }))
      form.set(k, v);
    const answer = await submitLeadForm("contact", form, { headers: requestHeaders({ "sec-gpc": "1" }), originOnly: true });
    expect(answer.status).toBe("success");
    const [message] = await handle.db.select().from(contactMessages);
    expect(message!.visitorId).toBeNull();
  });
});

describe("the real-time figure", () => {
  it("counts the distinct visitors of the last 30 minutes", async () => {
    // A fixed noon, so the 40-minutes-ago view never falls before the day's start whatever the clock says.
    const today = utcDay(new Date());
    const minute = 12 * 60;
    await insertDay(today, [
      { visitor: "a", minute: minute - 5, path: "/" },
      { visitor: "b", minute: minute - 1, path: "/" },
      { visitor: "c", minute: minute - 40, path: "/" },
    ]);
    expect(await analytics.recentVisitors(30, new Date(Date.parse(`${today}T12:00:01Z`)))).toBe(2);
  });
});

/** A day's rollup rows by "dimension/value": those of every visit, or of the visits one filter keeps. */
async function rollupOf(day: string, filterKind = "", filterValue = "") {
  const rows = await handle.db.select().from(analyticsDailyRollups).where(eq(analyticsDailyRollups.day, day));
  return new Map(rows.filter((r) => r.filterKind === filterKind && r.filterValue === filterValue).map((r) => [`${r.dimension}/${r.value}`, r]));
}
