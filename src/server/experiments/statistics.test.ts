import { describe, expect, it } from "vitest";
import { betaQuantile, checkSampleRatio, chiSquaredPValue, compareToControl, regularizedBeta, summariseRate } from "./statistics";

/**
 * A Beta(a, b) density on a grid of midpoints, normalised by its own sum: no gamma or beta function,
 * so what is checked against it is computed another way.
 */
function gridDensity(a: number, b: number, points: number, from = 0, to = 1) {
  const xs = Array.from({ length: points }, (_, i) => from + ((i + 0.5) / points) * (to - from));
  const logs = xs.map((x) => (a - 1) * Math.log(x) + (b - 1) * Math.log(1 - x));
  const peak = logs.reduce((max, log) => Math.max(max, log), -Infinity);
  const raw = logs.map((log) => Math.exp(log - peak));
  const total = raw.reduce((sum, value) => sum + value, 0);
  return { xs, weights: raw.map((value) => value / total) };
}

/** P(B > A) and E[max(A - B, 0)] as sums over the grid (the cell they share counts half for the probability). */
function gridComparison(a: [number, number], b: [number, number], points: number, from = 0, to = 1) {
  const A = gridDensity(...a, points, from, to);
  const B = gridDensity(...b, points, from, to);
  let belowA = 0; // P(A < x) up to the cell before
  let bBeatsA = 0;
  let massB = 0; // P(B < x) up to the cell before
  let meanB = 0; // E[B·1{B < x}] up to the cell before
  let loss = 0;
  for (let i = 0; i < points; i++) {
    const x = A.xs[i]!;
    bBeatsA += B.weights[i]! * (belowA + A.weights[i]! / 2);
    loss += A.weights[i]! * (x * massB - meanB);
    belowA += A.weights[i]!;
    massB += B.weights[i]!;
    meanB += B.weights[i]! * x;
  }
  return { bBeatsA, loss };
}

describe("the regularised incomplete beta function", () => {
  it("equals the binomial tail it is for whole parameters", () => {
    // I_x(a, b) = P(at least a successes in a + b - 1 trials of probability x).
    const binomialTail = (x: number, a: number, b: number) => {
      const n = a + b - 1;
      let term = (1 - x) ** n; // j = 0
      let tail = 0;
      for (let j = 0; j <= n; j++) {
        if (j >= a) tail += term;
        term *= ((n - j) / (j + 1)) * (x / (1 - x));
      }
      return tail;
    };
    for (const [x, a, b] of [
      [0.1, 11, 91],
      [0.2, 21, 81],
      [0.5, 3, 4],
      [0.9, 30, 2],
    ] as const) {
      expect(regularizedBeta(x, a, b)).toBeCloseTo(binomialTail(x, a, b), 12);
    }
  });

  it("has the closed forms of Beta(1, b) and Beta(a, 1) as quantiles", () => {
    // F(x) = 1 - (1 - x)^b and F(x) = x^a.
    expect(betaQuantile(0.975, 1, 51)).toBeCloseTo(1 - 0.025 ** (1 / 51), 10);
    expect(betaQuantile(0.025, 51, 1)).toBeCloseTo(0.025 ** (1 / 51), 10);
  });
});

describe("a variant's rate", () => {
  it("has the posterior's 2.5 % and 97.5 % quantiles as its 95 % interval (10 of 100: 0.0556 to 0.1746)", () => {
    const summary = summariseRate({ visitors: 100, conversions: 10 });
    expect(summary.rate).toBe(0.1);
    // Reference values: the quantiles of Beta(11, 91) to eight places.
    expect(summary.lower).toBeCloseTo(0.05563722, 7);
    expect(summary.upper).toBeCloseTo(0.17455283, 7);
    // And on the grid, 2.5 % of the mass lies below the interval and 2.5 % above it.
    const { xs, weights } = gridDensity(11, 91, 200_000);
    const massBelow = (limit: number) => xs.reduce((sum, x, i) => (x < limit ? sum + weights[i]! : sum), 0);
    expect(massBelow(summary.lower)).toBeCloseTo(0.025, 4);
    expect(massBelow(summary.upper)).toBeCloseTo(0.975, 4);
  });

  it("is the uniform prior's interval before any visitor, and stays inside 0..1 at the extremes", () => {
    expect(summariseRate({ visitors: 0, conversions: 0 })).toMatchObject({ rate: null });
    expect(summariseRate({ visitors: 0, conversions: 0 }).lower).toBeCloseTo(0.025, 10);
    expect(summariseRate({ visitors: 0, conversions: 0 }).upper).toBeCloseTo(0.975, 10);
    const none = summariseRate({ visitors: 50, conversions: 0 });
    expect(none.lower).toBeGreaterThan(0);
    expect(none.upper).toBeCloseTo(1 - 0.025 ** (1 / 51), 10);
  });

  it("refuses counts that cannot be", () => {
    expect(() => summariseRate({ visitors: 10, conversions: 11 })).toThrow(/Conversions must be a whole number from 0 to the visitors \(10\); got 11/);
    expect(() => summariseRate({ visitors: -1, conversions: 0 })).toThrow(/Visitors must be a whole number/);
    expect(() => summariseRate({ visitors: 10.5, conversions: 1 })).toThrow(/Visitors must be a whole number/);
  });
});

