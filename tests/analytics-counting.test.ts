import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { useSocketAddress } from "../host/client-address.ts";
import { classifyRequest, countedStatus, isBotAgent, isPagePath, pageViewOf, type CountedRequest, type PageViewRecord } from "@/server/analytics/page-view";
import { createPageViewQueue, type PageViewSink } from "@/server/analytics/page-view-queue";
import { saltUsable, oldestUsableSaltDay, visitorDigest, visitorIdFrom } from "@/server/analytics/visitor-id";
import { setPageViewSink } from "@/server/kernel/bridge";

// What the server counts as a public page view, and how the host queues it (docs/decisions/0056).
// No database here: the storage, the visitor ids and the rollup are in analytics-storage.test.ts.

const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";

const page = (url: string, headers: Record<string, string> = {}, method = "GET"): CountedRequest => ({
  method,
  url,
  headers: {
    host: "kineticgrowth.in",
    accept: "text/html,application/xhtml+xml,*/*;q=0.8",
    "user-agent": CHROME,
    "x-forwarded-for": "203.0.113.9",
    ...headers,
  },
});
const reason = (req: CountedRequest) => {
  const verdict = classifyRequest(req);
  return verdict.count ? "count" : verdict.reason;
};

describe("what counts as a page view", () => {
  it("counts a browser's document request of a public page, and a client-side navigation", () => {
    expect(reason(page("/"))).toBe("count");
    expect(reason(page("/blog/some-post?utm_source=x"))).toBe("count");
    expect(reason(page("/services/seo-optimization?_rsc=abc", { accept: "*/*", rsc: "1" }))).toBe("count");
  });

  it("does not count other methods, non-page paths, files or non-documents", () => {
    expect(reason(page("/", {}, "HEAD"))).toBe("method");
    expect(reason(page("/", {}, "POST"))).toBe("method");
    for (const path of [
      "/admin",
      "/admin/leads",
      "/api/health",
      "/auth",
      "/auth/two-factor",
      "/_next/static/chunks/a.js",
      "/favicon.ico",
      "/robots.txt",
      "/sitemap.xml",
    ]) {
      expect(reason(page(path)), path).toBe("path");
    }
    expect(isPagePath("/administration")).toBe(true);
    // A proposal's page: its address is the link's token, which no page view may store.
    expect(reason(page("/proposal/Q2hlY2tzdW1zIGFyZSBub3QgdG9rZW5zLCB0aGlzIGlzIGE"))).toBe("path");
    expect(isPagePath("/proposals-we-love")).toBe(true);
    expect(reason(page("/", { accept: "image/avif,image/webp,*/*" }))).toBe("not-a-document");
  });

  it("does not count prefetches", () => {
    expect(reason(page("/about", { purpose: "prefetch" }))).toBe("prefetch");
    expect(reason(page("/about", { "sec-purpose": "prefetch;prerender" }))).toBe("prefetch");
    expect(reason(page("/about?_rsc=1", { rsc: "1", "next-router-prefetch": "1", accept: "*/*" }))).toBe("prefetch");
    expect(reason(page("/about?_rsc=1", { rsc: "1", "next-router-segment-prefetch": "/_tree", accept: "*/*" }))).toBe("prefetch");
  });

  it("does not count signed-in staff, nor a visitor who sent Sec-GPC or DNT", () => {
    expect(reason(page("/", { cookie: "consent=granted; kg.session_token=abc.def" }))).toBe("staff");
    expect(reason(page("/", { cookie: "__Secure-kg.session_token=abc" }))).toBe("staff");
    expect(reason(page("/", { cookie: "consent=granted" }))).toBe("count");
    expect(reason(page("/", { "sec-gpc": "1" }))).toBe("opted-out");
    expect(reason(page("/", { dnt: "1" }))).toBe("opted-out");
    expect(reason(page("/", { dnt: "0" }))).toBe("count");
  });

  it("does not count bots, headless browsers, HTTP libraries or an agent without a name", () => {
    for (const ua of [
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0 Safari/537.36",
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
      "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
      "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/109.0 Mobile Safari/537.36 Chrome-Lighthouse",
      "curl/8.5.0",
      "python-requests/2.31",
      "WhatsApp/2.23.20.0",
      "",
    ]) {
      expect(isBotAgent(ua), ua).toBe(true);
      expect(reason(page("/", { "user-agent": ua })), ua).toBe("bot");
    }
    expect(isBotAgent(CHROME)).toBe(false);
    expect(isBotAgent(IPHONE)).toBe(false);
  });

  it("counts 200 and 304 answers only", () => {
    expect([200, 304, 301, 404, 500].map(countedStatus)).toEqual([true, true, false, false, false]);
  });

  it("keeps the path, the referring host, the UTM values, the device class, the browser family and the country, never the address or agent", () => {
    const view = pageViewOf(
      page("/blog/post/?utm_source=Newsletter&utm_medium=email&utm_campaign=spring&fbclid=zzz", {
        referer: "https://www.google.com/search?q=growth",
        "user-agent": IPHONE,
        "cf-ipcountry": "in",
      }),
      { ownHosts: new Set(["kineticgrowth.in"]), countryHeader: "cf-ipcountry" },
      new Date("2026-03-05T10:00:00Z"),
    )!;
    expect(view).toMatchObject({
      path: "/blog/post",
      referrerHost: "www.google.com",
      internal: false,
      utmSource: "Newsletter",
      utmMedium: "email",
      utmCampaign: "spring",
      device: "mobile",
      browser: "Safari",
      country: "IN",
    });
    expect(view.digest).toBe(visitorDigest("kineticgrowth.in", "203.0.113.9", IPHONE));
    expect(JSON.stringify(view)).not.toContain("203.0.113.9");
    expect(JSON.stringify(view)).not.toContain("iPhone");
    // Our own site as the referrer: a navigation inside it, no source.
    const inside = pageViewOf(page("/about", { referer: "https://kineticgrowth.in/" }), { ownHosts: new Set(["kineticgrowth.in"]) })!;
    expect(inside).toMatchObject({ internal: true, referrerHost: null, country: null, device: "desktop", browser: "Chrome" });
    // Cloudflare's XX (unknown) and T1 (Tor) are no country.
    for (const code of ["XX", "T1", "India"]) {
      expect(pageViewOf(page("/", { "cf-ipcountry": code }), { ownHosts: new Set(), countryHeader: "cf-ipcountry" })!.country).toBeNull();
    }
  });
});

