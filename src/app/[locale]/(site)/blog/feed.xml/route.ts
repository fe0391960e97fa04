import { blogCopy } from "@/components/blog/blog-copy";
import { BLOG_FEED_PATH, blogPostHref, liveDate } from "@/lib/blog";
import { listPostsForFeed } from "@/server/content/data/blog-posts";
import { sanitizeBlogHtml } from "@/server/content/html";
import { siteConfig } from "@/server/kernel/site-config";

// /blog/feed.xml reaches this route through the same rewrite as every public page, so it is built
// on its first request (never at build time, which must not read the database), served from the
// cache, and refreshed by revalidateBlog() like the listing.
export const revalidate = 300;

export function generateStaticParams(): { locale: string }[] {
  return [];
}

// Characters XML 1.0 does not allow at all; one of them would make the whole feed unreadable.
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

function xml(text: string): string {
  return text.replace(INVALID_XML, "").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

/** RSS 2.0 with the full, sanitised content of the newest published posts. */
export async function GET(): Promise<Response> {
  const site = siteConfig();
  const posts = await listPostsForFeed();
  const lastBuild = posts.reduce<Date | undefined>((latest, p) => (!latest || p.updatedAt > latest ? p.updatedAt : latest), undefined);
  const items = posts.map((post) => {
    const link = `${site.url}${blogPostHref(post.slug)}`;
    return [
      "    <item>",
      `      <title>${xml(post.title)}</title>`,
      `      <link>${xml(link)}</link>`,
      `      <guid isPermaLink="true">${xml(link)}</guid>`,
      `      <pubDate>${liveDate(post).toUTCString()}</pubDate>`,
      `      <dc:creator>${xml(post.authorName)}</dc:creator>`,
      ...post.tags.map((tag) => `      <category>${xml(tag)}</category>`),
      `      <description>${xml(post.excerpt || post.metaDescription || post.title)}</description>`,
      `      <content:encoded>${xml(sanitizeBlogHtml(post.content, { baseUrl: site.url }))}</content:encoded>`,
      "    </item>",
    ].join("\n");
  });
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    "  <channel>",
    `    <title>${xml(blogCopy.feedTitle(site.name))}</title>`,
    `    <link>${xml(`${site.url}/blog`)}</link>`,
    `    <description>${xml(blogCopy.feedDescription)}</description>`,
    "    <language>en-IN</language>",
    `    <atom:link href="${xml(`${site.url}${BLOG_FEED_PATH}`)}" rel="self" type="application/rss+xml" />`,
    ...(lastBuild ? [`    <lastBuildDate>${lastBuild.toUTCString()}</lastBuildDate>`] : []),
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "application/rss+xml; charset=utf-8" } });
}
