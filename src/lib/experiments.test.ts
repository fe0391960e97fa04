import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { HERO_IMAGES, HOME_SECTIONS, HOME_SECTION_ORDERS, homeSections, pathFitsTarget, targetShownOn } from "./experiments";

// Where an experiment's target shows (the host assigns visitors only there, docs/decisions/0107,
// 0110), and the lists a home variant's image and section order are chosen from.

describe("targetShownOn", () => {
  it("shows the header's call to action on every page, home's hero on home, the free-audit opening on its page", () => {
    for (const page of ["/", "/about", "/services/seo", "/blog/an-article"]) expect(targetShownOn("header-cta", page)).toBe(true);
    expect(targetShownOn("home-hero", "/")).toBe(true);
    expect(targetShownOn("home-hero", "/about")).toBe(false);
    expect(targetShownOn("free-audit-hero", "/free-audit")).toBe(true);
    expect(targetShownOn("free-audit-hero", "/")).toBe(false);
    expect(targetShownOn("free-audit-hero", "/free-audit-package")).toBe(false);
  });

  it("shows a page target's part on the one page the experiment names, and nowhere without one", () => {
    expect(targetShownOn("service-hero", "/services/seo", "/services/seo")).toBe(true);
    expect(targetShownOn("service-hero", "/services/ppc", "/services/seo")).toBe(false);
    expect(targetShownOn("service-hero", "/services", "/services/seo")).toBe(false);
    expect(targetShownOn("service-hero", "/services/seo", null)).toBe(false);
    expect(targetShownOn("case-study-hero", "/case-studies/fashionhub-roas", "/case-studies/fashionhub-roas")).toBe(true);
    expect(targetShownOn("case-study-hero", "/case-studies/other", "/case-studies/fashionhub-roas")).toBe(false);
    expect(targetShownOn("article-heading", "/blog/ga4-attribution", "/blog/ga4-attribution")).toBe(true);
    expect(targetShownOn("article-heading", "/blog", "/blog/ga4-attribution")).toBe(false);
    // A path of another kind is no page of this target, even when it is the page asked for.
    expect(targetShownOn("article-heading", "/services/seo", "/services/seo")).toBe(false);
  });

  it("takes a page's path only in its kind's shape", () => {
    expect(pathFitsTarget("service-hero", "/services/seo")).toBe(true);
    expect(pathFitsTarget("service-hero", "/services/seo/more")).toBe(false);
    expect(pathFitsTarget("service-hero", "/services/SEO")).toBe(false);
    expect(pathFitsTarget("service-hero", "/services/")).toBe(false);
    expect(pathFitsTarget("case-study-hero", "/blog/seo")).toBe(false);
    expect(pathFitsTarget("article-heading", "/blog/a--b")).toBe(false);
  });
});

describe("the home variant's lists", () => {
  it("offers only images the site has", () => {
    for (const image of Object.values(HERO_IMAGES)) {
      expect(image.src).toMatch(/^\/images\//);
      expect(fs.existsSync(path.join(process.cwd(), "public", image.src))).toBe(true);
    }
  });

  it("orders every section once in each named order, and the page's own order for none or an unknown name", () => {
    for (const order of Object.values(HOME_SECTION_ORDERS)) expect([...order.sections].sort()).toEqual([...HOME_SECTIONS].sort());
    expect(homeSections(undefined)).toEqual(HOME_SECTIONS);
    expect(homeSections("no-such-order")).toEqual(HOME_SECTIONS);
    expect(homeSections("proof-first")).toEqual(HOME_SECTION_ORDERS["proof-first"].sections);
  });
});
