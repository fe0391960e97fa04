// The content feature's public entry: the only module of it another feature may import
// (docs/architecture.md, "Features and the kernel").
export * from "./data/authors";
export * from "./data/blog-posts-admin";
export * from "./data/blog-posts";
export * from "./html";
export * from "./scheduled-publishing";
