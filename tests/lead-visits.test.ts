import crypto from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { setUpTestDatabase } from "./helpers/test-db";

// The visit a lead's record shows (src/server/leads/data/lead-visits.ts, docs/decisions/0056): the visit
// going on when the form was sent, or the reason there is none; only for the lead desk's roles; a
// visit that cannot be read leaves the record without the section instead of failing it.

const SITE = "http://localhost:3999";
let requestHeaders = new Headers({ host: "localhost:3999", origin: SITE });
vi.mock("next/headers", () => ({ headers: async () => requestHeaders, cookies: async () => ({ get: () => undefined, set: () => {}, getAll: () => [] }) }));
vi.mock("next/cache", () => ({ revalidatePath: () => {}, revalidateTag: () => {}, updateTag: () => {} }));

// A visitor id that makes the read fail, as a database that refuses the query would.
const BROKEN = "f".repeat(64);
vi.mock("@/server/analytics/data/analytics", async (original) => {
  const real = await original<typeof import("@/server/analytics/data/analytics")>();
  return {
    ...real,
    visitPathFor: (visitorId: string, ...rest: Parameters<typeof real.visitPathFor> extends [unknown, ...infer R] ? R : never) =>
      visitorId === BROKEN ? Promise.reject(new Error("connection refused")) : real.visitPathFor(visitorId, ...rest),
  };
});

const { getAuth, hashPassword } = await import("@/server/kernel/session/auth");
const { analyticsEvents, analyticsLeadVisits, leads, contactMessages, profiles } = await import("@/server/kernel/db/schema");
const { withLeadVisits } = await import("@/server/leads/data/lead-visits");
const { readRecord, listRecords, exportRecords } = await import("@/server/dashboard/data/admin-records");
const { leadsTable } = await import("@/lib/admin-tables/leads");
const { messagesTable } = await import("@/lib/admin-tables/messages");
const { LEAD_VISIT_PAGES } = await import("@/lib/admin-tables/lead-visit");

const handle = setUpTestDatabase();

const MINUTE = 60_000;
const DAY = 86_400_000;
const NOW = new Date();
// Midday UTC today (or yesterday, early in the day): every page view of the test lies within one UTC day and before now.
const NOON = new Date(Date.parse(`${new Date(NOW.getTime() - 13 * 60 * MINUTE).toISOString().slice(0, 10)}T12:00:00Z`));
const id = (name: string) => crypto.createHash("sha256").update(name).digest("hex");
const at = (minutes: number) => new Date(NOON.getTime() + minutes * MINUTE);
const day = (d: Date) => d.toISOString().slice(0, 10);

type Event = typeof analyticsEvents.$inferInsert;
const view = (visitorId: string, minutes: number, path: string, extra: Partial<Event> = {}): Event => ({
  at: at(minutes),
  day: day(at(minutes)),
  visitorId,
  path,
  device: "mobile",
  browser: "Safari",
  country: "IN",
  internal: true,
  ...extra,
});

async function signIn(role: "sales" | "editor"): Promise<Headers> {
  const email = `${role}-${crypto.randomUUID()}@team.test`;
  const context = await getAuth().$context;
  const user = await context.internalAdapter.createUser({ name: role, email, emailVerified: true }, { method: "email-password" });
  await context.internalAdapter.linkAccount({
    userId: user.id,
    providerId: "credential",
    accountId: user.id,
    password: await hashPassword("Monsoon-Ledger-2026"),
  });
  await handle.db.insert(profiles).values({ userId: user.id, role }).onConflictDoUpdate({ target: profiles.userId, set: { role } });
  const { headers } = await getAuth().api.signInEmail({ body: { email, password: "Monsoon-Ledger-2026" }, returnHeaders: true });
  const cookie = headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return new Headers({ host: "localhost:3999", origin: SITE, cookie });
}

const person = { mobileNumber: "9876543210", status: "new" as const };
let sales: Headers;
let editor: Headers;
let leadId: string;

beforeAll(async () => {
  const reader = id("reader");
  await handle.db.insert(analyticsEvents).values([
    // An earlier visit that morning, then 45 minutes without a page view.
    view(reader, -120, "/blog", { internal: false, referrerHost: "www.google.com" }),
    view(reader, -110, "/about"),
    // The visit that led to the lead: from a newsletter, three pages, the form sent at -10.
    view(reader, -45, "/services/seo", { internal: false, utmSource: "Newsletter", utmMedium: "email", utmCampaign: "november" }),
    view(reader, -41, "/case-studies"),
    view(reader, -20, "/free-audit"),
    // After the form was sent: not part of what led to it.
    view(reader, 5, "/thank-you"),
    // A visitor who came from a site, and one who read more pages than the section lists.
    view(id("referred"), 0, "/", { internal: false, referrerHost: "www.partner.example" }),
    ...Array.from({ length: LEAD_VISIT_PAGES + 3 }, (_, i) => view(id("long"), i / 10, `/blog/post-${i}`)),
  ]);
  const [lead] = await handle.db
    .insert(leads)
    .values({ ...person, name: "Reader", email: "reader@example.com", visitorId: reader, createdAt: at(-10) })
    .returning({ id: leads.id });
  leadId = lead!.id;
  sales = await signIn("sales");
  editor = await signIn("editor");
}, 60_000);

