import Link from "next/link";
import type { CSSProperties } from "react";
import { ArrowRight, Sparkles } from "@/components/ui/icons";
import { blogPostHref } from "@/lib/blog";
import type { PostSummary } from "@/server/content/data/blog-posts";
import { blogCopy } from "./blog-copy";
import { ReadingTime } from "./post-card";
import { PostCover } from "./post-cover";

/**
 * The "Featured Articles" section, shown only when published featured posts exist (up to 3, newest
 * first): the masthead's lead stories, the newest one wide on the left from lg up, the others beside it.
 */
export function FeaturedPosts({ posts }: { posts: PostSummary[] }) {
  if (posts.length === 0) return null;
  return (
    <section aria-labelledby="featured-heading" className="container-page pt-6 pb-12 md:pb-16">
      <h2 id="featured-heading" className="eyebrow text-muted">
        {blogCopy.featuredHeading}
      </h2>
      <ul className="mt-4 grid gap-6 md:grid-cols-2 lg:grid-cols-3 lg:grid-rows-[auto_auto]">
        {posts.map((post, index) => {
          const href = blogPostHref(post.slug);
          return (
            <li
              key={post.id}
              className={index === 0 ? "animate-slide md:col-span-2 lg:row-span-2" : "animate-rise"}
              style={{ "--delay": `${index * 100}ms` } as CSSProperties}
            >
              <article className="group flex h-full flex-col overflow-hidden rounded-card border border-line bg-surface shadow-card transition-shadow hover:shadow-lift">
                {post.featuredImageUrl && (
                  <Link href={href} tabIndex={-1} aria-hidden="true">
                    <PostCover
                      src={post.featuredImageUrl}
                      alt=""
                      sizes={
                        index === 0
                          ? "(min-width: 1280px) 820px, (min-width: 768px) 66vw, 100vw"
                          : "(min-width: 1280px) 400px, (min-width: 1024px) 33vw, (min-width: 768px) 50vw, 100vw"
                      }
                      eager={index === 0}
                      // On a phone the three cards stack within the distance at which the browser
                      // fetches lazy images at once, before the first paint (docs/decisions/0114).
                      drawn
                    />
                  </Link>
                )}
                <div className="flex flex-1 flex-col p-6">
                  <p className="flex flex-wrap items-center gap-3 text-sm">
                    <span className="inline-flex items-center gap-1 rounded-full bg-accent-300 px-2.5 py-0.5 text-xs font-bold text-ink">
                      <Sparkles aria-hidden="true" className="size-3" />
                      {blogCopy.featuredBadge}
                    </span>
                    {post.readingTime ? <ReadingTime minutes={post.readingTime} className="text-muted" /> : null}
                  </p>
                  <h3 className={index === 0 ? "mt-3 text-2xl leading-tight font-extrabold tracking-tight md:text-3xl" : "mt-3 text-xl leading-snug font-bold"}>
                    <Link href={href} className="hover:text-brand-700">
                      {post.title}
                    </Link>
                  </h3>
                  {post.excerpt && <p className="mt-2 line-clamp-3 text-ink-soft">{post.excerpt}</p>}
                  <div className="mt-auto flex items-center justify-between gap-3 pt-5 text-sm">
                    <span className="font-medium text-ink-soft">{post.authorName}</span>
                    <Link href={href} className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-700 hover:text-brand-800">
                      {blogCopy.readMore}
                      <span className="sr-only">: {post.title}</span>
                      <ArrowRight aria-hidden="true" className="size-4 transition-transform group-hover:translate-x-0.5" />
                    </Link>
                  </div>
                </div>
              </article>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
