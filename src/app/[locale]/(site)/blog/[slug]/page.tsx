import type { Metadata } from "next";
import { cache } from "react";
import { BlogArticle, blogPostMetadata } from "@/components/blog/blog-article";
import { NotFoundStatus } from "@/components/site/not-found-status";
import { SubscribeForm } from "@/components/site/subscribe-form";
import { blogPostHref } from "@/lib/blog";
import { parseLocaleSegment } from "@/lib/experiments";
import { getPublishedPost } from "@/server/content/data/blog-posts";
import { copyFor } from "@/server/experiments";
import { publishedTopics } from "@/server/newsletter/subscribe";
import PostNotFound from "./not-found";

// Rendered on its first request, then served from the cache until revalidateBlog() or this
// deadline (docs/decisions/0003). Drafts and unknown slugs answer 404 and are cached as such.
export const revalidate = 300;

export function generateStaticParams(): { slug: string }[] {
  return [];
}

type Props = { params: Promise<{ locale: string; slug: string }> };

// generateMetadata and the page share one query per render.
const loadPost = cache(getPublishedPost);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const post = await loadPost((await params).slug);
  // Next adds robots noindex to every 404 itself.
  if (!post) return { title: "Post Not Found" };
  return blogPostMetadata(post);
}

export default async function BlogPostPage({ params }: Props) {
  const { locale, slug } = await params;
  const post = await loadPost(slug);
  if (!post) {
    // A renamed post's old address never reaches this page: the host answers it from the redirect
    // table (host/redirects.ts, docs/decisions/0091).
    // The not-found content in the HTML itself, with status 404 ("Post Not Found" and a way back to the blog).
    return (
      <>
        <PostNotFound />
        <NotFoundStatus />
      </>
    );
  }
  // The newsletter's sign-up at the end of the article: the same for every reader, so the page stays cached.
  // The heading's title: the article's own, or an A/B experiment variant's on this page (docs/decisions/0110).
  // Only the heading: the title of the search result, the feed and the structured data stay the article's.
  const [topics, heading] = await Promise.all([
    publishedTopics(),
    copyFor("article-heading", parseLocaleSegment(locale)?.variant ?? null, blogPostHref(post.slug)),
  ]);
  return (
    <BlogArticle
      post={post}
      heading={heading.headline}
      after={
        <div className="mt-10">
          <SubscribeForm source="article" topics={topics} intro="New articles like this one, in your inbox. Choose the topics you care about." />
        </div>
      }
    />
  );
}
