import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type BrowserContext } from "../fixtures";
import type { DocumentLayer } from "../../host/html-documents.ts";
import { sampleBlogPosts } from "../../src/content/sample-blog-posts";

// The policy refuses inline scripts the app did not emit (docs/decisions/0021). Real documents the
// build serves (the home page, an article, the admin dashboard as a signed-in admin, and a filtered
// blog view, which is private) get a <script> added at several places; each goes through the
// document layer that computes the policy (host/html-documents.ts, in this process, in front of
// a stand-in for Next that answers with that document and the real page's headers) and is loaded in
// Chromium under the policy it produced, at the real server's address so that Next's own chunks
// load as they do in production. The added script must not run, Chromium must report a violation,
// and the layer must log it with the request's id; the unmodified documents must run (React
// hydrates) with 0 violations, as the layer computes their policy and as it answers them from its
// page cache.

test.describe.configure({ mode: "serial" });

const ADMIN = "csp-inject@e2e.test";
const article = sampleBlogPosts.find((p) => p.published)!;

/** Each added script, if it ran, would record its name in window.__injected. */
const mark = (name: string) => `(window.__injected=window.__injected||[]).push(${JSON.stringify(name)})`;
const INJECTIONS: { name: string; apply: (html: string) => string }[] = [
  { name: "head", apply: (html) => html.replace(/<head>/, `<head><script>${mark("head")}</script>`) },
  {
    name: "content",
    // Inside the article's body, or inside <main> on the other documents.
    apply: (html) => {
      const open = /<div id="article-body"[^>]*>/.exec(html) ?? /<main\b[^>]*>/.exec(html);
      if (!open) throw new Error("no article body or <main> in the document");
      const at = open.index + open[0].length;
      return `${html.slice(0, at)}<script>${mark("content")}</script>${html.slice(at)}`;
    },
  },
  { name: "end of body", apply: (html) => beforeBodyEnd(html, `<script>${mark("end of body")}</script>`) },
  { name: "flight push with code as its argument", apply: (html) => beforeBodyEnd(html, `<script>self.__next_f.push(${mark("flight argument")})</script>`) },
  { name: "flight push followed by code", apply: (html) => beforeBodyEnd(html, `<script>self.__next_f.push([1,""]);${mark("flight after")}</script>`) },
];

function beforeBodyEnd(html: string, insert: string) {
  const end = html.lastIndexOf("</body>");
  return `${html.slice(0, end)}${insert}${html.slice(end)}`;
}

interface Source {
  name: string;
  path: string;
  body: string;
  cacheControl: string;
  isPublic: boolean;
}

let context: BrowserContext;
let layer: DocumentLayer;
let standIn: http.Server;
let standInUrl = "";
/** What the stand-in for Next answers, by its path. */
const documents = new Map<string, Source>();
const warnings: Record<string, unknown>[] = [];

test.beforeAll(async ({ signedIn }) => {
  test.setTimeout(120_000);
  // The admin's context: the signed-in fixture closes it when the worker ends.
  context = (await signedIn(ADMIN, { name: "CSP Injection Admin" })).page.context();

  // Next's answer for a stored document, with the real page's Cache-Control, an ETag of its bytes
  // and Next's page-cache header on public pages, so that the layer stores and reuses them as it
  // does Next's.
  // Imported as the server imports it (native ES modules), not through Playwright's transform.
  const { createDocumentLayer } = (await import("../../host/html-documents.ts")) as typeof import("../../host/html-documents.ts");
  layer = createDocumentLayer({
    warn: (line) => warnings.push(line),
    handle: async (req, res) => {
      const source = documents.get(req.url ?? "");
      if (!source) {
        res.statusCode = 404;
        res.end();
        return;
      }
      res.statusCode = 200;
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.setHeader("Cache-Control", source.cacheControl);
      if (source.isPublic) {
        res.setHeader("ETag", `"${createHash("sha1").update(source.body).digest("base64url")}"`);
        res.setHeader("x-nextjs-cache", "MISS");
      }
      res.end(source.body);
    },
  });
  standIn = http.createServer((req, res) => void layer.handleRequest(req, res));
  await new Promise<void>((resolve) => standIn.listen(0, "127.0.0.1", resolve));
  standInUrl = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  standIn?.closeAllConnections();
  await new Promise((resolve) => standIn?.close(resolve));
});

/** A real document as the build serves it (signed in as the admin). */
async function realDocument(name: string, path: string, check: RegExp): Promise<Source> {
  const response = await context.request.get(path);
  expect(response.status(), path).toBe(200);
  const body = await response.text();
  expect(body, path).toMatch(check);
  const cacheControl = response.headers()["cache-control"] ?? "";
  return { name, path, body, cacheControl, isPublic: /\bpublic\b/.test(cacheControl) };
}

/** One answer of the layer for a stand-in path, as the browser would receive it. */
function throughLayer(key: string, requestId: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.get(`${standInUrl}${key}`, { headers: { accept: "text/html", "x-request-id": requestId } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
    });
    req.on("error", reject);
  });
}

interface Load {
  violations: string[];
  injected: string[];
  hydrated: boolean;
  servedFromCache: boolean;
  csp: string;
}

/**
 * Loads a stand-in document in Chromium at the real page's address (plus a marker in the query), the
 * document answered by the layer, everything else by the real server; `reported` is how many
 * violations the document should cause, waited for before they are read.
 */
