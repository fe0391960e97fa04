import { createHash } from "node:crypto";
import { Parser } from "htmlparser2";
import { expect, test } from "@playwright/test";
import { sampleBlogPosts } from "../src/content/sample-blog-posts";
import { LIVE_PAGES } from "../src/lib/public-routes";
import { PUBLIC_ROUTES } from "./routes";

// The document layer rewrites Next's markup on public pages (host/html-documents.ts, ADR 0019):
// its chunk tags and their preload go, the after-paint loader comes. The rewrite reads Next's tags;
// if a Next upgrade changes them so that the rewrite no longer recognises them, the document keeps
// Next's tags silently. This spec reads what the real build serves on every public route and fails
// then: no <script src> but the nomodule polyfill, no script preload, and one loader, with its exact
// text (allowed by the page's policy) and a list of the build's chunks that all answer.

const article = sampleBlogPosts.find((p) => p.published)!;
// The live pages (the booking page, sent no-store) are rewritten too.
const ROUTES = [...PUBLIC_ROUTES.map((r) => r.path), ...LIVE_PAGES.map((p) => p.path), `/blog/${article.slug}`];

interface Tag {
  name: string;
  attribs: Record<string, string>;
  text: string;
}

/** The document's <script> and <link> elements, read with an HTML tokenizer. */
function tagsOf(html: string): Tag[] {
  const tags: Tag[] = [];
  let open: { tag: Tag; from: number } | null = null;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (name === "link") tags.push({ name, attribs, text: "" });
        if (name === "script") open = { tag: { name, attribs, text: "" }, from: parser.endIndex + 1 };
      },
      onclosetag(name) {
        if (name !== "script" || !open) return;
        open.tag.text = html.slice(open.from, parser.startIndex);
        tags.push(open.tag);
        open = null;
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return tags;
}

test("every public route carries the after-paint loader and none of Next's chunk tags or script preloads", async ({ request }) => {
  test.setTimeout(120_000);
  // Imported as the server imports it (a native ES module), not through Playwright's transform.
  const { AFTER_PAINT_LOADER } = (await import("../host/after-paint-loader.ts")) as typeof import("../host/after-paint-loader.ts");
  const loaderHash = `'sha256-${createHash("sha256").update(AFTER_PAINT_LOADER, "utf8").digest("base64")}'`;
  const chunks = new Set<string>();
  for (const path of ROUTES) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const tags = tagsOf(await response.text());
    const leftOver = tags.filter((t) => t.name === "script" && t.attribs.src !== undefined && t.attribs.nomodule === undefined);
    expect(
      leftOver.map((t) => t.attribs),
      `${path}: Next's chunk tags are still in the document: the after-paint rewrite no longer recognises Next's markup`,
    ).toEqual([]);
    const preloads = tags.filter((t) => t.name === "link" && /\bpreload\b/i.test(t.attribs.rel ?? "") && t.attribs.as === "script");
    expect(
      preloads.map((t) => t.attribs),
      `${path}: a script preload is still in the document`,
    ).toEqual([]);
    const loaders = tags.filter((t) => t.name === "script" && t.attribs["data-after-paint"] !== undefined);
    expect(loaders, `${path}: one after-paint loader`).toHaveLength(1);
    expect(loaders[0]!.text, `${path}: the loader's text`).toBe(AFTER_PAINT_LOADER);
    const sources = loaders[0]!.attribs["data-after-paint"]!.split(" ");
    expect(sources.length, path).toBeGreaterThan(0);
    for (const src of sources) {
      expect(src, path).toMatch(/^\/_next\/static\/[\w\-./~]+\.js$/);
      chunks.add(src);
    }
    expect(response.headers()["content-security-policy"], `${path}: the policy allows the loader`).toContain(loaderHash);
  }
  for (const src of chunks) {
    const response = await request.get(src);
    expect(response.status(), src).toBe(200);
    expect(response.headers()["content-type"], src).toMatch(/javascript/);
  }
  console.log(
    `After-paint markup: ${ROUTES.length} public routes, each with the loader and 0 chunk tags or script preloads; ${chunks.size} distinct chunks listed, all served`,
  );
});
