/**
 * Static copy for the Home page.
 * Marketing claims are copy, not computed values.
 */

import { COMPANY_FACTS, ratingText, replyPromise } from "./company-facts";

export interface CtaLink {
  label: string;
  href: string;
}

export interface HomeHero {
  eyebrow: string;
  tagline: string;
  headline: string;
  subheadline: string;
  primaryCta: CtaLink;
  secondaryCta: CtaLink;
}

export interface StatItem {
  value: string;
  label: string;
}

export interface ReviewBadge {
  rating: string;
  label: string;
  /** Link text; the URL comes from site config and opens in a new tab. */
  linkLabel: string;
}

export interface SectionIntro {
  eyebrow?: string;
  heading: string;
  text: string;
}

export interface WhyWeStartedItem {
  question: string;
  answer: string;
}

export interface ClosingCta {
  headline: string;
  text: string;
  primaryCta: CtaLink;
  secondaryCta: CtaLink;
}

export const hero: HomeHero = {
  eyebrow: "Growth marketing agency for D2C, eCommerce and startup brands",
  tagline: "Acquire, Convert, Scale",
  headline: "Scale your revenue with growth marketing that pays for itself",
  subheadline:
    "Kinetic Growth combines performance marketing, automation and data-driven optimisation to help ambitious brands acquire customers profitably, convert more of them and keep them coming back.",
  primaryCta: { label: "Get Free Growth Audit", href: "/free-audit" },
  secondaryCta: { label: "View Case Studies", href: "/case-studies" },
};

/** Three proof points shown directly under the hero buttons. */
export const heroStats: StatItem[] = [
  { value: COMPANY_FACTS.projects, label: "Projects Delivered" },
  { value: COMPANY_FACTS.satisfaction, label: "Client Satisfaction" },
  { value: `${COMPANY_FACTS.replyHours}hr`, label: "Reply to Every Enquiry" },
];

/** External reviews badge (URL from site config, opens in a new tab). */
export const reviewBadge: ReviewBadge = {
  rating: ratingText,
  label: "Average review rating",
  linkLabel: "Read our reviews",
};

/** Stats band further down the page. */
export const statsBand: StatItem[] = [
  { value: COMPANY_FACTS.businesses, label: "Businesses Scaled" },
  { value: ratingText, label: "Client Rating" },
  { value: COMPANY_FACTS.revenue, label: "Revenue Generated" },
  { value: COMPANY_FACTS.retention, label: "Client Retention" },
  { value: COMPANY_FACTS.projects, label: "Projects Delivered" },
];

/** Heading of the dark stats band. */
export const statsBandHeading = "Growth that shows up in the numbers";

export const partnersIntro = "Trusted by growing brands across India";

/**
 * The sample clients and their logo marks: SVG wordmarks drawn for these illustrative companies,
 * served as static files (public/images/clients/), never through the media library, which takes no
 * SVG (docs/decisions/0069).
 */
export const partners: { name: string; logoUrl: string }[] = [
  { name: "GemsMantra", logoUrl: "/images/clients/gemsmantra.svg" },
  { name: "TechCorp", logoUrl: "/images/clients/techcorp.svg" },
  { name: "EcoStore", logoUrl: "/images/clients/ecostore.svg" },
  { name: "FashionHub", logoUrl: "/images/clients/fashionhub.svg" },
  { name: "AshrayLiving", logoUrl: "/images/clients/ashrayliving.svg" },
  { name: "TravelPro", logoUrl: "/images/clients/travelpro.svg" },
];

export const servicesIntro: SectionIntro = {
  eyebrow: "What we do",
  heading: "Growth services built around revenue",
  text: "From the first click to the fifth repeat order, we cover every stage of the customer journey.",
};

export const viewAllServicesLabel = "View All Services";

export const whyWeStartedIntro: SectionIntro = {
  eyebrow: "Why we started",
  heading: "We built the agency we wished we could hire",
  text: "Kinetic Growth began with a simple frustration: too many good brands were paying for marketing that could not show its return.",
};

export const whyWeStarted: WhyWeStartedItem[] = [
  {
    question: "Why did we start Kinetic Growth?",
    answer:
      "We watched promising D2C and eCommerce brands spend heavily on agencies that reported impressions and clicks but not revenue. We started Kinetic Growth to offer the opposite: marketing judged by the money it makes for the business.",
  },
  {
    question: "What problem are we solving?",
    answer:
      "Growth usually stalls because channels are run in isolation. Ads, SEO, the website and retention are handled by different people with different goals. We bring acquisition, conversion and retention under one strategy so each part makes the others work harder.",
  },
  {
    question: "Who do we work best with?",
    answer:
      "D2C brands, eCommerce stores and startups that have found product-market fit and are ready to grow faster. Whether you are doing your first lakh a month or your first crore, we shape the plan around your stage and budget.",
  },
  {
    question: "What makes our approach different?",
    answer:
      "We start with data, not assumptions. Every engagement begins with an audit, every decision is tied to a measurable outcome, and every client gets transparent reporting on what is working and what we are changing.",
  },
  {
    question: "What do we want for every client?",
    answer:
      "Growth that lasts after the campaign ends: profitable acquisition, higher conversion rates and customers who keep coming back. That is why 95% of our clients stay with us.",
  },
];

/** Highlight beside the 'why we started' list. */
export const retentionHighlight: StatItem = {
  value: "95%",
  label: "of our clients stay with us, because growth that lasts is the whole point.",
};

export const caseStudiesLinkLabel = "All case studies";
export const caseStudyCardLinkLabel = "Read the case study";

/** Above the newest case study, in the hero's right half. */
export const heroStudyEyebrow = "Latest client result";

export const caseStudiesIntro: SectionIntro = {
  eyebrow: "Results",
  heading: "Real brands, measurable growth",
  text: "A look at what happens when strategy, execution and data work together.",
};

export const testimonialsIntro: SectionIntro = {
  eyebrow: "Testimonials",
  heading: "What our clients say",
  text: "Founders and marketing leads on what it is like to grow with Kinetic Growth.",
};

export const closingCta: ClosingCta = {
  headline: "Ready to scale your revenue?",
  text: `Get a free growth audit of your website and marketing. We will send you three custom growth ideas ${replyPromise}, with no obligation.`,
  primaryCta: { label: "Get Free Growth Audit", href: "/free-audit" },
  secondaryCta: { label: "Talk to Our Team", href: "/contact" },
};

/** Home's team section (docs/decisions/0103): the first people on the team page, then a link to all of them. */
export const teamIntro: SectionIntro = {
  eyebrow: "The people",
  heading: "The team that runs your growth",
  text: "Senior specialists, one for each channel, working to one plan on your account.",
};
export const teamLinkLabel = "Meet the whole team";
export const HOME_TEAM_LIMIT = 3;
