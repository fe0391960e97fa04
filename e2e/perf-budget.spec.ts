import { expect, test, type Page } from "@playwright/test";
import { sampleBlogPosts } from "../src/content/sample-blog-posts";
import { untilHydrated } from "./fixtures";
import { PUBLIC_ROUTES } from "./routes";
import { COMPILE_HINT } from "../host/compile-hints";

/**
 * JavaScript weight per public route (docs/decisions/0009): the compressed bytes of every script the browser
 * receives on a first load (Chromium, fresh context, encoded body sizes, until the page has
 * hydrated and the network is quiet), against the budget "framework floor + 25 KB of ours".
 *
 * The framework floor is measured in the same run: the scripts that the HTML of a page of this
 * build lists before any component of ours can ask for more, i.e. the `<script src>` tags of the
 * 404 document (Turbopack's runtime, React, React DOM, Next's app router and client entry). The
 * browser skips the `nomodule` polyfill chunk, so it is not counted. Measured here (Next 16.4,
 * React 19.3, the server's gzip): 129.2 KB. Everything loaded on top of it counts as ours, including
 * framework pieces that load only because we use them (next/link's client code and the nested
 * layout router: about 7.3 KB): stricter than counting from an empty Next.js page, which
 * shipped 147 KB with such pieces. FLOOR_CEILING_KB catches the framework itself growing (an
 * upgrade): then re-measure and move it on purpose.
 *
 * Every public page carries the shared site chrome (active navigation link, mobile menu that closes
 * on Escape and on a link, floating buttons after 300 px of scroll, first/last-touch attribution
 * for the forms): 12.9 KB above the floor, of which 5.9 KB is our code. Pages with no
 * interaction of their own must load no script beyond the chrome's, i.e. exactly those of /about.
 */
const FLOOR_CEILING_KB = 140;
const OURS_BUDGET_KB = 25;
/** The shared chrome, measured as /about minus the floor (12.9 KB; 9.5 KB more before the icon library and tailwind-merge out of it). */
const CHROME_BUDGET_KB = 15;

/** Routes whose own content has client-side behaviour: forms, the blog's instant search, share buttons. */
const INTERACTIVE = new Set(["/free-audit", "/contact", "/blog", "blog-article"]);

const article = sampleBlogPosts.find((p) => p.published)!;
const ROUTES = [...PUBLIC_ROUTES.map((r) => ({ path: r.path, kind: r.path })), { path: `/blog/${article.slug}`, kind: "blog-article" }];

interface Weight {
  bytes: number;
  scripts: Set<string>;
  /** Bytes of the scripts the document itself lists (module scripts only). */
  documentBytes: number;
}

/** Compressed bytes of every script response during a first load, until the network is quiet. */
async function scriptWeight(page: Page, path: string, status = 200): Promise<Weight> {
  const sizes: Promise<{ url: string; bytes: number }>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    sizes.push(
      response
        .request()
        .sizes()
        .then((s) => ({ url: new URL(response.url()).pathname, bytes: s.responseBodySize })),
    );
  });
  // Quiet = no request in flight and none started or ended for 500 ms. Playwright's "networkidle"
  // is not enough on its own: on public pages the scripts start after the first paint (ADR 0019),
  // which may come later than 500 ms after the document on a busy machine.
  let inFlight = 0;
  let lastActivity = Date.now();
  page.on("request", () => {
    inFlight++;
    lastActivity = Date.now();
  });
  const ended = () => {
    inFlight--;
    lastActivity = Date.now();
  };
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  const response = await page.goto(path, { waitUntil: "networkidle" });
  expect(response?.status()).toBe(status);
  await untilHydrated(page);
  while (inFlight > 0 || Date.now() - lastActivity < 500) await page.waitForTimeout(100);
  const all = await Promise.all(sizes);
  // From the HTML as served: the `<script src>` tags and the after-paint loader's list (ADR 0019).
  // Once running, the chunk loader adds its own <script> elements: those are not listed.
  const html = (await response?.text()) ?? "";
  const tagged = [...html.matchAll(/<script\b[^>]*>/g)]
    .map((m) => m[0])
    .filter((tag) => !/\bnoModule\b|\bnomodule\b/.test(tag))
    .map((tag) => /\ssrc="([^"]+)"/.exec(tag)?.[1])
    .filter((src): src is string => Boolean(src));
  const afterPaint = /<script data-after-paint="([^"]+)"/.exec(html)?.[1]?.split(" ") ?? [];
  const listed = [...tagged, ...afterPaint].map((src) => new URL(src, "http://x").pathname);
  for (const s of all) {
    // Same-origin only (no third-party requests) and compressed by the server.
    expect(s.url.startsWith("/_next/static/"), `${s.url} is not one of our hashed assets`).toBe(true);
  }
  return {
    bytes: all.reduce((sum, s) => sum + s.bytes, 0),
    scripts: new Set(all.map((s) => s.url)),
    documentBytes: all.filter((s) => listed.includes(s.url)).reduce((sum, s) => sum + s.bytes, 0),
  };
}

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

