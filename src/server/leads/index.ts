// The leads feature's public entry: the only module of it another feature may import
// (docs/architecture.md, "Features and the kernel"); it names what others use, nothing more.
export { decorateInboxRows, followUpDigestJob, listDeskMembers, listDue, ownerRefusal, siteToday, type DueItem } from "./data/follow-up";
export {
  CLOSED_STAGES,
  CLOSED_STAGES_SQL,
  STAGE_EDITORS,
  type StageInfo,
  type StageOutcome,
  createLeadStage,
  listLeadStages,
  moveLeadStage,
  removeLeadStage,
  renameLeadStage,
  stageExists,
  stagesIn,
} from "./data/lead-stages";
export { withLeadVisits } from "./data/lead-visits";
export { pruneAcknowledgedSenders } from "./data/submissions";
export { pruneSpamJob, releaseSpam } from "./spam";
