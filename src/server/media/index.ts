// The media feature's public entry: the only module of it another feature may import
// (docs/architecture.md, "Features and the kernel").
export * from "./data/media-library";
export * from "./data/media-rows";
export * from "./media";
export * from "./storage";
