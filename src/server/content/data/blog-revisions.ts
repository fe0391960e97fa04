import "server-only";
import { diffWords } from "diff";
import { and, desc, eq } from "drizzle-orm";
import sanitizeHtml from "sanitize-html";
import { blogPostsTable } from "@/lib/admin-tables/blog-posts";
import type { BlogPostData } from "@/lib/schemas/admin";
import { requireRole } from "../../kernel/session/auth-guard";
import { db } from "../../kernel/db/client";
import { blogPostRevisions, blogPosts, type BlogPostRevision } from "../../kernel/db/schema";
import { updateBlogPost } from "./blog-posts-admin";

// A post's history (ADR 0039): every save is a revision, kept without limit (a run of autosaves is one, ADR 0075); two of them can be
// compared word by word, and one can be restored, which saves it again as a new revision so that
// the text it replaces stays in the history. Every function checks the blog table's roles itself.

export interface RevisionSummary {
  id: string;
  title: string;
  authorLabel: string;
  action: BlogPostRevision["action"];
  restoredFrom: string | null;
  /** An autosaved revision's latest autosave (docs/decisions/0075); null for a Save or a restore. */
  autosavedAt: Date | null;
  createdAt: Date;
}

/** One piece of a word diff: unchanged, added (only in the newer) or removed (only in the older). */
export interface DiffPart {
  value: string;
  change?: "added" | "removed";
}

export interface RevisionComparison {
  older: RevisionSummary;
  newer: RevisionSummary;
  title: DiffPart[];
  content: DiffPart[];
  /** Other fields whose saved values differ, as text. */
  fields: { name: string; label: string; before: string; after: string }[];
}

const SUMMARY = {
  id: blogPostRevisions.id,
  title: blogPostRevisions.title,
  authorLabel: blogPostRevisions.authorLabel,
  action: blogPostRevisions.action,
  restoredFrom: blogPostRevisions.restoredFrom,
  autosavedAt: blogPostRevisions.autosavedAt,
  createdAt: blogPostRevisions.createdAt,
};

/** Newest first; every revision there is (no limit on their number, so none is hidden). */
export async function listRevisions(postId: string): Promise<RevisionSummary[]> {
  await requireRole(blogPostsTable.access.read);
  return db()
    .select(SUMMARY)
    .from(blogPostRevisions)
    .where(eq(blogPostRevisions.postId, postId))
    .orderBy(desc(blogPostRevisions.createdAt), desc(blogPostRevisions.id));
}

async function revisionOf(postId: string, revisionId: string): Promise<BlogPostRevision | undefined> {
  const [row] = await db()
    .select()
    .from(blogPostRevisions)
    .where(and(eq(blogPostRevisions.id, revisionId), eq(blogPostRevisions.postId, postId)))
    .limit(1);
  return row;
}

/** The words a reader sees, one block per line, so that a diff follows paragraphs and not markup. */
export function readableText(html: string): string {
  const blocks = html.replace(/<\/(p|h[1-6]|li|blockquote|pre|tr|figcaption|caption)>|<br\s*\/?>|<hr\s*\/?>/gi, "$&\n");
  const text = sanitizeHtml(blocks, { allowedTags: [], allowedAttributes: {} });
  // An image's words are its alt text.
  const alts = [...html.matchAll(/<img\b[^>]*\balt="([^"]*)"/gi)].map((m) => `[image: ${m[1]}]`);
  const decoded = text.replace(/&nbsp;/g, " ").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, "&");
  return [decoded, ...alts]
    .join("\n")
    .split("\n")
    .map((line) => line.replace(/[ \t]+/g, " ").trim())
    .filter(Boolean)
    .join("\n");
}

function wordDiff(before: string, after: string): DiffPart[] {
  return diffWords(before, after).map((part) => ({
    value: part.value,
    ...(part.added ? { change: "added" as const } : part.removed ? { change: "removed" as const } : {}),
  }));
}

const fieldLabel = (name: string) => blogPostsTable.fields.find((f) => f.name === name)?.label ?? name;
const asText = (value: unknown) => (Array.isArray(value) ? value.join(", ") : value === null || value === undefined ? "" : String(value));

const toSummary = (r: BlogPostRevision): RevisionSummary => ({
  id: r.id,
  title: r.title,
  authorLabel: r.authorLabel,
  action: r.action,
  restoredFrom: r.restoredFrom,
  autosavedAt: r.autosavedAt,
  createdAt: r.createdAt,
});

/** The difference between two revisions of one post, the older first whatever the order asked. */
export async function compareRevisions(postId: string, a: string, b: string): Promise<RevisionComparison | null> {
  await requireRole(blogPostsTable.access.read);
  const [first, second] = await Promise.all([revisionOf(postId, a), revisionOf(postId, b)]);
  if (!first || !second) return null;
  const [older, newer] = first.createdAt <= second.createdAt ? [first, second] : [second, first];
  const names = [...new Set([...Object.keys(older.fields), ...Object.keys(newer.fields)])];
  return {
    older: toSummary(older),
    newer: toSummary(newer),
    title: wordDiff(older.title, newer.title),
    content: wordDiff(readableText(older.content), readableText(newer.content)),
    fields: names
      .map((name) => ({ name, label: fieldLabel(name), before: asText(older.fields[name]), after: asText(newer.fields[name]) }))
      .filter((f) => f.before !== f.after),
  };
}

/** A revision's text, as it was saved, for reading before restoring it. */
export async function getRevision(postId: string, revisionId: string): Promise<BlogPostRevision | null> {
  await requireRole(blogPostsTable.access.read);
  return (await revisionOf(postId, revisionId)) ?? null;
}

/**
 * Brings a revision's title, content and fields back, saved like any edit (sanitised, in one
 * transaction with its own new revision). The post keeps its current address and publishing state:
 * a restore changes what the post says, never where it lives or whether it is public.
 * Returns the slugs to refresh, or null when the post or revision is not there.
 */
export async function restoreRevision(postId: string, revisionId: string): Promise<{ slugs: string[] } | null> {
  const actor = await requireRole(blogPostsTable.access.write);
  const revision = await revisionOf(postId, revisionId);
  if (!revision) return null;
  const [current] = await db().select().from(blogPosts).where(eq(blogPosts.id, postId)).limit(1);
  if (!current) return null;
  const saved = revision.fields as Partial<BlogPostData>;
  const data: BlogPostData = {
    ...saved,
    title: revision.title,
    content: revision.content,
    authorName: saved.authorName ?? current.authorName,
    excerpt: saved.excerpt ?? null,
    featuredImageUrl: saved.featuredImageUrl ?? null,
    metaTitle: saved.metaTitle ?? null,
    metaDescription: saved.metaDescription ?? null,
    tags: saved.tags ?? [],
    // Where and whether it is shown stays as it is now: a restore brings back words, not state.
    slug: current.slug,
    published: current.published,
    featured: current.featured,
    hiddenFromSearch: current.hiddenFromSearch,
    publishAt: current.publishAt,
    unpublishAt: current.unpublishAt,
  };
  return updateBlogPost(postId, data, { actor, action: "restore", restoredFrom: revision.id });
}
