import "server-only";
import { revalidatePath } from "next/cache";
import { blogPostHref } from "@/lib/blog";
import { internalPath } from "@/lib/routes";
import { invalidatePageCache, redirectsChanged, runningVariantSegments } from "./bridge.ts";

/**
 * Public pages are cached HTML (docs/decisions/0003). Every write calls one of these so that the
 * next request renders fresh. Paths are the internal ones the cache is keyed by.
 */
export function revalidatePublicPaths(publicPaths: string[]): void {
  // A running A/B experiment's variants are pages of their own under another locale segment
  // (docs/decisions/0107): each is refreshed with the page.
  const variants = runningVariantSegments();
  for (const path of publicPaths) {
    revalidatePath(internalPath(path));
    for (const segment of variants) revalidatePath(internalPath(path).replace(/^\/[^/]+/, `/${segment}`));
  }
  // host/server.ts keeps the final bytes of cached public pages in memory in front of Next
  // (docs/decisions/0011): every revalidation empties that cache too, so that the next request
  // reaches Next and its fresh page.
  invalidatePageCache();
}

export function revalidateTestimonials(): void {
  revalidatePublicPaths(["/"]);
}

/** The case studies' folder: the list and every study's own page (cached 404s and redirects included), as BLOG_ROUTE_LAYOUT below. */
export const CASE_STUDIES_ROUTE_LAYOUT = "/[locale]/(site)/case-studies";
/** The service pages: each shows the studies that name it and the person who leads it. */
export const SERVICES_ROUTE_LAYOUT = "/[locale]/(site)/services";

/**
 * A case study was written: its page, its neighbours' (next and previous), the list, home and the
 * service pages show it. A changed slug may have added a redirect or freed an address.
 */
export function revalidateCaseStudies(): void {
  revalidatePath(CASE_STUDIES_ROUTE_LAYOUT, "layout");
  revalidatePath(SERVICES_ROUTE_LAYOUT, "layout");
  revalidatePublicPaths(["/"]);
  redirectsChanged();
}

/** A person was written: the team page, the team sections of home and About, and the service pages that name who leads them. */
export function revalidateTeam(): void {
  revalidatePath(SERVICES_ROUTE_LAYOUT, "layout");
  revalidatePublicPaths(["/", "/about", "/team"]);
}

/**
 * Everything under src/app/[locale]/(site)/blog: the listing, every article (cached 404s and
 * redirects included) and the feed. Measured on the production server (Next 16.4):
 * - a literal internal address (/en-IN/blog/some-post) refreshes that one page, but not the feed's
 *   route handler, whose cache entry carries only its route-file tags;
 * - a route pattern must name the folders exactly, route group included: "/[locale]/blog/[slug]"
 *   and "/en-IN/blog/[slug]" refresh nothing, "/[locale]/(site)/blog/[slug]" refreshes articles;
 * - this folder with type "layout" reaches every page and route handler below it.
 */
export const BLOG_ROUTE_LAYOUT = "/[locale]/(site)/blog";

/**
 * A post was created, edited, (un)published or deleted. Every blog page is refreshed, not only
 * this post's: any article may list it under Related Articles, the listing shows it and the feed
 * carries it. The call covers `slugs` (the post's current and former ones) with all the rest.
 */
export function revalidateBlog(_slugs: string[]): void {
  revalidatePath(BLOG_ROUTE_LAYOUT, "layout");
  invalidatePageCache();
  // A save may have added a renamed post's redirect or freed an address (src/server/redirects):
  // called after the commit, so the host's reload reads it. The table is small; reading it again
  // on every blog save is cheaper than telling the two cases apart here.
  redirectsChanged();
}

/**
 * A share was counted: the article's cached page carries the count, so it is rendered afresh on
 * the next request (a reload shows the new figure). Shares are rate-limited per address
 * (data/blog-shares.ts), which bounds how often this empties the page cache.
 */
export function revalidateSharedPost(slug: string): void {
  revalidatePublicPaths([blogPostHref(slug)]);
}
