import { normaliseWeights } from "./assign";

/**
 * Results of an experiment's rate (conversions out of visitors) per variant, Bayesian beta-binomial
 * (docs/decisions/0104): each variant's rate has the posterior Beta(1 + conversions, 1 + failures)
 * from a uniform prior. The special functions below are written here rather than taken from a
 * package: none of the project's dependencies has them.
 */

export interface RateCounts {
  visitors: number;
  conversions: number;
}

export interface RateSummary extends RateCounts {
  /** conversions / visitors; null before the first visitor. */
  rate: number | null;
  /** The 95 % credible interval of the rate: the posterior's 2.5 % and 97.5 % quantiles. */
  lower: number;
  upper: number;
}

export interface Comparison {
  /** P(variant's rate > control's rate). */
  chanceToBeatControl: number;
  /** E[max(control - variant, 0)]: the rate given up, on average, by shipping the variant. */
  expectedLoss: number;
}

/** A sample-ratio mismatch is flagged below this p-value (docs/decisions/0104). */
export const SRM_P_VALUE = 0.001;
/** Below this many visitors in any variant the chi-squared test is not run. */
export const SRM_MIN_VISITORS = 8;

export type SampleRatioCheck = { evaluated: false } | { evaluated: true; chiSquared: number; degreesOfFreedom: number; pValue: number; isMismatch: boolean };

interface Beta {
  alpha: number;
  beta: number;
}

// Relative precision the series and continued fractions stop at.
const EPSILON = 1e-15;
// Keeps Lentz's continued fractions away from a division by zero.
const TINY = 1e-300;
const MAX_ITERATIONS = 100_000;

function checkCounts({ visitors, conversions }: RateCounts): void {
  if (!Number.isSafeInteger(visitors) || visitors < 0) throw new Error(`Visitors must be a whole number of 0 or more; got ${visitors}.`);
  if (!Number.isSafeInteger(conversions) || conversions < 0 || conversions > visitors) {
    throw new Error(`Conversions must be a whole number from 0 to the visitors (${visitors}); got ${conversions}.`);
  }
}

function posterior(counts: RateCounts): Beta {
  checkCounts(counts);
  return { alpha: 1 + counts.conversions, beta: 1 + counts.visitors - counts.conversions };
}

// Lanczos approximation (g = 7, nine coefficients): about 15 significant digits for x > 0.
const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012,
  9.9843695780195716e-6, 1.5056327351493116e-7,
];

/** ln Γ(x) for x > 0. */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let sum = LANCZOS[0]!;
  for (let i = 1; i < LANCZOS.length; i++) sum += LANCZOS[i]! / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

function logBeta(a: number, b: number): number {
  return logGamma(a) + logGamma(b) - logGamma(a + b);
}

/** The continued fraction of I_x(a, b), evaluated by the modified Lentz method; it converges fast for x < (a + 1) / (a + b + 2). */
function betaContinuedFraction(x: number, a: number, b: number): number {
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  d = 1 / (Math.abs(d) < TINY ? TINY : d);
  let result = d;
  for (let m = 1; m <= MAX_ITERATIONS; m++) {
    const even = (m * (b - m) * x) / ((a + 2 * m - 1) * (a + 2 * m));
    d = 1 + even * d;
    d = 1 / (Math.abs(d) < TINY ? TINY : d);
    c = 1 + even / c;
    c = Math.abs(c) < TINY ? TINY : c;
    result *= d * c;
    const odd = (-(a + m) * (a + b + m) * x) / ((a + 2 * m) * (a + 2 * m + 1));
    d = 1 + odd * d;
    d = 1 / (Math.abs(d) < TINY ? TINY : d);
    c = 1 + odd / c;
    c = Math.abs(c) < TINY ? TINY : c;
    const step = d * c;
    result *= step;
    if (Math.abs(step - 1) < EPSILON) return result;
  }
  throw new Error(`The incomplete beta function did not converge for a = ${a}, b = ${b}.`);
}

/** The regularised incomplete beta function I_x(a, b): the Beta(a, b) distribution's CDF at x. */
export function regularizedBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(a * Math.log(x) + b * Math.log1p(-x) - logBeta(a, b));
  // The fraction converges only on the side of the mean where x is small for it; the other side by symmetry.
  if (x < (a + 1) / (a + b + 2)) return (front * betaContinuedFraction(x, a, b)) / a;
  return 1 - (front * betaContinuedFraction(1 - x, b, a)) / b;
}

/** The x at which I_x(a, b) = p, by bisection to 1e-12: slower than Newton's method but never leaves [0, 1]. */
export function betaQuantile(p: number, a: number, b: number): number {
  if (!(p >= 0 && p <= 1)) throw new Error(`A quantile's probability is from 0 to 1; got ${p}.`);
  let low = 0;
  let high = 1;
  while (high - low > 1e-12) {
    const middle = (low + high) / 2;
    if (regularizedBeta(middle, a, b) < p) low = middle;
    else high = middle;
  }
  return (low + high) / 2;
}

