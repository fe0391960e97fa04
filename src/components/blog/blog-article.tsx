import type { ReactNode } from "react";
import {
  ARTICLE_PROSE,
  ArticleCta,
  ArticleHeader,
  AuthorBox,
  MobileTableOfContents,
  RelatedArticles,
  RelatedTopics,
  TableOfContents,
} from "@/components/blog/article-parts";
import { blogCopy } from "@/components/blog/blog-copy";
import { toPostCardData } from "@/components/blog/post-card";
import { PostCover } from "@/components/blog/post-cover";
import { ShareButtons } from "@/components/blog/share-buttons";
import { Check } from "@/components/ui/icons";
import type { Metadata } from "next";
import { BLOG_FEED_PATH, blogPostHref, liveDate } from "@/lib/blog";
import { blogSearchAppearance, pageMetadata } from "@/lib/metadata";
import { formatBlogDate } from "@/lib/format";
import { blogOgImage } from "@/lib/og-image";
import { authorJsonLd, type PublicAuthor } from "@/lib/authors";
import { breadcrumbJsonLd, type Crumb } from "@/lib/json-ld";
import { JsonLdScript } from "@/components/marketing/json-ld";
import type { BlogPostingLeaf, WithContext } from "schema-dts";
import { authorByName } from "@/server/content/data/authors";
import { listRelatedPosts } from "@/server/content/data/blog-posts";
import { countShares } from "@/server/content/data/blog-shares";
import { DEFAULT_AUTHOR_NAME, type BlogPost } from "@/server/kernel/db/schema";
import { contentMediaNames, renderArticleContent } from "@/server/content/html";
import { mediaDimensions } from "@/server/media/media";
import { siteConfig } from "@/server/kernel/site-config";

// One article as its page shows it: the published page and a draft's preview link render this same
// component, so that the preview is exactly what will be published (docs/decisions/0047).

/** The article's title, description, canonical, Open Graph and Twitter tags; a preview also says noindex. */
export function blogPostMetadata(post: BlogPost, { preview = false }: { preview?: boolean } = {}): Metadata {
  return pageMetadata({
    title: post.metaTitle || post.title,
    description: blogSearchAppearance(post, siteConfig().name).description,
    path: blogPostHref(post.slug),
    absoluteTitle: Boolean(post.metaTitle),
    type: "article",
    image: blogOgImage(post),
    keywords: post.tags,
    article: {
      publishedTime: liveDate(post).toISOString(),
      modifiedTime: post.updatedAt.toISOString(),
      authors: [post.authorName],
      tags: post.tags,
    },
    feed: { title: blogCopy.feedLinkTitle, path: BLOG_FEED_PATH },
    siteName: siteConfig().name,
    noIndex: preview || post.hiddenFromSearch,
  });
}

function absoluteUrl(pathOrUrl: string, base: string): string {
  return new URL(pathOrUrl, `${base}/`).toString();
}

/** schema.org BlogPosting of a post, its addresses absolute on `site.url`. */
export function blogPostingJsonLd(post: BlogPost, author: PublicAuthor | null, site: { url: string; name: string }): WithContext<BlogPostingLeaf> {
  const url = absoluteUrl(blogPostHref(post.slug), site.url);
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    description: post.metaDescription || post.excerpt || undefined,
    // The post's own cover as before; without one, the generated image rather than the site's default.
    image: [absoluteUrl(post.featuredImageUrl ?? blogOgImage(post).url, site.url)],
    datePublished: liveDate(post).toISOString(),
    dateModified: post.updatedAt.toISOString(),
    author: authorJsonLd(post.authorName, author, { url: site.url, organisationName: DEFAULT_AUTHOR_NAME }, (path) => absoluteUrl(path, site.url)),
    publisher: {
      "@type": "Organization",
      name: site.name,
      url: site.url,
      logo: { "@type": "ImageObject", url: absoluteUrl("/icon.svg", site.url) },
    },
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    url,
    keywords: post.tags.length ? post.tags.join(", ") : undefined,
  };
}

