import type { ServiceSlug } from "./services";

/**
 * Sample testimonials and case studies: the seed data for a new database, and the fallback
 * shown when the database cannot be read. Client names and people are illustrative.
 */

export interface SampleAuthor {
  name: string;
  role: string;
  bio: string;
  /** The team page's one line (docs/decisions/0103). */
  teamLine: string;
  /** Order on the team page, 1 first. */
  teamPosition: number;
  /** The service (its slug) this person leads: its page names them. */
  leadsService: ServiceSlug;
}

/**
 * The team as a fresh install shows it: the sample posts' authors (src/content/sample-blog-posts.ts
 * names three of them) and the people who lead the other services. No photo, no links: none were
 * given, so each shows the drawn portrait until one is uploaded.
 */
export const sampleAuthors: SampleAuthor[] = [
  {
    name: "Kavya Rao",
    role: "Founder & Growth Strategist",
    bio: "Kavya founded the agency after years running growth inside D2C brands. She sets each client's plan from their unit economics and keeps every channel pulling in one direction.",
    teamLine: "Sets each client's growth plan from their unit economics, not from channel habits.",
    teamPosition: 1,
    leadsService: "growth-consulting",
  },
  {
    name: "Priya Sharma",
    role: "Head of Performance Marketing",
    bio: "Priya runs paid media for our D2C clients: Meta, Google Shopping and the budget decisions between them, set from each brand's contribution margin.",
    teamLine: "Runs Meta and Google Shopping budgets from each brand's contribution margin.",
    teamPosition: 2,
    leadsService: "paid-advertising",
  },
  {
    name: "Arjun Mehta",
    role: "SEO Strategist",
    bio: "Arjun plans technical SEO and search content for eCommerce catalogues, from crawl fixes across thousands of SKUs to category pages that rank.",
    teamLine: "Turns large catalogues into category pages that rank, one crawl fix at a time.",
    teamPosition: 3,
    leadsService: "seo-optimization",
  },
  {
    name: "Neha Kapoor",
    role: "CRO and Retention Lead",
    bio: "Neha leads our conversion and retention work: product page tests, checkout fixes, and the email and WhatsApp flows that bring customers back.",
    teamLine: "Tests product pages and checkouts until more visitors become buyers.",
    teamPosition: 4,
    leadsService: "conversion-optimization",
  },
  {
    name: "Rohan Iyer",
    role: "Marketing Automation Lead",
    bio: "Rohan builds WhatsApp journeys on the Business API: COD confirmation, abandoned carts and the broadcasts customers actually open.",
    teamLine: "Builds the WhatsApp flows that confirm COD orders and recover abandoned carts.",
    teamPosition: 5,
    leadsService: "whatsapp-automation",
  },
  {
    name: "Sana Qureshi",
    role: "Lifecycle Marketing Manager",
    bio: "Sana plans the email, SMS and loyalty programmes that turn first orders into second ones, segmented from each brand's own purchase data.",
    teamLine: "Plans the email and loyalty journeys that turn a first order into a second.",
    teamPosition: 6,
    leadsService: "retention-marketing",
  },
];

export interface SampleTestimonial {
  clientName: string;
  company: string;
  role: string;
  content: string;
  /** Integer from 1 to 5. */
  rating: number;
  featured: boolean;
  imageUrl: string | null;
}

export interface SampleCaseStudy {
  title: string;
  companyName: string;
  industry: string;
  challenge: string;
  solution: string;
  /** A sentence or two summarising the results. */
  results: string;
  featured: boolean;
  imageUrl: string | null;
  /** The client's logo mark (one of ours under /images/clients/). */
  logoUrl: string | null;
  /** Flat object: snake_case labels mapped to short display values. */
  metrics: Record<string, string>;
  timeframe: string | null;
  services: string[];
  /** Growth-journey steps in order, one sentence each. */
  journey: string[];
  testimonialQuote: string;
  /** "Name, Role" */
  testimonialAuthor: string;
}

export const sampleTestimonials: SampleTestimonial[] = [
  {
    clientName: "Ananya Iyer",
    company: "EcoStore",
    role: "Founder & CEO",
    content:
      "Kinetic Growth rebuilt our Meta and Google accounts around contribution margin instead of vanity ROAS. Within six months our new-customer CAC fell by a third and we could finally scale without burning cash.",
    rating: 5,
    featured: true,
    imageUrl: null,
  },
  {
    clientName: "Vikram Malhotra",
    company: "FashionHub",
    role: "Head of Marketing",
    content:
      "Their product page and checkout changes lifted our conversion rate from 1.9% to 2.8% in one quarter. The team explains every test clearly and moves quickly from insight to launch.",
    rating: 5,
    featured: true,
    imageUrl: null,
  },
  {
    clientName: "Rohan Gupta",
    company: "TechCorp",
    role: "Founder",
    content:
      "The WhatsApp COD confirmation flow cut our RTO almost in half within the first three months. It is the highest-return project we have run this year.",
    rating: 5,
    featured: true,
    imageUrl: null,
  },
];

