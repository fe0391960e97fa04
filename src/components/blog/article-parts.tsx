import Link from "next/link";
import { ArrowLeft, ArrowRight } from "@/components/ui/icons";
import { buttonVariants } from "@/components/ui/button";
import { blogListHref } from "@/lib/blog";
import { PersonPicture } from "@/components/marketing/illustrated-avatar";
import type { ArticleHeading } from "@/server/content/html";
import { authorLinks, type PublicAuthor } from "@/lib/authors";
import { DEFAULT_AUTHOR_NAME } from "@/server/kernel/db/schema";
import { blogCopy } from "./blog-copy";
import { PostCard, ReadingTime, type PostCardData } from "./post-card";

export { ARTICLE_PROSE } from "./article-prose";

export function ArticleHeader({
  title,
  firstTag,
  authorName,
  authorPhotoUrl,
  updated,
  updatedDateTime,
  readingTime,
}: {
  title: string;
  firstTag?: string;
  authorName: string;
  /** The author profile's photo; the illustrated avatar drawn from the name without one. */
  authorPhotoUrl?: string | null;
  updated: string;
  updatedDateTime: string;
  readingTime: number | null;
}) {
  return (
    // Reading first (docs/design.md): dark text on the page's own light ground, the title at the
    // width of the text column, nothing decorative between the reader and the first line.
    <header data-opening="article" className="bg-surface">
      <div className="container-page max-w-6xl pt-6 pb-10 md:pt-8 md:pb-12">
        <Link href="/blog" className="inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold text-brand-700 hover:text-brand-800 hover:underline">
          <ArrowLeft aria-hidden="true" className="size-4" />
          {blogCopy.article.back}
        </Link>
        <div className="mt-6 max-w-3xl border-l-4 border-brand-500 pl-5 md:mt-8 md:pl-7">
          {firstTag && (
            <p>
              <Link href={blogListHref({ q: "", tag: firstTag })} className="eyebrow inline-flex min-h-6 items-center text-brand-700 hover:underline">
                {firstTag}
              </Link>
            </p>
          )}
          <h1 id="article-title" className="mt-3 text-3xl leading-tight font-extrabold tracking-tight text-balance text-ink md:text-reading-title">
            {title}
          </h1>
          <div className="mt-6 flex items-center gap-3">
            <PersonPicture name={authorName} photoUrl={authorPhotoUrl} size={40} className="size-10" />
            <div className="text-sm leading-relaxed text-ink-soft">
              <p className="font-semibold text-ink">{blogCopy.article.writtenBy(authorName)}</p>
              <p className="flex flex-wrap gap-x-4 gap-y-1">
                <span>
                  {blogCopy.article.lastUpdated} <time dateTime={updatedDateTime}>{updated}</time>
                </span>
                {readingTime ? <ReadingTime minutes={readingTime} /> : null}
              </p>
            </div>
          </div>
        </div>
      </div>
    </header>
  );
}

function OutlineList({ outline }: { outline: ArticleHeading[] }) {
  return (
    <ol className="space-y-1 text-sm">
      {outline.map((heading) => (
        <li key={heading.id} className={heading.level === 3 ? "pl-4" : undefined}>
          <a href={`#${heading.id}`} className="block rounded-lg px-2 py-1.5 text-ink-soft transition-colors hover:bg-brand-50 hover:text-brand-800">
            {heading.text}
          </a>
        </li>
      ))}
    </ol>
  );
}

/** The desktop side panel's outline; shown in the sticky aside from the lg breakpoint. */
export function TableOfContents({ outline }: { outline: ArticleHeading[] }) {
  if (outline.length === 0) return null;
  return (
    <nav aria-labelledby="on-this-page" className="hidden lg:block">
      <h2 id="on-this-page" className="text-sm font-bold tracking-wider text-ink uppercase">
        {blogCopy.article.onThisPage}
      </h2>
      <div className="mt-3 max-h-[50vh] overflow-y-auto pr-1">
        <OutlineList outline={outline} />
      </div>
    </nav>
  );
}

