import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { cache } from "react";
import { BlogIndex } from "@/components/blog/blog-index";
import { blogCopy } from "@/components/blog/blog-copy";
import { BLOG_FEED_PATH, blogListHref, parseBlogFilter } from "@/lib/blog";
import { pageMetadata } from "@/lib/metadata";
import { listFeaturedPosts, listPublishedPostSummaries } from "@/server/content/data/blog-posts";
import { siteConfig } from "@/server/kernel/site-config";

/**
 * /blog?tag=...&q=... : next.config.ts rewrites filtered listing addresses here, so that the cached
 * /blog never reads the query. Rendered per request, for visitors without JavaScript and for
 * shared links; with JavaScript the listing filters in the browser. Never indexed: /blog is the
 * canonical page.
 */
export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const loadPosts = cache(listPublishedPostSummaries);

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const filter = parseBlogFilter(await searchParams);
  const title = filter.tag ? blogCopy.taggedHeading(filter.tag) : filter.q ? `Search: ${filter.q}` : blogCopy.hero.title;
  return pageMetadata({
    title,
    description: blogCopy.listingDescription,
    path: "/blog",
    feed: { title: blogCopy.feedLinkTitle, path: BLOG_FEED_PATH },
    siteName: siteConfig().name,
    noIndex: true,
  });
}

export default async function BlogSearchPage({ searchParams }: Props) {
  const params = await searchParams;
  const filter = parseBlogFilter(params);
  // An empty search box submitted without JavaScript sends ?q=: tidy the address it leaves.
  const hasEmpty = ("q" in params && !filter.q) || ("tag" in params && !filter.tag);
  if (hasEmpty) redirect(blogListHref(filter));
  const [posts, featured] = await Promise.all([loadPosts(), listFeaturedPosts()]);
  return <BlogIndex posts={posts} featured={featured} filter={filter} />;
}
