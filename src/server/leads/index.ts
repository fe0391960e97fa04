// The leads feature's public entry: the only module of it another feature may import
// (docs/architecture.md, "Features and the kernel").
export * from "./data/follow-up";
export * from "./data/lead-stages";
export * from "./data/lead-visits";
export * from "./data/submissions";
export * from "./spam";
export * from "./lead-submission";