/** The trail to an article, for its BreadcrumbList: Home, Blog, the article. */
export function articleCrumbs(post: Pick<BlogPost, "title" | "slug">): Crumb[] {
  return [
    { name: "Home", path: "/" },
    { name: "Blog", path: "/blog" },
    { name: post.title, path: blogPostHref(post.slug) },
  ];
}

/** The article's BlogPosting and its BreadcrumbList, each its own script, escaped by serializeJsonLd. */
function ArticleJsonLd({ post, author }: { post: BlogPost; author: PublicAuthor | null }) {
  const site = siteConfig();
  return (
    <>
      <JsonLdScript data={blogPostingJsonLd(post, author, site)} />
      <JsonLdScript data={breadcrumbJsonLd(articleCrumbs(post), site.url)} />
    </>
  );
}

/**
 * The article, its JSON-LD and the related posts. `heading` is the title its heading shows when not
 * the post's own (an experiment's variant, docs/decisions/0110); the metadata and JSON-LD keep the post's.
 */
export async function BlogArticle({ post, heading, after }: { post: BlogPost; heading?: string; after?: ReactNode }) {
  const [related, shares, images, author] = await Promise.all([
    listRelatedPosts(post),
    countShares(post.id),
    mediaDimensions(contentMediaNames(post.content)),
    authorByName(post.authorName),
  ]);
  const { html, outline } = renderArticleContent(post.content, images);
  const site = siteConfig();

  return (
    <>
      <article aria-labelledby="article-title">
        <ArticleJsonLd post={post} author={author} />
        <ArticleHeader
          title={heading ?? post.title}
          firstTag={post.tags[0]}
          authorName={post.authorName}
          authorPhotoUrl={author?.photoUrl}
          updated={formatBlogDate(post.updatedAt)}
          updatedDateTime={post.updatedAt.toISOString()}
          readingTime={post.readingTime}
        />

        <div className="container-page max-w-6xl">
          {post.featuredImageUrl && (
            <PostCover
              src={post.featuredImageUrl}
              alt={post.title}
              sizes="(min-width: 1152px) 1088px, 100vw"
              eager
              className="relative rounded-card shadow-card lg:max-h-[28rem]"
            />
          )}

          <div className="grid gap-10 py-12 lg:grid-cols-[minmax(0,1fr)_17rem] lg:gap-14 md:py-16">
            <div className="min-w-0 lg:col-start-1 lg:row-start-1">
              <MobileTableOfContents outline={outline} />
              <div id="article-body" className={ARTICLE_PROSE} dangerouslySetInnerHTML={{ __html: html }} />
            </div>

            <aside className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
              <div className="space-y-8 lg:sticky lg:top-24">
                <TableOfContents outline={outline} />
                <section aria-labelledby="share-heading" className="rounded-card border border-line bg-surface p-5 shadow-card">
                  <h2 id="share-heading" className="text-sm font-bold tracking-wider text-ink uppercase">
                    {blogCopy.article.share}
                  </h2>
                  <div className="mt-2">
                    <ShareButtons
                      slug={post.slug}
                      title={post.title}
                      excerpt={post.excerpt ?? post.metaDescription ?? ""}
                      url={absoluteUrl(blogPostHref(post.slug), site.url)}
                      initialCount={shares}
                      doneIcon={<Check aria-hidden="true" className="size-4" />}
                    />
                  </div>
                </section>
              </div>
            </aside>

            <div className="min-w-0 lg:col-start-1 lg:row-start-2">
              <RelatedTopics tags={post.tags} />
              <AuthorBox authorName={post.authorName} author={author} />
              <ArticleCta />
              {after}
            </div>
          </div>
        </div>
      </article>
      <RelatedArticles posts={related.map(toPostCardData)} />
    </>
  );
}
