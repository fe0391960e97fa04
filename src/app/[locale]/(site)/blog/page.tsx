import type { Metadata } from "next";
import { cache } from "react";
import { BlogIndex } from "@/components/blog/blog-index";
import { blogCopy } from "@/components/blog/blog-copy";
import { BLOG_FEED_PATH, distinctTags, EMPTY_FILTER } from "@/lib/blog";
import { pageMetadata } from "@/lib/metadata";
import { listFeaturedPosts, listPublishedPostSummaries } from "@/server/content/data/blog-posts";
import { siteConfig } from "@/server/kernel/site-config";

// Served from the cache (docs/decisions/0003); revalidateBlog() refreshes it after every write.
// This page must never read searchParams, or it would be rendered per request: filtered addresses
// (?tag=, ?q=) are rewritten to /blog-search in next.config.ts.
export const revalidate = 300;

const loadPosts = cache(listPublishedPostSummaries);

export async function generateMetadata(): Promise<Metadata> {
  return pageMetadata({
    title: blogCopy.hero.title,
    description: blogCopy.listingDescription,
    path: "/blog",
    keywords: [...blogCopy.listingKeywords, ...distinctTags(await loadPosts())],
    feed: { title: blogCopy.feedLinkTitle, path: BLOG_FEED_PATH },
    siteName: siteConfig().name,
  });
}

export default async function BlogPage() {
  const [posts, featured] = await Promise.all([loadPosts(), listFeaturedPosts()]);
  return <BlogIndex posts={posts} featured={featured} filter={EMPTY_FILTER} />;
}
