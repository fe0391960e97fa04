/**
 * Static copy for the Case Studies page (the case studies themselves come from the database
 * or the built-in fallback sample).
 */

import { COMPANY_FACTS, replyPromise } from "./company-facts";

export type CaseStudiesHeadlineLabel = "Total Revenue Generated" | "Average Revenue Growth" | "Client Success Rate" | "Average ROAS";

export interface CaseStudiesHero {
  eyebrow: string;
  headline: string;
  text: string;
}

export interface HeadlineStat {
  label: CaseStudiesHeadlineLabel;
  value: string;
}

export interface CaseStudiesSectionLabels {
  challenge: string;
  solution: string;
  keyResults: string;
  servicesUsed: string;
  growthJourney: string;
  timeframe: string;
}

export interface CaseStudiesCta {
  headline: string;
  text: string;
  primaryCta: { label: string; href: string };
  secondaryCta: { label: string; href: string };
}

export const caseStudiesHero: CaseStudiesHero = {
  eyebrow: "Case Studies",
  headline: "Growth stories backed by real numbers",
  text: "See how D2C, eCommerce and startup brands have scaled revenue with Kinetic Growth: the challenge they faced, what we did and the results it delivered.",
};

export const headlineStats: HeadlineStat[] = [
  { label: "Total Revenue Generated", value: COMPANY_FACTS.revenue },
  { label: "Average Revenue Growth", value: "300%" },
  { label: "Client Success Rate", value: "95%" },
  { label: "Average ROAS", value: "450%" },
];

export const sectionLabels: CaseStudiesSectionLabels = {
  challenge: "The Challenge",
  solution: "Our Solution",
  keyResults: "Key Results",
  servicesUsed: "Services Used",
  growthJourney: "Growth Journey",
  timeframe: "Timeframe",
};

export const caseStudiesCta: CaseStudiesCta = {
  headline: "Want results like these?",
  text: `Start with a free growth audit. We will review your website and marketing and send you three custom growth ideas ${replyPromise}.`,
  primaryCta: { label: "Get Free Growth Audit", href: "/free-audit" },
  secondaryCta: { label: "Contact Us", href: "/contact" },
};

/** A study's own page (/case-studies/<slug>, docs/decisions/0103). */
export const caseStudyPageCopy = {
  resultsHeading: "The Results",
  moreStudiesLabel: "More case studies",
  previousLabel: "Previous case study",
  nextLabel: "Next case study",
  /** On the list, each study's link to its own page, named by the company. */
  readLabel: (companyName: string) => `Read the ${companyName} case study`,
  fallbackDescription: (companyName: string) => `How Kinetic Growth helped ${companyName} grow: the challenge, what we did and the results.`,
};
