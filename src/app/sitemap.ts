import type { MetadataRoute } from "next";
import { LEGAL_EFFECTIVE_DATE } from "@/content/legal";
import { blogPostHref } from "@/lib/blog";
import { LIVE_PAGES, PUBLIC_PAGES } from "@/lib/public-routes";
import { caseStudyHref } from "@/lib/case-studies";
import { listPostSitemapEntries } from "@/server/content/data/blog-posts";
import { listCaseStudySitemapEntries } from "@/server/content/data/case-studies";
import { siteConfig } from "@/server/kernel/site-config";

// Read per request: a sitemap built at build time would need the database then (docs/decisions/0003),
// and crawlers ask for it rarely.
export const dynamic = "force-dynamic";

/** Every public page (the addresses in docs/product.md), every published post and every published case study; drafts never appear. */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const { url } = siteConfig();
  const [posts, studies] = await Promise.all([listPostSitemapEntries(), listCaseStudySitemapEntries()]);
  const newestPost = posts.reduce<Date | undefined>((latest, p) => (!latest || p.updatedAt > latest ? p.updatedAt : latest), undefined);

  const pages: MetadataRoute.Sitemap = [...PUBLIC_PAGES, ...LIVE_PAGES].map((page) => ({
    url: `${url}${page.path}`,
    ...(page.kind === "legal" ? { lastModified: LEGAL_EFFECTIVE_DATE } : {}),
    ...(page.kind === "blog" && newestPost ? { lastModified: newestPost } : {}),
  }));
  return [
    ...pages,
    ...posts.map((post) => ({ url: `${url}${blogPostHref(post.slug)}`, lastModified: post.updatedAt })),
    ...studies.map((study) => ({ url: `${url}${caseStudyHref(study.slug)}`, lastModified: study.updatedAt })),
  ];
}
