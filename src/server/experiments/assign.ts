/**
 * Which variant of an experiment a visitor sees (docs/decisions/0104). The answer is a function of the
 * experiment's seed, coverage and weights and of the visitor's id only, so every server process (and
 * any GrowthBook SDK given the same seed) agrees without storing an assignment. The hash and the
 * bucket ranges are GrowthBook's hashing version 2.
 */

const FNV_OFFSET_BASIS = 2166136261;
const FNV_PRIME = 16777619;

/** FNV-1a, 32 bits, over UTF-16 code units: what GrowthBook's JavaScript SDK hashes, so non-ASCII ids agree with it too. */
export function fnv1a32(text: string): number {
  let hash = FNV_OFFSET_BASIS;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    // Math.imul keeps the product's low 32 bits exactly; a plain * would lose them past 2^53.
    hash = Math.imul(hash, FNV_PRIME);
  }
  return hash >>> 0;
}

/**
 * A visitor's place in an experiment, in [0, 1) with four decimals. Hashing the first hash's decimal
 * digits again is version 2: GrowthBook keeps its single-pass version 1 only for old experiments,
 * because it was biased.
 */
export function hashVisitor(seed: string, visitorId: string): number {
  return (fnv1a32(String(fnv1a32(seed + visitorId))) % 10_000) / 10_000;
}

export interface ExperimentSplit {
  /** The experiment's own seed: experiments with different seeds split visitors independently. */
  seed: string;
  /** Share of visitors in the experiment, 0..1; the others see the control and are not counted. */
  coverage: number;
  /** One per variant, control first; relative shares (they need not sum to 1). */
  weights: readonly number[];
}

/** [start, end) of the hash values that get a variant. */
export type BucketRange = readonly [start: number, end: number];

/** Weights as shares summing to 1; refuses what no split can be made of. */
export function normaliseWeights(weights: readonly number[]): number[] {
  if (weights.length < 2) throw new Error(`An experiment needs at least two variants (a control and one more); got ${weights.length}.`);
  for (const [index, weight] of weights.entries()) {
    if (!Number.isFinite(weight) || weight < 0) throw new Error(`Variant ${index}'s weight must be a finite number of 0 or more; got ${weight}.`);
  }
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total <= 0) throw new Error("At least one variant needs a weight above 0.");
  return weights.map((weight) => weight / total);
}

function validateSplit({ seed, coverage }: ExperimentSplit): void {
  // An empty seed would make every such experiment split visitors the same way.
  if (typeof seed !== "string" || seed === "") throw new Error("An experiment needs a non-empty seed.");
  if (!Number.isFinite(coverage) || coverage < 0 || coverage > 1) throw new Error(`Coverage is a share of visitors from 0 to 1; got ${coverage}.`);
}

/**
 * Each variant's range starts where it would at full coverage and spans its share times the coverage.
 * Raising the coverage only lengthens the ranges, so a visitor already in keeps their variant; changing
 * the weights moves starts, and so moves visitors (an experiment's weights are fixed once it runs).
 */
export function bucketRanges(split: ExperimentSplit): BucketRange[] {
  validateSplit(split);
  const shares = normaliseWeights(split.weights);
  let start = 0;
  return shares.map((share) => {
    const range: BucketRange = [start, start + share * split.coverage];
    start += share;
    return range;
  });
}

/** The variant index (0 is the control) for this visitor, or null when they are outside the experiment's coverage. */
export function chooseVariant(split: ExperimentSplit, visitorId: string): number | null {
  const ranges = bucketRanges(split);
  // No id, no stable hash: such a visitor sees the control and is not counted (as in GrowthBook).
  if (visitorId === "") return null;
  const value = hashVisitor(split.seed, visitorId);
  const index = ranges.findIndex(([start, end]) => value >= start && value < end);
  return index === -1 ? null : index;
}