async function load(source: Source, key: string, requestId: string, reported = 0): Promise<Load> {
  const page = await context.newPage();
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const w = window as unknown as { __csp?: string[] };
      (w.__csp ??= []).push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  let answer: Awaited<ReturnType<typeof throughLayer>> | undefined;
  await page.route(
    (url) => url.searchParams.has("csp-doc"),
    async (route) => {
      if (!route.request().isNavigationRequest()) return route.continue();
      answer = await throughLayer(key, requestId);
      await route.fulfill({
        status: answer.status,
        headers: { "content-type": String(answer.headers["content-type"]), "content-security-policy": String(answer.headers["content-security-policy"]) },
        body: answer.body,
      });
    },
  );
  const separator = source.path.includes("?") ? "&" : "?";
  await page.goto(`${source.path}${separator}csp-doc=${encodeURIComponent(key)}`);
  // React has hydrated the document: hydrated elements carry React's fiber key. It cannot happen
  // without the document's own inline scripts (the RSC payload and Turbopack's bootstrap).
  const hydrated = await page
    .waitForFunction(() => Object.keys(document.body).some((k) => k.startsWith("__reactFiber$")), undefined, { timeout: 20_000 })
    .then(() => true)
    .catch(() => false);
  // The violations an added script causes are reported (Chromium queues the event as it refuses the
  // script, long before React hydrates): read once they are in, not after a guessed delay.
  if (reported)
    await page
      .waitForFunction((count) => ((window as unknown as { __csp?: string[] }).__csp ?? []).length >= count, reported, { timeout: 10_000 })
      .catch(() => undefined);
  const result = await page.evaluate(() => {
    const w = window as unknown as { __csp?: string[]; __injected?: string[] };
    return { violations: w.__csp ?? [], injected: w.__injected ?? [] };
  });
  await page.close();
  return { ...result, hydrated, servedFromCache: answer?.headers["x-nextjs-cache"] === "HIT", csp: String(answer?.headers["content-security-policy"]) };
}

const SOURCES: [string, string, RegExp][] = [
  ["home", "/", /Growth Marketing Agency/],
  ["article", `/blog/${article.slug}`, /id="article-body"/],
  ["admin", "/admin", /aria-label="Dashboard sections"/],
  // Private (no-store, rendered for each request, Next's script tags kept as they are).
  ["filtered blog view", "/blog?tag=seo", /<main\b/],
];

const totals = { loads: 0, violationsUnmodified: 0, cachedLoads: 0, injected: 0, ran: 0, reported: 0, logged: 0 };

for (const [name, path, check] of SOURCES) {
  test(`${name}: the unmodified document runs with 0 violations; a script added anywhere does not run and is reported`, async () => {
    test.setTimeout(180_000);
    const source = await realDocument(name, path, check);
    const slug = name.replace(/\W+/g, "-");

    // Unmodified: as the layer computes its policy, and (public pages) as it answers from its cache.
    documents.set(`/${slug}/original`, source);
    const runs = [await load(source, `/${slug}/original`, `csp-${slug}-fresh`)];
    // The first answer stored the page: the second comes from the layer's page cache.
    if (source.isPublic) runs.push(await load(source, `/${slug}/original`, `csp-${slug}-cached`));
    for (const [i, run] of runs.entries()) {
      totals.violationsUnmodified += run.violations.length;
      expect(run.hydrated, `${name} (${i ? "cached" : "fresh"}) hydrates`).toBe(true);
      expect(run.violations, `${name} (${i ? "cached" : "fresh"})`).toEqual([]);
      expect(run.injected).toEqual([]);
    }
    if (source.isPublic) {
      expect(runs[1]!.servedFromCache, "the second answer comes from the layer's page cache").toBe(true);
      expect(runs[1]!.csp).toBe(runs[0]!.csp);
    }
    totals.loads += runs.length;
    totals.cachedLoads += runs.length - 1;

    // A script the app did not emit, at each place in turn.
    for (const injection of INJECTIONS) {
      const key = `/${slug}/${injection.name.replace(/\W+/g, "-")}`;
      const modified = injection.apply(source.body);
      expect(modified).not.toBe(source.body);
      documents.set(key, { ...source, body: modified });
      const requestId = `csp-${slug}-${injection.name.replace(/\W+/g, "-")}`;
      const before = warnings.length;
      const run = await load(source, key, requestId, 1);
      expect(run.injected, `${name}, ${injection.name}: the added script ran`).toEqual([]);
      expect(run.violations, `${name}, ${injection.name}: one violation, for the inline script`).toEqual([
        expect.stringMatching(/^script-src(-elem)? inline$/),
      ]);
      expect(run.hydrated, `${name}, ${injection.name}: the page's own scripts still run`).toBe(true);
      const logged = warnings.slice(before).map((fields) => fields as { requestId: string; count: number; msg: string });
      expect(logged, `${name}, ${injection.name}: logged once with the request id`).toEqual([expect.objectContaining({ requestId, count: 1 })]);
      totals.injected += 1;
      totals.ran += run.injected.length;
      totals.reported += run.violations.length;
      totals.logged += logged.length;
    }
  });
}

test("figures", () => {
  console.log(
    `CSP injection: ${totals.injected} documents with an added script (${SOURCES.length} real documents x ${INJECTIONS.length} places): ${totals.ran} ran, ${totals.reported} violations reported, ${totals.logged} warnings logged with the request id; unmodified: ${totals.loads} loads (${totals.cachedLoads} from the page cache), ${totals.violationsUnmodified} violations`,
  );
  expect(totals.injected).toBe(SOURCES.length * INJECTIONS.length);
});
