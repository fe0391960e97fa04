import "server-only";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { blogPostsTable } from "@/lib/admin-tables/blog-posts";
import { blogPostHref } from "@/lib/blog";
import { linkedPaths } from "@/lib/internal-links";
import { db } from "../../kernel/db/client";
import { blogPosts, caseStudies } from "../../kernel/db/schema";
import { errorFields, log } from "../../kernel/log";
import { AccessDeniedError, requireRole } from "../../kernel/session/auth-guard";
import { siteConfig } from "../../kernel/site-config";
import { sitePagesText } from "../site-pages-text";
import { buildCorpus, documentFromHtml, sharedTerms, similarity, termCounts, vectorOf, type Corpus, type TermVector, type TextDocument } from "../text-vectors";

// The writing room's "Internal links" (docs/decisions/0099): the published posts and public pages
// that share a post's most prominent words, and the published posts that already link to it.

export const SUGGESTION_LIMIT = 8;
/** Below this cosine similarity two pages share a word or two by chance, not a subject. */
export const MIN_SIMILARITY = 0.03;

export type LinkTargetKind = "post" | "page" | "case-study";

export interface LinkSuggestion {
  /** Unique in the list (several case studies share the case studies page's address). */
  key: string;
  kind: LinkTargetKind;
  title: string;
  path: string;
  /** The heaviest words the post and the page share: why it is suggested. */
  shared: string[];
  score: number;
  /** The post links to this path already. */
  isLinked: boolean;
}

export interface Backlink {
  id: string;
  title: string;
  path: string;
}

export interface InternalLinks {
  suggestions: LinkSuggestion[];
  backlinks: Backlink[];
}

/** The post as the writer has it: stored, or typed and not yet saved (id null for a new one). */
export interface LinkSubject {
  id: string | null;
  slug: string;
  title: string;
  content: string;
}

interface Entry {
  key: string;
  kind: LinkTargetKind;
  title: string;
  path: string;
  postId?: string;
  vector: TermVector;
  /** A post's links to pages of this site, for backlinks. */
  links?: Set<string>;
}

interface CorpusCache {
  fingerprint: string;
  corpus: Corpus;
  entries: Entry[];
}

/** A document's counted words, kept with the change they were counted from (its `updated_at`). */
interface Counted extends Omit<Entry, "vector"> {
  stamp: string;
  counts: Map<string, number>;
}

let cache: CorpusCache | null = null;
let building: { fingerprint: string; done: Promise<CorpusCache> } | null = null;
/** Every row's counted words by entry key: after a change, only the rows changed are read and counted again. */
let counted = new Map<string, Counted>();
const STATIC_STAMP = "static";

/** Which rows make the corpus and when each last changed: small rows, no content. */
async function corpusStamps(): Promise<{ posts: { id: string; stamp: string }[]; studies: { id: string; stamp: string }[] }> {
  const [posts, studies] = await Promise.all([
    db()
      .select({ id: blogPosts.id, stamp: sql<string>`${blogPosts.updatedAt}::text` })
      .from(blogPosts)
      .where(eq(blogPosts.published, true))
      .orderBy(asc(blogPosts.id)),
    db()
      .select({ id: caseStudies.id, stamp: sql<string>`${caseStudies.updatedAt}::text` })
      .from(caseStudies)
      .where(eq(caseStudies.featured, true))
      .orderBy(asc(caseStudies.id)),
  ]);
  return { posts, studies };
}

/** The posts and case studies not yet counted at their current change, read and counted. */
async function countChanged(postIds: string[], studyIds: string[]): Promise<Counted[]> {
  const siteUrl = siteConfig().url;
  const [posts, studies] = await Promise.all([
    postIds.length === 0
      ? []
      : db()
          .select({
            id: blogPosts.id,
            slug: blogPosts.slug,
            title: blogPosts.title,
            content: blogPosts.content,
            stamp: sql<string>`${blogPosts.updatedAt}::text`,
          })
          .from(blogPosts)
          .where(and(eq(blogPosts.published, true), inArray(blogPosts.id, postIds))),
    studyIds.length === 0
      ? []
      : db()
          .select({
            id: caseStudies.id,
            title: caseStudies.title,
            companyName: caseStudies.companyName,
            industry: caseStudies.industry,
            challenge: caseStudies.challenge,
            solution: caseStudies.solution,
            results: caseStudies.results,
            services: caseStudies.services,
            journey: caseStudies.journey,
            stamp: sql<string>`${caseStudies.updatedAt}::text`,
          })
          .from(caseStudies)
          .where(and(eq(caseStudies.featured, true), inArray(caseStudies.id, studyIds))),
  ]);
  return [
    ...posts.map((p) => ({
      key: `post:${p.id}`,
      kind: "post" as const,
      title: p.title,
      path: blogPostHref(p.slug),
      postId: p.id,
      stamp: p.stamp,
      counts: termCounts(documentFromHtml(p.title, p.content)),
      links: linkedPaths(p.content, siteUrl),
    })),
    ...studies.map((s) => ({
      key: `case-study:${s.id}`,
      kind: "case-study" as const,
      title: `Case study: ${s.title}`,
      path: "/case-studies",
      stamp: s.stamp,
      counts: termCounts({
        title: s.title,
        headings: [s.companyName, s.industry ?? "", ...s.services],
        body: [s.challenge, s.solution, s.results, ...s.journey].filter(Boolean).join("\n"),
      } satisfies TextDocument),
    })),
  ];
}

