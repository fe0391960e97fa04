import type { NextConfig } from "next";
import { LOCALE_SEGMENT } from "./src/lib/routes";

const nextConfig: NextConfig = {
  // PGlite loads its WebAssembly and data files by path: it must not be bundled (STACK-NOTES).
  serverExternalPackages: ["@electric-sql/pglite", "@node-rs/argon2"],
  poweredByHeader: false,
  experimental: {
    serverActions: {
      // The largest legitimate Server Action body is a blog post: 200,000 characters of HTML
      // (LIMITS.blogContent) is at most about 600 KB of UTF-8 plus a few short fields. Anything
      // bigger is refused (413) before it is parsed. Images are not sent through Server Actions
      // but through /api/admin/uploads, which has its own 5 MB limit.
      bodySizeLimit: "1mb",
    },
  },
  reactStrictMode: true,
  images: {
    formats: ["image/avif", "image/webp"],
  },
  async rewrites() {
    return {
      beforeFiles: [],
      // Public pages live under one hidden dynamic segment, so that they are rendered on their
      // first request at run time (never at build time, which must not touch the database) and
      // then served as cached HTML until an edit revalidates them. See docs/decisions/0003.
      // afterFiles: real files and static routes are matched first; dynamic routes come after
      // afterFiles rewrites, so the areas outside the public site are excluded by name.
      afterFiles: [
        // A filtered blog listing is rendered per request (it reads the query), so that /blog
        // itself never reads it and stays cached HTML. The query string is passed on as it is.
        { source: "/blog", has: [{ type: "query", key: "tag" }], destination: `/${LOCALE_SEGMENT}/blog-search` },
        { source: "/blog", has: [{ type: "query", key: "q" }], destination: `/${LOCALE_SEGMENT}/blog-search` },
        { source: "/", destination: `/${LOCALE_SEGMENT}` },
        { source: "/:path((?!api/|api$|admin/|admin$|auth/|auth$|_next/).+)", destination: `/${LOCALE_SEGMENT}/:path` },
      ],
      fallback: [],
    };
  },
};

export default nextConfig;
