import type { Metadata } from "next";
import type { OgImage } from "./og-image";

export interface ArticleMeta {
  /** ISO 8601 date-times. */
  publishedTime: string;
  modifiedTime: string;
  authors: string[];
  tags: string[];
}

export interface PageMetaInput {
  title: string;
  description: string;
  /** The public path, e.g. "/about"; the canonical URL is built from the configured site URL. */
  path: string;
  /** Use the title as it is, without the " | {agency}" suffix. */
  absoluteTitle?: boolean;
  /** An address, or an image with its size and alternative text (a blog post's, src/lib/og-image.ts). */
  image?: string | OgImage;
  /** Alternative text of an image given by its address; the title when absent. */
  imageAlt?: string;
  type?: "website" | "article";
  keywords?: string[];
  /** Open Graph article:* tags (type "article"). */
  article?: ArticleMeta;
  /** A feed to advertise with <link rel="alternate">. */
  feed?: { title: string; path: string };
  /** Keep the page out of search indexes while its links are still followed. */
  noIndex?: boolean;
  /**
   * og:site_name. A page's openGraph replaces the layout's as a whole, so a page that wants the
   * site name in its previews has to name it again.
   */
  siteName?: string;
}

/** Title, description, canonical, Open Graph and Twitter tags for one page. */
export function pageMetadata({
  title,
  description,
  path,
  absoluteTitle,
  image,
  imageAlt,
  type = "website",
  keywords,
  article,
  feed,
  noIndex,
  siteName,
}: PageMetaInput): Metadata {
  // The default and generated images have a known size; an editor's image is described by its address alone.
  const images =
    typeof image === "object"
      ? [{ url: image.url, alt: image.alt, ...(image.width && image.height ? { width: image.width, height: image.height } : {}) }]
      : image
        ? [{ url: image, alt: imageAlt ?? title }]
        : [{ url: "/og-default.jpg", width: 1200, height: 630, alt: imageAlt ?? title }];
  const common = { title, description, url: path, images, ...(siteName ? { siteName, locale: "en_IN" } : {}) };
  const openGraph: Metadata["openGraph"] =
    type === "article" && article
      ? {
          ...common,
          type: "article",
          publishedTime: article.publishedTime,
          modifiedTime: article.modifiedTime,
          authors: article.authors,
          tags: article.tags,
        }
      : { ...common, type };
  return {
    title: absoluteTitle ? { absolute: title } : title,
    description,
    ...(keywords?.length ? { keywords } : {}),
    alternates: {
      canonical: path,
      ...(feed ? { types: { "application/rss+xml": [{ url: feed.path, title: feed.title }] } } : {}),
    },
    openGraph,
    twitter: { card: "summary_large_image", title, description, images },
    ...(noIndex ? { robots: { index: false, follow: true } } : {}),
  };
}

/** The suffix every page title gets from the root layout's template, unless the page asks for an absolute title. */
export function titleTemplate(siteName: string): string {
  return `%s | ${siteName}`;
}

/** A blog post's title and description as its page renders them (blog-article.tsx builds the page's from the same fields). */
export interface SearchAppearanceInput {
  title: string;
  metaTitle?: string | null;
  metaDescription?: string | null;
  excerpt?: string | null;
}

/**
 * What a search result shows for a post: the document's <title> (the meta title as it is, else the
 * title with the site's suffix) and its description. The dashboard's SEO panel counts these, so they
 * cannot drift from the page (docs/decisions/0047).
 */
export function blogSearchAppearance(post: SearchAppearanceInput, siteName: string): { documentTitle: string; description: string } {
  const metaTitle = post.metaTitle?.trim();
  const title = metaTitle || post.title.trim();
  return {
    documentTitle: metaTitle ? title : titleTemplate(siteName).replace("%s", title),
    description: post.metaDescription?.trim() || post.excerpt?.trim() || post.title.trim(),
  };
}

/** Past these, search engines usually cut what they show (Google: about 600 px of title, 920 px of description). */
export const SEARCH_TITLE_WARN = 60;
export const SEARCH_DESCRIPTION_WARN = 160;
