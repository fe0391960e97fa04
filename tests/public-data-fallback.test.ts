/**
 * When the database cannot be read, home keeps the fallback samples and the case
 * studies page shows the built-in jewelry study; the error is logged, the visitor never sees it.
 * A real node-postgres pool pointed at a port nothing listens on plays the outage.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { homeCaseStudies, jewelryCaseStudy, sampleTestimonials } from "@/content/samples";
import { openPostgres, setDatabase, type DatabaseHandle } from "@/server/kernel/db/client";
import { listFeaturedCaseStudies, listHomeCaseStudies } from "@/server/content/data/case-studies";
import { listFeaturedTestimonials } from "@/server/content/data/testimonials";
import { logStreams } from "@/server/kernel/logger.ts";

let handle: DatabaseHandle;

beforeAll(() => {
  handle = openPostgres("postgres://postgres@127.0.0.1:9/unreachable");
  setDatabase(handle);
});
afterAll(async () => {
  setDatabase(undefined);
  await handle.close();
});

/** The log's stderr lines (warnings and errors, docs/decisions/0025). */
function captureErrors() {
  const lines: string[] = [];
  const spy = vi.spyOn(logStreams.stderr, "write").mockImplementation((data: string) => {
    lines.push(...data.split("\n").filter(Boolean));
  });
  return { lines, restore: () => spy.mockRestore() };
}

describe("database unreachable", () => {
  it("home case studies fall back to the two samples, and the error is logged", async () => {
    const errors = captureErrors();
    try {
      const studies = await listHomeCaseStudies();
      expect(studies.map((s) => s.companyName)).toEqual(homeCaseStudies.map((s) => s.companyName));
      expect(errors.lines.some((l) => JSON.parse(l).level === "error")).toBe(true);
    } finally {
      errors.restore();
    }
  });

  it("home testimonials fall back to the three samples", async () => {
    const errors = captureErrors();
    try {
      const quotes = await listFeaturedTestimonials();
      expect(quotes.map((q) => q.clientName)).toEqual(sampleTestimonials.map((t) => t.clientName));
      expect(errors.lines).not.toHaveLength(0);
    } finally {
      errors.restore();
    }
  });

  it("the case studies page falls back to the built-in jewelry study", async () => {
    const errors = captureErrors();
    try {
      const studies = await listFeaturedCaseStudies();
      expect(studies).toHaveLength(1);
      expect(studies[0]).toMatchObject({ companyName: jewelryCaseStudy.companyName, timeframe: "18 months" });
      expect(errors.lines.join("\n")).toMatch(/case studies unavailable/);
    } finally {
      errors.restore();
    }
  });
});
