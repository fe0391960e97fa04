import { describe, expect, it } from "vitest";
import { EXPERIMENT_GOALS, EXPERIMENT_STATUSES, EXPERIMENT_TARGETS } from "@/server/kernel/db/schema";
import { EXPERIMENT_FIELDS, EXPERIMENT_STATUS_LABELS, ExperimentSchema, GOALS, ShipSchema, TARGETS } from "@/lib/schemas/experiments";

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

const parse = (values: Record<string, string>) => ExperimentSchema.safeParse(values);
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
    expect(refusals({ ...valid, target: "footer" }).target).toMatch(/Choose what the experiment changes: Home page hero or Header call to action/);
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
      variant1Headline: "Variant 1 must change at least one of the headline, subheadline, button text or link.",
    });
    expect(refusals({ ...valid, variant1Headline: "" })).toEqual({
      variant1Headline: "Outcome first must change at least one of the headline, subheadline, button text or link.",
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

  it("ships a challenger only, never the control", () => {
    const id = "0b6f3c1e-9a7d-4f3e-8c1a-2d5e6f7a8b9c";
    expect(ShipSchema.safeParse({ id, variant: "2" }).data).toEqual({ id, variant: 2 });
    expect(ShipSchema.safeParse({ id, variant: "0" }).error?.issues[0]?.message).toMatch(/the control is the page as it is already/);
    expect(ShipSchema.safeParse({ id: "1; drop", variant: "1" }).error?.issues[0]?.message).toBe("Unknown experiment.");
  });
});