describe("a variant against the control", () => {
  const control = { visitors: 100, conversions: 10 };
  const variant = { visitors: 100, conversions: 20 };

  it("gives P(B > A) = 0.9752 for 10/100 against 20/100, as a fine grid's double integral does", () => {
    const { chanceToBeatControl } = compareToControl(control, variant);
    // Reference: 0.975173033152875, by 40-digit quadrature of the same two posteriors.
    expect(chanceToBeatControl).toBeCloseTo(0.975173033152875, 10);
    expect(chanceToBeatControl).toBeCloseTo(gridComparison([11, 91], [21, 81], 100_000).bBeatsA, 6);
  });

  it("gives the expected loss of shipping the variant, as the grid does, and of keeping the control", () => {
    const { expectedLoss } = compareToControl(control, variant);
    expect(expectedLoss).toBeCloseTo(0.000479359303998, 12);
    expect(expectedLoss).toBeCloseTo(gridComparison([11, 91], [21, 81], 100_000).loss, 7);
    // The other way round the loss is large; the two differ by E[B] - E[A] = 21/102 - 11/102.
    const reverse = compareToControl(variant, control);
    expect(reverse.expectedLoss).toBeCloseTo(0.0985185749902723, 12);
    expect(reverse.expectedLoss - expectedLoss).toBeCloseTo(10 / 102, 12);
    expect(reverse.chanceToBeatControl).toBeCloseTo(1 - 0.975173033152875, 10);
  });

  it("gives one half and a loss of 1/6 between two variants without visitors (two uniform rates)", () => {
    const empty = { visitors: 0, conversions: 0 };
    expect(compareToControl(empty, empty).chanceToBeatControl).toBeCloseTo(0.5, 12);
    expect(compareToControl(empty, empty).expectedLoss).toBeCloseTo(1 / 6, 12);
  });

  it("stays exact on a million visitors a variant", () => {
    const { chanceToBeatControl, expectedLoss } = compareToControl({ visitors: 1_000_000, conversions: 30_000 }, { visitors: 1_000_000, conversions: 30_500 });
    // Against the grid between 2.8 % and 3.3 %, where all the mass is.
    const grid = gridComparison([30_001, 970_001], [30_501, 969_501], 20_000, 0.028, 0.033);
    expect(chanceToBeatControl).toBeCloseTo(grid.bBeatsA, 6);
    expect(expectedLoss).toBeCloseTo(grid.loss, 9);
    expect(chanceToBeatControl).toBeCloseTo(0.98050264824, 9);
  });
});

describe("the sample-ratio check", () => {
  it("takes its p-value from the chi-squared distribution (360 on 1 df: 2.8e-80; 3.84: 0.050)", () => {
    // Reference: erfc(sqrt(180)) = 2.8156843046194e-80, to 40 digits by arbitrary precision.
    expect(chiSquaredPValue(360, 1) / 2.8156843046194e-80).toBeCloseTo(1, 9);
    expect(chiSquaredPValue(3.84, 1)).toBeCloseTo(0.050043521248705, 12);
    expect(chiSquaredPValue(3.841458820694124, 1)).toBeCloseTo(0.05, 12);
    expect(chiSquaredPValue(0, 1)).toBe(1);
    // With 2 degrees of freedom the tail is exp(-x / 2) exactly.
    for (const x of [0.5, 2, 13.8155, 40]) expect(chiSquaredPValue(x, 2) / Math.exp(-x / 2)).toBeCloseTo(1, 12);
    expect(chiSquaredPValue(7.814727903251178, 3)).toBeCloseTo(0.05, 12);
  });

  it("flags 800/200 against a 50/50 split and passes 500/500", () => {
    expect(checkSampleRatio([800, 200], [50, 50])).toEqual({
      evaluated: true,
      chiSquared: 360,
      degreesOfFreedom: 1,
      pValue: expect.any(Number),
      isMismatch: true,
    });
    expect(checkSampleRatio([500, 500], [50, 50])).toEqual({ evaluated: true, chiSquared: 0, degreesOfFreedom: 1, pValue: 1, isMismatch: false });
    // 800/200 is the 80/20 split exactly.
    expect(checkSampleRatio([800, 200], [0.8, 0.2])).toMatchObject({ chiSquared: 0, isMismatch: false });
    // 530/470 on 50/50 is chi-squared 3.6, p 0.058: uneven but no mismatch at 0.001.
    expect(checkSampleRatio([530, 470], [1, 1])).toMatchObject({ isMismatch: false });
  });

  it("does not evaluate a split with fewer than 8 visitors in a variant", () => {
    expect(checkSampleRatio([7, 500], [1, 1])).toEqual({ evaluated: false });
    expect(checkSampleRatio([8, 500], [1, 1])).toMatchObject({ evaluated: true, isMismatch: true });
  });

  it("counts visitors in a variant that should get none as a mismatch, with k - 1 degrees of freedom", () => {
    expect(checkSampleRatio([400, 400, 9], [1, 1, 0])).toEqual({ evaluated: true, chiSquared: Infinity, degreesOfFreedom: 2, pValue: 0, isMismatch: true });
    expect(() => checkSampleRatio([400, 400], [1, 1, 1])).toThrow(/Expected visitors for 3 variants; got 2/);
  });
});
