import { LOCALE_SEGMENT } from "./routes.ts";

// How a variant of an A/B experiment reaches the page (docs/decisions/0107). The host assigns the
// visitor and names the variant in VARIANT_HEADER; next.config's rewrites then render the page under
// the locale segment with the variant appended ("/en-IN~1a2b3c4d-1/about"). So each variant is a page
// of its own in Next's cache and in the host's, rendered once and then served as cached HTML like
// any other page, and the visitor's address stays what they asked for. The control is the page
// itself: no header, no second page.

/** The request header the host sets (after removing any a client sent) to the variant's name, "<key>-<index>". */
export const VARIANT_HEADER = "x-kg-variant";

/** An experiment's key: eight lower-case hex digits, also its hashing seed. */
export const EXPERIMENT_KEY_PATTERN = /^[0-9a-f]{8}$/;

/**
 * What an experiment may change. Three are parts of pages the site has once (the home page's hero,
 * the header's call to action on every page, the free-audit page's opening); the other three are a
 * kind of part that every page of a kind has, and such an experiment names its one page by path
 * (PAGE_TARGETS).
 */
export type ExperimentTargetName = "home-hero" | "header-cta" | "free-audit-hero" | "service-hero" | "case-study-hero" | "article-heading";

/** The targets that name one page of a kind, with the address their pages have; a page's slug follows the prefix. */
export const PAGE_TARGETS = {
  "service-hero": "/services/",
  "case-study-hero": "/case-studies/",
  "article-heading": "/blog/",
} as const satisfies Partial<Record<ExperimentTargetName, string>>;

export type PageTargetName = keyof typeof PAGE_TARGETS;

export function isPageTarget(target: string): target is PageTargetName {
  return Object.hasOwn(PAGE_TARGETS, target);
}

/** A slug as the site's pages have them (src/lib/limits.ts SLUG_PATTERN), up to the slugs' length limit. */
const PAGE_SLUG = "[a-z0-9]+(?:-[a-z0-9]+)*";

/** Whether `path` is an address of the kind of page `target` names ("/services/seo" for a service's hero). */
export function pathFitsTarget(target: PageTargetName, path: string): boolean {
  const prefix = PAGE_TARGETS[target];
  return path.startsWith(prefix) && path.length <= 200 && new RegExp(`^${PAGE_SLUG}$`).test(path.slice(prefix.length));
}

/**
 * The images the home hero may show instead of its case-study card: the site's own illustrations,
 * served from public/. A variant names one by its key; no address is ever taken from a form.
 */
export const HERO_IMAGES = {
  "growth-staircase": {
    label: "Growth staircase",
    src: "/images/blog/from-10-lakh-to-1-crore-a-month-a-growth-consulting-playbook.svg",
    alt: "Growth staircase rising in three stages towards a target",
  },
  "analytics-dashboard": {
    label: "Analytics dashboard",
    src: "/images/blog/ga4-attribution-and-utm-hygiene-for-growth-teams.svg",
    alt: "Analytics dashboard with a trend line, attribution bars and tracking nodes",
  },
  "budget-split": {
    label: "Ad budget split",
    src: "/images/blog/meta-vs-google-ads-how-to-split-your-budget-for-profitable-roas.svg",
    alt: "Meta and Google ads budget split with a rising return on ad spend line",
  },
  "lifecycle-loop": {
    label: "Customer lifecycle loop",
    src: "/images/blog/building-a-retention-engine-email-and-whatsapp-lifecycle-marketing.svg",
    alt: "Customer lifecycle loop connecting email and WhatsApp touchpoints",
  },
} as const;

export type HeroImageName = keyof typeof HERO_IMAGES;

export function isHeroImage(value: string): value is HeroImageName {
  return Object.hasOwn(HERO_IMAGES, value);
}

/** The home page's sections between its hero and its closing call to action, in the page's own order. */
export const HOME_SECTIONS = ["partners", "case-studies", "services", "numbers", "why", "team", "testimonials"] as const;
export type HomeSectionName = (typeof HOME_SECTIONS)[number];

/**
 * The orders a variant may give home's sections, by name. A few named orders rather than any
 * permutation: each is a page someone has looked at, and an owner picks one from a list.
 */
export const HOME_SECTION_ORDERS = {
  "proof-first": {
    label: "Proof first: testimonials and numbers before the services",
    sections: ["partners", "testimonials", "numbers", "case-studies", "services", "why", "team"],
  },
  "services-first": {
    label: "Services first: what we do before the work",
    sections: ["partners", "services", "case-studies", "numbers", "why", "team", "testimonials"],
  },
  "people-first": {
    label: "People first: the team and why we started before the work",
    sections: ["partners", "team", "why", "case-studies", "services", "numbers", "testimonials"],
  },
} as const satisfies Record<string, { label: string; sections: readonly HomeSectionName[] }>;

export type HomeSectionOrderName = keyof typeof HOME_SECTION_ORDERS;

export function isHomeSectionOrder(value: string): value is HomeSectionOrderName {
  return Object.hasOwn(HOME_SECTION_ORDERS, value);
}

/** Home's sections in a named order, or the page's own order for none (or a name no longer known). */
export function homeSections(order: string | undefined): readonly HomeSectionName[] {
  return order && isHomeSectionOrder(order) ? HOME_SECTION_ORDERS[order].sections : HOME_SECTIONS;
}

export interface VariantRef {
  key: string;
  /** 1 or more: the control is never named. */
  index: number;
}

/** The header's value (and the locale segment's suffix) for a variant. */
export function variantName({ key, index }: VariantRef): string {
  return `${key}-${index}`;
}

/** Parses "<key>-<index>" with index 1 to 9; null for anything else. */
export function parseVariantName(value: string | undefined | null): VariantRef | null {
  const match = /^([0-9a-f]{8})-([1-9])$/.exec(value ?? "");
  return match ? { key: match[1]!, index: Number(match[2]) } : null;
}

/** The locale segment a variant's pages are rendered under. */
export function variantSegment(ref: VariantRef): string {
  return `${LOCALE_SEGMENT}~${variantName(ref)}`;
}

/**
 * The locale segment as the pages receive it: the plain one (no variant), a variant's, or null for
 * anything else (the layout answers 404).
 */
export function parseLocaleSegment(segment: string): { variant: VariantRef | null } | null {
  if (segment === LOCALE_SEGMENT) return { variant: null };
  const prefix = `${LOCALE_SEGMENT}~`;
  // Next hands a param still percent-encoded when it was in the address ("~" stays as it is).
  const decoded = (() => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return segment;
    }
  })();
  if (!decoded.startsWith(prefix)) return null;
  const variant = parseVariantName(decoded.slice(prefix.length));
  return variant ? { variant } : null;
}

/**
 * Whether a public page's path shows the target: the header is on every page, home's hero and the
 * free-audit page's opening on their own page, and a page target's part on the one page the
 * experiment names (`targetPath`; none named shows nowhere).
 */
export function targetShownOn(target: ExperimentTargetName, pathname: string, targetPath?: string | null): boolean {
  switch (target) {
    case "header-cta":
      return true;
    case "home-hero":
      return pathname === "/";
    case "free-audit-hero":
      return pathname === "/free-audit";
    default:
      return Boolean(targetPath) && pathFitsTarget(target, targetPath!) && pathname === targetPath;
  }
}
