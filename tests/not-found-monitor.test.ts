import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createNotFoundMonitor, foreignReferrerHost } from "../host/not-found.ts";
import type { NotFoundBatchRow } from "@/server/kernel/bridge";
import { setUpTestDatabase } from "./helpers/test-db";

// The 404 monitor (docs/decisions/0097): the host counts a public address's 404s from people's
// browsers (not bots, the dashboard, files or staff), per path with the other site that linked to
// it; the app keeps a bounded table, lists it, forgets a path once it redirects, prunes what is not
// seen any more, and mails the owners the week's new linked ones once. On PGlite, and on PostgreSQL
// with DATABASE_URL.
const requestHeaders = new Headers({ host: "localhost:3000", origin: "http://localhost:3000" });
const actor = { id: "editor-1", email: "ana@test.example", name: "Ana", emailVerified: true, role: "editor" };
vi.mock("next/headers", () => ({ headers: async () => requestHeaders }));
vi.mock("next/cache", () => ({ revalidatePath: () => {}, refresh: () => {} }));
vi.mock("@/server/kernel/session/auth-guard", () => ({ requireRole: async () => actor, AccessDeniedError: class extends Error {} }));
const owners = vi.hoisted(() => ({ emails: ["owner@test.example"] }));
vi.mock("@/server/kernel/session/data/profiles", async (importOriginal) => ({ ...(await importOriginal<object>()), ownerEmails: async () => owners.emails }));

const { recordNotFoundHits, listNotFound, pruneNotFound, newLinkedNotFound, sendNotFoundDigest, isoWeek, NOT_FOUND_MAX_PATHS } =
  await import("@/server/redirects/data/not-found");
const { saveRedirectAction } = await import("@/server/redirects/redirect-actions");
const { notFoundPaths, notifications } = await import("@/server/kernel/db/schema");
const { prepareDatabase } = await import("@/server/kernel/db/prepare");

const BROWSER = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

describe("the host's counting", () => {
  const batches: NotFoundBatchRow[][] = [];
  const monitor = createNotFoundMonitor({
    store: () => ({ load: async () => [], recordHits: async () => {}, recordNotFound: async (batch) => void batches.push(batch) }),
    ownHosts: () => new Set(["site.test"]),
    intervalMs: 60_000,
    maxPending: 3,
  });
  // Answers 404 for any path under /missing (and for the API), 200 for the rest.
  const server = http.createServer((req, res) => {
    monitor.watch(req, res);
    res.statusCode = req.url!.startsWith("/missing") || req.url!.startsWith("/api") ? 404 : 200;
    res.end("x");
  });
  let base = "";
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await monitor.stop();
    await new Promise((resolve) => server.close(resolve));
  });
  const visit = (path: string, headers: Record<string, string> = {}, method = "GET") =>
    fetch(`${base}${path}`, { method, headers: { "user-agent": BROWSER, accept: "text/html", ...headers } }).then((r) => r.text());

  it("counts a person's 404s per path, with the last other site that linked, and nothing else", async () => {
    await visit("/missing-page", { referer: "https://www.google.com/" });
    await visit("/missing-page?utm_source=x", { referer: "https://site.test/blog" }); // our own page: not referred
    await visit("/missing-page", { referer: "https://partner.example/links" });
    await visit("/missing-other");
    await visit("/missing-page", { "user-agent": GOOGLEBOT }); // a bot
    await visit("/missing-page", { "user-agent": "curl/8.0" }); // not a browser
    await visit("/missing.png"); // a file
    await visit("/api/missing"); // not a page
    await visit("/missing-page", { cookie: "kg.session_token=abc" }); // signed-in staff
    await visit("/missing-page", { "sec-purpose": "prefetch" }); // a prefetch
    await visit("/missing-page", {}, "HEAD");
    await visit("/here"); // found
    await visit("/missing-page", { dnt: "1" }); // asked not to be tracked: counted, nothing of theirs kept
    await monitor.flush();
    const rows = batches.flat();
    expect(rows.map((r) => [r.path, r.hits, r.referredHits, r.referrerHost]).sort()).toEqual([
      ["/missing-other", 1, 0, null],
      ["/missing-page", 4, 2, "partner.example"],
    ]);
    expect(JSON.stringify(rows)).not.toMatch(/127\.0\.0\.1|Mozilla|utm_source/);
  });

  it("holds a bounded number of paths between two writes: a scan cannot grow it", async () => {
    batches.length = 0;
    for (const n of [1, 2, 3, 4, 5]) await visit(`/missing-scan-${n}`);
    await visit("/missing-scan-1");
    await monitor.flush();
    const rows = batches.flat();
    expect(rows.map((r) => r.path).sort()).toEqual(["/missing-scan-1", "/missing-scan-2", "/missing-scan-3"]);
    expect(rows.find((r) => r.path === "/missing-scan-1")!.hits).toBe(2);
  });

  it("reads another site's host from the referrer, never ours or a non-web scheme", () => {
    const own = new Set(["site.test", "localhost:3000"]);
    expect(foreignReferrerHost("https://www.Google.com/search?q=x", own)).toBe("google.com");
    expect(foreignReferrerHost("https://site.test/page", own)).toBeNull();
    expect(foreignReferrerHost("http://localhost:3000/", own)).toBeNull();
    expect(foreignReferrerHost("android-app://com.example/", own)).toBeNull();
    expect(foreignReferrerHost("not a url", own)).toBeNull();
    expect(foreignReferrerHost(undefined, own)).toBeNull();
  });
});