test.describe("JavaScript weight on first load (compressed)", () => {
  // Each test gets a fresh browser context (Playwright's default): nothing is cached.
  let floor: number;
  let chrome: Weight;

  test.beforeAll(async ({ browser }) => {
    // A fresh context for each measurement, so that no script comes from the browser's cache.
    const measure = async (path: string, status?: number) => {
      const context = await browser.newContext();
      try {
        return await scriptWeight(await context.newPage(), path, status);
      } finally {
        await context.close();
      }
    };
    // A path under /auth that no page serves: the root not-found document, with no component of ours that asks for script.
    floor = (await measure("/auth/no-such-page-for-the-js-floor", 404)).documentBytes;
    chrome = await measure("/about");
  });

  test("the framework floor is what it was measured to be", () => {
    expect(kb(floor), `framework floor ${kb(floor)} KB`).toBeLessThanOrEqual(FLOOR_CEILING_KB);
    expect(kb(chrome.bytes - floor), `shared chrome ${kb(chrome.bytes - floor)} KB`).toBeLessThanOrEqual(CHROME_BUDGET_KB);
  });

  for (const route of ROUTES) {
    test(`${route.path} stays within floor + ${OURS_BUDGET_KB} KB`, async ({ page }) => {
      const weight = await scriptWeight(page, route.path);
      const ours = weight.bytes - floor;
      test.info().annotations.push({ type: "js", description: `${kb(weight.bytes)} KB total, ${kb(ours)} KB ours` });
      expect(kb(ours), `${route.path}: ${kb(weight.bytes)} KB of JavaScript, ${kb(ours)} KB above the floor`).toBeLessThanOrEqual(OURS_BUDGET_KB);
      if (!INTERACTIVE.has(route.kind)) {
        const extra = [...weight.scripts].filter((s) => !chrome.scripts.has(s));
        expect(extra, `${route.path} loads scripts beyond the shared chrome`).toEqual([]);
      }
    });
  }
});

/**
 * The public pages draw their icons on the server (src/components/ui/icons.tsx, docs/decisions/0070):
 * no icon's code may reach the browser. A client component that imports an icon, or a module that
 * does (a card with a clock), would ship the icon set with it: /blog once carried all 36 that way.
 * Every lucide icon component is made by lucide's createLucideIcon, whose code carries the message
 * "iconNode is required": a chunk with an icon component in it holds that text.
 */
/*
 * And every one of them starts with V8's compile hint (host/compile-hints.ts, docs/decisions/0118):
 * the build step that adds it runs outside Next's build, so a way of building that forgot it would
 * otherwise go unseen, the pages working as before with their longest task back.
 */
test("no public page ships icon code to the browser, and each of its scripts starts with the compile hint", async ({ request }) => {
  const bodies = new Map<string, Promise<string>>();
  for (const route of ROUTES) {
    const html = await (await request.get(route.path)).text();
    const chunks = [...new Set([...html.matchAll(/\/_next\/static\/chunks\/[\w.~-]+\.js/g)].map((m) => m[0]))];
    expect(chunks.length, `${route.path} lists its scripts`).toBeGreaterThan(0);
    for (const chunk of chunks) {
      if (!bodies.has(chunk))
        bodies.set(
          chunk,
          request.get(chunk).then((r) => r.text()),
        );
      const body = await bodies.get(chunk)!;
      expect(body.length, `${chunk} was served`).toBeGreaterThan(0);
      expect(body.includes("iconNode is required"), `${route.path} ships icon code in ${chunk}`).toBe(false);
      expect(body.startsWith(COMPILE_HINT), `${chunk} starts with the compile hint`).toBe(true);
    }
  }
});

test.describe("Next's scripts start after the first paint (ADR 0019)", () => {
  for (const path of ["/", "/terms", "/contact", `/blog/${article.slug}`]) {
    test(`${path}: no script is requested before the first contentful paint, and the page still runs`, async ({ page }) => {
      await page.goto(path);
      // React has hydrated the page (the site's LiveMarker).
      await untilHydrated(page);
      const { fcp, scripts } = await page.evaluate(() => ({
        fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
        scripts: performance
          .getEntriesByType("resource")
          .filter((e) => (e as PerformanceResourceTiming).initiatorType === "script" || e.name.endsWith(".js"))
          .map((e) => ({ name: new URL(e.name).pathname, start: e.startTime })),
      }));
      expect(fcp, "the page painted").not.toBeNull();
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts) expect(script.start, `${script.name} requested before the first paint`).toBeGreaterThanOrEqual(fcp!);
    });
  }
});
