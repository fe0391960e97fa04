import { LIMITS } from "./limits";

/**
 * SPEC §5: lower-cased, punctuation dropped, whitespace and underscores to single hyphens, edge
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

/** SPEC §5: the title, cut to 57 characters plus an ellipsis when it is over 60. */
export function deriveMetaTitle(title: string): string {
  const max = LIMITS.metaTitle;
  return title.length > max ? `${title.slice(0, max - 3)}...` : title;
}

/** SPEC §5: comma-separated, trimmed, empties dropped (duplicates dropped too). */
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

/** SPEC §5: word count divided by 200, rounded up (at least one minute for any text). */
export function readingTimeMinutes(content: string): number {
  const words = textFromHtml(content).split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}
