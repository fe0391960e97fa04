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

async function insert(status: "draft" | "running" | "stopped", key = "0badc0de", target: "home-hero" | "header-cta" = "home-hero") {
  await handle.db.insert(experiments).values({ key, name: `Test ${key}`, target, status, variants, goal: "free-audit" });
}

describe("the running experiment", () => {
  it("is none until one runs, then its key, target, share and weights", async () => {
    expect(await loadRunningExperiment()).toBeNull();
    await insert("draft");
    expect(await loadRunningExperiment()).toBeNull();
    await insert("running", "facefeed");
    expect(await loadRunningExperiment()).toEqual({ key: "facefeed", target: "home-hero", trafficPercent: 100, weights: [3, 1, 1] });
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
