import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { setUpTestDatabase } from "./helpers/test-db";

// What the public side of experiments reads and writes (docs/decisions/0107): the running experiment
// the host loads, the copy a page shows for a variant, and the exposure stored with the page view.
vi.mock("next/headers", () => ({ headers: async () => new Headers() }));

const { loadRunningExperiment, copyFor } = await import("@/server/experiments");
const analytics = await import("@/server/analytics/data/analytics");
const { pageViewOf } = await import("@/server/analytics/page-view");
const { experiments, pageCopy } = await import("@/server/kernel/db/schema");
type EXPERIMENT_TARGETS = typeof import("@/server/kernel/db/schema").EXPERIMENT_TARGETS;

const handle = setUpTestDatabase();
beforeEach(async () => {
  await handle.db.execute(sql`truncate experiments, page_copy, page_copy_revisions, analytics_events, analytics_salts cascade`);
  analytics.forgetCachedSalts();
});

const variants = [
  { name: "Control", weight: 3, copy: {} },
  { name: "Bold", weight: 1, copy: { headline: "A bolder headline", ctaText: "Claim your audit", ctaHref: "/free-audit?from=hero" } },
  // Stored by hand, wrongly: an address of another site and a blank field are not used.
  { name: "Broken", weight: 1, copy: { headline: "  ", ctaHref: "https://elsewhere.example/" } },
];

async function insert(
  status: "draft" | "running" | "stopped",
  key = "0badc0de",
  target: EXPERIMENT_TARGETS[number] = "home-hero",
  targetPath: string | null = null,
) {
  await handle.db.insert(experiments).values({ key, name: `Test ${key}`, target, targetPath, status, variants, goal: "free-audit" });
}

describe("the running experiment", () => {
  it("is none until one runs, then its key, target, share and weights", async () => {
    expect(await loadRunningExperiment()).toBeNull();
    await insert("draft");
    expect(await loadRunningExperiment()).toBeNull();
    await insert("running", "facefeed");
    expect(await loadRunningExperiment()).toEqual({ key: "facefeed", target: "home-hero", path: null, trafficPercent: 100, weights: [3, 1, 1] });
  });

  it("is one at a time: a second running experiment is refused by the table", async () => {
    await insert("running", "0000aaaa");
    await expect(insert("running", "0000bbbb", "header-cta")).rejects.toThrow();
  });
});

describe("the copy a page shows", () => {
  it("is the static copy (empty) without a change, the page part's own once shipped, and a variant's over it", async () => {
    await insert("running");
    expect(await copyFor("home-hero", null)).toEqual({});
    await handle.db.insert(pageCopy).values({ target: "home-hero", copy: { headline: "Shipped headline", subheadline: "Shipped words" } });
    expect(await copyFor("home-hero", null)).toEqual({ headline: "Shipped headline", subheadline: "Shipped words" });
    expect(await copyFor("home-hero", { key: "0badc0de", index: 1 })).toEqual({
      headline: "A bolder headline",
      subheadline: "Shipped words",
      ctaText: "Claim your audit",
      ctaHref: "/free-audit?from=hero",
    });
  });

  it("ignores a variant of another target, an unknown experiment, and fields no page may show", async () => {
    await insert("running");
    expect(await copyFor("header-cta", { key: "0badc0de", index: 1 })).toEqual({});
    expect(await copyFor("home-hero", { key: "12345678", index: 1 })).toEqual({});
    expect(await copyFor("home-hero", { key: "0badc0de", index: 2 })).toEqual({});
    expect(await copyFor("home-hero", { key: "0badc0de", index: 7 })).toEqual({});
  });
});