/** The regularised upper incomplete gamma function Q(s, x) = Γ(s, x) / Γ(s). */
export function regularizedGammaQ(s: number, x: number): number {
  if (x <= 0) return 1;
  if (x === Infinity) return 0;
  const front = Math.exp(-x + s * Math.log(x) - logGamma(s));
  if (x < s + 1) {
    // The series for the lower function P converges here; Q = 1 - P is not small, so nothing is lost.
    let term = 1 / s;
    let sum = term;
    for (let n = 1; n <= MAX_ITERATIONS; n++) {
      term *= x / (s + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * EPSILON) return 1 - front * sum;
    }
  } else {
    // The continued fraction gives Q itself, so a tail of 1e-80 keeps its digits.
    let b = x + 1 - s;
    let c = 1 / TINY;
    let d = 1 / b;
    let result = d;
    for (let n = 1; n <= MAX_ITERATIONS; n++) {
      const an = -n * (n - s);
      b += 2;
      d = an * d + b;
      d = 1 / (Math.abs(d) < TINY ? TINY : d);
      c = b + an / c;
      c = Math.abs(c) < TINY ? TINY : c;
      const step = d * c;
      result *= step;
      if (Math.abs(step - 1) < EPSILON) return front * result;
    }
  }
  throw new Error(`The incomplete gamma function did not converge for s = ${s}, x = ${x}.`);
}

/** P(X ≥ statistic) for X chi-squared with `degreesOfFreedom`. */
export function chiSquaredPValue(statistic: number, degreesOfFreedom: number): number {
  return regularizedGammaQ(degreesOfFreedom / 2, statistic / 2);
}

/**
 * P(X > Y) for independent Beta posteriors, Evan Miller's closed form: a sum of alpha terms of the
 * variable summed over, each from log-beta functions so that large counts do not overflow. Exact for
 * integer alpha, which 1 + conversions always is; summed over the smaller alpha, the complement
 * giving the other order.
 */
function probabilityGreater(x: Beta, y: Beta): number {
  if (y.alpha < x.alpha) return 1 - probabilityGreater(y, x);
  let sum = 0;
  for (let i = 0; i < x.alpha; i++) {
    sum += Math.exp(logBeta(y.alpha + i, y.beta + x.beta) - Math.log(x.beta + i) - logBeta(1 + i, x.beta) - logBeta(y.alpha, y.beta));
  }
  return Math.min(1, Math.max(0, sum));
}

/** A variant's rate and its 95 % credible interval. */
export function summariseRate(counts: RateCounts): RateSummary {
  const { alpha, beta } = posterior(counts);
  return {
    ...counts,
    rate: counts.visitors === 0 ? null : counts.conversions / counts.visitors,
    lower: betaQuantile(0.025, alpha, beta),
    upper: betaQuantile(0.975, alpha, beta),
  };
}

/**
 * The variant against the control. The expected loss is exact too: E[A·1{A > B}] = E[A]·P(A' > B)
 * with A' ~ Beta(alpha_A + 1, beta_A), and likewise for B, so it is two of Miller's sums.
 */
export function compareToControl(control: RateCounts, variant: RateCounts): Comparison {
  const a = posterior(control);
  const b = posterior(variant);
  const meanA = a.alpha / (a.alpha + a.beta);
  const meanB = b.alpha / (b.alpha + b.beta);
  const expectedLoss =
    meanA * probabilityGreater({ alpha: a.alpha + 1, beta: a.beta }, b) - meanB * probabilityGreater(a, { alpha: b.alpha + 1, beta: b.beta });
  return { chanceToBeatControl: probabilityGreater(b, a), expectedLoss: Math.max(0, expectedLoss) };
}

/**
 * Chi-squared goodness of fit of the visitors each variant got against the split's weights. A mismatch
 * means the assignment or the counting is broken and no result of the experiment can be trusted.
 */
export function checkSampleRatio(visitors: readonly number[], weights: readonly number[]): SampleRatioCheck {
  const shares = normaliseWeights(weights);
  if (visitors.length !== shares.length) throw new Error(`Expected visitors for ${shares.length} variants; got ${visitors.length}.`);
  for (const count of visitors) checkCounts({ visitors: count, conversions: 0 });
  // The chi-squared distribution is a poor approximation of the statistic on small counts.
  if (visitors.some((count) => count < SRM_MIN_VISITORS)) return { evaluated: false };
  const total = visitors.reduce((sum, count) => sum + count, 0);
  const chiSquared = visitors.reduce((sum, observed, index) => {
    const expected = total * shares[index]!;
    // Visitors in a variant that should get none: as far from the split as can be.
    return sum + (expected === 0 ? Infinity : (observed - expected) ** 2 / expected);
  }, 0);
  const degreesOfFreedom = visitors.length - 1;
  const pValue = chiSquaredPValue(chiSquared, degreesOfFreedom);
  return { evaluated: true, chiSquared, degreesOfFreedom, pValue, isMismatch: pValue < SRM_P_VALUE };
}
