import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { setUpTestDatabase } from "./helpers/test-db";
import { setUpJobQueue } from "./helpers/job-queue";

// The link checker (docs/decisions/0098): on a fixture site of its own (a sitemap and three pages),
// the check reports exactly the broken internal link, the missing image, the internal link that
// redirects (with the address to use instead), the external link that does not answer in time, and
// the link to a private address, which is never requested. Its run and findings are stored, the
// screen's report groups them per page with the post's writing room, and only the content desk may
// ask for a check. On PGlite, and on PostgreSQL with DATABASE_URL.
const requestHeaders = new Headers({ host: "localhost:3999", origin: "http://localhost:3999" });
const actor = vi.hoisted(() => ({ id: "editor-1", email: "ana@test.example", name: "Ana", emailVerified: true, role: "editor" }));
vi.mock("next/headers", () => ({ headers: async () => requestHeaders }));
vi.mock("next/cache", () => ({ revalidatePath: () => {}, refresh: () => {} }));
vi.mock("@/server/kernel/session/auth-guard", () => {
  class AccessDeniedError extends Error {
    constructor(readonly reason: string) {
      super("denied");
    }
  }
  return {
    AccessDeniedError,
    requireRole: async (roles: readonly string[]) => {
      if (!roles.includes(actor.role)) throw new AccessDeniedError("denied");
      return actor;
    },
  };
});

const handle = setUpTestDatabase();
setUpJobQueue();
const { checkSite, extractLinks } = await import("@/server/seo/link-checker");
const { requestLinkCheck, runLinkCheck, latestLinkCheck, findingsOf, linkCheckTick } = await import("@/server/seo/data/link-checks");
const { checkLinksAction } = await import("@/server/seo/link-check-actions");
const { resolveTarget } = await import("@/server/kernel/net/address");
const { LinkCheckSection } = await import("@/components/admin/link-check-section");
const { activityEvents, blogPosts, linkCheckRuns } = await import("@/server/kernel/db/schema");

const listen = (server: http.Server) => new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)));

// A server that takes the connection and never answers: the external link that times out.
const slowRequests: string[] = [];
const slow = http.createServer((req) => void slowRequests.push(req.url ?? ""));
// A server on a private (loopback) address: the checker must never reach it.
const trapRequests: string[] = [];
const trap = http.createServer((req, res) => {
  trapRequests.push(req.url ?? "");
  res.end("secret");
});
const siteRequests: string[] = [];
let site: http.Server;
let origin = "";
let slowPort = 0;
/** Adds a moved page to the sitemap and a link that leaves the site through a redirect. */
let withMoved = false;
let trapPort = 0;

function page(main: string, header = '<header><a href="/">Home</a> <a href="/about">About us</a></header>'): string {
  return `<!doctype html><html><head><title>t</title></head><body>${header}<main>${main}</main><footer><a href="/privacy">Privacy</a></footer></body></html>`;
}

