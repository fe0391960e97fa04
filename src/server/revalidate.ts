import "server-only";
import { revalidatePath } from "next/cache";
import { internalPath } from "@/lib/routes";

/**
 * Public pages are cached HTML (docs/decisions/0003). Every write calls one of these so that the
 * next request renders fresh. Paths are the internal ones the cache is keyed by.
 */
export function revalidatePublicPaths(publicPaths: string[]): void {
  for (const path of publicPaths) revalidatePath(internalPath(path));
}

export function revalidateTestimonials(): void {
  revalidatePublicPaths(["/"]);
}

export function revalidateCaseStudies(): void {
  revalidatePublicPaths(["/", "/case-studies"]);
}

/** A post was created, edited, (un)published or deleted; slugs are its current and former ones. */
export function revalidateBlog(slugs: string[]): void {
  revalidatePublicPaths(["/blog", ...slugs.map((slug) => `/blog/${slug}`)]);
  // Related-article lists on other posts may name this one: refresh every article page.
  revalidatePath(internalPath("/blog/[slug]"), "page");
}
