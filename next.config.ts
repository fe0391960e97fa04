import path from "node:path";
import type { NextConfig } from "next";
import { ARTICLE_PATTERN, CASE_STUDY_PATTERN, LIVE_PAGES, PUBLIC_PAGES } from "./src/lib/public-routes";
import { LOCALE_SEGMENT } from "./src/lib/routes";
import { VARIANT_HEADER } from "./src/lib/experiments";

/** Where each public address is rendered (see rewrites() below). */
const PUBLIC_REWRITES: { source: string; has?: { type: "query"; key: string }[]; destination: string }[] = [
  // A filtered blog listing is rendered per request (it reads the query), so that /blog
  // itself never reads it and stays cached HTML. The query string is passed on as it is.
  { source: "/blog", has: [{ type: "query", key: "tag" }], destination: `/${LOCALE_SEGMENT}/blog-search` },
  { source: "/blog", has: [{ type: "query", key: "q" }], destination: `/${LOCALE_SEGMENT}/blog-search` },
  // A pricing card's link names its package in the query: rendered per request with the package
  // selected on the server (it holds without JavaScript); /free-audit itself stays cached.
  { source: "/free-audit", has: [{ type: "query", key: "package" }], destination: `/${LOCALE_SEGMENT}/free-audit-package` },
  { source: "/", destination: `/${LOCALE_SEGMENT}` },
  // n/: a newsletter's counted links (src/app/n/c/[token], docs/decisions/0063), a route handler.
  { source: "/:path((?!api/|api$|admin/|admin$|auth/|auth$|_next/|n/).+)", destination: `/${LOCALE_SEGMENT}/:path` },
];

/** The same rule for a variant's page: the host's VARIANT_HEADER names it, its locale segment carries it. */
function toVariant(rule: (typeof PUBLIC_REWRITES)[number]) {
  return {
    source: rule.source,
    has: [...(rule.has ?? []), { type: "header" as const, key: VARIANT_HEADER, value: "(?<variant>[0-9a-f]{8}-[1-9])" }],
    destination: rule.destination.replace(`/${LOCALE_SEGMENT}`, `/${LOCALE_SEGMENT}~:variant`),
  };
}

