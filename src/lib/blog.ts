import { LIMITS } from "./limits";

/**
 * Lower-cased, punctuation dropped, whitespace and underscores to single hyphens, edge
 * hyphens trimmed. Accented Latin letters lose their accents first so "Café" becomes "cafe".
 */
export function slugify(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9\s_-]/g, "")
    .replace(/[\s_-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, LIMITS.slug)
    .replace(/-+$/g, "");
}

/** Comma-separated, trimmed, empties dropped (duplicates dropped too). */
export function parseTags(input: string): string[] {
  const seen = new Set<string>();
  for (const raw of input.split(",")) {
    const tag = raw.trim();
    if (tag) seen.add(tag);
  }
  return [...seen];
}

/** Text of an HTML fragment, tags removed and entities left as they are (good enough to count words). */
export function textFromHtml(html: string): string {
  return html.replace(/<[^>]*>/g, " ");
}

export const WORDS_PER_MINUTE = 200;

/** Word count divided by 200, rounded up (at least one minute for any text). */
export function readingTimeMinutes(content: string): number {
  const words = textFromHtml(content).split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

/** The listing filter: search text plus at most one topic; both must hold together. */
export interface BlogFilter {
  q: string;
  tag: string;
}

export const EMPTY_FILTER: BlogFilter = { q: "", tag: "" };

/** Longer search text than this is cut: nothing longer can match a title or excerpt usefully. */
export const MAX_SEARCH_LENGTH = 200;

type QueryValue = string | string[] | undefined;

function firstValue(value: QueryValue): string {
  return (Array.isArray(value) ? value[0] : value) ?? "";
}

/** A filter from query parameters (?q=&tag=): first value wins, whitespace trimmed, length capped. */
export function parseBlogFilter(params: { q?: QueryValue; tag?: QueryValue }): BlogFilter {
  return {
    q: firstValue(params.q).trim().slice(0, MAX_SEARCH_LENGTH),
    tag: firstValue(params.tag).trim().slice(0, LIMITS.tag),
  };
}

export function isFilterActive(filter: BlogFilter): boolean {
  return filter.q.trim() !== "" || filter.tag !== "";
}

/** Case-insensitive match in title or excerpt, and the post's tags contain the selected tag. */
export function matchesBlogFilter(post: { title: string; excerpt: string | null; tags: readonly string[] }, filter: BlogFilter): boolean {
  if (filter.tag && !post.tags.includes(filter.tag)) return false;
  const needle = filter.q.trim().toLowerCase();
  if (!needle) return true;
  return post.title.toLowerCase().includes(needle) || (post.excerpt ?? "").toLowerCase().includes(needle);
}

/** Every distinct tag, sorted alphabetically regardless of case ("D2C" before "eCommerce"). */
export function distinctTags(posts: readonly { tags: readonly string[] }[]): string[] {
  const tags = new Set<string>();
  for (const post of posts) for (const tag of post.tags) tags.add(tag);
  return [...tags].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" }) || a.localeCompare(b, "en"));
}

/** The public address of a filtered listing: /blog, /blog?tag=SEO, /blog?tag=SEO&q=shopify. */
export function blogListHref(filter: BlogFilter): string {
  const params = new URLSearchParams();
  if (filter.tag) params.set("tag", filter.tag);
  if (filter.q.trim()) params.set("q", filter.q.trim());
  const query = params.toString();
  return query ? `/blog?${query}` : "/blog";
}

export function blogPostHref(slug: string): string {
  return `/blog/${slug}`;
}

/** The RSS 2.0 feed of published posts. */
export const BLOG_FEED_PATH = "/blog/feed.xml";

/**
 * The date a post shows (the article, the cards, the feed): the moment it went live, or for a post
 * published before that moment was kept, the moment it was created.
 */
export function liveDate(post: { publishedAt?: Date | null; createdAt: Date }): Date {
  return post.publishedAt ?? post.createdAt;
}
