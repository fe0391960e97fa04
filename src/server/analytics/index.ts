// The analytics feature's public entry: the only module of it another feature may import
// (docs/architecture.md, "Features and the kernel").
export * from "./data/analytics-report";
export * from "./data/analytics";
export * from "./visitor-id";
export * from "./data/first-touch";
