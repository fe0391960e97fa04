/** Small presentation helpers for the marketing pages: pure, so that they are unit-tested. */
import type { ServicePackage } from "@/content/services";
import { formatRupees } from "./format";

const ACRONYMS = new Set(["roas", "roi", "cac", "aov", "ltv", "clv", "rto", "seo", "cro", "ctr", "cpa", "cpc", "cpm", "sku", "kpi", "gmv", "cod"]);

/** A metrics key as a label: "revenue_growth" -> "Revenue Growth", "roas" -> "ROAS". */
export function metricLabel(key: string): string {
  return key
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((word) => {
      const lower = word.toLowerCase();
      return ACRONYMS.has(lower) ? lower.toUpperCase() : lower.charAt(0).toUpperCase() + lower.slice(1);
    })
    .join(" ");
}

/**
 * Two-letter monogram: the first letters of the first two words, or of the capitalised parts of
 * one word ("GemsMantra" -> "GM").
 */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "";
  if (words.length > 1) return (words[0]!.charAt(0) + words[1]!.charAt(0)).toUpperCase();
  const capitals = words[0]!.match(/[A-Z]/g) ?? [];
  if (capitals.length >= 2) return capitals.slice(0, 2).join("");
  return words[0]!.slice(0, 2).toUpperCase();
}

/**
 * "Month 1-2: Audited tracking." -> a period label and the step. Only a short label with a number
 * in it counts as a period; any other step stays whole.
 */
export function splitJourneyStep(step: string): { period?: string; text: string } {
  const match = /^([^:]{1,24}):\s+([\s\S]+)$/.exec(step.trim());
  return match && /\d/.test(match[1]!) ? { period: match[1], text: match[2]! } : { text: step.trim() };
}

export interface PackagePriceParts {
  amount: string;
  cadence: string;
  /** Fees charged on top of the price: setup fee, share of ad spend. */
  extras: string[];
}

/** Price lines of a package card, from the numbers in the content module only. */
export function packagePrice(pkg: ServicePackage): PackagePriceParts {
  const cadence = pkg.billing === "month" ? "/month" : pkg.billing === "one-time" ? "one-time" : "per project";
  const extras: string[] = [];
  if (pkg.setupFee) extras.push(`+ ${formatRupees(pkg.setupFee)} one-time setup`);
  if (pkg.adSpendPercent) extras.push(`+ ${pkg.adSpendPercent}% of monthly ad spend`);
  return { amount: formatRupees(pkg.price), cadence, extras };
}

/** Stable id for an in-page anchor. */
export function anchorId(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Which of a study's figures is its headline: revenue growth, else monthly revenue, else none (no figure is made up). */
export function headlineMetricKey(metrics: Record<string, string>): "revenue_growth" | "monthly_revenue" | null {
  if (metrics.revenue_growth) return "revenue_growth";
  if (metrics.monthly_revenue) return "monthly_revenue";
  return null;
}

/** The home card's headline metric label, matching `headlineMetric`; null where it has none. */
export function headlineMetricLabel(metrics: Record<string, string>): string | null {
  const key = headlineMetricKey(metrics);
  return key ? metricLabel(key) : null;
}
