/**
 * Every public page, in one table: the addresses a visitor can open (docs/product.md). Read by
 * next.config.ts (the cache headers a shared cache may act on), the sitemap, the end-to-end route
 * list and the benchmark. A page added to the site is added here, and all four follow. No imports,
 * so that Node loads it as it is (scripts/bench.ts) as well as the app's bundles.
 */
export interface PublicPage {
  /** The address, as visitors see it. */
  path: string;
  /** Words the page's <title> carries (the end-to-end tests check them). */
  title: string;
  /** Legal text: the sitemap dates it by its effective date. The blog listing: by its newest post. */
  kind?: "legal" | "blog";
}

export const PUBLIC_PAGES: readonly PublicPage[] = [
  { path: "/", title: "Growth Marketing Agency" },
  { path: "/about", title: "About Us" },
  { path: "/services", title: "Growth Marketing Services" },
  { path: "/services/seo-optimization", title: "SEO" },
  { path: "/services/paid-advertising", title: "Paid Advertising" },
  { path: "/services/growth-consulting", title: "Growth Consulting" },
  { path: "/services/conversion-optimization", title: "Conversion" },
  { path: "/services/whatsapp-automation", title: "WhatsApp" },
  { path: "/services/retention-marketing", title: "Retention" },
  { path: "/case-studies", title: "Case Studies" },
  { path: "/team", title: "Our Team" },
  { path: "/free-audit", title: "Free Growth Audit" },
  { path: "/contact", title: "Contact" },
  { path: "/blog", title: "Blog", kind: "blog" },
  { path: "/privacy", title: "Privacy", kind: "legal" },
  { path: "/terms", title: "Terms", kind: "legal" },
  { path: "/refund", title: "Refund", kind: "legal" },
];

/**
 * Public pages rendered for every request and never stored by any cache: their content changes from
 * one minute to the next (the booking page's open times, docs/decisions/0065). In the sitemap like
 * the others; next.config.ts gives them no-store instead of the public pages' shared-cache header,
 * so the page cache in front of Next never keeps them (docs/decisions/0011).
 */
export const LIVE_PAGES: readonly PublicPage[] = [{ path: "/book", title: "Book a Strategy Call" }];

/** Each published article is public too, at this pattern (next.config's syntax). */
export const ARTICLE_PATTERN = "/blog/:slug";
/** And each published case study (docs/decisions/0103). */
export const CASE_STUDY_PATTERN = "/case-studies/:slug";
