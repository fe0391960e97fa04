import "server-only";
import { asc, eq, sql } from "drizzle-orm";
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

let cache: CorpusCache | null = null;

/**
 * What the corpus is made of, in one small query: the published posts' and featured case studies'
 * ids and last changes. Any save, publication, unpublishing or deletion changes it, in this process
 * or another one sharing the database, so the vectors are built again exactly when they are stale.
 */
async function corpusFingerprint(): Promise<string> {
  const { rows } = await db().execute<{ posts: string | null; studies: string | null }>(sql`select
      (select md5(string_agg(${blogPosts.id}::text || ${blogPosts.updatedAt}::text, ',' order by ${blogPosts.id})) from ${blogPosts} where ${blogPosts.published}) as posts,
      (select md5(string_agg(${caseStudies.id}::text || ${caseStudies.updatedAt}::text, ',' order by ${caseStudies.id})) from ${caseStudies} where ${caseStudies.featured}) as studies`);
  const row = rows[0];
  return `${row?.posts ?? "-"}:${row?.studies ?? "-"}`;
}

async function buildEntries(): Promise<{ corpus: Corpus; entries: Entry[] }> {
  const siteUrl = siteConfig().url;
  const [posts, studies] = await Promise.all([
    db()
      .select({ id: blogPosts.id, slug: blogPosts.slug, title: blogPosts.title, content: blogPosts.content })
      .from(blogPosts)
      .where(eq(blogPosts.published, true))
      .orderBy(asc(blogPosts.id)),
    db()
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
      })
      .from(caseStudies)
      .where(eq(caseStudies.featured, true))
      .orderBy(asc(caseStudies.id)),
  ]);
  const documents: (Omit<Entry, "vector"> & { document: TextDocument })[] = [
    ...posts.map((p) => ({
      key: `post:${p.id}`,
      kind: "post" as const,
      title: p.title,
      path: blogPostHref(p.slug),
      postId: p.id,
      document: documentFromHtml(p.title, p.content),
      links: linkedPaths(p.content, siteUrl),
    })),
    ...studies.map((s) => ({
      key: `case-study:${s.id}`,
      kind: "case-study" as const,
      title: `Case study: ${s.title}`,
      path: "/case-studies",
      document: {
        title: s.title,
        headings: [s.companyName, s.industry ?? "", ...s.services],
        body: [s.challenge, s.solution, s.results, ...s.journey].filter(Boolean).join("\n"),
      },
    })),
    ...sitePagesText().map((p) => ({ key: `page:${p.path}`, kind: "page" as const, title: p.title, path: p.path, document: p.document })),
  ];
  const counts = documents.map((d) => termCounts(d.document));
  const corpus = buildCorpus(counts);
  const entries = documents.map(({ document: _document, ...d }, i) => ({ ...d, vector: vectorOf(counts[i]!, corpus) }));
  return { corpus, entries };
}

/** The corpus's vectors, built again only when its fingerprint has changed. */
async function corpusEntries(): Promise<CorpusCache> {
  const fingerprint = await corpusFingerprint();
  if (cache?.fingerprint === fingerprint) return cache;
  const built = { fingerprint, ...(await buildEntries()) };
  cache = built;
  return built;
}

/** Forgets the vectors (tests measure a cold build with it). */
export function dropLinkSuggestionCache(): void {
  cache = null;
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
