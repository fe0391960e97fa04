// The in-memory page cache in front of Next (host/html-documents.ts, docs/decisions/0011), on a
// real HTTP server with a stand-in for Next's handler that answers like Next does for cached pages.
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import vm from "node:vm";
import { AFTER_PAINT_LOADER, FONT_SEEN_KEY } from "../host/after-paint-loader.ts";
import { createDocumentLayer, loadScriptsAfterPaint, type DocumentLayer } from "../host/html-documents.ts";

/** Next's chunk tags, as it writes them. */
const CHUNK_TAGS = {
  preload: '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/entry.js"/>',
  scripts: '<script src="/_next/static/chunks/runtime.js" async=""></script><script src="/_next/static/chunks/react.js" async=""></script>',
  entry: '<script src="/_next/static/chunks/entry.js" async=""></script>',
};
const PUBLIC = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";

/** What the stand-in for Next answers: the page's version is part of its bytes and its ETag. */
let version = 1;
let calls: string[] = [];
/** Per path: extra response headers, or a status, to play the cases Next can produce. */
let overrides: Record<string, { status?: number; headers?: Record<string, string>; extra?: string; head?: string }> = {};
/** Set by a test to run code inside a request, as a Server Action would. */
let onAction: (() => Promise<void>) | null = null;
/** Set by a test to hold Next's next answer back (its bytes already read) until it resolves. */
let hold: Promise<void> | null = null;
let clock = 1_000_000;
let warnings: Record<string, unknown>[] = [];
/** Per render: its path and whether it entered before the latest invalidation. */
let staleRenders: string[] = [];
/** What the layer is given as the site's server-error page (null: none to be had). */
let errorPage: Buffer | null = null;

function page(url: string, extra = "", head = "") {
  // Large enough to be gzipped, with an inline script to hash (one of Next's RSC payload pushes) and Next's chunk tags.
  return `<!DOCTYPE html><html><head>${head}${CHUNK_TAGS.preload}${CHUNK_TAGS.scripts}</head><body><h1>${url} v${version}</h1>${extra}<script>${flight(version)}</script>${"<p>padding</p>".repeat(200)}${CHUNK_TAGS.entry}</body></html>`;
}
const flight = (n: number) => `self.__next_f.push([1,"v${n}"])`;

async function fakeNext(req: http.IncomingMessage, res: http.ServerResponse) {
  calls.push(`${req.method} ${req.url}${req.headers.rsc ? " rsc" : ""}`);
  if (req.method === "POST") {
    await onAction?.();
    res.setHeader("Content-Type", "text/x-component");
    res.end("ok");
    return;
  }
  const url = req.url ?? "/";
  const path = url.split("?")[0] ?? url;
  const override = overrides[url] ?? overrides[path] ?? {};
  const body = req.headers.rsc ? "rsc payload" : page(req.url ?? "/", override.extra, override.head);
  const held = hold;
  hold = null;
  await held;
  // What Next's cache handler would be told as it stores this render.
  staleRenders.push(`${url} ${layer.enteredBeforeInvalidation()}`);
  res.statusCode = override.status ?? 200;
  res.setHeader("Content-Type", req.headers.rsc ? "text/x-component" : "text/html; charset=utf-8");
  res.setHeader("Cache-Control", req.url?.includes("tag=") ? "private, no-cache, no-store, max-age=0, must-revalidate" : PUBLIC);
  res.setHeader("Vary", "rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch");
  if (!req.url?.includes("tag=")) {
    res.setHeader("x-nextjs-cache", "HIT");
    res.setHeader("ETag", `"${path.length}-v${version}"`);
  }
  for (const [name, value] of Object.entries(override.headers ?? {})) res.setHeader(name, String(value));
  // Next writes in pieces.
  res.write(body.slice(0, 100));
  await new Promise((resolve) => setTimeout(resolve, 1));
  res.end(body.slice(100));
}

let layer: DocumentLayer;
let server: http.Server;
let base: string;

