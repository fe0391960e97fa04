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

/** What an experiment may change: the home page's hero, or the header's call to action on every page. */
export type ExperimentTargetName = "home-hero" | "header-cta";

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

/** Whether a public page's path shows the target: the hero is home's only, the header is on every page. */
export function targetShownOn(target: ExperimentTargetName, pathname: string): boolean {
  return target === "header-cta" ? true : pathname === "/";
}
