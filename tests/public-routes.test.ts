import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { serviceSlugs } from "@/content/services";
import { ARTICLE_PATTERN, CASE_STUDY_PATTERN, LIVE_PAGES, PUBLIC_PAGES } from "@/lib/public-routes";
import { COMPANY_LINKS, LEGAL_LINKS, MAIN_NAV } from "@/lib/routes";

// The one table of public pages (src/lib/public-routes.ts) that next.config, the sitemap, the e2e
// route list and the benchmark read: it must name every page the app serves, and nothing else.

const SITE = path.join(process.cwd(), "src", "app", "[locale]", "(site)");
/**
 * Pages under the public segment that are not public addresses of their own (rendered for another
 * address, per link, or as the answer of the footer's sign-up form; none is indexed).
 */
const NOT_ADDRESSES = new Set([
  "/blog-search",
  "/free-audit-package",
  "/preview/[token]",
  "/newsletter",
  "/newsletter/sent",
  "/newsletter/confirm/[token]",
  "/newsletter/preferences/[token]",
  "/book/manage/[token]",
  "/proposal/[token]",
  "/[...missing]",
  "/server-error",
]);

function pagePaths(folder: string, prefix = ""): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    if (entry.isFile() && entry.name === "page.tsx") found.push(prefix || "/");
    if (entry.isDirectory()) found.push(...pagePaths(path.join(folder, entry.name), `${prefix}/${entry.name}`));
  }
  return found;
}

describe("the public pages' table", () => {
  const paths = [...PUBLIC_PAGES, ...LIVE_PAGES].map((page) => page.path);

  it("names every page the app serves publicly, each service by its slug, and no address twice", () => {
    const served = pagePaths(SITE).filter((p) => !NOT_ADDRESSES.has(p));
    const expected = served.flatMap((p) =>
      p === "/services/[slug]" ? serviceSlugs.map((slug) => `/services/${slug}`) : p === "/blog/[slug]" || p === "/case-studies/[slug]" ? [] : [p],
    );
    expect([...paths].sort()).toEqual([...expected].sort());
    expect(new Set(paths).size).toBe(paths.length);
    expect(served).toContain("/blog/[slug]");
    expect(ARTICLE_PATTERN).toBe("/blog/:slug");
    expect(served).toContain("/case-studies/[slug]");
    expect(CASE_STUDY_PATTERN).toBe("/case-studies/:slug");
  });

  it("holds every address the navigation, the footer and the legal links point at", () => {
    for (const link of [...MAIN_NAV, ...COMPANY_LINKS, ...LEGAL_LINKS]) expect(paths, link.href).toContain(link.href);
    expect(
      PUBLIC_PAGES.filter((page) => page.kind === "legal")
        .map((page) => page.path)
        .sort(),
    ).toEqual(LEGAL_LINKS.map((l) => l.href).sort());
  });
});