/**
 * The corpus's vectors. Each call reads the rows' ids and last changes (small, no content): any save,
 * publication, unpublishing or deletion, in this process or another one sharing the database, shows
 * there, so the vectors are built again exactly when they are stale, without a hook on the
 * revalidation path. Only the rows changed since they were counted are read and counted again; the
 * IDF, and so every vector, is computed again from the counts.
 */
async function corpusEntries(): Promise<CorpusCache> {
  const stamps = await corpusStamps();
  const fingerprint = [...stamps.posts.map((p) => `p${p.id}@${p.stamp}`), ...stamps.studies.map((c) => `c${c.id}@${c.stamp}`)].join(",");
  if (cache?.fingerprint === fingerprint) return cache;
  // Rooms opened together after a change share one rebuild.
  if (building?.fingerprint !== fingerprint) {
    const rebuild = rebuildCorpus(stamps, fingerprint).finally(() => {
      if (building?.done === rebuild) building = null;
    });
    building = { fingerprint, done: rebuild };
  }
  return building.done;
}

async function rebuildCorpus(stamps: Awaited<ReturnType<typeof corpusStamps>>, fingerprint: string): Promise<CorpusCache> {
  const stale = (key: string, stamp: string) => counted.get(key)?.stamp !== stamp;
  const fresh = await countChanged(
    stamps.posts.filter((p) => stale(`post:${p.id}`, p.stamp)).map((p) => p.id),
    stamps.studies.filter((c) => stale(`case-study:${c.id}`, c.stamp)).map((c) => c.id),
  );
  const next = new Map<string, Counted>();
  for (const entry of fresh) next.set(entry.key, entry);
  for (const { id } of stamps.posts) if (!next.has(`post:${id}`) && counted.has(`post:${id}`)) next.set(`post:${id}`, counted.get(`post:${id}`)!);
  for (const { id } of stamps.studies)
    if (!next.has(`case-study:${id}`) && counted.has(`case-study:${id}`)) next.set(`case-study:${id}`, counted.get(`case-study:${id}`)!);
  for (const page of sitePagesText()) {
    const key = `page:${page.path}`;
    next.set(key, counted.get(key) ?? { key, kind: "page", title: page.title, path: page.path, stamp: STATIC_STAMP, counts: termCounts(page.document) });
  }
  counted = next;
  const all = [...next.values()];
  const corpus = buildCorpus(all.map((d) => d.counts));
  const entries = all.map(({ stamp: _stamp, counts, ...d }) => ({ ...d, vector: vectorOf(counts, corpus) }));
  cache = { fingerprint, corpus, entries };
  return cache;
}

/** Forgets the vectors (tests start from an empty cache with it). */
export function dropLinkSuggestionCache(): void {
  cache = null;
  counted = new Map();
}

/**
 * The suggestions and backlinks for a post, for the writing room: the top published posts and public
 * pages by cosine similarity of TF-IDF vectors (title and headings weighted above the body), the post
 * itself and drafts never among them, those it already links to marked; and the published posts
 * whose body links to its public address. Staff who may read the posts table only.
 */
export async function suggestInternalLinks(subject: LinkSubject, limit = SUGGESTION_LIMIT): Promise<InternalLinks> {
  await requireRole(blogPostsTable.access.read);
  const { corpus, entries } = await corpusEntries();
  const siteUrl = siteConfig().url;
  const ownPath = subject.slug ? blogPostHref(subject.slug) : null;
  const linked = linkedPaths(subject.content, siteUrl);
  const vector = vectorOf(termCounts(documentFromHtml(subject.title, subject.content)), corpus);
  const candidates = entries.filter((e) => (subject.id === null || e.postId !== subject.id) && e.path !== ownPath);
  const suggestions = candidates
    .map((entry) => ({ entry, score: similarity(vector, entry.vector) }))
    .filter((c) => c.score >= MIN_SIMILARITY)
    .sort((a, b) => b.score - a.score || a.entry.title.localeCompare(b.entry.title))
    .slice(0, limit)
    .map(({ entry, score }) => ({
      key: entry.key,
      kind: entry.kind,
      title: entry.title,
      path: entry.path,
      shared: sharedTerms(vector, entry.vector),
      score: Math.round(score * 1000) / 1000,
      isLinked: linked.has(entry.path),
    }));
  const backlinks =
    ownPath === null
      ? []
      : entries
          .filter((e) => e.kind === "post" && e.postId !== subject.id && e.links?.has(ownPath))
          .map((e) => ({ id: e.postId!, title: e.title, path: e.path }))
          .sort((a, b) => a.title.localeCompare(b.title));
  return { suggestions, backlinks };
}

/** The room's list as its page renders: null, logged, when it cannot be made, so the room still opens. */
export async function readInternalLinks(subject: LinkSubject): Promise<InternalLinks | null> {
  try {
    return await suggestInternalLinks(subject);
  } catch (error) {
    if (error instanceof AccessDeniedError) throw error;
    log("error", "link suggestions failed", { postId: subject.id, ...errorFields(error) });
    return null;
  }
}
