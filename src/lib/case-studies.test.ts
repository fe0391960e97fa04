import { describe, expect, it } from "vitest";
import { getService } from "@/content/services";
import { homeCaseStudies, jewelryCaseStudy } from "@/content/samples";
import { caseStudyHref, caseStudySlugFromTitle, FALLBACK_CASE_STUDY_SLUG, neighbours, studyNamesService, uniqueSlug } from "./case-studies";
import { LIMITS, SLUG_PATTERN } from "./limits";

describe("a case study's slug", () => {
  it("is made from the title as a blog post's is: lower case, hyphens, no symbols", () => {
    expect(caseStudySlugFromTitle("AshrayLiving: From ₹18 Lakh to ₹62 Lakh in Monthly Revenue")).toBe(
      "ashrayliving-from-18-lakh-to-62-lakh-in-monthly-revenue",
    );
    expect(caseStudySlugFromTitle("  Café   Growth__Story  ")).toBe("cafe-growth-story");
    for (const sample of [...homeCaseStudies, jewelryCaseStudy]) expect(caseStudySlugFromTitle(sample.title)).toMatch(SLUG_PATTERN);
  });

  it("is never empty: a title of symbols only gets the fallback", () => {
    expect(caseStudySlugFromTitle("₹ → %")).toBe(FALLBACK_CASE_STUDY_SLUG);
  });

  it("is numbered when another study has it: the first free number from 2", () => {
    expect(uniqueSlug("growth", new Set())).toBe("growth");
    expect(uniqueSlug("growth", new Set(["growth"]))).toBe("growth-2");
    expect(uniqueSlug("growth", new Set(["growth", "growth-2", "growth-3"]))).toBe("growth-4");
    // A numbered form taken by hand is skipped, not overwritten.
    expect(uniqueSlug("growth", new Set(["growth", "growth-2"]))).toBe("growth-3");
  });

  it("numbered at the limit, still within it and still a valid slug", () => {
    const long = "a".repeat(LIMITS.slug - 2) + "-b";
    expect(long).toHaveLength(LIMITS.slug);
    const numbered = uniqueSlug(long, new Set([long]));
    expect(numbered.length).toBeLessThanOrEqual(LIMITS.slug);
    expect(numbered).toMatch(SLUG_PATTERN);
    expect(numbered.endsWith("-2")).toBe(true);
  });

  it("gives the page's address", () => {
    expect(caseStudyHref("ecostore")).toBe("/case-studies/ecostore");
  });
});

describe("which studies a service page shows", () => {
  it("a study names a service by its title or its short title, case and spacing aside", () => {
    const paid = getService("paid-advertising")!;
    const seo = getService("seo-optimization")!;
    expect(studyNamesService(["Paid Ads", "CRO"], paid)).toBe(true);
    expect(studyNamesService(["  paid   advertising "], paid)).toBe(true);
    expect(studyNamesService(["Paid Ads"], seo)).toBe(false);
    expect(studyNamesService([], seo)).toBe(false);
  });

  it("every sample study names at least one of our services, so each shows somewhere", () => {
    const all = ["seo-optimization", "paid-advertising", "conversion-optimization", "whatsapp-automation", "retention-marketing"].map((s) => getService(s)!);
    for (const sample of [...homeCaseStudies, jewelryCaseStudy])
      expect(
        all.some((s) => studyNamesService(sample.services, s)),
        sample.companyName,
      ).toBe(true);
  });
});

describe("next and previous", () => {
  const list = [{ slug: "a" }, { slug: "b" }, { slug: "c" }];
  it("are the neighbours in the list's order, none past either end", () => {
    expect(neighbours(list, "b")).toEqual({ previous: { slug: "a" }, next: { slug: "c" } });
    expect(neighbours(list, "a")).toEqual({ previous: null, next: { slug: "b" } });
    expect(neighbours(list, "c")).toEqual({ previous: { slug: "b" }, next: null });
    expect(neighbours(list, "z")).toEqual({ previous: null, next: null });
  });
});
