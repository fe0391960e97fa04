import type { Service } from "@/content/services";
import { slugify } from "./blog";
import { LIMITS } from "./limits";

/**
 * A case study's own address and the rules that give it one (docs/decisions/0103). Pure: the data
 * layer (src/server/content/data/case-studies-admin.ts) asks the database which slugs are taken.
 */

export const CASE_STUDIES_PATH = "/case-studies";

export function caseStudyHref(slug: string): string {
  return `${CASE_STUDIES_PATH}/${slug}`;
}

/** What a title with no letter or digit in it (only symbols) becomes. */
export const FALLBACK_CASE_STUDY_SLUG = "case-study";

/** The slug a title makes on its own: the blog's slugify, never empty. */
export function caseStudySlugFromTitle(title: string): string {
  return slugify(title) || FALLBACK_CASE_STUDY_SLUG;
}

/**
 * `base` when no other study has it, else `base-2`, `base-3`... (the first free one), the base cut
 * so that the suffix still fits within the slug's limit. `taken` holds the other studies' slugs.
 */
export function uniqueSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, LIMITS.slug - suffix.length).replace(/-+$/g, "")}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

const normalised = (name: string) => name.trim().toLowerCase().replace(/\s+/g, " ");

/**
 * True when a study's services (free text typed in the dashboard, "Paid Ads", "SEO Optimization")
 * name this service: by its title or its short title, case and spacing aside.
 */
export function studyNamesService(studyServices: readonly string[], service: Pick<Service, "title" | "shortTitle">): boolean {
  const names = new Set([service.title, service.shortTitle].map(normalised));
  return studyServices.some((s) => names.has(normalised(s)));
}

/** The studies either side of one in a list (the list's order): null at either end. */
export function neighbours<T extends { slug: string }>(list: readonly T[], slug: string): { previous: T | null; next: T | null } {
  const index = list.findIndex((s) => s.slug === slug);
  if (index < 0) return { previous: null, next: null };
  return { previous: list[index - 1] ?? null, next: list[index + 1] ?? null };
}
