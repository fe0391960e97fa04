// The A/B experiments feature's public entry: which variant a visitor sees, how each variant's rate
// compares with the control's (docs/decisions/0104), what the public side reads and is told
// (docs/decisions/0107), and the experiments with their results as the API and MCP read them.
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
export { copyFor, loadRunningExperiment } from "./data/live";
export { experimentsChanged } from "./live-signal";
export { getExperiment, listExperiments, type ExperimentRow } from "./data/manage";
export { loadExperimentResults, type ExperimentResults, type VariantResult, type Verdict } from "./data/results";
