// The content feature's public entry: the only module of it another feature may import
// (docs/architecture.md, "Features and the kernel"); it names what others use, nothing more.
export { insertAuthor, updateAuthor } from "./data/authors";
export { listPublishedTags } from "./data/blog-posts";
export { createCaseStudy, updateCaseStudy } from "./data/case-studies-admin";
export { createBlogPost, deleteBlogPost, previewBlogContent, updateBlogPost } from "./data/blog-posts-admin";
export { ALLOWED_TAGS, sanitizeBlogHtml } from "./html";
export { readInternalLinks, type InternalLinks } from "./data/link-suggestions";
export { scheduledPublishingJob } from "./scheduled-publishing";
