import { describe, expect, it } from "vitest";
import { EXPERIMENT_GOALS, EXPERIMENT_STATUSES, EXPERIMENT_TARGETS } from "@/server/kernel/db/schema";
import { EXPERIMENT_FIELDS, EXPERIMENT_STATUS_LABELS, experimentSchema, GOALS, ShipSchema, TARGETS, type TargetPages } from "@/lib/schemas/experiments";

// The Experiments screen's form (docs/decisions/0104): what it takes, and a message beside the field
// for every rule it refuses.

const valid = {
  name: "Hero promise",
  target: "home-hero",
  goal: "free-audit",
  trafficPercent: "100",
  minDays: "14",
  variant0Weight: "50",
  variant1Name: "Outcome first",
  variant1Weight: "50",
  variant1Headline: "Twice the qualified leads in 90 days",
};

/** The pages that exist, as the action reads them when the form is saved. */
const PAGES: TargetPages = {
  "service-hero": [{ path: "/services/seo", title: "SEO" }],
  "case-study-hero": [{ path: "/case-studies/fashionhub-roas", title: "FashionHub: 4x ROAS" }],
  "article-heading": [{ path: "/blog/ga4-attribution", title: "GA4 attribution" }],
};

const parse = (values: Record<string, string>) => experimentSchema(PAGES).safeParse(values);
/** The message beside each refused field. */
const refusals = (values: Record<string, string>) => {
  const result = parse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
};

