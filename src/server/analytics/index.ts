// The analytics feature's public entry: the only module of it another feature may import
// (docs/architecture.md, "Features and the kernel"); it names what others use, nothing more.
export {
  type VisitPath,
  deleteExpiredSalts,
  dueRollupDays,
  pruneRawPageViews,
  refreshVisits,
  crossUncrossedDays,
  rollUpDay,
  storePageViews,
  visitPathFor,
  visitorIdForRequest,
  visitorIdOfDigest,
} from "./data/analytics";
export { ANALYTICS_PERIODS, analyticsReport } from "./data/analytics-report";
export { visitChannel, withServerFirstTouch } from "./data/first-touch";
export { utcDay } from "./visitor-id";