export const homeCaseStudies: SampleCaseStudy[] = [
  {
    title: "How EcoStore Tripled Revenue with Full-Funnel Growth Marketing",
    companyName: "EcoStore",
    logoUrl: "/images/clients/ecostore.svg",
    industry: "Sustainable Home Products",
    challenge: "EcoStore was spending ₹4,00,000 a month on Meta ads at a blended ROAS of 1.6x, with no search presence and a repeat purchase rate below 12%.",
    solution:
      "We rebuilt paid media around contribution margin, launched Google Shopping and non-brand search, and added email and WhatsApp flows for replenishment and win-back.",
    results: "Revenue grew 212% in 12 months while blended ROAS rose to 3.9x and the six-month repeat rate reached 27%.",
    featured: true,
    imageUrl: null,
    metrics: {
      revenue_growth: "212%",
      roas: "3.9x",
      repeat_rate: "27%",
      cac_reduction: "-34%",
    },
    timeframe: "12 months",
    services: ["Paid Ads", "Retention Marketing", "WhatsApp Automation"],
    journey: [
      "Month 1-2: Audited tracking, fixed GA4 and the Conversions API, and set break-even ROAS targets from unit economics.",
      "Month 3-4: Restructured Meta campaigns and launched Google Shopping and non-brand search.",
      "Month 5-7: Built welcome, replenishment and win-back flows across email and WhatsApp.",
      "Month 8-10: Scaled creative production to 20 new concepts a month, including creator content.",
      "Month 11-12: Reallocated budget monthly on new-customer CAC and launched festive gift bundles.",
    ],
    testimonialQuote:
      "We stopped chasing platform ROAS and started growing on numbers we actually trust. Repeat customers now drive almost a third of our revenue.",
    testimonialAuthor: "Ananya Iyer, Founder",
  },
  {
    title: "AshrayLiving: From ₹18 Lakh to ₹62 Lakh in Monthly Revenue",
    companyName: "AshrayLiving",
    logoUrl: "/images/clients/ashrayliving.svg",
    industry: "Home Furnishings",
    challenge: "AshrayLiving had strong products but a 1.4% conversion rate, 31% RTO on COD orders and almost no organic traffic to its category pages.",
    solution:
      "We redesigned product pages for mobile, introduced WhatsApp COD confirmation with a prepaid incentive, and fixed technical SEO across 600 SKUs with new collection content.",
    results: "Monthly revenue grew from ₹18,00,000 to ₹62,00,000 in 14 months, with conversion rate up 54% and COD RTO cut by almost half.",
    featured: true,
    imageUrl: null,
    metrics: {
      monthly_revenue: "₹62L",
      conversion_rate: "+54%",
      rto_reduction: "-46%",
      organic_traffic: "+180%",
    },
    timeframe: "14 months",
    services: ["CRO", "WhatsApp Automation", "SEO Optimization"],
    journey: [
      "Month 1-2: Ran a CRO and technical SEO audit and mapped where COD orders were failing.",
      "Month 3-4: Launched WhatsApp COD confirmation and address checks, with ₹50 off for switching to prepaid.",
      "Month 5-7: Rebuilt product pages with delivery dates, room photos and a clearer size guide.",
      "Month 8-11: Cleaned up duplicate URLs and wrote content for the 40 highest-demand collections.",
      "Month 12-14: Scaled paid traffic into the improved pages and added bundle offers.",
    ],
    testimonialQuote:
      "Fixing RTO and the product pages did more for our profit than any amount of extra ad spend. The growth since then has been steady and predictable.",
    testimonialAuthor: "Karan Desai, Co-founder",
  },
];

export const jewelryCaseStudy: SampleCaseStudy = {
  title: "GemsMantra: Scaling a Jewelry Brand with SEO, Paid Ads and CRO",
  companyName: "GemsMantra",
  logoUrl: "/images/clients/gemsmantra.svg",
  industry: "Jewelry E-commerce",
  challenge:
    "GemsMantra sold certified silver and gold-plated jewellery online but relied on discount-led Meta ads. Its conversion rate was 0.9%, and high-value shoppers abandoned checkout over trust concerns.",
  solution:
    "We built occasion- and material-led SEO, restructured Meta and Google Shopping around margin-based ROAS targets, and redesigned product pages with certification details, video and pincode delivery dates.",
  results: "Over 18 months revenue grew 340% and ROAS reached 5.2x, while organic traffic rose 265% and festive-season sales more than doubled year on year.",
  featured: true,
  imageUrl: null,
  metrics: {
    revenue_growth: "340%",
    roas: "5.2x",
    conversion_rate: "+72%",
    organic_traffic: "+265%",
    cac_reduction: "-38%",
    aov_increase: "+24%",
  },
  timeframe: "18 months",
  services: ["SEO Optimization", "Paid Ads", "CRO"],
  journey: [
    "Month 1-3: Audited the store, fixed tracking and set margin-based ROAS targets for every category.",
    "Month 4-6: Redesigned product pages with certificates, 360-degree video and delivery dates by pincode.",
    "Month 7-10: Published occasion and material guides and rebuilt category pages for high-intent searches.",
    "Month 11-14: Scaled Google Shopping and Meta prospecting on best-selling collections and gift sets.",
    "Month 15-18: Ran a full Dhanteras and Diwali campaign and launched a wedding-season collection.",
  ],
  testimonialQuote:
    "Kinetic Growth helped us win customers' trust online, not just their clicks. Our festive season this year was the best in the company's history.",
  testimonialAuthor: "Meera Jain, Founder",
};