describe("the visit that led to a lead", () => {
  it("is the visit going on when the form was sent: its pages in order, its source and campaign, the earlier visits that day", async () => {
    requestHeaders = sales;
    const [row] = await withLeadVisits([{ id: "a", visitorId: id("reader"), createdAt: at(-10) }], NOW);
    expect(row!.visit).toEqual({
      kind: "visit",
      startedAt: at(-45).toISOString(),
      sentAt: at(-10).toISOString(),
      landingPage: "/services/seo",
      pages: [
        { path: "/services/seo", at: at(-45).toISOString() },
        { path: "/case-studies", at: at(-41).toISOString() },
        { path: "/free-audit", at: at(-20).toISOString() },
      ],
      morePages: 0,
      source: "newsletter",
      sourceKind: "campaign",
      medium: "email",
      campaign: "november",
      channel: "E-mail",
      device: "mobile",
      browser: "Safari",
      country: "IN",
      earlierVisits: 1,
    });
  });

  it("names a referring site without www. and a visit without campaign tags has no medium or campaign", async () => {
    requestHeaders = sales;
    const [row] = await withLeadVisits([{ id: "b", visitorId: id("referred"), createdAt: at(3) }], NOW);
    expect(row!.visit).toMatchObject({ kind: "visit", source: "partner.example", sourceKind: "referrer", medium: null, campaign: null, earlierVisits: 0 });
  });

  it(`lists the first ${LEAD_VISIT_PAGES} pages of a long visit and counts the rest`, async () => {
    requestHeaders = sales;
    const [row] = await withLeadVisits([{ id: "c", visitorId: id("long"), createdAt: at(30) }], NOW);
    const visit = row!.visit;
    expect(visit?.kind).toBe("visit");
    if (visit?.kind !== "visit") return;
    expect(visit.pages).toHaveLength(LEAD_VISIT_PAGES);
    expect(visit.pages.at(-1)!.path).toBe(`/blog/post-${LEAD_VISIT_PAGES - 1}`);
    expect(visit.morePages).toBe(3);
    expect(visit.sourceKind).toBe("direct");
  });

  it("says why there is none: no visitor id, no page view counted, page views past the raw retention", async () => {
    requestHeaders = sales;
    const rows = await withLeadVisits(
      [
        { id: "none", visitorId: null, createdAt: at(0) },
        { id: "staff", visitorId: id("signed-in member"), createdAt: at(0) },
        // 91 days ago: past ANALYTICS_RAW_DAYS (90), even though a page view of that day is still here.
        { id: "old", visitorId: id("reader"), createdAt: new Date(NOW.getTime() - 91 * DAY) },
      ],
      NOW,
    );
    expect(rows.map((r) => r.visit)).toEqual([
      { kind: "none", reason: "no-id", rawDays: 90 },
      { kind: "none", reason: "not-counted", rawDays: 90 },
      { kind: "none", reason: "expired", rawDays: 90 },
    ]);
  });

  it("shows the summary the rollup kept once a lead's page views are gone", async () => {
    requestHeaders = sales;
    const sentAt = new Date(NOW.getTime() - 120 * DAY);
    const [old] = await handle.db
      .insert(leads)
      .values({ ...person, name: "Early", email: "early@example.com", visitorId: id("early"), createdAt: sentAt })
      .returning({ id: leads.id });
    await handle.db.insert(analyticsLeadVisits).values({
      leadId: old!.id,
      day: day(sentAt),
      entryPath: "/blog/seo-basics",
      channel: "organic",
      source: "google.com",
      campaign: "",
      pages: ["/blog/seo-basics", "/services/seo", "/free-audit"],
    });
    const [row, none] = await withLeadVisits(
      [
        { id: old!.id, visitorId: id("early"), createdAt: sentAt },
        { id: crypto.randomUUID(), visitorId: id("earlier"), createdAt: sentAt },
      ],
      NOW,
    );
    expect(row!.visit).toEqual({
      kind: "kept",
      landingPage: "/blog/seo-basics",
      pages: ["/blog/seo-basics", "/services/seo", "/free-audit"],
      morePages: 0,
      source: "google.com",
      channel: "Organic search",
      campaign: null,
      rawDays: 90,
    });
    expect(none!.visit).toEqual({ kind: "none", reason: "expired", rawDays: 90 });
  });

  it("leaves a row whose visit cannot be read without one, and the other rows with theirs", async () => {
    requestHeaders = sales;
    const rows = await withLeadVisits(
      [
        { id: "broken", visitorId: BROKEN, createdAt: at(-10) },
        { id: "fine", visitorId: id("reader"), createdAt: at(-10) },
      ],
      NOW,
    );
    expect(rows[0]).toEqual({ id: "broken", visitorId: BROKEN, createdAt: at(-10) });
    expect(rows[1]!.visit?.kind).toBe("visit");
  });

  it("is read only for the lead desk's roles", async () => {
    requestHeaders = editor;
    const [row] = await withLeadVisits([{ id: "a", visitorId: id("reader"), createdAt: at(-10) }], NOW);
    expect(row).not.toHaveProperty("visit");
  });

  it("comes with the record on its page and with the list's rows (the dialog), not with the export", async () => {
    requestHeaders = sales;
    const record = await readRecord(leadsTable, leadId);
    expect(record?.visit).toMatchObject({ kind: "visit", landingPage: "/services/seo" });
    const list = await listRecords<Record<string, unknown>>(leadsTable, { q: "reader@example.com" });
    expect(list.rows[0]?.visit).toMatchObject({ kind: "visit", landingPage: "/services/seo" });
    const exported = await exportRecords(leadsTable, { q: "reader@example.com" });
    expect(exported[0]).not.toHaveProperty("visit");

    const [message] = await handle.db
      .insert(contactMessages)
      .values({ ...person, name: "Writer", email: "writer@example.com", message: "Hello", visitorId: id("referred"), createdAt: at(3) })
      .returning({ id: contactMessages.id });
    expect((await readRecord(messagesTable, message!.id))?.visit).toMatchObject({ kind: "visit", source: "partner.example" });
  });
});