describe("the copy of one page of a kind", () => {
  it("is the running experiment's page's: its path comes to the host, and its variant is over that page's own copy", async () => {
    await insert("running", "5e5e5e5e", "service-hero", "/services/seo");
    expect(await loadRunningExperiment()).toMatchObject({ key: "5e5e5e5e", target: "service-hero", path: "/services/seo" });
    await handle.db.insert(pageCopy).values([
      { target: "service-hero", path: "/services/seo", copy: { subheadline: "SEO's own shipped words" } },
      { target: "service-hero", path: "/services/ppc", copy: { headline: "PPC's own shipped headline" } },
    ]);
    const variant = { key: "5e5e5e5e", index: 1 };
    expect(await copyFor("service-hero", variant, "/services/seo")).toEqual({
      headline: "A bolder headline",
      subheadline: "SEO's own shipped words",
      ctaText: "Claim your audit",
      ctaHref: "/free-audit?from=hero",
    });
    // Another service's page shows its own copy: the variant is of the SEO page's experiment.
    expect(await copyFor("service-hero", variant, "/services/ppc")).toEqual({ headline: "PPC's own shipped headline" });
    expect(await copyFor("service-hero", null, "/services/ppc")).toEqual({ headline: "PPC's own shipped headline" });
    // Neither is the home hero's, nor another kind's page at a path of its own.
    expect(await copyFor("home-hero", variant)).toEqual({});
    expect(await copyFor("case-study-hero", variant, "/services/seo")).toEqual({});
  });

  it("keeps an image or an order only when the site still has it", async () => {
    await handle.db.insert(experiments).values({
      key: "0e0e0e0e",
      name: "Home image",
      target: "home-hero",
      status: "running",
      goal: "free-audit",
      variants: [
        { name: "Control", weight: 1, copy: {} },
        { name: "Image", weight: 1, copy: { heroImage: "growth-staircase", sectionOrder: "proof-first" } },
        // Stored by hand: names that are no image and no order are not used.
        { name: "Stale", weight: 1, copy: { heroImage: "https://elsewhere.example/x.png", sectionOrder: "team,why" } as never },
      ],
    });
    expect(await copyFor("home-hero", { key: "0e0e0e0e", index: 1 })).toEqual({ heroImage: "growth-staircase", sectionOrder: "proof-first" });
    expect(await copyFor("home-hero", { key: "0e0e0e0e", index: 2 })).toEqual({});
  });

  it("is refused by the table when a page target names no page, another kind's page, or a page is named for another target", async () => {
    await expect(insert("draft", "00000001", "service-hero", null)).rejects.toThrow();
    await expect(insert("draft", "00000002", "service-hero", "/blog/seo")).rejects.toThrow();
    await expect(insert("draft", "00000003", "home-hero", "/services/seo")).rejects.toThrow();
    await expect(handle.db.insert(pageCopy).values({ target: "article-heading", copy: {} })).rejects.toThrow();
    await expect(handle.db.insert(pageCopy).values({ target: "header-cta", path: "/blog/a", copy: {} })).rejects.toThrow();
    await insert("draft", "00000004", "article-heading", "/blog/ga4-attribution");
    expect(await handle.db.select({ key: experiments.key }).from(experiments)).toEqual([{ key: "00000004" }]);
  });
});

describe("the exposure", () => {
  it("is stored with the page view: the experiment's key and the variant, the control's 0 too", async () => {
    const at = new Date();
    const request = (agent: string) => ({
      method: "GET",
      url: "/",
      headers: { accept: "text/html", host: "localhost", "user-agent": `Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36 ${agent}` },
    });
    const shown = pageViewOf(request("one"), { ownHosts: new Set() }, at)!;
    const control = pageViewOf(request("two"), { ownHosts: new Set() }, at)!;
    const plain = pageViewOf(request("three"), { ownHosts: new Set() }, at)!;
    shown.exposure = { key: "0badc0de", variant: 1 };
    control.exposure = { key: "0badc0de", variant: 0 };
    expect(await analytics.storePageViews([shown, control, plain], at)).toBe(3);
    const rows = await handle.db.execute<{ experiment_key: string | null; variant: number | null }>(
      sql`select experiment_key, variant from analytics_events order by variant nulls last`,
    );
    expect(rows.rows.map((r) => [r.experiment_key, r.variant])).toEqual([
      ["0badc0de", 0],
      ["0badc0de", 1],
      [null, null],
    ]);
  });
});
