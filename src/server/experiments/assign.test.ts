import { describe, expect, it } from "vitest";
import { bucketRanges, chooseVariant, fnv1a32, hashVisitor, type ExperimentSplit } from "./assign";

const ids = Array.from({ length: 100_000 }, (_, i) => `visitor-${i}`);
const assignAll = (split: ExperimentSplit) => ids.map((id) => chooseVariant(split, id));

function shares(assignments: (number | null)[], variants: number): number[] {
  const counts = new Array<number>(variants).fill(0);
  for (const variant of assignments) if (variant !== null) counts[variant]!++;
  return counts.map((count) => count / assignments.length);
}

describe("the hash", () => {
  it("is FNV-1a 32-bit: its offset basis for the empty string, and the published values of short strings", () => {
    expect(fnv1a32("")).toBe(2166136261);
    expect(fnv1a32("a")).toBe(3826002220);
    expect(fnv1a32("foobar")).toBe(0xbf9cf968);
  });

  it("gives GrowthBook's hashing version 2 values (its SDKs' shared test cases)", () => {
    const cases: [seed: string, id: string, expected: number][] = [
      ["seed", "a", 0.0505],
      ["seed", "b", 0.2696],
      ["foo", "ab", 0.2575],
      ["foo", "def", 0.2019],
      ["89123klj", "8952klfjas09ujkasdf", 0.124],
      ["90850943850283058242805", "123", 0.7516],
      ["()**(%$##$%#$#", '___)((*":&', 0.0128],
      ["feature-exp", "i123", 0.9943],
    ];
    for (const [seed, id, expected] of cases) expect(hashVisitor(seed, id)).toBe(expected);
  });

  it("makes GrowthBook's bucket ranges: each variant's range starts where it would at full coverage", () => {
    const ranges = bucketRanges({ seed: "s", coverage: 0.2, weights: [0.2, 0.3, 0.5] });
    const expected = [
      [0, 0.04],
      [0.2, 0.26],
      [0.5, 0.6],
    ];
    ranges.forEach(([start, end], i) => {
      expect(start).toBeCloseTo(expected[i]![0]!, 12);
      expect(end).toBeCloseTo(expected[i]![1]!, 12);
    });
    // Relative weights are normalised: 2:3:5 is the same split as 0.2/0.3/0.5.
    expect(bucketRanges({ seed: "s", coverage: 0.2, weights: [2, 3, 5] })).toEqual(ranges);
  });
});

describe("choosing a variant", () => {
  it("gives each of 100,000 visitors the same variant on every call", () => {
    const split = { seed: "hero-headline", coverage: 1, weights: [1, 1] };
    expect(assignAll(split)).toEqual(assignAll(split));
    // GrowthBook's fixture: 1/3 each, the visitor "i123" of "feature-exp" (hash 0.9943) gets the last variant.
    expect(chooseVariant({ seed: "feature-exp", coverage: 1, weights: [0.3334, 0.3333, 0.3333] }, "i123")).toBe(2);
  });

  it("splits 50/50 and 80/20 weights within one point", () => {
    const even = shares(assignAll({ seed: "cta-colour", coverage: 1, weights: [50, 50] }), 2);
    expect(Math.abs(even[0]! - 0.5)).toBeLessThan(0.01);
    expect(Math.abs(even[1]! - 0.5)).toBeLessThan(0.01);
    const uneven = shares(assignAll({ seed: "pricing-table", coverage: 1, weights: [0.8, 0.2] }), 2);
    expect(Math.abs(uneven[0]! - 0.8)).toBeLessThan(0.01);
    expect(Math.abs(uneven[1]! - 0.2)).toBeLessThan(0.01);
  });

  it("moves no visitor of one experiment when another experiment's weights change", () => {
    const other = { seed: "contact-form", coverage: 1, weights: [1, 1] };
    const before = assignAll(other);
    const changed = { seed: "hero-headline", coverage: 1, weights: [1, 1] };
    const changedBefore = assignAll(changed);
    const changedAfter = assignAll({ ...changed, weights: [0.7, 0.3] });
    // The changed experiment's own visitors do move (about a fifth of them), the other's do not.
    expect(changedAfter.filter((variant, i) => variant !== changedBefore[i]).length).toBeGreaterThan(15_000);
    expect(assignAll(other)).toEqual(before);
    // Different seeds split independently: of the other's control, about half are in each variant here.
    const inBoth = ids.filter((_, i) => before[i] === 0 && changedAfter[i] === 1).length;
    const inOtherControl = before.filter((variant) => variant === 0).length;
    expect(Math.abs(inBoth / inOtherControl - 0.3)).toBeLessThan(0.01);
  });

  it("keeps every visitor's variant when the coverage grows from 10 % to 50 %", () => {
    const split = { seed: "case-study-order", coverage: 0.1, weights: [1, 1] };
    const atTen = assignAll(split);
    const atFifty = assignAll({ ...split, coverage: 0.5 });
    const inAtTen = ids.map((_, i) => i).filter((i) => atTen[i] !== null);
    expect(Math.abs(inAtTen.length / ids.length - 0.1)).toBeLessThan(0.01);
    for (const i of inAtTen) expect(atFifty[i]).toBe(atTen[i]);
    expect(Math.abs(atFifty.filter((variant) => variant !== null).length / ids.length - 0.5)).toBeLessThan(0.01);
  });

  it("puts nobody in at coverage 0 and a visitor without an id outside", () => {
    expect(assignAll({ seed: "off", coverage: 0, weights: [1, 1] }).every((variant) => variant === null)).toBe(true);
    expect(chooseVariant({ seed: "s", coverage: 1, weights: [1, 1] }, "")).toBeNull();
  });

  it("refuses a split it cannot make, naming what is wrong", () => {
    const split = { seed: "s", coverage: 1, weights: [1, 1] };
    expect(() => chooseVariant({ ...split, weights: [1, -1] }, "v")).toThrow(/Variant 1's weight must be a finite number of 0 or more; got -1/);
    expect(() => chooseVariant({ ...split, weights: [0, 0] }, "v")).toThrow(/At least one variant needs a weight above 0/);
    expect(() => chooseVariant({ ...split, weights: [1] }, "v")).toThrow(/at least two variants/);
    expect(() => chooseVariant({ ...split, weights: [1, Number.NaN] }, "v")).toThrow(/Variant 1's weight/);
    expect(() => chooseVariant({ ...split, coverage: 1.5 }, "v")).toThrow(/Coverage is a share of visitors from 0 to 1; got 1.5/);
    expect(() => chooseVariant({ ...split, coverage: -0.1 }, "v")).toThrow(/Coverage/);
    expect(() => chooseVariant({ ...split, seed: "" }, "v")).toThrow(/non-empty seed/);
  });
});
