// The booking feature's public entry: the only module of it another feature may import
// (docs/architecture.md, "Features and the kernel").
export * from "./calendar-sync/job";
export * from "./data/calendar";
export * from "./job";
export * from "./mails";