describe("the visitor id's pieces", () => {
  it("a salt is usable until its day is over plus the grace; the digest alone is not the id", () => {
    expect(saltUsable("2026-03-05", new Date("2026-03-05T23:59:59Z"))).toBe(true);
    expect(saltUsable("2026-03-05", new Date("2026-03-06T00:04:59Z"))).toBe(true);
    expect(saltUsable("2026-03-05", new Date("2026-03-06T00:05:00Z"))).toBe(false);
    expect(oldestUsableSaltDay(new Date("2026-03-06T00:04:00Z"))).toBe("2026-03-05");
    expect(oldestUsableSaltDay(new Date("2026-03-06T00:06:00Z"))).toBe("2026-03-06");
    const digest = visitorDigest("kineticgrowth.in", "203.0.113.9", CHROME);
    const a = visitorIdFrom("11".repeat(32), digest);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(a).not.toBe(digest);
    expect(visitorIdFrom("11".repeat(32), digest)).toBe(a);
    expect(visitorIdFrom("22".repeat(32), digest)).not.toBe(a);
  });
});

const view = (n: number): PageViewRecord => ({
  at: new Date(),
  path: `/p${n}`,
  digest: "0".repeat(64),
  referrerHost: null,
  internal: false,
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
  device: "desktop",
  browser: "Chrome",
  country: null,
});
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("the host's queue", () => {
  it("writes as soon as a batch is full, in batches of at most batchSize", async () => {
    const batches: number[] = [];
    const queue = createPageViewQueue({ capacity: 100, batchSize: 3, intervalMs: 60_000, sink: () => async (b) => void batches.push(b.length) });
    for (let i = 0; i < 2; i++) queue.push(view(i));
    await tick();
    expect(batches).toEqual([]); // fewer than a batch: waits for the timer
    for (let i = 2; i < 7; i++) queue.push(view(i));
    await tick();
    await queue.flush();
    expect(batches).toEqual([3, 3, 1]);
    expect(queue.stats()).toMatchObject({ queued: 0, written: 7, dropped: 0 });
  });

  it("writes what waits every interval, and on stop", async () => {
    const written: string[] = [];
    const queue = createPageViewQueue({ capacity: 100, batchSize: 500, intervalMs: 20, sink: () => async (b) => void written.push(...b.map((v) => v.path)) });
    queue.start();
    queue.push(view(1));
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(written).toEqual(["/p1"]);
    queue.push(view(2));
    await queue.stop();
    expect(written).toEqual(["/p1", "/p2"]);
  });

  it("drops and counts what does not fit; a failed write goes back to the queue; without a writer page views wait", async () => {
    let sink: PageViewSink | undefined;
    const failures: number[] = [];
    const queue = createPageViewQueue({
      capacity: 3,
      batchSize: 10,
      intervalMs: 60_000,
      sink: () => sink,
      onFailure: (_e, t) => failures.push(t.failedWrites),
    });
    expect([1, 2, 3, 4].map((n) => queue.push(view(n)))).toEqual([true, true, true, false]);
    await queue.flush();
    expect(queue.stats()).toMatchObject({ queued: 3, dropped: 1 });
    sink = async () => {
      throw new Error("database down");
    };
    await queue.flush();
    expect(failures).toEqual([1]);
    expect(queue.stats()).toMatchObject({ queued: 3, written: 0, dropped: 1, failedWrites: 1 });
    const got: string[] = [];
    sink = async (b) => void got.push(...b.map((v) => v.path));
    await queue.flush();
    expect(got).toEqual(["/p1", "/p2", "/p3"]);
  });
});

describe("the host counts after the answer", () => {
  it("queues a public page's 200 with no address in it, and not a bot's, a 404 or an API call", async () => {
    const { countPageView, pageViews } = await import("../host/analytics.ts");
    const got: PageViewRecord[] = [];
    setPageViewSink(async (batch) => void got.push(...batch));
    const server = http.createServer((req, res) => {
      useSocketAddress(req, false);
      countPageView(req, res);
      res.statusCode = req.url === "/missing" ? 404 : 200;
      res.setHeader("Content-Type", "text/html");
      res.end("<!doctype html><title>x</title>");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const get = (path: string, headers: Record<string, string> = {}) =>
        fetch(`${base}${path}`, { headers: { accept: "text/html", "user-agent": CHROME, ...headers } }).then((r) => r.text());
      await get("/pricing?utm_campaign=launch", { "x-forwarded-for": "198.51.100.1" });
      await get("/missing");
      await get("/api/health");
      await get("/", { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" });
      await pageViews.flush();
      expect(got.map((v) => [v.path, v.utmCampaign])).toEqual([["/pricing", "launch"]]);
      // The address is the socket's (the client's own X-Forwarded-For is replaced), and only in the digest.
      expect(got[0]!.digest).toBe(visitorDigest(new URL(base).host, "127.0.0.1", CHROME));
      expect(JSON.stringify(got)).not.toContain("127.0.0.1");
    } finally {
      setPageViewSink(undefined);
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
