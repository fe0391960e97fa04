import "server-only";
import { and, arrayOverlaps, desc, eq, ne, sql } from "drizzle-orm";
import { LIMITS, SLUG_PATTERN } from "@/lib/limits";
import { db } from "../../kernel/db/client";
import { blogPosts, type BlogPost } from "../../kernel/db/schema";
import { errorFields, log } from "../../kernel/log";

/**
 * A failed blog read is logged and the visitor sees an empty listing or 'Post Not Found',
 * never an error page. (Such a page stays cached for at most its revalidate period.)
 */
async function orFallback<T>(what: string, fallback: T, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    log("error", `blog read failed: ${what}`, errorFields(error));
    return fallback;
  }
}

export const FEATURED_POSTS_LIMIT = 3;
export const RELATED_POSTS_LIMIT = 3;
/** The feed carries full content: the newest posts only, so that it stays a reasonable download. */
export const FEED_POSTS_LIMIT = 50;

// Public readers only ever see published rows: the filter lives here, not in the pages.
const isPublished = eq(blogPosts.published, true);

/** What a card shows: everything but the content, which can be 200 kB a post. */
const cardColumns = {
  id: blogPosts.id,
  slug: blogPosts.slug,
  title: blogPosts.title,
  excerpt: blogPosts.excerpt,
  featuredImageUrl: blogPosts.featuredImageUrl,
  authorName: blogPosts.authorName,
  tags: blogPosts.tags,
  readingTime: blogPosts.readingTime,
  featured: blogPosts.featured,
  published: blogPosts.published,
  createdAt: blogPosts.createdAt,
  publishedAt: blogPosts.publishedAt,
  updatedAt: blogPosts.updatedAt,
};

/** Newest first by the date a post shows (lib/blog.ts liveDate): when it went live, else when it was created. */
const newestLive = desc(sql`coalesce(${blogPosts.publishedAt}, ${blogPosts.createdAt})`);

export type PostSummary = Pick<BlogPost, keyof typeof cardColumns>;

/** A slug that cannot exist is answered without a query. */
function isPossibleSlug(slug: string): boolean {
  return slug.length <= LIMITS.slug && SLUG_PATTERN.test(slug);
}

export async function listPublishedPosts(): Promise<BlogPost[]> {
  return db().select().from(blogPosts).where(isPublished).orderBy(newestLive);
}

/** Every published post for the listing, newest first, without content. */
export async function listPublishedPostSummaries(): Promise<PostSummary[]> {
  return orFallback("listing", [], () => db().select(cardColumns).from(blogPosts).where(isPublished).orderBy(newestLive));
}

/** The tags of the published posts, unsorted: the topics a newsletter reader may choose (docs/newsletter.md). */
export async function listPublishedTags(): Promise<string[]> {
  return orFallback("tags", [], async () => {
    const rows = await db().execute<{ tag: string }>(sql`select distinct unnest(${blogPosts.tags}) as tag from ${blogPosts} where ${isPublished}`);
    return rows.rows.map((r) => r.tag);
  });
}

/** The listing's featured posts: published and featured, newest first, at most 3. */
export async function listFeaturedPosts(): Promise<PostSummary[]> {
  return orFallback("featured", [], () =>
    db()
      .select(cardColumns)
      .from(blogPosts)
      .where(and(isPublished, eq(blogPosts.featured, true)))
      .orderBy(newestLive)
      .limit(FEATURED_POSTS_LIMIT),
  );
}

export async function getPublishedPost(slug: string): Promise<BlogPost | undefined> {
  if (!isPossibleSlug(slug)) return undefined;
  return orFallback("article", undefined, async () => {
    const [post] = await db()
      .select()
      .from(blogPosts)
      .where(and(isPublished, eq(blogPosts.slug, slug)))
      .limit(1);
    return post;
  });
}

/** An article's related posts: other published posts sharing a tag, newest first, at most 3. */
export async function listRelatedPosts(post: Pick<BlogPost, "id" | "tags">): Promise<PostSummary[]> {
  if (post.tags.length === 0) return [];
  return orFallback("related", [], () =>
    db()
      .select(cardColumns)
      .from(blogPosts)
      .where(and(isPublished, ne(blogPosts.id, post.id), arrayOverlaps(blogPosts.tags, post.tags)))
      .orderBy(newestLive)
      .limit(RELATED_POSTS_LIMIT),
  );
}

// Posts hidden from search engines stay readable on the site but are not offered to crawlers or
// feed readers (docs/decisions/0041).
const isOfferedToSearch = and(isPublished, eq(blogPosts.hiddenFromSearch, false));

/** The feed: the newest published posts with their content, except those hidden from search. */
export async function listPostsForFeed(limit = FEED_POSTS_LIMIT): Promise<BlogPost[]> {
  return db().select().from(blogPosts).where(isOfferedToSearch).orderBy(newestLive).limit(limit);
}

/** The sitemap: every published post's address and last change, except those hidden from search. */
export async function listPostSitemapEntries(): Promise<{ slug: string; updatedAt: Date }[]> {
  return db()
    .select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt })
    .from(blogPosts)
    .where(isOfferedToSearch)
    .orderBy(newestLive);
}
