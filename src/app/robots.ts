import type { MetadataRoute } from "next";
import { siteConfig } from "@/server/site-config";

export const dynamic = "force-dynamic";

export default function robots(): MetadataRoute.Robots {
  const { url } = siteConfig();
  return {
    rules: [{ userAgent: "*", allow: "/", disallow: ["/admin", "/auth", "/api/"] }],
    sitemap: `${url}/sitemap.xml`,
  };
}
