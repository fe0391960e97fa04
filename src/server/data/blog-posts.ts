import "server-only";
import { and, arrayOverlaps, desc, eq, ne } from "drizzle-orm";
import { db } from "../db/client";
import { blogPosts, type BlogPost } from "../db/schema";

export const FEATURED_POSTS_LIMIT = 3;
export const RELATED_POSTS_LIMIT = 3;

// Public readers only ever see published rows: the filter lives here, not in the pages (GUIDE rule 3).
const isPublished = eq(blogPosts.published, true);

export async function listPublishedPosts(): Promise<BlogPost[]> {
  return db().select().from(blogPosts).where(isPublished).orderBy(desc(blogPosts.createdAt));
}

export async function listFeaturedPosts(): Promise<BlogPost[]> {
  return db()
    .select()
    .from(blogPosts)
    .where(and(isPublished, eq(blogPosts.featured, true)))
    .orderBy(desc(blogPosts.createdAt))
    .limit(FEATURED_POSTS_LIMIT);
}

export async function getPublishedPost(slug: string): Promise<BlogPost | undefined> {
  const [post] = await db()
    .select()
    .from(blogPosts)
    .where(and(isPublished, eq(blogPosts.slug, slug)))
    .limit(1);
  return post;
}

export async function listRelatedPosts(post: Pick<BlogPost, "id" | "tags">): Promise<BlogPost[]> {
  if (post.tags.length === 0) return [];
  return db()
    .select()
    .from(blogPosts)
    .where(and(isPublished, ne(blogPosts.id, post.id), arrayOverlaps(blogPosts.tags, post.tags)))
    .orderBy(desc(blogPosts.createdAt))
    .limit(RELATED_POSTS_LIMIT);
}
