/**
 * Static copy for the Free Audit page (/free-audit).
 */

import { COMPANY_FACTS, callLength, replyPromise } from "./company-facts";

export const revenueBrackets = ["0-10L/month", "10L-50L/month", "50L-1Cr/month", "1Cr-5Cr/month", "5Cr+/month"] as const;

export type RevenueBracket = (typeof revenueBrackets)[number];

export interface FreeAuditHero {
  eyebrow: string;
  headline: string;
  text: string;
}

export interface FreeAuditBenefit {
  title: string;
  description: string;
  /** lucide-react icon component name */
  icon: string;
}

export interface BonusNote {
  title: string;
  text: string;
}

export interface FreeAuditStat {
  value: string;
  label: string;
}

export interface FreeAuditFormCopy {
  heading: string;
  intro: string;
  labels: {
    name: string;
    email: string;
    mobile: string;
    website: string;
    monthlyRevenue: string;
    growthChallenge: string;
  };
  placeholders: {
    name: string;
    email: string;
    mobile: string;
    website: string;
    monthlyRevenue: string;
    growthChallenge: string;
  };
  submitLabel: string;
  submittingLabel: string;
  privacyNote: string;
}

export const freeAuditHero: FreeAuditHero = {
  eyebrow: "Free Growth Audit",
  headline: "Find the growth your business is leaving on the table",
  text: `Tell us about your business and our team will review your website and marketing, then send you three custom growth ideas ${replyPromise}. Free, with no obligation.`,
};

/** The card the audit form sits in (the form itself comes with the lead-capture work). */
export const freeAuditFormSection = {
  heading: "Get your free growth audit",
} as const;

export const benefitsHeading = "Why brands ask us for an audit";

export const whatIsIncludedHeading = "What's included in your audit";

export const whatIsIncludedIntro = {
  eyebrow: "Your audit",
  text: `A specialist reviews every part of your growth engine and sends you the findings ${replyPromise}.`,
};

export const whatIsIncluded: string[] = [
  "Website performance and technical SEO review",
  "Conversion review of your key landing and product pages",
  "Paid advertising account and tracking check",
  "Competitor benchmarking in your category",
  "Email, WhatsApp and retention opportunities",
  "Three custom growth ideas ranked by impact",
  "A clear list of quick wins you can act on immediately",
];

export const benefits: FreeAuditBenefit[] = [
  {
    title: "Expert analysis",
    description: "Your audit is done by specialists who work on D2C and eCommerce growth every day, not by an automated tool.",
    icon: "FileSearch",
  },
  {
    title: "Actionable insights",
    description: "No generic checklists. Every recommendation is specific to your business and prioritised by likely revenue impact.",
    icon: "Lightbulb",
  },
  {
    title: "Fast turnaround",
    description: `Your personalised audit arrives in your inbox ${replyPromise} of submitting the form.`,
    icon: "Clock",
  },
];

export const bonusNote: BonusNote = {
  title: `Bonus: free ${callLength} strategy call`,
  text: `If your business qualifies, we will also invite you to a free ${callLength} strategy call to walk through the findings and answer your questions.`,
};

export const freeAuditStats: FreeAuditStat[] = [
  { value: COMPANY_FACTS.projects, label: "Projects Delivered" },
  { value: COMPANY_FACTS.satisfaction, label: "Client Satisfaction" },
  { value: `${COMPANY_FACTS.replyHours}hr`, label: "Audit Delivery" },
];

export const freeAuditFormCopy: FreeAuditFormCopy = {
  heading: "Request your free audit",
  intro: "It takes less than two minutes. Fields marked * are required.",
  labels: {
    name: "Full Name *",
    email: "Email Address *",
    mobile: "Mobile Number *",
    website: "Website URL",
    monthlyRevenue: "Monthly Revenue *",
    growthChallenge: "Biggest Growth Challenge *",
  },
  placeholders: {
    name: "Your name",
    email: "you@company.com",
    mobile: "+91 98765 43210",
    website: "https://yourwebsite.com",
    monthlyRevenue: "Select your monthly revenue",
    growthChallenge: "What is holding your growth back right now?",
  },
  submitLabel: "Get My Free Audit",
  submittingLabel: "Analyzing...",
  privacyNote: "We respect your privacy. Your details are used only to prepare your audit.",
};
