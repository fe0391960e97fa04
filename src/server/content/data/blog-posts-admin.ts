import "server-only";
import { and, desc, eq, ne, sql } from "drizzle-orm";
import { blogPostHref, readingTimeMinutes } from "@/lib/blog";
import type { BlogPostData } from "@/lib/schemas/admin";
import { recordActivity } from "../../kernel/activity/activity";
import { db, type Executor } from "../../kernel/db/client";
import { blogPostRevisions, blogPosts, type BlogPost, type RevisionAction } from "../../kernel/db/schema";
import type { SignedInUser } from "../../kernel/session/auth-guard";
import { FieldError } from "../../kernel/forms/form-action";
import { contentImageAlts, sanitizeBlogHtml } from "../html";
import { adoptAltTexts, holdMediaInUse } from "../../media";
import { redirectMovedPage, releaseAddress } from "../../redirects";

// Admin side of blog_posts: the blog table's hooks (src/server/dashboard/admin-hooks.ts), reached only
// through data/admin-records.ts, which checks the table's roles first: the server-side check is
// the boundary, whatever page or layout called it.

export const CONTENT_EMPTY_MESSAGE = "Content is empty after removing unsafe markup.";

export class SlugTakenError extends FieldError {
  constructor(readonly slug: string) {
    super({ slug: "This slug is already used by another post. Choose another." }, "Error", `The slug "${slug}" is already used by another post.`);
    this.name = "SlugTakenError";
  }
}

/** True when sanitised HTML shows nothing: no text and no image. */
function showsNothing(html: string): boolean {
  return !/<img\b/i.test(html) && !html.replace(/<[^>]*>/g, "").replace(/&nbsp;|&#160;|\s/g, "");
}

/**
 * What is stored: the content sanitised (allow-list) and the reading time computed from it. Content
 * that sanitises to nothing is refused beside its field, before the database's check would be.
 */
function storedValues(data: BlogPostData) {
  const content = sanitizeBlogHtml(data.content);
  if (showsNothing(content)) throw new FieldError({ content: CONTENT_EMPTY_MESSAGE });
  return { ...data, content, readingTime: readingTimeMinutes(content) };
}

/** Who saved a revision, and why (a restore names the revision it brought back). */
export interface RevisionSource {
  actor: SignedInUser;
  action?: RevisionAction;
  restoredFrom?: string;
  /** Sent by the writing room's autosave, not by the writer's own Save. */
  autosave?: boolean;
}

/**
 * Autosaves (every pause in typing) do not each add a revision: one person's autosaves update their
 * newest autosaved revision for this many minutes after it was first written, then start another.
 * A Save, a restore or someone else's save in between always starts a new one (docs/decisions/0075).
 */
export const AUTOSAVE_REVISION_MINUTES = 10;

type Tx = Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];

/** The saved post as one revision, in the save's own transaction (ADR 0039): both or neither are stored. */
async function keepRevision(tx: Tx, postId: string, values: ReturnType<typeof storedValues>, source: RevisionSource, action: RevisionAction) {
  const { title, content, readingTime: _readingTime, ...fields } = values;
  const autosave = Boolean(source.autosave) && action === "update" && !source.action;
  if (autosave) {
    // The post's row is locked by this save, so two autosaves of one post do not both read the same newest revision.
    const [newest] = await tx
      .select({
        id: blogPostRevisions.id,
        authorId: blogPostRevisions.authorId,
        autosavedAt: blogPostRevisions.autosavedAt,
        // Compared on the database's clock, which wrote the revision's time.
        open: sql<boolean>`${blogPostRevisions.createdAt} > clock_timestamp() - make_interval(mins => ${AUTOSAVE_REVISION_MINUTES})`,
      })
      .from(blogPostRevisions)
      .where(eq(blogPostRevisions.postId, postId))
      .orderBy(desc(blogPostRevisions.createdAt), desc(blogPostRevisions.id))
      .limit(1);
    if (newest?.autosavedAt && newest.authorId === source.actor.id && newest.open) {
      await tx.update(blogPostRevisions).set({ title, content, fields, autosavedAt: sql`clock_timestamp()` }).where(eq(blogPostRevisions.id, newest.id));
      return;
    }
  }
  await tx.insert(blogPostRevisions).values({
    postId,
    title,
    content,
    fields,
    authorId: source.actor.id,
    authorLabel: source.actor.name?.trim() ? `${source.actor.name} <${source.actor.email}>` : source.actor.email,
    action: source.action ?? action,
    restoredFrom: source.restoredFrom ?? null,
    autosavedAt: autosave ? sql`clock_timestamp()` : null,
    // The time of writing, not of the transaction's start: saves of one post wait for its row lock,
    // so their revisions are ordered as they were committed.
    createdAt: sql`clock_timestamp()`,
  });
}

