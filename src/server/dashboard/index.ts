// The dashboard feature's public entry: the only module of it another feature may import
// (docs/architecture.md, "Features and the kernel"); it names what others use, nothing more.
export {
  afterStatusChange,
  changeRecordStatus,
  changeRecordStatusIn,
  createRecord,
  deleteRecord,
  listRecordsAfter,
  readRecord,
  statusOptionsOf,
  updateRecord,
} from "./data/admin-records";
export { OVERVIEW_PERIODS, overviewReport } from "./data/overview";