beforeAll(async () => {
  slowPort = await listen(slow);
  trapPort = await listen(trap);
  site = http.createServer((req, res) => {
    const url = req.url ?? "/";
    siteRequests.push(`${req.method} ${url}`);
    const html = (body: string) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end(body);
    };
    if (url === "/sitemap.xml") {
      res.writeHead(200, { "content-type": "application/xml" });
      res.end(
        `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` +
          ["/", "/about", "/blog/first-post", "/privacy", ...(withMoved ? ["/moved"] : [])].map((p) => `<url><loc>${origin}${p}</loc></url>`).join("") +
          `</urlset>`,
      );
    } else if (url === "/") {
      html(
        page(
          `<h1>Welcome</h1><p>Read <a href="/blog/first-post#intro">our first post</a> and <a href="mailto:hi@example.com">write</a>.</p>` +
            `<img src="/images/team.png" alt="The team"><a href="/admin">Dashboard</a><a href="#top">Top</a>`,
        ),
      );
    } else if (url === "/moved") {
      res.writeHead(308, { location: "/about" });
      res.end();
    } else if (url === "/go-out") {
      res.writeHead(302, { location: "https://partner.example/welcome" });
      res.end();
    } else if (url === "/privacy" && withMoved) {
      html(page(`<h1>Privacy</h1><a href="/go-out">our partner</a>`));
    } else if (url === "/about" || url === "/privacy") {
      html(page(`<h1>About</h1><img src="/images/team.png" alt="The team again">`));
    } else if (url === "/blog/first-post") {
      html(
        page(
          `<article><h1>First post</h1>` +
            `<p>See <a href="/services/seo-audit">our audit</a>, <a href="/old-pricing">the prices</a>,` +
            ` <a href="http://slow.test:${slowPort}/report">the slow report</a> and <a href="http://127.0.0.1:${trapPort}/internal">the intranet</a>.</p>` +
            `<img src="/images/missing-chart.png" alt="Growth chart"></article>`,
        ),
      );
    } else if (url === "/images/team.png") {
      res.writeHead(200, { "content-type": "image/png" });
      res.end(Buffer.alloc(64));
    } else if (url === "/old-pricing") {
      res.writeHead(301, { location: `${origin}/pricing` });
      res.end();
    } else if (url === "/pricing") {
      html(page("<h1>Pricing</h1>"));
    } else {
      res.writeHead(404, { "content-type": "text/html" });
      res.end(page("<h1>Not found</h1>"));
    }
  });
  origin = `http://127.0.0.1:${await listen(site)}`;
});