beforeEach(async () => {
  version = 1;
  calls = [];
  overrides = {};
  onAction = null;
  hold = null;
  clock = 1_000_000;
  warnings = [];
  staleRenders = [];
  errorPage = null;
  layer = createDocumentLayer({
    handle: fakeNext,
    maxEntries: 3,
    now: () => clock,
    warn: (line) => warnings.push(line),
    serverErrorDocument: () => Promise.resolve(errorPage),
  });
  server = http.createServer((req, res) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    void layer.handleRequest(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** A raw GET (fetch would decompress and hide the encoding). */
function get(path: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        let body = Buffer.concat(chunks);
        if (res.headers["content-encoding"] === "gzip") body = zlib.gunzipSync(body);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: body.toString("utf8") });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

const nextCalls = (path: string) => calls.filter((c) => c === `GET ${path}`).length;

describe("pages that declare their status (src/lib/page-status.ts)", () => {
  const forbidden = '<meta name="page-status" content="403"/>';
  const notFound = '<meta name="page-status" content="404"/>';

  it("the dashboard's Access Denied is sent as 403 with the same page; the mark on a public page, in the body or as escaped text stays 200", async () => {
    const denied = { head: forbidden, extra: "<main><h1>Access Denied</h1></main>" };
    overrides = { "/admin": denied, "/admin/leads": denied, "/blog/a": { head: forbidden } };
    const refused = await get("/admin");
    expect(refused.status).toBe(403);
    expect(refused.body).toContain("Access Denied");
    expect(refused.headers["content-security-policy"]).toMatch(/script-src/);
    expect((await get("/admin/leads?q=x")).status).toBe(403);
    expect((await get("/blog/a")).status).toBe(200);
    overrides = { "/admin": { extra: forbidden } };
    expect((await get("/admin")).status).toBe(200);
    overrides = { "/admin": { extra: "<p>&lt;meta name=&quot;page-status&quot; content=&quot;403&quot;/&gt;</p>" } };
    expect((await get("/admin")).status).toBe(200);
    expect((await get("/admin/overview")).status).toBe(200);
  });

  it("a page rendered as the 404 page is sent as 404, anywhere, and is not kept in the page cache", async () => {
    overrides = { "/no-such-page": { head: notFound } };
    const first = await get("/no-such-page");
    expect(first.status).toBe(404);
    expect((await get("/no-such-page")).status).toBe(404);
    expect(nextCalls("/no-such-page")).toBe(2);
  });
});

describe("a page that fails to render", () => {
  const sitePage =
    '<!DOCTYPE html><html><head><meta name="page-status" content="500"/></head><body><header>Site</header><h1>Something went wrong on our side</h1><footer>Footer</footer><script>self.__next_f.push([1,"e"])</script></body></html>';

  it("is answered with the site's server-error page and the 500 status, for GET and HEAD, never stored", async () => {
    errorPage = Buffer.from(sitePage);
    overrides = { "/blog/broken": { status: 500 } };
    const failed = await get("/blog/broken");
    expect(failed.status).toBe(500);
    expect(failed.body).toBe(sitePage);
    expect(failed.headers.etag).toBeUndefined();
    expect(failed.headers["cache-control"]).toMatch(/no-store/);
    // Its own inline script is allowed by hash, as any document's.
    expect(failed.headers["content-security-policy"]).toContain(`'sha256-${createHash("sha256").update('self.__next_f.push([1,"e"])').digest("base64")}'`);
    const head = await get("/blog/broken", {}, "HEAD");
    expect([head.status, head.body]).toEqual([500, ""]);
    await get("/blog/broken");
    expect(nextCalls("/blog/broken")).toBe(2);
  });

  it("keeps Next's answer when no server-error page can be had, for other methods, and for the server-error page itself", async () => {
    overrides = { "/blog/broken": { status: 500 }, "/server-error": { status: 500 } };
    expect((await get("/blog/broken")).body).toContain("<h1>/blog/broken v1</h1>");
    errorPage = Buffer.from(sitePage);
    expect((await get("/server-error")).body).toContain("<h1>/server-error v1</h1>");
    expect((await get("/blog/fine")).body).toContain("<h1>/blog/fine v1</h1>");
  });
});

describe("page cache in front of Next", () => {
  it("answers a cached public page from memory: same bytes, same policy, gzip or not", async () => {
    const first = await get("/about", { "accept-encoding": "gzip" });
    const second = await get("/about", { "accept-encoding": "gzip" });
    const plain = await get("/about");
    expect(nextCalls("/about")).toBe(1);
    expect(layer.stats.hits).toBe(2);
    expect(second.body).toBe(first.body);
    expect(plain.body).toBe(first.body);
    expect(second.headers["content-encoding"]).toBe("gzip");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(Number(plain.headers["content-length"])).toBe(Buffer.byteLength(first.body));
    for (const answer of [second, plain]) {
      expect(answer.headers["content-security-policy"]).toBe(first.headers["content-security-policy"]);
      expect(answer.headers["content-security-policy"]).toMatch(/script-src 'self' 'sha256-/);
      expect(answer.headers["cache-control"]).toBe(PUBLIC);
      expect(answer.headers.etag).toBe(first.headers.etag);
      expect(answer.headers["x-nextjs-cache"]).toBe("HIT");
      expect(answer.headers["x-content-type-options"]).toBe("nosniff");
      expect(answer.headers.vary).toMatch(/rsc.*Accept-Encoding/);
    }
  });

  it("is emptied by a revalidation: the next request reaches Next and shows the change", async () => {
    await get("/");
    await get("/");
    version = 2;
    expect((await get("/")).body).toContain("v1"); // still cached: nothing revalidated yet
    layer.invalidate();
    expect((await get("/")).body).toContain("/ v2");
    expect((await get("/")).body).toContain("/ v2");
    expect(nextCalls("/")).toBe(2);
  });

  it("while switched off (its invalidation channel down, ADR 0032) answers nothing from memory and stores nothing", async () => {
    await get("/");
    await get("/");
    expect(nextCalls("/")).toBe(1);
    layer.setEnabled(false);
    version = 2;
    expect((await get("/")).body).toContain("/ v2");
    version = 3;
    expect((await get("/")).body).toContain("/ v3");
    expect(nextCalls("/")).toBe(3);
    layer.setEnabled(true);
    await get("/");
    version = 4;
    expect((await get("/")).body).toContain("/ v3"); // on again: cached again
    expect(nextCalls("/")).toBe(4);
  });

  it("keeps no page read from Next before a revalidating request has ended (Next applies it then)", async () => {
    await get("/case-studies");
    let releaseAction!: () => void;
    let releaseSlowRead!: () => void;
    let readDuringAction!: Promise<string>;
    let slowRead!: Promise<string>;
    onAction = async () => {
      layer.invalidate();
      // Next has not applied the revalidation yet: it still serves the old pages, to a read that
      // ends while the action runs and to one (of another page) that ends after it.
      readDuringAction = get("/case-studies").then((r) => r.body);
      await readDuringAction;
      hold = new Promise<void>((resolve) => (releaseSlowRead = resolve));
      slowRead = get("/").then((r) => r.body);
      await new Promise((resolve) => setTimeout(resolve, 20));
      await new Promise<void>((resolve) => (releaseAction = resolve));
    };
    const action = get("/admin", {}, "POST");
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await readDuringAction).toContain("v1");
    version = 2; // the revalidation is applied as the action's answer goes out
    releaseAction();
    await action;
    releaseSlowRead();
    expect(await slowRead).toContain("/ v1");
    expect((await get("/case-studies")).body).toContain("v2");
    expect((await get("/")).body).toContain("/ v2");
    expect(layer.stats.invalidations).toBe(1);
  });

  it("tells Next's cache that a render which entered before an invalidation is not to be stored", async () => {
    let release!: () => void;
    hold = new Promise<void>((resolve) => (release = resolve));
    const slow = get("/case-studies");
    await new Promise((resolve) => setTimeout(resolve, 20));
    layer.invalidate(); // an edit elsewhere, while this render is still reading
    release();
    await slow;
    await get("/case-studies");
    expect(staleRenders).toEqual(["/case-studies true", "/case-studies false"]);
    expect(layer.enteredBeforeInvalidation()).toBe(false); // outside any request
  });

  it("never answers RSC, prefetch, router-state, draft or non-GET requests from the cache", async () => {
    await get("/blog");
    await get("/blog");
    expect(nextCalls("/blog")).toBe(1);
    const rsc = await get("/blog", { rsc: "1" });
    expect(rsc.body).toBe("rsc payload");
    await get("/blog", { "next-router-prefetch": "1" });
    await get("/blog", { "next-router-state-tree": "%5B%5D" });
    await get("/blog", { cookie: "a=1; __prerender_bypass=xyz" });
    expect(calls.filter((c) => c.startsWith("GET /blog")).length).toBe(5);
    // An ordinary cookie (a signed-in admin) does not change a public page: still cached.
    await get("/blog", { cookie: "better-auth.session_token=abc" });
    expect(calls.filter((c) => c.startsWith("GET /blog")).length).toBe(5);
  });

  it("keeps query strings apart and never stores a filtered view", async () => {
    await get("/blog");
    const filtered1 = await get("/blog?tag=seo");
    const filtered2 = await get("/blog?tag=seo");
    expect(filtered1.body).toContain("/blog?tag=seo");
    expect(filtered2.headers["x-nextjs-cache"]).toBeUndefined();
    expect(nextCalls("/blog?tag=seo")).toBe(2);
    const utm = await get("/blog?utm_source=x");
    expect(utm.body).toContain("/blog?utm_source=x");
    expect((await get("/blog")).body).toContain("<h1>/blog v1");
    expect(nextCalls("/blog")).toBe(1);
  });

  it("stores only 200 HTML from Next's page cache with a public s-maxage and no cookie", async () => {
    overrides = {
      "/a": { headers: { "Set-Cookie": "x=1" } },
      "/b": { headers: { "x-nextjs-cache": "STALE" } },
      "/c": { headers: { "Cache-Control": "private, no-store" } },
      "/d": { status: 404 },
      "/e": { headers: { "Content-Type": "application/xml" } },
      "/f": { headers: { "Cache-Control": "public, max-age=0" } },
    };
    for (const path of Object.keys(overrides)) {
      await get(path);
      await get(path);
      expect(nextCalls(path), path).toBe(2);
    }
    expect(layer.size.entries).toBe(0);
  });

  it("answers If-None-Match with 304 and HEAD without a body", async () => {
    const first = await get("/terms");
    const revalidated = await get("/terms", { "if-none-match": first.headers.etag as string });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body).toBe("");
    expect(revalidated.headers["content-security-policy"]).toBeUndefined();
    expect(revalidated.headers.etag).toBe(first.headers.etag);
    const head = await get("/terms", {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body).toBe("");
    expect(Number(head.headers["content-length"])).toBe(Buffer.byteLength(first.body));
    expect(nextCalls("/terms")).toBe(1);
    expect(revalidated.headers.vary).toMatch(/rsc.*Accept-Encoding/);
  });

  it("keeps a page no longer than its s-maxage, and no more pages than its bound", async () => {
    await get("/x");
    clock += 59_000;
    await get("/x");
    expect(nextCalls("/x")).toBe(1);
    clock += 2_000;
    await get("/x");
    expect(nextCalls("/x")).toBe(2);
    for (const path of ["/p1", "/p2", "/p3", "/p4"]) await get(path);
    expect(layer.size.entries).toBe(3);
    await get("/x"); // the oldest, pushed out
    expect(nextCalls("/x")).toBe(3);
  });
});

describe("the policy of each document (ADR 0021)", () => {
  it("leaves a script the app did not emit out of the policy and logs it with the request id, once per computed policy", async () => {
    const injected = "alert(document.cookie)";
    overrides = { "/blog/post": { extra: `<div id="article-body"><script>${injected}</script></div>` } };
    const fresh = await get("/blog/post", { "x-request-id": "req-inject-1" });
    const cached = await get("/blog/post", { "x-request-id": "req-inject-2" });
    expect(cached.headers["x-nextjs-cache"]).toBe("HIT");
    expect(layer.stats.hits).toBe(1);
    const hash = `'sha256-${createHash("sha256").update(injected, "utf8").digest("base64")}'`;
    for (const answer of [fresh, cached]) {
      expect(answer.body).toContain(injected);
      expect(answer.headers["content-security-policy"]).not.toContain(hash);
      expect(answer.headers["content-security-policy"]).toContain(`'sha256-${createHash("sha256").update(flight(1), "utf8").digest("base64")}'`);
    }
    expect(warnings).toHaveLength(1);
    const line = warnings[0] as { msg: string; requestId: string; path: string; count: number; scripts: { hash: string; start: string }[] };
    expect(line).toMatchObject({ msg: expect.stringContaining("outside the allow-list"), requestId: "req-inject-1", path: "/blog/post", count: 1 });
    expect(line.scripts[0]).toMatchObject({ hash, start: injected });
    // Our own documents log nothing.
    await get("/about");
    expect(warnings).toHaveLength(1);
  });
});

describe("Next's scripts start after the first paint (ADR 0019)", () => {
  const loaderOf = (html: string) => /<script data-after-paint="([^"]*)"[^>]*>([\s\S]*?)<\/script>/.exec(html);

  it("takes the async chunk tags and their preload out and lists them, in order, on one loader at the end of <body>", () => {
    const html = loadScriptsAfterPaint(page("/x"));
    expect(html).not.toMatch(/<script src=/);
    expect(html).not.toMatch(/rel="preload"/);
    const loader = loaderOf(html);
    expect(loader?.[1]).toBe("/_next/static/chunks/runtime.js /_next/static/chunks/react.js /_next/static/chunks/entry.js");
    expect(html.endsWith(`${loader?.[0]}</body></html>`)).toBe(true);
    // Painted in the brand font's fallback until the loader runs (ADR 0027).
    expect(html).toMatch(/^(<!DOCTYPE html>)?<html[^>]* data-fonts-after-paint>/i);
    // Everything else is as Next wrote it.
    expect(html).toContain(`<script>${flight(1)}</script>`);
    expect(html).toContain("<h1>/x v1</h1>");
  });

  it("moves them on every public page and on the live pages sent no-store (the booking page), never on the dashboard's or the sign-in pages", async () => {
    const noStore = { headers: { "Cache-Control": "private, no-cache, no-store, max-age=0, must-revalidate" } };
    overrides = { "/book": noStore, "/admin/leads": noStore, "/auth": noStore };
    const loaded = async (path: string) => loaderOf((await get(path)).body) !== null;
    expect(await loaded("/about")).toBe(true);
    expect(await loaded("/book")).toBe(true);
    expect(await loaded("/book?tz=Europe%2FLondon&day=2026-12-01")).toBe(true);
    expect(await loaded("/admin/leads")).toBe(false);
    expect(await loaded("/auth")).toBe(false);
    // The live page is still sent as Next said: never stored.
    expect((await get("/book")).headers["cache-control"]).toMatch(/no-store/);
  });

  it("leaves a document without async chunks, and any other script or preload, untouched", () => {
    const plain =
      '<html><head><link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/other.js"/></head><body><script src="/_next/static/chunks/poly.js" noModule=""></script><script type="application/ld+json">{}</script></body></html>';
    expect(loadScriptsAfterPaint(plain)).toBe(plain);
    const mixed = loadScriptsAfterPaint(plain.replace("</body>", `${CHUNK_TAGS.entry}</body>`));
    expect(mixed).toContain('href="/_next/static/chunks/other.js"');
    expect(mixed).toContain('src="/_next/static/chunks/poly.js" noModule=""');
  });

  it("leaves Next's client-rendered error documents as they are: their body is empty until the scripts run", () => {
    const error = `<!DOCTYPE html><html id="__next_error__"><head>${CHUNK_TAGS.scripts}</head><body><div hidden=""></div>${CHUNK_TAGS.entry}</body></html>`;
    expect(loadScriptsAfterPaint(error)).toBe(error);
  });

  it("lists a script Next repeats only once", () => {
    const html = loadScriptsAfterPaint(`<html><body>${CHUNK_TAGS.entry}${CHUNK_TAGS.entry}</body></html>`);
    expect(loaderOf(html)?.[1]).toBe("/_next/static/chunks/entry.js");
  });

  it("reads Next's tags by their attributes: any order, any spelling of async, extra integrity, crossorigin and nonce", () => {
    const variants = {
      reordered: '<script async="" src="/_next/static/chunks/a.js"></script><script async src="/_next/static/chunks/b.js"></script>',
      spelled: "<SCRIPT SRC='/_next/static/chunks/a.js' ASYNC=async></SCRIPT><script\n  src=/_next/static/chunks/b.js\n  async\n></script>",
      integrity:
        '<script src="/_next/static/chunks/a.js" integrity="sha384-AAA" crossorigin="anonymous" async=""></script><script crossorigin="anonymous" async="" integrity="sha384-BBB" src="/_next/static/chunks/b.js"></script>',
      nonce:
        '<script nonce="abc123" src="/_next/static/chunks/a.js" async=""></script><script src="/_next/static/chunks/b.js" async="" nonce="abc123"></script>',
    };
    const preload = '<link fetchPriority="low" href="/_next/static/chunks/b.js" as="script" rel="preload"/>';
    for (const [name, tags] of Object.entries(variants)) {
      const html = loadScriptsAfterPaint(`<!DOCTYPE html><html><head>${preload}${tags}</head><body><h1>x</h1></body></html>`);
      const loader = loaderOf(html);
      expect(loader?.[1], name).toBe("/_next/static/chunks/a.js /_next/static/chunks/b.js");
      expect(html, name).not.toMatch(/<script[^>]*\ssrc=/i);
      expect(html, name).not.toContain("preload");
      expect(html.endsWith(`${loader?.[0]}</body></html>`), name).toBe(true);
    }
    const withIntegrity = loaderOf(loadScriptsAfterPaint(`<html><head>${variants.integrity}</head><body></body></html>`))?.[0];
    expect(withIntegrity).toContain('data-integrity="sha384-AAA sha384-BBB"');
    expect(withIntegrity).toContain('data-crossorigin="anonymous"');
    expect(loaderOf(loadScriptsAfterPaint(`<html><head>${variants.nonce}</head><body></body></html>`))?.[0]).toContain('nonce="abc123"');
  });

  it("leaves the document as Next wrote it when a chunk tag carries something the loader would not reproduce", () => {
    for (const odd of [
      'type="module"',
      'referrerpolicy="no-referrer"',
      'data-x=""',
      'defer=""',
      'integrity="sha256-A sha384-B"',
      'nonce="other"',
      'crossorigin="use-credentials"',
    ]) {
      const html = `<html><head><script src="/_next/static/chunks/a.js" async="" ${odd}></script>${CHUNK_TAGS.scripts}</head><body></body></html>`;
      expect(loadScriptsAfterPaint(html), odd).toBe(html);
    }
    const error = `<!DOCTYPE html><html lang="en" id="__next_error__"><head>${CHUNK_TAGS.scripts}</head><body></body></html>`;
    expect(loadScriptsAfterPaint(error)).toBe(error);
  });

  it("the loader adds only the build's own chunks, whatever list an injected copy of it carries", () => {
    const appended: { src: string; integrity?: string; crossOrigin?: string; nonce?: string }[] = [];
    const attributes: Record<string, string> = {
      "data-after-paint":
        "/_next/static/chunks/a.js /api/media/x.js /_next/static/../../api/media/x.js /_next/static/chunks/%2e%2e/x.js https://evil.example/_next/static/x.js //evil.example/_next/static/x.js /_next/static/chunks/b.js?dpl=1",
      "data-integrity": "sha384-A",
    };
    const removed: string[] = [];
    const document = {
      currentScript: { getAttribute: (name: string) => attributes[name] ?? null, nonce: "" },
      documentElement: { removeAttribute: (name: string) => removed.push(name) },
      visibilityState: "hidden",
      createElement: () => ({}),
      head: { appendChild: (script: { src: string }) => appended.push(script) },
    };
    const timers: (() => void)[] = [];
    vm.runInNewContext(AFTER_PAINT_LOADER, { document, setTimeout: (fn: () => void) => timers.push(fn), PerformanceObserver: undefined });
    for (const timer of timers) timer();
    expect(appended.map((s) => s.src)).toEqual(["/_next/static/chunks/a.js", "/_next/static/chunks/b.js?dpl=1"]);
    expect(appended[0]?.integrity).toBe("sha384-A");
    expect(removed).toEqual(["data-fonts-after-paint"]);
    console.log(`After-paint loader: ${appended.length} of 7 listed sources added (the others are not the build's chunks)`);
  });

  it("the loader lets the brand font into a page only when an earlier page fetched it, and once it has arrived", async () => {
    // The switch of typeface restyles and lays out every line of the page: a page painted without the
    // font keeps its fallback and only fetches the font for the next page (docs/decisions/0120); a
    // later page switches once, with the font in hand (docs/decisions/0113).
    const BRAND = ' "brandFont", Inter Fallback, ui-sans-serif, system-ui, sans-serif';
    type Storage = "empty" | "seen" | "blocked";
    async function run(outcome: "arrives" | "fails" | "no font API", storage: Storage) {
      const removed: string[] = [];
      const requested: string[] = [];
      const stored = new Map<string, string>(storage === "seen" ? [[FONT_SEEN_KEY, "1"]] : []);
      const blocked = () => {
        throw new Error("SecurityError: storage is disabled");
      };
      const localStorage =
        storage === "blocked"
          ? { getItem: blocked, setItem: blocked }
          : { getItem: (key: string) => stored.get(key) ?? null, setItem: (key: string, value: string) => void stored.set(key, value) };
      let settle: (ok: boolean) => void = () => {};
      const fonts = {
        load: (font: string) => {
          requested.push(font);
          return new Promise((resolve, reject) => (settle = (ok) => (ok ? resolve([]) : reject(new Error("network")))));
        },
      };
      const document = {
        currentScript: { getAttribute: () => null, nonce: "" },
        documentElement: { removeAttribute: (name: string) => removed.push(name) },
        defaultView: { localStorage, getComputedStyle: () => ({ getPropertyValue: (name: string) => (name === "--font-brand" ? BRAND : "") }) },
        ...(outcome === "no font API" ? {} : { fonts }),
        visibilityState: "hidden",
        createElement: () => ({}),
        head: { appendChild: () => {} },
      };
      const timers: (() => void)[] = [];
      vm.runInNewContext(AFTER_PAINT_LOADER, { document, setTimeout: (fn: () => void) => timers.push(fn), PerformanceObserver: undefined });
      for (const timer of timers) timer();
      const beforeArrival = [...removed];
      settle(outcome === "arrives");
      await new Promise((resolve) => setImmediate(resolve));
      return { requested, beforeArrival, removed, seen: stored.get(FONT_SEEN_KEY) };
    }
    // A first visit: the font is fetched after the paint and noted, and the page keeps its fallback.
    const first = await run("arrives", "empty");
    expect(first.requested).toEqual([`1em ${BRAND}`]);
    expect(first.removed).toEqual([]);
    expect(first.seen).toBe("1");
    const firstFails = await run("fails", "empty");
    expect(firstFails.removed).toEqual([]);
    expect(firstFails.seen).toBeUndefined();
    // A later page: switched to once the font is in hand, not before.
    const later = await run("arrives", "seen");
    expect(later.requested).toEqual([`1em ${BRAND}`]);
    expect(later.beforeArrival).toEqual([]);
    expect(later.removed).toEqual(["data-fonts-after-paint"]);
    // A font that fails to come leaves the fallback, which is what the page already shows.
    expect((await run("fails", "seen")).removed).toEqual([]);
    // Storage refused (a privacy mode): every page is a first visit, and nothing throws.
    const blocked = await run("arrives", "blocked");
    expect(blocked.requested).toEqual([`1em ${BRAND}`]);
    expect(blocked.removed).toEqual([]);
    // A browser without the font loading API switches at once, as before (the font swaps in on arrival).
    expect((await run("no font API", "empty")).removed).toEqual(["data-fonts-after-paint"]);
  });

  it("serves the rewritten document, from Next and from the cache, with the loader's hash in its policy", async () => {
    for (const answer of [await get("/about"), await get("/about", { "accept-encoding": "gzip" })]) {
      const loader = loaderOf(answer.body);
      expect(loader).not.toBeNull();
      const hash = createHash("sha256")
        .update(loader?.[2] ?? "", "utf8")
        .digest("base64");
      expect(answer.headers["content-security-policy"]).toContain(`'sha256-${hash}'`);
      expect(answer.body).not.toMatch(/<script src=/);
    }
    expect(nextCalls("/about")).toBe(1);
  });

  it("keeps Next's tags on pages that are not public (the admin, sign-in, filtered views)", async () => {
    const answer = await get("/blog?tag=seo");
    expect(answer.headers["cache-control"]).toMatch(/private/);
    expect(answer.body).toContain(CHUNK_TAGS.entry);
    expect(loaderOf(answer.body)).toBeNull();
  });
});

// The consent bar's choice without JavaScript (docs/decisions/0051): where measurement is
// configured, a visitor's stored choice marks <html data-consent>, which hides the bar by CSS.
describe("the stored consent choice (ADR 0051)", () => {
  const BAR = '<section id="cookie-consent" aria-label="Cookie consent">…</section>';
  const htmlTag = (body: string) => /<html[^>]*>/.exec(body)?.[0];
  const withMeasurement = () => {
    layer = createDocumentLayer({ handle: fakeNext, maxEntries: 10, now: () => clock, warn: (line) => warnings.push(line), measurement: { ga4: "G-TEST123" } });
  };

  it("marks the page for a visitor who chose, as its own cached variant with its own ETag", async () => {
    withMeasurement();
    overrides["/contact"] = { extra: BAR };
    const fresh = await get("/contact");
    const denied = await get("/contact", { cookie: "theme=dark; consent=denied" });
    const granted = await get("/contact", { cookie: "consent=granted" });
    expect(htmlTag(fresh.body)).toBe("<html data-fonts-after-paint>");
    expect(htmlTag(denied.body)).toBe('<html data-fonts-after-paint data-consent="denied">');
    expect(htmlTag(granted.body)).toBe('<html data-fonts-after-paint data-consent="granted">');
    expect([fresh.headers.etag, denied.headers.etag, granted.headers.etag]).toEqual(['"8-v1"', '"8-v1-consent-denied"', '"8-v1-consent-granted"']);
    // The mark changes no script: the same policy.
    expect(denied.headers["content-security-policy"]).toBe(fresh.headers["content-security-policy"]);
    expect(nextCalls("/contact")).toBe(3);
    // Each variant is answered from memory from now on, and revalidated by its own ETag only.
    const again = await get("/contact", { cookie: "consent=denied", "accept-encoding": "gzip" });
    expect(again.headers["x-nextjs-cache"]).toBe("HIT");
    expect(again.body).toBe(denied.body);
    expect((await get("/contact", { cookie: "consent=denied", "if-none-match": '"8-v1-consent-denied"' })).status).toBe(304);
    expect((await get("/contact", { cookie: "consent=denied", "if-none-match": '"8-v1"' })).status).toBe(200);
    expect((await get("/contact", { "if-none-match": '"8-v1-consent-denied"' })).status).toBe(200);
    expect(htmlTag((await get("/contact", { cookie: "consent=maybe" })).body)).toBe("<html data-fonts-after-paint>");
    expect(nextCalls("/contact")).toBe(3);
  });

  it("leaves pages without the bar, and every page where no measurement is configured, as they were", async () => {
    withMeasurement();
    const plain = await get("/about", { cookie: "consent=denied" });
    expect(htmlTag(plain.body)).toBe("<html data-fonts-after-paint>");
    layer = createDocumentLayer({ handle: fakeNext, maxEntries: 10, now: () => clock, warn: (line) => warnings.push(line), measurement: {} });
    overrides["/contact"] = { extra: BAR };
    const first = await get("/contact");
    const chosen = await get("/contact", { cookie: "consent=denied" });
    expect(chosen.body).toBe(first.body);
    expect(chosen.headers.etag).toBe(first.headers.etag);
    expect(chosen.headers["x-nextjs-cache"]).toBe("HIT");
    expect(nextCalls("/contact")).toBe(1);
  });

  it("marks pages that are not cached as well (a filtered blog view)", async () => {
    withMeasurement();
    overrides["/blog"] = { extra: BAR };
    const answer = await get("/blog?tag=seo", { cookie: "consent=granted" });
    expect(htmlTag(answer.body)).toBe('<html data-consent="granted">');
  });
});
