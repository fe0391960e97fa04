import "server-only";
import crypto from "node:crypto";
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { blogPostsTable } from "@/lib/admin-tables/blog-posts";
import { recordActivity } from "../../kernel/activity/activity";
import { requireRole } from "../../kernel/session/auth-guard";
import { db } from "../../kernel/db/client";
import { blogPosts, blogPreviewLinks, users, type BlogPost } from "../../kernel/db/schema";
import { siteConfig } from "../../kernel/site-config";

// Preview links for drafts and scheduled posts (docs/decisions/0047). A link is 192 random bits in
// base64url; only its SHA-256 is stored, so the table leaks no working link. It shows the post it was
// made for until it expires or is revoked; the public article takes over once the post is published.

export const PREVIEW_DAYS = 7;
export const PREVIEW_PATH = "/preview";
/** 24 random bytes in base64url. */
const TOKEN = /^[A-Za-z0-9_-]{32}$/;

const hashOf = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

export interface PreviewLinkSummary {
  id: string;
  createdAt: Date;
  expiresAt: Date;
  createdBy: string | null;
}

/** Makes a link for a post; the address is returned once, never stored. Null when the post is gone. */
export async function createPreviewLink(postId: string): Promise<{ url: string; expiresAt: Date } | null> {
  const user = await requireRole(blogPostsTable.access.write);
  const token = crypto.randomBytes(24).toString("base64url");
  const expiresAt = new Date(Date.now() + PREVIEW_DAYS * 86_400_000);
  return db().transaction(async (tx) => {
    const [post] = await tx.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.id, postId)).for("share");
    if (!post) return null;
    const [link] = await tx.insert(blogPreviewLinks).values({ postId, tokenHash: hashOf(token), createdBy: user.id, expiresAt }).returning({ id: blogPreviewLinks.id });
    await recordActivity({ action: "blog_posts.preview-link", actor: user, table: "blog_posts", recordId: postId, after: { link: link!.id, expiresAt: expiresAt.toISOString() } }, tx);
    return { url: `${siteConfig().url}${PREVIEW_PATH}/${token}`, expiresAt };
  });
}

/** A post's links that still work, newest first. */
export async function listPreviewLinks(postId: string): Promise<PreviewLinkSummary[]> {
  await requireRole(blogPostsTable.access.read);
  return db()
    .select({ id: blogPreviewLinks.id, createdAt: blogPreviewLinks.createdAt, expiresAt: blogPreviewLinks.expiresAt, createdBy: users.email })
    .from(blogPreviewLinks)
    .leftJoin(users, eq(users.id, blogPreviewLinks.createdBy))
    .where(and(eq(blogPreviewLinks.postId, postId), isNull(blogPreviewLinks.revokedAt), gt(blogPreviewLinks.expiresAt, new Date())))
    .orderBy(desc(blogPreviewLinks.createdAt));
}

/** False when the post has no such working link. */
export async function revokePreviewLink(postId: string, id: string): Promise<boolean> {
  const user = await requireRole(blogPostsTable.access.write);
  return db().transaction(async (tx) => {
    const [gone] = await tx
      .update(blogPreviewLinks)
      .set({ revokedAt: new Date() })
      .where(and(eq(blogPreviewLinks.id, id), eq(blogPreviewLinks.postId, postId), isNull(blogPreviewLinks.revokedAt)))
      .returning({ id: blogPreviewLinks.id });
    if (!gone) return false;
    await recordActivity({ action: "blog_posts.preview-revoke", actor: user, table: "blog_posts", recordId: postId, after: { link: id } }, tx);
    return true;
  });
}

export type PreviewLookup = { kind: "draft"; post: BlogPost } | { kind: "published"; slug: string } | { kind: "gone" };

/** What a preview address shows: anyone may ask, and only the token decides. */
export async function findPreview(token: string): Promise<PreviewLookup> {
  if (!TOKEN.test(token)) return { kind: "gone" };
  const [found] = await db()
    .select({ post: blogPosts })
    .from(blogPreviewLinks)
    .innerJoin(blogPosts, eq(blogPosts.id, blogPreviewLinks.postId))
    .where(and(eq(blogPreviewLinks.tokenHash, hashOf(token)), isNull(blogPreviewLinks.revokedAt), gt(blogPreviewLinks.expiresAt, new Date())))
    .limit(1);
  if (!found) return { kind: "gone" };
  return found.post.published ? { kind: "published", slug: found.post.slug } : { kind: "draft", post: found.post };
}