afterAll(async () => {
  for (const server of [site, slow, trap]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** The fixture's settings: external checks on, pointed at the slow server by name, the trap left to the address rules. */
const settings = () => ({
  siteUrl: origin,
  fetchOrigin: origin,
  external: true,
  timeoutMs: 300,
  perHostIntervalMs: 0,
  resolve: async (host: string) => (host === "slow.test" ? [{ address: "127.0.0.1", family: 4 }] : resolveTarget(host, { allowPrivate: false })),
});

const EXPECTED = [
  { page: "/blog/first-post", url: "/services/seo-audit", element: "a", label: "our audit", inMain: true, problem: "broken", status: 404, target: null },
  { page: "/blog/first-post", url: "/old-pricing", element: "a", label: "the prices", inMain: true, problem: "redirect", status: 301, target: "/pricing" },
  {
    page: "/blog/first-post",
    url: `http://slow.test:${0}/report`,
    element: "a",
    label: "the slow report",
    inMain: true,
    problem: "unreachable",
    status: null,
    target: null,
  },
  {
    page: "/blog/first-post",
    url: `http://127.0.0.1:${0}/internal`,
    element: "a",
    label: "the intranet",
    inMain: true,
    problem: "refused",
    status: null,
    target: null,
  },
  {
    page: "/blog/first-post",
    url: "/images/missing-chart.png",
    element: "img",
    label: "Growth chart",
    inMain: true,
    problem: "missing-image",
    status: 404,
    target: null,
  },
];
const expected = () =>
  EXPECTED.map((f) => ({ ...f, url: f.url.replace("slow.test:0", `slow.test:${slowPort}`).replace("127.0.0.1:0", `127.0.0.1:${trapPort}`) }));
const shape = (f: {
  page: string;
  url: string;
  element: string;
  label: string;
  inMain: boolean;
  problem: string;
  status: number | null;
  target: string | null;
}) => ({
  page: f.page,
  url: f.url,
  element: f.element,
  label: f.label,
  inMain: f.inMain,
  problem: f.problem,
  status: f.status,
  target: f.target,
});
const byUrl = (a: { url: string }, b: { url: string }) => a.url.localeCompare(b.url);

describe("the page's links", () => {
  it("finds every <a href> and <img src> with its text or alt, and whether it is in <main> or an article", () => {
    const links = extractLinks(
      `<nav><a href="/a">  One\n two </a><a href="/logo" aria-label="Home"><img src="/logo.svg" alt="Logo"></a></nav><main><p><a href="/b">B</a></p></main><article><img src="/c.png" alt="C"></article>`,
    );
    expect(links).toEqual([
      { element: "a", href: "/a", label: "One two", inMain: false },
      { element: "a", href: "/logo", label: "Home", inMain: false },
      { element: "img", href: "/logo.svg", label: "Logo", inMain: false },
      { element: "a", href: "/b", label: "B", inMain: true },
      { element: "img", href: "/c.png", label: "C", inMain: true },
    ]);
  });
});

describe("the check of a site", () => {
  it("reports exactly the broken link, the missing image, the redirect, the timeout and the refused address", async () => {
    siteRequests.length = 0;
    const result = await checkSite(settings());
    expect(result.pages).toBe(4);
    expect(result.findings.map(shape).sort(byUrl)).toEqual(expected().sort(byUrl));
    expect(result.findings.find((f) => f.problem === "refused")!.detail).toMatch(/refused: 127\.0\.0\.1 resolves to .*loopback/);
    // The private address was never asked; the slow server was asked once, and no longer than the limit.
    expect(trapRequests).toEqual([]);
    expect(slowRequests).toEqual(["/report"]);
    // Each address once: the image on three pages was asked once, the dashboard not at all.
    expect(siteRequests.filter((r) => r === "GET /images/team.png")).toHaveLength(1);
    expect(siteRequests.some((r) => r.includes("/admin"))).toBe(false);
  });

  it("asks no other site when external checks are off", async () => {
    slowRequests.length = 0;
    const result = await checkSite({ ...settings(), external: false });
    expect(result.findings.map((f) => f.problem).sort()).toEqual(["broken", "missing-image", "redirect"]);
    expect(slowRequests).toEqual([]);
    expect(trapRequests).toEqual([]);
  });
});

describe("redirects met on the way", () => {
  it("follows a moved sitemap page to its end once, and names another site a redirect leads to", async () => {
    withMoved = true;
    siteRequests.length = 0;
    try {
      const result = await checkSite({ ...settings(), external: false });
      const moved = result.findings.filter((f) => f.page !== "/blog/first-post").map(shape);
      expect(moved.sort(byUrl)).toEqual([
        {
          page: "/privacy",
          url: "/go-out",
          element: "a",
          label: "our partner",
          inMain: true,
          problem: "redirect",
          status: 302,
          target: "https://partner.example/welcome",
        },
        { page: "/sitemap.xml", url: "/moved", element: "a", label: "", inMain: false, problem: "redirect", status: 308, target: "/about" },
      ]);
      expect(siteRequests.filter((r) => r === "GET /moved")).toHaveLength(1);
    } finally {
      withMoved = false;
    }
  });
});

describe("the runs", () => {
  it("asked five times at once, queues one run and one job", async () => {
    await handle.db.delete(linkCheckRuns);
    const asked = await Promise.all(["a", "b", "c", "d", "e"].map((who) => handle.db.transaction((tx) => requestLinkCheck(tx, `editor-${who}`))));
    expect(asked.filter((a) => a.queued)).toHaveLength(1);
    expect(new Set(asked.map((a) => a.runId)).size).toBe(1);
    expect(await handle.db.select().from(linkCheckRuns)).toHaveLength(1);
    await handle.db.delete(linkCheckRuns);
  });

  it("stores a run's findings and counts, grouped per page on the screen with the post's writing room", async () => {
    const [post] = await handle.db.insert(blogPosts).values({ title: "First post", slug: "first-post", content: "<p>x</p>", published: true }).returning();
    const asked = await handle.db.transaction((tx) => requestLinkCheck(tx, null));
    expect(asked.queued).toBe(true);
    // Asked again while it waits: the same run, nothing queued twice.
    const again = await handle.db.transaction((tx) => requestLinkCheck(tx, "editor-1"));
    expect(again).toEqual({ queued: false, runId: asked.runId, status: "queued" });
    expect(await runLinkCheck(asked.runId, settings())).toBe(true);
    const [run] = await handle.db.select().from(linkCheckRuns).where(eq(linkCheckRuns.id, asked.runId));
    expect(run).toMatchObject({ status: "done", pages: 4, findings: 5 });
    expect(run!.finishedAt).not.toBeNull();
    expect((await findingsOf(asked.runId)).map(shape).sort(byUrl)).toEqual(expected().sort(byUrl));
    const report = await latestLinkCheck();
    expect(report.pending).toBeNull();
    expect(report.last!.id).toBe(asked.runId);
    expect(report.pages.map((p) => [p.page, p.editHref, p.findings.length])).toEqual([["/blog/first-post", `/admin/posts/${post!.id}/edit`, 5]]);
    // The screen's section: the page's findings, the writing room, the address to use instead, and the button.
    const html = renderToStaticMarkup(createElement(LinkCheckSection, { report }));
    expect(html).toContain(`href="/admin/posts/${post!.id}/edit"`);
    expect(html).toContain("link straight to /pricing");
    expect(html).toContain("Growth chart");
    expect(html).toContain("Check links now");
    expect(html).toContain("4 pages, 10 addresses, 5 findings");
    // The run is over: running it again does nothing.
    expect(await runLinkCheck(asked.runId, settings())).toBe(false);
  });

  it("records a failed run when the sitemap cannot be read", async () => {
    const asked = await handle.db.transaction((tx) => requestLinkCheck(tx, null));
    // This site's own server does not answer within its limit.
    await runLinkCheck(asked.runId, { ...settings(), fetchOrigin: `http://127.0.0.1:${slowPort}`, ownTimeoutMs: 200 });
    const [run] = await handle.db.select().from(linkCheckRuns).where(eq(linkCheckRuns.id, asked.runId));
    expect(run).toMatchObject({ status: "failed", error: "no answer within 0.2 s" });
    // The last check that ended is the one the screen shows, failed, with no findings.
    expect((await latestLinkCheck()).last).toMatchObject({ id: asked.runId, status: "failed" });
  });
});

describe("the daily check", () => {
  it("queues one check at 3 at night in the site's zone, none on the next tick, and none at any other hour (a start ticks every job)", async () => {
    await handle.db.delete(linkCheckRuns);
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(new Date("2026-11-30T10:00:00Z")); // 15:30 in India
      await linkCheckTick.run();
      expect(await handle.db.select().from(linkCheckRuns)).toEqual([]);
      vi.setSystemTime(new Date("2026-11-30T21:30:00Z")); // 03:00 in India
      await linkCheckTick.run();
      await linkCheckTick.run();
    } finally {
      vi.useRealTimers();
    }
    const runs = await handle.db.select().from(linkCheckRuns);
    expect(runs.map((r) => [r.status, r.requestedBy])).toEqual([["queued", null]]);
  });
});

describe("Check links now", () => {
  it("queues a check for the content desk and records who asked", async () => {
    actor.role = "editor";
    const answer = await checkLinksAction({ status: "idle" }, new FormData());
    expect(answer.status).toBe("success");
    const pending = await handle.db.select().from(linkCheckRuns).where(eq(linkCheckRuns.status, "queued"));
    expect(pending).toHaveLength(1);
    expect(pending[0]!.requestedBy).toBe("editor-1");
    const rows = await handle.db.select().from(activityEvents).where(eq(activityEvents.action, "links.check"));
    expect(rows).toHaveLength(1);
  });

  it("refuses sales and changes nothing", async () => {
    actor.role = "sales";
    const before = await handle.db.select().from(linkCheckRuns);
    const answer = await checkLinksAction({ status: "idle" }, new FormData());
    expect(answer.status).toBe("refused");
    expect(await handle.db.select().from(linkCheckRuns)).toEqual(before);
    actor.role = "editor";
  });
});