/** Below lg the outline folds into a disclosure above the article, so it does not push the text away. */
export function MobileTableOfContents({ outline }: { outline: ArticleHeading[] }) {
  if (outline.length === 0) return null;
  return (
    <details className="group mb-8 rounded-card border border-line bg-surface p-4 shadow-card lg:hidden">
      <summary className="flex min-h-8 cursor-pointer list-none items-center justify-between text-sm font-bold tracking-wider text-ink uppercase [&::-webkit-details-marker]:hidden">
        {blogCopy.article.onThisPage}
        <span aria-hidden="true" className="text-lg text-brand-600 transition-transform group-open:rotate-45">
          +
        </span>
      </summary>
      <nav aria-label={blogCopy.article.onThisPage} className="mt-3">
        <OutlineList outline={outline} />
      </nav>
    </details>
  );
}

export function RelatedTopics({ tags }: { tags: string[] }) {
  if (tags.length === 0) return null;
  return (
    <section aria-labelledby="related-topics" className="border-t border-line pt-8">
      <h2 id="related-topics" className="text-lg font-bold">
        {blogCopy.article.relatedTopics}
      </h2>
      <ul className="mt-4 flex flex-wrap gap-2">
        {tags.map((tag) => (
          <li key={tag}>
            <Link
              href={blogListHref({ q: "", tag })}
              className="inline-flex min-h-10 items-center gap-0.5 rounded-full border border-line bg-surface px-4 text-sm font-medium text-ink-soft hover:border-brand-300 hover:bg-brand-50 hover:text-brand-800"
            >
              <span aria-hidden="true" className="text-brand-500">
                #
              </span>
              {tag}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Who wrote the article: the author's profile (photo, role, bio, links) when their name has one;
 * the team's own description for the team's byline; else the name alone, with nothing made up.
 */
export function AuthorBox({ authorName, author }: { authorName: string; author: PublicAuthor | null }) {
  const bio = author?.bio ?? (authorName === DEFAULT_AUTHOR_NAME ? blogCopy.article.authorBio : null);
  const links = author ? authorLinks(author) : [];
  return (
    <section
      aria-labelledby="about-author"
      data-testid="author-box"
      className="mt-10 flex flex-col gap-4 rounded-card border border-line bg-surface p-6 shadow-card sm:flex-row"
    >
      <PersonPicture name={authorName} photoUrl={author?.photoUrl} size={64} className="size-16" />
      <div>
        <h2 id="about-author" className="text-lg font-bold">
          {blogCopy.article.aboutAuthor(author?.name ?? authorName)}
        </h2>
        {author?.role && <p className="text-sm font-semibold text-brand-700">{author.role}</p>}
        {bio && <p className="mt-2 text-ink-soft">{bio}</p>}
        {links.length > 0 && (
          <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm font-semibold">
            {links.map((link) => (
              <li key={link.label}>
                <a href={link.href} rel="me noopener" className="text-brand-700 underline underline-offset-4 hover:text-brand-800">
                  {/* The visible word is part of the link's name (WCAG 2.5.3): "Priya Sharma on LinkedIn". */}
                  <span className="sr-only">{author!.name} on </span>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

export function ArticleCta() {
  const { cta } = blogCopy.article;
  return (
    <section aria-labelledby="article-cta" className="relative mt-10 overflow-hidden rounded-card bg-brand-900 p-8 text-white shadow-lift md:p-10">
      <div aria-hidden="true" className="absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgb(124_78_240/0.5),transparent_60%)]" />
      <div className="relative">
        <h2 id="article-cta" className="text-2xl font-extrabold md:text-3xl">
          {cta.title}
        </h2>
        <p className="mt-3 max-w-xl text-brand-100">{cta.text}</p>
        <Link href={cta.href} className={buttonVariants({ variant: "accent", size: "lg", className: "mt-6" })}>
          {cta.button}
          <ArrowRight aria-hidden="true" />
        </Link>
      </div>
    </section>
  );
}

export function RelatedArticles({ posts }: { posts: PostCardData[] }) {
  if (posts.length === 0) return null;
  return (
    <section aria-labelledby="related-articles" className="border-t border-line bg-surface/60">
      <div className="container-page max-w-6xl py-14 md:py-16">
        <h2 id="related-articles" className="text-2xl font-bold md:text-3xl">
          {blogCopy.article.relatedArticles}
        </h2>
        <ul className="mt-6 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {posts.map((post) => (
            <li key={post.slug}>
              <PostCard post={post} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
