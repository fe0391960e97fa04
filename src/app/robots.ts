import type { MetadataRoute } from "next";
import { siteConfig } from "@/server/kernel/site-config";

export const dynamic = "force-dynamic";

export default function robots(): MetadataRoute.Robots {
  const { url } = siteConfig();
  return {
    // /blog-search is where filtered listings are rendered (next.config.ts); /blog is canonical.
    rules: [{ userAgent: "*", allow: "/", disallow: ["/admin", "/auth", "/api/", "/blog-search"] }],
    sitemap: `${url}/sitemap.xml`,
  };
}