describe("the table", () => {
  const handle = setUpTestDatabase();
  beforeAll(async () => {
    await prepareDatabase(handle);
  });
  const at = (iso: string) => new Date(iso);
  const hit = (path: string, hits: number, referredHits = 0, referrerHost: string | null = null, when = new Date()): NotFoundBatchRow => ({
    path,
    hits,
    referredHits,
    referrerHost,
    firstAt: when,
    lastAt: when,
  });

  it("adds batches to their path's row, keeps the first and last time and the last linking site", async () => {
    await recordNotFoundHits([hit("/old-offer", 2, 1, "partner.example", at("2026-11-20T10:00:00Z")), hit("/typo", 1)]);
    await recordNotFoundHits([hit("/old-offer", 3, 0, null, at("2026-11-21T10:00:00Z"))]);
    await recordNotFoundHits([hit("/old-offer", 1, 1, "news.example", at("2026-11-19T10:00:00Z"))]);
    const [row] = await handle.db.select().from(notFoundPaths).where(eq(notFoundPaths.path, "/old-offer"));
    expect(row).toMatchObject({ hits: 6, referredHits: 2, referrerHost: "news.example" });
    expect(row!.firstSeenAt.toISOString()).toBe("2026-11-19T10:00:00.000Z");
    expect(row!.lastSeenAt.toISOString()).toBe("2026-11-21T10:00:00.000Z");
    const listed = await listNotFound();
    expect(listed[0]!.path).toBe("/old-offer");
  });

  it("takes no new path once it holds its limit, and still counts the paths it has", async () => {
    const fill = NOT_FOUND_MAX_PATHS - (await handle.db.$count(notFoundPaths));
    await handle.db.insert(notFoundPaths).values(Array.from({ length: fill }, (_, i) => ({ path: `/filler-${i}`, hits: 1 })));
    await recordNotFoundHits([hit("/one-too-many", 1), hit("/typo", 4)]);
    expect(await handle.db.$count(notFoundPaths)).toBe(NOT_FOUND_MAX_PATHS);
    expect(await handle.db.$count(notFoundPaths, eq(notFoundPaths.path, "/one-too-many"))).toBe(0);
    const [typo] = await handle.db.select().from(notFoundPaths).where(eq(notFoundPaths.path, "/typo"));
    expect(typo!.hits).toBe(5);
    await handle.db.delete(notFoundPaths).where(eq(notFoundPaths.hits, 1));
  });

  it("forgets a path once a redirect is saved for it", async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ source: "/typo", target: "/contact", status: "301" })) form.set(k, v);
    const answer = await saveRedirectAction({ status: "idle" }, form);
    expect(answer.status).toBe("success");
    expect(await handle.db.$count(notFoundPaths, eq(notFoundPaths.path, "/typo"))).toBe(0);
    expect(await handle.db.$count(notFoundPaths, eq(notFoundPaths.path, "/old-offer"))).toBe(1);
  });

  it("prunes the paths not seen for the kept days, and only those", async () => {
    await recordNotFoundHits([hit("/ancient", 9, 0, null, at("2026-01-01T00:00:00Z"))]);
    expect(await pruneNotFound(90, at("2026-11-29T00:00:00Z"))).toBe(1);
    expect(await handle.db.$count(notFoundPaths, eq(notFoundPaths.path, "/ancient"))).toBe(0);
    expect(await handle.db.$count(notFoundPaths, eq(notFoundPaths.path, "/old-offer"))).toBe(1);
  });

  it("mails the owners the week's new paths other sites link to, once a week", async () => {
    const now = new Date();
    await recordNotFoundHits([hit("/linked-this-week", 3, 2, "partner.example", now), hit("/typed-this-week", 5, 0, null, now)]);
    expect((await newLinkedNotFound(now)).map((r) => r.path)).toEqual(["/linked-this-week"]);
    const before = await handle.db.$count(notifications, eq(notifications.kind, "not-found-digest"));
    expect(await sendNotFoundDigest(now)).toBe(true);
    expect(await sendNotFoundDigest(now)).toBe(false); // the same week: not again
    const mails = await handle.db.select().from(notifications).where(eq(notifications.kind, "not-found-digest"));
    expect(mails).toHaveLength(before + 1);
    const mail = mails.at(-1)!;
    expect(mail.recipients).toEqual(["owner@test.example"]);
    expect(mail.subject).toBe("1 new address not found, linked from other sites");
    expect(mail.textBody).toContain("/linked-this-week");
    expect(mail.textBody).toContain("partner.example");
    expect(mail.textBody).not.toContain("/typed-this-week");
    expect(mail.htmlBody).toContain("/admin/redirects#not-found");
    // A week with nothing linked sends nothing.
    const later = new Date(now.getTime() + 14 * 86_400_000);
    expect(await sendNotFoundDigest(later)).toBe(true);
    expect(await handle.db.$count(notifications, eq(notifications.kind, "not-found-digest"))).toBe(before + 1);
  });

  it("names each ISO week once", () => {
    expect(isoWeek(at("2026-11-29T23:00:00Z"))).toBe("2026-W48");
    expect(isoWeek(at("2026-11-30T00:00:00Z"))).toBe("2026-W49");
    expect(isoWeek(at("2027-01-01T12:00:00Z"))).toBe("2026-W53");
  });
});
