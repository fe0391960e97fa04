import { SubscribeForm } from "@/components/site/subscribe-form";
import { distinctTags, type BlogFilter } from "@/lib/blog";
import { formatBlogDate } from "@/lib/format";
import type { PostSummary } from "@/server/content/data/blog-posts";
import { blogCopy } from "./blog-copy";
import { BlogExplorer } from "./blog-explorer";
import { FeaturedPosts } from "./featured-posts";
import { PostCard, toPostCardData, type PostCardData } from "./post-card";
import { Search } from "@/components/ui/icons";

/**
 * The blog's masthead (docs/design.md): an editorial front page, with the blog's name between two
 * rules, an edition line (how many articles, the newest one's date) and the featured posts as its
 * lead stories.
 */
function BlogMasthead({ posts, featured }: { posts: PostSummary[]; featured: PostSummary[] }) {
  const newest = posts.reduce<Date | null>((latest, post) => (latest && latest > post.createdAt ? latest : post.createdAt), null);
  return (
    <header data-opening="blog" aria-labelledby="blog-title" className="border-b border-line bg-surface">
      <div className="container-page pt-10 md:pt-14">
        <div className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1 border-b-4 border-ink pb-3 text-sm text-ink-soft">
          <p className="eyebrow text-brand-700">{blogCopy.hero.eyebrow}</p>
          <p>
            {blogCopy.edition(posts.length)}
            {newest && (
              <>
                {" · "}
                {blogCopy.latest} <time dateTime={newest.toISOString()}>{formatBlogDate(newest)}</time>
              </>
            )}
          </p>
        </div>
        <div className="grid gap-4 border-b border-line py-8 md:py-10 lg:grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)] lg:items-end lg:gap-16">
          <h1 id="blog-title" className="text-5xl leading-[0.98] font-black tracking-tight text-balance text-ink md:text-7xl">
            {blogCopy.hero.title}
          </h1>
          <p className="opening-lead text-ink-soft">{blogCopy.hero.tagline}</p>
        </div>
      </div>
      <FeaturedPosts posts={featured} />
    </header>
  );
}

/** The search, the topics and the article cards: the cards and the magnifier drawn here, the filter in the browser. */
export function BlogArticles({ cards, tags, filter }: { cards: PostCardData[]; tags: string[]; filter: BlogFilter }) {
  return (
    <BlogExplorer
      entries={cards.map((card) => ({ slug: card.slug, title: card.title, excerpt: card.excerpt, tags: card.tags, card: <PostCard post={card} /> }))}
      tags={tags}
      initialFilter={filter}
      searchIcon={<Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-muted" />}
    />
  );
}

/** The blog listing, shared by the cached /blog and the per-request filtered view. */
export function BlogIndex({ posts, featured, filter }: { posts: PostSummary[]; featured: PostSummary[]; filter: BlogFilter }) {
  return (
    <>
      <BlogMasthead posts={posts} featured={featured} />
      <BlogArticles cards={posts.map(toPostCardData)} tags={distinctTags(posts)} filter={filter} />
      <div className="container-page max-w-3xl pb-16">
        <SubscribeForm source="blog" topics={distinctTags(posts)} intro="Growth marketing articles, as they are published. Choose the topics you care about." />
      </div>
    </>
  );
}
