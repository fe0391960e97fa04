import "server-only";
import { and, eq, ne } from "drizzle-orm";
import { readingTimeMinutes } from "@/lib/blog";
import type { BlogPostData } from "@/lib/schemas/admin";
import { requireAdmin } from "../auth-guard";
import { db } from "../db/client";
import { blogPosts, blogSlugRedirects, type BlogPost } from "../db/schema";
import { sanitizeBlogHtml } from "../html";
import { countWhere, listPage, searchWhere, type ListParams, type ListResult } from "./admin-list";

// Admin side of blog_posts; every function checks the admin role itself (GUIDE rule 2).

const SEARCH = [blogPosts.title, blogPosts.slug, blogPosts.excerpt, blogPosts.authorName];
const SORTS = { created_at: blogPosts.createdAt, updated_at: blogPosts.updatedAt, title: blogPosts.title, published: blogPosts.published, featured: blogPosts.featured };

export async function listBlogPostsForAdmin(params: ListParams): Promise<ListResult<BlogPost>> {
  await requireAdmin();
  const status = params.status === "published" ? eq(blogPosts.published, true) : params.status === "draft" ? eq(blogPosts.published, false) : undefined;
  return listPage<BlogPost>({ table: blogPosts, where: [searchWhere(params.q, SEARCH), status], sortable: SORTS, defaultSort: "created_at", params });
}

export async function countBlogPostsForAdmin(params: ListParams): Promise<number> {
  await requireAdmin();
  return countWhere(blogPosts, and(searchWhere(params.q, SEARCH)));
}

export class SlugTakenError extends Error {
  constructor(readonly slug: string) {
    super(`The slug "${slug}" is already used by another post.`);
    this.name = "SlugTakenError";
  }
}

/** What is stored: the content sanitised (allow-list) and the reading time computed from it. */
function storedValues(data: BlogPostData) {
  const content = sanitizeBlogHtml(data.content);
  return { ...data, content, readingTime: readingTimeMinutes(content) };
}

async function assertSlugFree(slug: string, exceptId?: string) {
  const [other] = await db()
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(exceptId ? and(eq(blogPosts.slug, slug), ne(blogPosts.id, exceptId)) : eq(blogPosts.slug, slug))
    .limit(1);
  if (other) throw new SlugTakenError(slug);
}

export async function createBlogPost(data: BlogPostData): Promise<{ id: string; slug: string }> {
  await requireAdmin();
  await assertSlugFree(data.slug);
  return db().transaction(async (tx) => {
    // A new post may take an address a renamed post used to have.
    await tx.delete(blogSlugRedirects).where(eq(blogSlugRedirects.oldSlug, data.slug));
    const [row] = await tx.insert(blogPosts).values(storedValues(data)).returning({ id: blogPosts.id, slug: blogPosts.slug });
    return row!;
  });
}

/**
 * Saves a post. When a published post's slug changes, its old address is kept as a redirect to the
 * new one. Returns every slug whose page must be refreshed, or null when the post is gone.
 */
export async function updateBlogPost(id: string, data: BlogPostData): Promise<{ slugs: string[] } | null> {
  await requireAdmin();
  await assertSlugFree(data.slug, id);
  return db().transaction(async (tx) => {
    const [before] = await tx.select({ slug: blogPosts.slug, published: blogPosts.published }).from(blogPosts).where(eq(blogPosts.id, id)).for("update");
    if (!before) return null;
    await tx.delete(blogSlugRedirects).where(eq(blogSlugRedirects.oldSlug, data.slug));
    if (before.slug !== data.slug && before.published) {
      await tx
        .insert(blogSlugRedirects)
        .values({ oldSlug: before.slug, postId: id })
        .onConflictDoUpdate({ target: blogSlugRedirects.oldSlug, set: { postId: id } });
    }
    await tx.update(blogPosts).set(storedValues(data)).where(eq(blogPosts.id, id));
    return { slugs: [...new Set([before.slug, data.slug])] };
  });
}

export async function deleteBlogPost(id: string): Promise<{ slug: string } | null> {
  await requireAdmin();
  const [row] = await db().delete(blogPosts).where(eq(blogPosts.id, id)).returning({ slug: blogPosts.slug });
  return row ?? null;
}

/** Exactly what the public article will render, for the dialog's preview. */
export async function previewBlogContent(content: string): Promise<string> {
  await requireAdmin();
  return sanitizeBlogHtml(content);
}
