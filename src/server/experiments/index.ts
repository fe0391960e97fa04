// The A/B experiments feature's public entry: which variant a visitor sees, and how each variant's
// rate compares with the control's (docs/decisions/0104).
export { bucketRanges, chooseVariant, hashVisitor, type BucketRange, type ExperimentSplit } from "./assign";
export {
  checkSampleRatio,
  compareToControl,
  summariseRate,
  SRM_MIN_VISITORS,
  SRM_P_VALUE,
  type Comparison,
  type RateCounts,
  type RateSummary,
  type SampleRatioCheck,
} from "./statistics";