/**
 * A post stored before revisions were kept (the samples, older posts) gets its current text as its
 * first revision before the first edit replaces it, so that no saved text is ever lost.
 */
async function keepFirstVersion(tx: Tx, row: BlogPost) {
  const [any] = await tx.select({ id: blogPostRevisions.id }).from(blogPostRevisions).where(eq(blogPostRevisions.postId, row.id)).limit(1);
  if (any) return;
  const { id, title, content, readingTime: _r, createdAt, updatedAt: _u, publishedAt: _p, ...fields } = row;
  await tx.insert(blogPostRevisions).values({ postId: id, title, content, fields, authorId: null, authorLabel: "As first stored", action: "create", createdAt });
}

async function assertSlugFree(exec: Executor, slug: string, exceptId?: string) {
  const [other] = await exec
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(exceptId ? and(eq(blogPosts.slug, slug), ne(blogPosts.id, exceptId)) : eq(blogPosts.slug, slug))
    .limit(1);
  if (other) throw new SlugTakenError(slug);
}

// Each takes the executor to write with: the CRUD module's transaction, in which the activity row is
// written too (docs/decisions/0037); a nested transaction is a savepoint.

export async function createBlogPost(data: BlogPostData, source: RevisionSource, exec: Executor = db()): Promise<{ id: string; slug: string }> {
  const values = storedValues(data);
  await assertSlugFree(exec, data.slug);
  return exec.transaction(async (tx) => {
    // A new post may take an address a renamed post used to have: its redirect goes.
    await releaseAddress(tx, blogPostHref(data.slug));
    const [row] = await tx
      .insert(blogPosts)
      .values({ ...values, ...(values.published ? { publishedAt: sql`now()` } : {}) })
      .returning({ id: blogPosts.id, slug: blogPosts.slug });
    await keepRevision(tx, row!.id, values, source, "create");
    await adoptAltTexts(contentImageAlts(values.content), tx);
    return row!;
  });
}

/**
 * Saves a post. When a published post's slug changes, its old address is kept as a redirect to the
 * new one. Every save keeps a revision (a run of autosaves shares one: keepRevision). Returns every slug whose page must be refreshed, or null when the post is gone.
 */
export async function updateBlogPost(id: string, data: BlogPostData, source: RevisionSource, exec: Executor = db()): Promise<{ slugs: string[] } | null> {
  const values = storedValues(data);
  await assertSlugFree(exec, data.slug, id);
  return exec.transaction(async (tx) => {
    const [before] = await tx.select().from(blogPosts).where(eq(blogPosts.id, id)).for("update");
    if (!before) return null;
    await keepFirstVersion(tx, before);
    // The old address of a public post answers 301 to the new one, in this transaction
    // (docs/decisions/0091); one that stays or goes private leads nowhere, so that a redirect never
    // reveals a draft. The new address is a live page: a redirect from it goes either way.
    if (before.slug !== data.slug && before.published && values.published) {
      await redirectMovedPage(tx, blogPostHref(before.slug), blogPostHref(data.slug), source.actor.email);
    } else {
      await releaseAddress(tx, blogPostHref(data.slug));
    }
    // The first save that makes it public is the moment it went live; a later one keeps that date.
    await tx
      .update(blogPosts)
      .set({ ...values, ...(values.published && !before.publishedAt ? { publishedAt: sql`now()` } : {}) })
      .where(eq(blogPosts.id, id));
    await adoptAltTexts(contentImageAlts(values.content), tx);
    // A restored revision saves through here too: its images are held like a dashboard save's.
    await holdMediaInUse("blog_posts", { ...before, ...values }, before, tx);
    await keepRevision(tx, id, values, source, "update");
    // A dashboard save is recorded by the CRUD module around this call; a restore comes from the
    // history instead, so it records its own row: which revision, and the fields it brought back.
    if (source.action === "restore") {
      await recordActivity({ action: "revision.restore", actor: source.actor, table: "blog_posts", recordId: id, before, after: { ...before, ...values, restoredFrom: source.restoredFrom } }, tx);
    }
    return { slugs: [...new Set([before.slug, data.slug])] };
  });
}

export async function deleteBlogPost(id: string, exec: Executor = db()): Promise<{ slug: string } | null> {
  const [row] = await exec.delete(blogPosts).where(eq(blogPosts.id, id)).returning({ slug: blogPosts.slug });
  return row ?? null;
}

/** Exactly what the public article will render, for the dialog's preview. */
export async function previewBlogContent(content: string): Promise<string> {
  return sanitizeBlogHtml(content);
}
