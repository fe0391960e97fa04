import Link from "next/link";
import { ArrowRight, Clock } from "@/components/ui/icons";
import { blogPostHref, liveDate } from "@/lib/blog";
import { formatBlogDate } from "@/lib/format";
import { blogCopy } from "./blog-copy";

/** What a card needs, in a form that crosses to the browser (dates already formatted). */
export interface PostCardData {
  slug: string;
  title: string;
  excerpt: string;
  authorName: string;
  tags: string[];
  readingTime: number | null;
  /** "March 5, 2026" (long US English, like every date on the blog). */
  date: string;
  /** ISO 8601, for <time dateTime>. */
  dateTime: string;
}

export const TAGS_PER_CARD = 3;

export function toPostCardData(post: {
  slug: string;
  title: string;
  excerpt: string | null;
  authorName: string;
  tags: string[];
  readingTime: number | null;
  createdAt: Date;
  publishedAt?: Date | null;
}): PostCardData {
  return {
    slug: post.slug,
    title: post.title,
    excerpt: post.excerpt ?? "",
    authorName: post.authorName,
    tags: post.tags,
    readingTime: post.readingTime,
    date: formatBlogDate(liveDate(post)),
    dateTime: liveDate(post).toISOString(),
  };
}

export function ReadingTime({ minutes, className }: { minutes: number; className?: string }) {
  return (
    <span className={className}>
      <Clock aria-hidden="true" className="mr-1 inline size-3.5 align-[-2px]" />
      {minutes} min read
    </span>
  );
}

/** A card of the "All Articles" and "Related Articles" grids. */
export function PostCard({ post, headingLevel = "h3" }: { post: PostCardData; headingLevel?: "h2" | "h3" }) {
  const Heading = headingLevel;
  const href = blogPostHref(post.slug);
  return (
    <article className="group relative flex h-full flex-col rounded-card border border-line bg-surface p-6 shadow-card transition-shadow hover:shadow-lift">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
        <time dateTime={post.dateTime}>{post.date}</time>
        {post.readingTime ? <ReadingTime minutes={post.readingTime} /> : null}
      </p>
      <Heading className="mt-3 line-clamp-2 text-lg leading-snug font-bold text-ink">
        <Link href={href} className="hover:text-brand-700">
          {post.title}
        </Link>
      </Heading>
      {post.excerpt && <p className="mt-2 line-clamp-3 text-ink-soft">{post.excerpt}</p>}
      {post.tags.length > 0 && (
        <ul className="mt-4 flex flex-wrap gap-2" aria-label="Tags">
          {post.tags.slice(0, TAGS_PER_CARD).map((tag) => (
            <li key={tag} className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-800">
              {tag}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-auto flex items-center justify-between gap-3 pt-5 text-sm">
        <span className="font-medium text-ink-soft">{post.authorName}</span>
        <Link href={href} className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-700 hover:text-brand-800">
          {blogCopy.readMore}
          <span className="sr-only">: {post.title}</span>
          <ArrowRight aria-hidden="true" className="size-4 transition-transform group-hover:translate-x-0.5" />
        </Link>
      </div>
    </article>
  );
}
