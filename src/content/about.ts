/**
 * Static copy for the About page.
 */

import { COMPANY_FACTS, ratingText } from "./company-facts";

export type CoreValueTitle = "Results-Driven" | "Client-Centric" | "Excellence" | "Data-Driven";

export interface AboutHero {
  eyebrow: string;
  headline: string;
  text: string;
}

export interface CoreValue {
  title: CoreValueTitle;
  description: string;
  /** lucide-react icon component name */
  icon: string;
}

export interface AboutCta {
  headline: string;
  text: string;
  primaryCta: { label: string; href: string };
  secondaryCta: { label: string; href: string };
}

export const aboutHero: AboutHero = {
  eyebrow: "About Kinetic Growth",
  headline: "A growth partner measured by your revenue",
  text: "We are a Mumbai-based growth marketing agency helping D2C, eCommerce and startup brands acquire, convert and retain customers profitably.",
};

export const headquartersLabel = "Headquartered in";

export const storyHeading = "Our Story";

export const story: string[] = [
  "Kinetic Growth was founded in Mumbai by marketers who had spent years on both sides of the table, inside fast-growing brands and inside agencies. We kept seeing the same pattern: founders paying for campaigns that looked busy on a report but did little for the bottom line.",
  "So we built an agency around one question: is this making our client more money? Every plan we write starts with your numbers (margins, customer acquisition cost, lifetime value) and every channel we run is judged against them.",
  "Today our team works across SEO, paid advertising, conversion rate optimisation, WhatsApp automation and retention marketing. Because these disciplines sit under one roof and one strategy, gains in one area feed the others instead of competing for budget.",
  `We have delivered ${COMPANY_FACTS.projects} projects and helped scale ${COMPANY_FACTS.businesses} businesses, from first-time founders to established brands. What has not changed is how we work: honest advice, transparent reporting and a team that treats your growth as its own.`,
];

export const storyEyebrow = "Who we are";

export const coreValuesIntro = {
  eyebrow: "Our core values",
  heading: "What guides every decision we make",
  text: "Four principles shape how we plan, execute and report on every engagement.",
};

export const coreValues: CoreValue[] = [
  {
    title: "Results-Driven",
    description: "We measure success by revenue, profit and customer growth, not impressions or clicks.",
    icon: "Target",
  },
  {
    title: "Client-Centric",
    description: "Your goals set our priorities. You get a dedicated team, straight answers and a partner who is easy to reach.",
    icon: "Users",
  },
  {
    title: "Excellence",
    description: "We hold our work to a high standard, from campaign builds and creative to reporting and communication.",
    icon: "Award",
  },
  {
    title: "Data-Driven",
    description: "Decisions are based on evidence. We test, measure and let the numbers decide where effort and budget go.",
    icon: "ChartColumn",
  },
];

export const trackRecordHeading = "Our Track Record";

export const trackRecord: string[] = [
  `${COMPANY_FACTS.projects} projects delivered`,
  `${COMPANY_FACTS.businesses} businesses scaled`,
  `${COMPANY_FACTS.revenue} revenue generated for clients`,
  `${COMPANY_FACTS.satisfaction} client satisfaction`,
  `${COMPANY_FACTS.retention} client retention`,
  `${ratingText} average review rating`,
];

export const teamHeading = "Meet the Team";

export const teamIntro = {
  eyebrow: "The people",
  text: "Senior specialists who have grown brands from the inside, working as one team on your account.",
};

export const aboutCta: AboutCta = {
  headline: "Let's grow your brand together",
  text: "Tell us where you want your business to be in 12 months, and we will show you how we would get there.",
  primaryCta: { label: "Get in Touch", href: "/contact" },
  secondaryCta: { label: "View Case Studies", href: "/case-studies" },
};