const nextConfig: NextConfig = {
  // PGlite loads its WebAssembly and data files by path: it must not be bundled (docs/decisions/0002).
  // MJML (the newsletter's letter, docs/decisions/0062) loads its components and parsers at run time.
  // The job queue's engine (pg-boss, docs/decisions/0089) imports its schema manifest as JSON and is
  // started at boot and used by Server Actions: loaded by Node as published, one copy per process.
  serverExternalPackages: ["@electric-sql/pglite", "@node-rs/argon2", "mjml", "pg-boss"],
  poweredByHeader: false,
  // Next's own file-system cache, which also tells the other server processes which cache tags it
  // expired (docs/decisions/0032). Resolved from the project folder, where Next is always started.
  cacheHandler: path.resolve("host/cache-handler.ts"),
  experimental: {
    // Next loads every page's and route's code at start-up by default, admin pages included, and
    // the first requests wait behind it. Off: each route is loaded when it is first requested
    // (docs/decisions/0012: about 0.5 s less CPU before the first answer of /api/health).
    preloadEntriesOnStart: false,
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
    // The optimiser fetches a local image from the app itself, and a path that answers a redirect
    // (a page, a renamed post) gives a 500: only where images are. host/request-guards.ts also
    // refuses paths that URL parsing changes (docs/decisions/0022).
    localPatterns: [{ pathname: "/images/**" }, { pathname: "/api/media/*" }, { pathname: "/*.{avif,gif,jpeg,jpg,png,webp}" }],
  },
  // HTML caching (ADR 0009). Public pages are cached HTML at the origin (ADR 0003); these
  // headers let a CDN or reverse proxy hold them too, briefly, and serve a stale copy while it fetches
  // a new one: an admin edit reaches the proxy within a minute. Browsers always revalidate (ETag, 304).
  // Without this, Next sends "s-maxage=31536000" for pages without a revalidate period: a proxy would
  // keep them for a year, through deploys. Server Action answers (POST) are set to no-store by Next
  // itself after these headers, and /admin, /auth are never stored anywhere.
  // Hashed assets under /_next/static keep Next's "public, max-age=31536000, immutable".
  async headers() {
    const publicPage = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";
    const never = "private, no-cache, no-store, max-age=0, must-revalidate";
    // The public routes by name (src/lib/public-routes.ts): unknown paths keep Next's no-store (each
    // miss is rendered and logged, ADR 0003), and so do filtered blog views (?tag=, ?q=), which are
    // rendered per request.
    const publicRoutes = [...PUBLIC_PAGES.map((page) => page.path), ARTICLE_PATTERN, CASE_STUDY_PATTERN];
    return [
      ...publicRoutes.map((source) => ({
        source,
        missing: [
          { type: "query" as const, key: "tag" },
          { type: "query" as const, key: "q" },
        ],
        headers: [{ key: "Cache-Control", value: publicPage }],
      })),
      // Pages whose content is live (the booking page's open times, docs/decisions/0065): public and
      // indexed, but stored by no cache, ours included.
      ...LIVE_PAGES.map((page) => ({ source: page.path, headers: [{ key: "Cache-Control", value: never }] })),
      // A booking's own page (docs/decisions/0065): its address holds the manage link's token.
      {
        source: "/book/manage/:token",
        headers: [
          { key: "Cache-Control", value: never },
          { key: "X-Robots-Tag", value: "noindex, nofollow" },
        ],
      },
      // A proposal's page (docs/decisions/0108): its address holds the link's token, and its first open marks it viewed.
      {
        source: "/proposal/:token",
        headers: [
          { key: "Cache-Control", value: never },
          { key: "X-Robots-Tag", value: "noindex, nofollow" },
        ],
      },
      { source: "/admin", headers: [{ key: "Cache-Control", value: never }] },
      { source: "/admin/:path*", headers: [{ key: "Cache-Control", value: never }] },
      { source: "/auth", headers: [{ key: "Cache-Control", value: never }] },
      { source: "/auth/:path*", headers: [{ key: "Cache-Control", value: never }] },
      // A draft's preview link (docs/decisions/0047): for the link's holder only, never stored or indexed.
      {
        source: "/preview/:token",
        headers: [
          { key: "Cache-Control", value: never },
          { key: "X-Robots-Tag", value: "noindex, nofollow" },
        ],
      },
      // A newsletter link's page (confirmation, preferences; docs/newsletter.md): per person, its address
      // holds the link's token: never stored or indexed. Its Referrer-Policy (same-origin) is set by the
      // host, for every address that carries a token (host/security-headers.ts).
      {
        source: "/newsletter/:path*",
        headers: [
          { key: "Cache-Control", value: never },
          { key: "X-Robots-Tag", value: "noindex, nofollow" },
        ],
      },
    ];
  },
  async rewrites() {
    return {
      beforeFiles: [],
      // Public pages live under one hidden dynamic segment, so that they are rendered on their
      // first request at run time (never at build time, which must not touch the database) and
      // then served as cached HTML until an edit revalidates them. See docs/decisions/0003.
      // afterFiles: real files and static routes are matched first; dynamic routes come after
      // afterFiles rewrites, so the areas outside the public site are excluded by name.
      // An A/B experiment's variant (named by the host in VARIANT_HEADER, docs/decisions/0107) is
      // rendered under its own locale segment, "/en-IN~<key>-<index>": each rule below comes first in
      // that form, so that every page an experiment shows on has its variants' pages.
      afterFiles: [...PUBLIC_REWRITES.map(toVariant), ...PUBLIC_REWRITES],
      fallback: [],
    };
  },
};

export default nextConfig;
