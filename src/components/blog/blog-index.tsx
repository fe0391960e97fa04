import { PageHero } from "@/components/site/page-hero";
import { SubscribeForm } from "@/components/site/subscribe-form";
import { distinctTags, type BlogFilter } from "@/lib/blog";
import type { PostSummary } from "@/server/data/blog-posts";
import { blogCopy } from "./blog-copy";
import { BlogExplorer } from "./blog-explorer";
import { FeaturedPosts } from "./featured-posts";
import { toPostCardData } from "./post-card";

/** The blog listing, shared by the cached /blog and the per-request filtered view. */
export function BlogIndex({ posts, featured, filter }: { posts: PostSummary[]; featured: PostSummary[]; filter: BlogFilter }) {
  return (
    <>
      <PageHero eyebrow={blogCopy.hero.eyebrow} title={blogCopy.hero.title} lead={blogCopy.hero.tagline} />
      <FeaturedPosts posts={featured} />
      <BlogExplorer posts={posts.map(toPostCardData)} tags={distinctTags(posts)} initialFilter={filter} />
      <div className="container-page max-w-3xl pb-16">
        <SubscribeForm source="blog" topics={distinctTags(posts)} intro="Growth marketing articles, as they are published. Choose the topics you care about." />
      </div>
    </>
  );
}
