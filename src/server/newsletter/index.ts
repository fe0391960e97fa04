// The newsletter feature's public entry: the only module of it another feature may import
// (docs/architecture.md, "Features and the kernel").
export * from "./data/newsletter-events";
export * from "./data/newsletter-subscribers";
export * from "./job";
export * from "./subscribe";