describe("the experiment form", () => {
  it("lists the database's targets, goals and statuses, no more and no fewer", () => {
    expect(TARGETS).toEqual([...EXPERIMENT_TARGETS]);
    expect(GOALS).toEqual([...EXPERIMENT_GOALS]);
    expect(Object.keys(EXPERIMENT_STATUS_LABELS)).toEqual([...EXPERIMENT_STATUSES]);
  });

  it("takes a control and a challenger: the control named Control with empty copy, blank slots left out", () => {
    const result = parse({ ...valid, variant2Name: "", variant2Weight: "", variant3Name: "" });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({
      id: undefined,
      name: "Hero promise",
      target: "home-hero",
      targetPath: null,
      goal: "free-audit",
      trafficPercent: 100,
      minDays: 14,
      variants: [
        { name: "Control", weight: 50, copy: {} },
        { name: "Outcome first", weight: 50, copy: { headline: "Twice the qualified leads in 90 days" } },
      ],
    });
  });

  it("takes four variants, each with its own copy fields", () => {
    const result = parse({
      ...valid,
      variant2Name: "Button only",
      variant2Weight: "25",
      variant2CtaText: "Get my audit",
      variant2CtaHref: "/free-audit?from=hero",
      variant3Name: "Long promise",
      variant3Weight: "25",
      variant3Subheadline: "We plan, build and run the campaigns.",
    });
    expect(result.data?.variants.map((v) => [v.name, v.weight, v.copy])).toEqual([
      ["Control", 50, {}],
      ["Outcome first", 50, { headline: "Twice the qualified leads in 90 days" }],
      ["Button only", 25, { ctaText: "Get my audit", ctaHref: "/free-audit?from=hero" }],
      ["Long promise", 25, { subheadline: "We plan, build and run the campaigns." }],
    ]);
  });

  it("never reads copy for the control: it has no such fields", () => {
    expect(EXPERIMENT_FIELDS).not.toContain("variant0Name");
    expect(EXPERIMENT_FIELDS).not.toContain("variant0Headline");
    expect(parse({ ...valid, variant0Headline: "Sneaked in" }).data?.variants[0]).toEqual({ name: "Control", weight: 50, copy: {} });
  });

  it("refuses the experiment's own fields out of range, with a message for each", () => {
    expect(refusals({ ...valid, name: " " })).toEqual({ name: "Give the experiment a name." });
    expect(refusals({ ...valid, name: "x".repeat(121) })).toEqual({ name: "The name must be at most 120 characters." });
    expect(refusals({ ...valid, target: "footer" }).target).toMatch(
      /Choose what the experiment changes: Home page hero, Header call to action, Free-audit page opening, /,
    );
    expect(refusals({ ...valid, goal: "clicks" }).goal).toMatch(/Choose the goal: Free-audit lead, Contact message, Booked call, Qualified lead, Won value/);
    expect(refusals({ ...valid, trafficPercent: "0" })).toEqual({ trafficPercent: "Share of visitors in the experiment (%): a whole number from 1 to 100." });
    expect(refusals({ ...valid, trafficPercent: "101" }).trafficPercent).toMatch(/1 to 100/);
    expect(refusals({ ...valid, trafficPercent: "50.5" }).trafficPercent).toMatch(/1 to 100/);
    expect(refusals({ ...valid, minDays: "0" })).toEqual({ minDays: "Days to run at least: a whole number from 1 to 365." });
    expect(refusals({ ...valid, minDays: "366" }).minDays).toMatch(/1 to 365/);
  });

  it("refuses fewer than two variants, and a variant that changes nothing", () => {
    expect(refusals({ ...valid, variant1Name: "", variant1Weight: "", variant1Headline: "" })).toEqual({
      variant1Name: "Name variant 1.",
      variant1Weight: "Variant 1's weight: a whole number from 1 to 100.",
      variant1Headline: "Variant 1 must change at least one of the headline, subheadline, button text, button link, hero image or section order.",
    });
    expect(refusals({ ...valid, variant1Headline: "" })).toEqual({
      variant1Headline: "Outcome first must change at least one of the headline, subheadline, button text, button link, hero image or section order.",
    });
    // A third slot with copy but no name is a mistake, not a blank slot.
    expect(refusals({ ...valid, variant2CtaText: "Go" })).toMatchObject({ variant2Name: "Name variant 2." });
  });

  it("refuses weights out of range, long names and copy, and repeated names", () => {
    expect(refusals({ ...valid, variant0Weight: "0" })).toEqual({ variant0Weight: "Control's weight: a whole number from 1 to 100." });
    expect(refusals({ ...valid, variant1Weight: "101" })).toEqual({ variant1Weight: "Outcome first's weight: a whole number from 1 to 100." });
    expect(refusals({ ...valid, variant1Name: "x".repeat(41) })).toMatchObject({ variant1Name: "A variant's name must be at most 40 characters." });
    expect(refusals({ ...valid, variant1Name: "control" })).toEqual({ variant1Name: "Another variant is already called control." });
    expect(refusals({ ...valid, variant1Headline: "x".repeat(121) })).toEqual({ variant1Headline: "Outcome first's headline must be at most 120 characters." });
    expect(refusals({ ...valid, variant1Subheadline: "x".repeat(301) })).toEqual({
      variant1Subheadline: "Outcome first's subheadline must be at most 300 characters.",
    });
    expect(refusals({ ...valid, variant1CtaText: "x".repeat(41) })).toEqual({ variant1CtaText: "Outcome first's button text must be at most 40 characters." });
  });

  it("takes only a path on this site as the button's link", () => {
    expect(refusals({ ...valid, variant1CtaHref: "https://evil.example/" })).toEqual({
      variant1CtaHref: "The button link must be a path on this site starting with /, e.g. /free-audit.",
    });
    expect(refusals({ ...valid, variant1CtaHref: "//evil.example/" }).variant1CtaHref).toMatch(/no \/\/ and no backslash/);
    expect(refusals({ ...valid, variant1CtaHref: "/a//b" }).variant1CtaHref).toMatch(/no \/\//);
    expect(refusals({ ...valid, variant1CtaHref: "/\\evil.example" }).variant1CtaHref).toMatch(/backslash/);
    expect(refusals({ ...valid, variant1CtaHref: "javascript:alert(1)" }).variant1CtaHref).toMatch(/starting with \//);
    expect(refusals({ ...valid, variant1CtaHref: "/a b" })).toEqual({ variant1CtaHref: "The button link cannot contain spaces." });
    expect(refusals({ ...valid, variant1CtaHref: `/${"x".repeat(200)}` })).toEqual({ variant1CtaHref: "The button link must be at most 200 characters." });
    expect(parse({ ...valid, variant1CtaHref: "/book" }).success).toBe(true);
  });

  it("names one existing page for a page target, and none for the others", () => {
    const service = { ...valid, target: "service-hero", targetPath: "/services/seo" };
    expect(parse(service).data).toMatchObject({ target: "service-hero", targetPath: "/services/seo" });
    expect(parse({ ...valid, target: "article-heading", targetPath: "/blog/ga4-attribution" }).data?.targetPath).toBe("/blog/ga4-attribution");
    expect(refusals({ ...service, targetPath: "" })).toEqual({ targetPath: "Choose the service page the experiment runs on." });
    expect(refusals({ ...service, targetPath: "/services/no-such-service" })).toEqual({
      targetPath: "There is no published service page at /services/no-such-service: choose one from the list (it starts with /services/).",
    });
    // A page of another kind is no page of this one.
    expect(refusals({ ...service, targetPath: "/case-studies/fashionhub-roas" }).targetPath).toMatch(/^There is no published service page at \/case-studies/);
    expect(refusals({ ...valid, target: "case-study-hero", targetPath: "/case-studies/unpublished" }).targetPath).toMatch(/no published case study/);
    expect(refusals({ ...valid, targetPath: "/services/seo" })).toEqual({
      targetPath: "Home page hero is on its own page already: leave the page empty, or choose a service page, a case study or an article to change.",
    });
  });

  it("takes only the fields its target shows", () => {
    expect(parse({ ...valid, target: "free-audit-hero", variant1Subheadline: "In 48 hours" }).data?.variants[1]?.copy).toEqual({
      headline: "Twice the qualified leads in 90 days",
      subheadline: "In 48 hours",
    });
    expect(refusals({ ...valid, target: "free-audit-hero", variant1CtaText: "Go" })).toEqual({
      variant1CtaText: "Free-audit page opening has no button text to change: leave it empty (it changes the headline or subheadline).",
    });
    const study = { ...valid, target: "case-study-hero", targetPath: "/case-studies/fashionhub-roas" };
    expect(parse(study).success).toBe(true);
    expect(refusals({ ...study, variant1Subheadline: "More" })).toEqual({
      variant1Subheadline: "A case study's opening has no subheadline to change: leave it empty (it changes the headline).",
    });
    expect(refusals({ ...valid, target: "header-cta", variant1Headline: "", variant1CtaText: "" })).toEqual({
      variant1CtaText: "Outcome first must change at least one of the button text or button link.",
    });
    // A field the target does not show is refused once, not also as a variant that changes nothing.
    expect(
      refusals({ ...valid, target: "article-heading", targetPath: "/blog/ga4-attribution", variant1Headline: "", variant1HeroImage: "growth-staircase" }),
    ).toEqual({
      variant1HeroImage: "A blog article's heading has no hero image to change: leave it empty (it changes the headline).",
    });
  });

  it("takes a home hero's image and section order from the site's own lists only", () => {
    expect(
      parse({ ...valid, variant1Headline: "", variant1HeroImage: "growth-staircase", variant1SectionOrder: "proof-first" }).data?.variants[1]?.copy,
    ).toEqual({
      heroImage: "growth-staircase",
      sectionOrder: "proof-first",
    });
    expect(refusals({ ...valid, variant1HeroImage: "/images/evil.svg" }).variant1HeroImage).toMatch(
      /^Unknown hero image "\/images\/evil.svg": choose one of Growth staircase, /,
    );
    expect(refusals({ ...valid, variant1SectionOrder: "team,services" }).variant1SectionOrder).toMatch(
      /^Unknown section order "team,services": choose one of the named orders \(proof-first, services-first, people-first\)\.$/,
    );
  });

  it("ships a challenger only, never the control", () => {
    const id = "0b6f3c1e-9a7d-4f3e-8c1a-2d5e6f7a8b9c";
    expect(ShipSchema.safeParse({ id, variant: "2" }).data).toEqual({ id, variant: 2 });
    expect(ShipSchema.safeParse({ id, variant: "0" }).error?.issues[0]?.message).toMatch(/the control is the page as it is already/);
    expect(ShipSchema.safeParse({ id: "1; drop", variant: "1" }).error?.issues[0]?.message).toBe("Unknown experiment.");
  });
});
