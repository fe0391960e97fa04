/**
 * Static copy for the Case Studies page (the case studies themselves come from the database
 * or the built-in fallback sample).
 */

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
  { label: "Total Revenue Generated", value: "500+ Crores" },
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
  text: "Start with a free growth audit. We will review your website and marketing and send you three custom growth ideas within 72 hours.",
  primaryCta: { label: "Get Free Growth Audit", href: "/free-audit" },
  secondaryCta: { label: "Contact Us", href: "/contact" },
};

/**
 * Every case study shows a numbered growth journey and a testimonial; for one whose own
 * fields are empty (one created in the dashboard without them), these fixed defaults are shown,
 * written for the default timeframe (18 months) and services (SEO, Paid Ads, CRO).
 */
export const defaultGrowthJourney: readonly string[] = [
  "Month 1-3: Audited the website, tracking and ad accounts, and set growth targets from the unit economics.",
  "Month 4-6: Rebuilt campaigns around the most profitable products and fixed the biggest conversion leaks.",
  "Month 7-12: Scaled paid acquisition and published search content for high-intent keywords.",
  "Month 13-18: Compounded the gains with ongoing tests, retention flows and budget moved to the best channels.",
];

export const defaultCaseStudyTestimonial = {
  quote: "Kinetic Growth gave us a clear plan and the discipline to follow it. Every rupee we spend on marketing is now tied to a result we can measure.",
  author: "Founder",
} as const;
