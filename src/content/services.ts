/**
 * Static copy for the Services page and the six service detail pages.
 * Pure data: money is stored as numbers in rupees and formatted in the UI.
 * Prices are the agency's published ones, checked figure by figure in tests/content.test.ts.
 */

import { COMPANY_FACTS, replyPromise } from "./company-facts";

export type ServiceSlug =
  "seo-optimization" | "paid-advertising" | "growth-consulting" | "conversion-optimization" | "whatsapp-automation" | "retention-marketing";

export type PackageBilling = "month" | "one-time" | "project";

export interface ServicePackage {
  name: string;
  /** Rupees. For "month" billing this is the monthly retainer. */
  price: number;
  billing: PackageBilling;
  /** One-time setup fee in rupees, charged in addition to `price`. */
  setupFee?: number;
  /** Management fee as a percentage of monthly ad spend, charged in addition to `price`. */
  adSpendPercent?: number;
  duration?: string;
  minimumTerm?: string;
  limit?: string;
  isMostPopular?: boolean;
  inclusions: string[];
}

export interface ServiceProcessStep {
  title: string;
  description: string;
}

export interface ServiceTimelinePhase {
  period: string;
  title: string;
  description: string;
}

export interface ResultFigure {
  value: string;
  label: string;
}

export interface ServiceClosing {
  headline: string;
  text: string;
}

export interface ServiceDetail {
  heroHeadline: string;
  heroText: string;
  process: ServiceProcessStep[];
  timeline: ServiceTimelinePhase[];
  inclusions: string[];
  results: ResultFigure[];
  /** Optional qualifier shown under the results figures. */
  resultsNote?: string;
  packages: ServicePackage[];
  closing: ServiceClosing;
}

export interface Service {
  slug: ServiceSlug;
  title: string;
  shortTitle: string;
  subtitle: string;
  /** Who the service is for, in one sentence: the service page's opening says it beside what it is. */
  audience: string;
  description: string;
  /** lucide-react icon component name */
  icon: string;
  features: string[];
  averageResult: string;
  /** "Starting from" price on the Services page card, rupees per month. */
  cardPrice: number;
  detail: ServiceDetail;
}

export interface ProcessStep {
  step: number;
  title: string;
  description: string;
}

export const services: Service[] = [
  {
    slug: "seo-optimization",
    title: "SEO Optimization",
    shortTitle: "SEO",
    subtitle: "Organic traffic that compounds month after month",
    audience: "D2C and eCommerce brands that want buyers to find them on Google without paying for every click.",
    description:
      "Technical fixes, search-led content and authority building that put your store in front of buyers who are already searching for what you sell.",
    icon: "Search",
    features: [
      "Technical SEO audit and site-health fixes",
      "Keyword research mapped to buying intent",
      "On-page optimisation for category and product pages",
      "Content strategy and SEO-led articles",
      "Link building and digital PR",
      "Monthly ranking and revenue reporting",
    ],
    averageResult: "250% average organic traffic growth",
    cardPrice: 50000,
    detail: {
      heroHeadline: "Rank for the searches that turn into revenue",
      heroText:
        "We treat SEO as a revenue channel, not a vanity metric. Every keyword we target, page we fix and article we publish is chosen for its ability to bring in customers who are ready to buy.",
      process: [
        {
          title: "Technical audit",
          description: "We crawl your site, review Core Web Vitals, indexing and site structure, and rank every issue by its impact on traffic.",
        },
        {
          title: "Keyword and competitor research",
          description: "We map the searches your customers make at each stage of the journey and find the gaps your competitors have left open.",
        },
        {
          title: "On-page and content execution",
          description: "We rewrite titles, meta data and on-page copy, improve internal linking, and publish content built around commercial intent.",
        },
        {
          title: "Authority building",
          description: "We earn relevant links and mentions through outreach and digital PR, so your pages carry the authority they need to rank.",
        },
        {
          title: "Measure and refine",
          description: "We track rankings, organic sessions and organic revenue every month and move effort to whatever is working best.",
        },
      ],
      timeline: [
        {
          period: "Week 1-2",
          title: "Audit and roadmap",
          description: "Full technical audit, keyword research and a prioritised 90-day roadmap agreed with your team.",
        },
        {
          period: "Week 3-6",
          title: "Foundation fixes",
          description: "Technical issues resolved, key pages optimised and the first pieces of content published.",
        },
        {
          period: "Month 2-3",
          title: "Content and links",
          description: "A steady publishing cadence and link-building campaigns begin to move target keywords up the rankings.",
        },
        {
          period: "Month 4-6",
          title: "Compounding growth",
          description: "Rankings and organic revenue build on each other; we double down on the pages and topics that convert.",
        },
      ],
      inclusions: [
        "Comprehensive technical SEO audit",
        "Keyword research and keyword-to-page mapping",
        "On-page optimisation of priority pages",
        "Schema markup and structured data",
        "Monthly SEO content production",
        "Link building and outreach",
        "Local SEO setup where relevant",
        "Monthly ranking, traffic and revenue report",
      ],
      results: [
        { value: "250%", label: "Average organic traffic growth" },
        { value: "3x", label: "More first-page keywords" },
        { value: "180%", label: "Increase in organic revenue" },
      ],
      resultsNote: "Typical results for clients retained for 6 months or more.",
      packages: [
        {
          name: "Starter",
          price: 50000,
          billing: "month",
          limit: "Up to 20 keywords",
          inclusions: ["Technical SEO audit", "On-page optimisation", "4 SEO articles per month", "Monthly ranking report"],
        },
        {
          name: "Growth",
          price: 100000,
          billing: "month",
          limit: "Up to 50 keywords",
          isMostPopular: true,
          inclusions: [
            "Everything in Starter",
            "8 SEO articles per month",
            "Link building and outreach",
            "Schema markup implementation",
            "Fortnightly strategy calls",
          ],
        },
        {
          name: "Enterprise",
          price: 200000,
          billing: "month",
          limit: "Unlimited keywords",
          inclusions: [
            "Everything in Growth",
            "Custom content volume",
            "Digital PR campaigns",
            "International and multi-store SEO",
            "Dedicated SEO strategist",
          ],
        },
      ],
      closing: {
        headline: "Find out what organic search could be worth to you",
        text: "Start with a free growth audit. We will show you the keywords you are missing, the technical issues holding you back and the traffic you could realistically win.",
      },
    },
  },
  {
    slug: "paid-advertising",
    title: "Paid Advertising",
    shortTitle: "Paid Ads",
    subtitle: "Profitable ad spend across Meta, Google and beyond",
    audience: "Brands spending, or ready to spend, on Meta and Google ads that want every rupee to return more than it costs.",
    description:
      "Full-funnel campaigns built around return on ad spend, with creative testing, tight audience targeting and budgets that move to whatever performs.",
    icon: "Megaphone",
    features: [
      "Meta, Google, YouTube and marketplace ads",
      "Full-funnel campaign architecture",
      "Creative strategy and ad testing",
      "Audience building and retargeting",
      "Conversion tracking and attribution setup",
      "Weekly budget and bid optimisation",
    ],
    averageResult: "450% average return on ad spend",
    cardPrice: 75000,
    detail: {
      heroHeadline: "Ad spend that pays for itself, and then some",
      heroText:
        "We build and run paid campaigns with one goal: profitable customer acquisition. Clean tracking, constant creative testing and disciplined budget management keep your ROAS moving in the right direction.",
      process: [
        {
          title: "Account and tracking audit",
          description: "We review your existing accounts, pixels and conversion events so every rupee spent can be measured.",
        },
        {
          title: "Funnel and audience strategy",
          description: "We plan prospecting, retargeting and retention campaigns around your margins, average order value and target CPA.",
        },
        {
          title: "Creative production and testing",
          description: "We brief and test hooks, formats and offers in structured rounds to find the creatives that scale.",
        },
        {
          title: "Launch and optimise",
          description: "Campaigns go live with clear budgets and KPIs; we optimise bids, audiences and placements every week.",
        },
        {
          title: "Scale winners",
          description: "Proven campaigns get more budget and new channels are added only once the numbers support them.",
        },
      ],
      timeline: [
        {
          period: "Week 1",
          title: "Audit and tracking",
          description: "Account review, pixel and conversion API checks, and a campaign plan built around your numbers.",
        },
        {
          period: "Week 2-3",
          title: "Launch",
          description: "New campaign structure and first creative batch go live with controlled test budgets.",
        },
        {
          period: "Week 4-8",
          title: "Optimise",
          description: "Weekly creative and audience tests; budget moves from underperformers to winners.",
        },
        {
          period: "Month 3+",
          title: "Scale",
          description: "Spend grows on profitable campaigns while ROAS targets are held, and new channels are tested.",
        },
      ],
      inclusions: [
        "Ad account audit and restructure",
        "Pixel, conversion API and GA4 setup",
        "Campaign strategy and media planning",
        "Ad copy and creative briefs",
        "Structured A/B creative testing",
        "Audience and retargeting setup",
        "Weekly optimisation and budget management",
        "Live performance dashboard",
      ],
      results: [
        { value: "450%", label: "Average ROAS" },
        { value: "40%", label: "Lower cost per acquisition" },
        { value: "3x", label: "Revenue from paid channels" },
      ],
      resultsNote: "Averages across active paid-media clients; results vary by category and margin.",
      packages: [
        {
          name: "Starter",
          price: 75000,
          billing: "month",
          adSpendPercent: 15,
          inclusions: ["Up to 2 ad platforms", "Campaign setup and management", "Conversion tracking setup", "Monthly performance report"],
        },
        {
          name: "Growth",
          price: 150000,
          billing: "month",
          adSpendPercent: 12,
          isMostPopular: true,
          inclusions: [
            "Up to 4 ad platforms",
            "Creative strategy and testing",
            "Advanced audience segmentation",
            "Weekly optimisation calls",
            "Live performance dashboard",
          ],
        },
        {
          name: "Enterprise",
          price: 300000,
          billing: "month",
          adSpendPercent: 10,
          inclusions: ["All ad platforms", "Dedicated media buyer", "Custom attribution modelling", "Creative production support", "Daily monitoring"],
        },
      ],
      closing: {
        headline: "Stop guessing where your ad budget goes",
        text: "Get a free audit of your ad accounts. We will show you where spend is leaking and how much more revenue the same budget could bring in.",
      },
    },
  },
  {
    slug: "growth-consulting",
    title: "Growth Consulting",
    shortTitle: "Consulting",
    subtitle: "A clear growth plan from people who have scaled brands before",
    audience: "Founders and marketing leads who need a senior plan and a second opinion before they hire or spend.",
    description: "Senior strategic guidance for founders and marketing teams: where to focus, what to test and how to build a growth engine that lasts.",
    icon: "Compass",
    features: [
      "Growth audit and opportunity sizing",
      "Go-to-market and channel strategy",
      "Unit economics and funnel analysis",
      "Experimentation roadmap",
      "Team and agency structure advice",
      "Ongoing advisory sessions",
    ],
    averageResult: "300% average revenue growth",
    cardPrice: 100000,
    detail: {
      heroHeadline: "Know exactly where your next stage of growth comes from",
      heroText:
        "Most brands do not need more tactics; they need the right priorities. We work with founders and leadership teams to find the biggest levers in the business and turn them into a plan your team can execute.",
      process: [
        {
          title: "Deep-dive discovery",
          description: "Workshops with your leadership team plus a review of your data, channels, funnel and unit economics.",
        },
        {
          title: "Opportunity sizing",
          description: "We quantify each growth lever so you can see which ones are worth the effort and which are distractions.",
        },
        {
          title: "Strategy and roadmap",
          description: "A prioritised plan with targets, owners, budgets and the experiments to run first.",
        },
        {
          title: "Execution support",
          description: "We stay close while your team implements: reviewing results, unblocking decisions and adjusting the plan.",
        },
      ],
      timeline: [
        {
          period: "Week 1",
          title: "Discovery",
          description: "Stakeholder interviews, data access and a full review of your current growth engine.",
        },
        {
          period: "Week 2-3",
          title: "Analysis",
          description: "Funnel, cohort and channel analysis to size every opportunity.",
        },
        {
          period: "Week 4-6",
          title: "Strategy and roadmap",
          description: "Growth strategy, 90-day roadmap and experiment backlog presented and agreed.",
        },
        {
          period: "Month 2-4",
          title: "Implementation support",
          description: "Regular check-ins to track progress, review results and refine priorities.",
        },
      ],
      inclusions: [
        "Leadership discovery workshops",
        "Full-funnel and unit economics analysis",
        "Competitor and market review",
        "Channel mix recommendations",
        "Prioritised 90-day growth roadmap",
        "Experimentation framework and backlog",
        "KPI and reporting framework",
        "Team structure and hiring advice",
      ],
      results: [
        { value: "300%", label: "Average revenue growth" },
        { value: COMPANY_FACTS.businesses, label: "Businesses scaled" },
        { value: "95%", label: "Client retention" },
      ],
      packages: [
        {
          name: "Strategy Sprint",
          price: 415000,
          billing: "project",
          duration: "2 weeks",
          inclusions: ["Growth audit across all channels", "Top 10 growth opportunities, sized", "90-day action plan", "Leadership workshop"],
        },
        {
          name: "Growth Strategy",
          price: 1245000,
          billing: "project",
          duration: "6 weeks",
          minimumTerm: "Includes 3 months support",
          isMostPopular: true,
          inclusions: [
            "Everything in Strategy Sprint",
            "Full go-to-market and channel strategy",
            "Unit economics and funnel model",
            "Experimentation roadmap",
            "3 months support during implementation",
          ],
        },
        {
          name: "Growth Partnership",
          price: 830000,
          billing: "month",
          minimumTerm: "12+ month commitment",
          inclusions: [
            "Fractional head of growth",
            "Weekly leadership sessions",
            "Quarterly strategy reviews",
            "Hands-on team coaching",
            "Priority access to our specialists",
          ],
        },
      ],
      closing: {
        headline: "Get a second opinion on your growth plan",
        text: "Book a call or request a free audit. We will tell you honestly where we see the biggest opportunities and whether consulting is the right fit.",
      },
    },
  },
  {
    slug: "conversion-optimization",
    title: "Conversion Rate Optimization",
    shortTitle: "CRO",
    subtitle: "More revenue from the traffic you already have",
    audience: "Stores with steady traffic whose visitors browse but do not buy often enough.",
    description: "Research-led testing of your landing pages, product pages and checkout so more visitors become paying customers.",
    icon: "MousePointerClick",
    features: [
      "Conversion audit and funnel analysis",
      "Heatmaps, session recordings and user research",
      "A/B and multivariate testing",
      "Landing and product page optimisation",
      "Checkout and cart-abandonment fixes",
      "Mobile experience improvements",
    ],
    averageResult: "85% average conversion rate increase",
    cardPrice: 40000,
    detail: {
      heroHeadline: "Turn more of your visitors into customers",
      heroText:
        "Buying more traffic is expensive. Converting the traffic you already have is not. We find where visitors drop off, work out why, and run disciplined experiments to fix it.",
      process: [
        {
          title: "Conversion research",
          description: "Analytics, heatmaps, session recordings and customer surveys show where and why visitors leave.",
        },
        {
          title: "Hypothesis and prioritisation",
          description: "Every finding becomes a testable hypothesis, ranked by expected impact and effort.",
        },
        {
          title: "Design and build tests",
          description: "We design variants and build experiments with proper sample sizes and clean tracking.",
        },
        {
          title: "Analyse and roll out",
          description: "Winning variants are rolled out permanently; what we learn from every test feeds the next round.",
        },
      ],
      timeline: [
        {
          period: "Week 1-2",
          title: "Research and audit",
          description: "Funnel analysis, behaviour tracking setup and a full conversion audit.",
        },
        {
          period: "Week 3-4",
          title: "First tests live",
          description: "Quick wins are implemented and the first A/B tests go live on high-traffic pages.",
        },
        {
          period: "Month 2-3",
          title: "Testing programme",
          description: "A steady cadence of experiments across product pages, cart and checkout.",
        },
        {
          period: "Month 4+",
          title: "Compounding gains",
          description: "Wins stack up; testing moves to deeper levers such as pricing, offers and personalisation.",
        },
      ],
      inclusions: [
        "Full conversion audit",
        "Heatmap and session-recording setup",
        "Customer surveys and user research",
        "Test hypothesis backlog",
        "A/B test design and development",
        "Statistical analysis of every test",
        "Implementation of winning variants",
        "Monthly CRO report",
      ],
      results: [
        { value: "85%", label: "Average conversion rate increase" },
        { value: "32%", label: "Higher average order value" },
        { value: "45%", label: "Lower cart abandonment" },
      ],
      packages: [
        {
          name: "Audit",
          price: 207500,
          billing: "one-time",
          inclusions: ["Full-funnel conversion audit", "Heatmap and recording analysis", "Prioritised list of fixes", "Implementation roadmap"],
        },
        {
          name: "Program",
          price: 373500,
          billing: "month",
          minimumTerm: "3-month minimum",
          limit: "4-6 tests/month",
          isMostPopular: true,
          inclusions: [
            "Ongoing conversion research",
            "Test design and development",
            "Statistical analysis",
            "Rollout of winning variants",
            "Monthly strategy review",
          ],
        },
        {
          name: "Enterprise",
          price: 705500,
          billing: "month",
          minimumTerm: "6-month minimum",
          limit: "8-12 tests/month",
          inclusions: [
            "Everything in Program",
            "Personalisation experiments",
            "Dedicated CRO team",
            "Cross-device and multi-market testing",
            "Weekly reporting",
          ],
        },
      ],
      closing: {
        headline: "See where your funnel is leaking revenue",
        text: "Our free growth audit includes a conversion review of your key pages, with specific fixes you can act on straight away.",
      },
    },
  },
  {
    slug: "whatsapp-automation",
    title: "WhatsApp Automation",
    shortTitle: "WhatsApp",
    subtitle: "Sell, support and re-engage on the app your customers use most",
    audience: "Brands whose customers already message them on WhatsApp, and who want those chats to sell and support on their own.",
    description: "Automated WhatsApp journeys for abandoned carts, order updates, broadcasts and support, built on the official WhatsApp Business API.",
    icon: "MessageCircle",
    features: [
      "WhatsApp Business API setup",
      "Abandoned cart recovery flows",
      "Order and delivery notifications",
      "Broadcast campaigns with segmentation",
      "Chatbots for FAQs and lead capture",
      "CRM and store integrations",
    ],
    averageResult: "35% average abandoned cart recovery",
    cardPrice: 25000,
    detail: {
      heroHeadline: "Turn WhatsApp into your highest-converting channel",
      heroText:
        "Messages on WhatsApp get opened and read. We set up automated flows that recover abandoned carts, keep customers informed and bring them back to buy again, without your team lifting a finger.",
      process: [
        {
          title: "Setup and verification",
          description: "We set up the WhatsApp Business API, verify your business profile and get your message templates approved.",
        },
        {
          title: "Journey mapping",
          description: "We map the moments that matter, from first enquiry and cart abandonment to delivery and reorder.",
        },
        {
          title: "Flow build and integration",
          description: "Automated flows and chatbots are built and connected to your store, CRM and payment systems.",
        },
        {
          title: "Campaigns and optimisation",
          description: "We run segmented broadcasts and refine message copy, timing and offers based on response data.",
        },
      ],
      timeline: [
        {
          period: "Week 1",
          title: "API setup",
          description: "Business verification, number setup and template approvals.",
        },
        {
          period: "Week 2-3",
          title: "Core flows live",
          description: "Abandoned cart, order confirmation and delivery update flows go live.",
        },
        {
          period: "Week 4-6",
          title: "Chatbot and campaigns",
          description: "FAQ chatbot, lead capture and the first segmented broadcast campaigns.",
        },
        {
          period: "Month 2+",
          title: "Optimise",
          description: "Message and timing tests, new journeys and monthly performance reviews.",
        },
      ],
      inclusions: [
        "WhatsApp Business API setup and verification",
        "Message template creation and approval",
        "Abandoned cart recovery flow",
        "Order, shipping and delivery notifications",
        "FAQ and lead-capture chatbot",
        "Segmented broadcast campaigns",
        "Store and CRM integration",
        "Monthly performance report",
      ],
      results: [
        { value: "98%", label: "Message open rate" },
        { value: "35%", label: "Abandoned carts recovered" },
        { value: "60%", label: "Fewer repetitive support queries" },
      ],
      packages: [
        {
          name: "Starter",
          price: 24835,
          billing: "month",
          setupFee: 124500,
          limit: "1,000 contacts",
          inclusions: ["WhatsApp Business API setup", "Abandoned cart recovery flow", "Order notifications", "Monthly report"],
        },
        {
          name: "Business",
          price: 49670,
          billing: "month",
          setupFee: 290500,
          limit: "10,000 contacts",
          isMostPopular: true,
          inclusions: [
            "Everything in Starter",
            "FAQ and lead-capture chatbot",
            "Segmented broadcast campaigns",
            "Store and CRM integration",
            "Fortnightly optimisation",
          ],
        },
        {
          name: "Enterprise",
          price: 107835,
          billing: "month",
          setupFee: 622500,
          limit: "Unlimited contacts",
          inclusions: [
            "Everything in Business",
            "Custom conversational journeys",
            "Multi-agent support inbox",
            "Custom integrations",
            "Dedicated account manager",
          ],
        },
      ],
      closing: {
        headline: "Find out how much revenue WhatsApp could recover for you",
        text: "Request a free audit and we will estimate the revenue your abandoned carts and lapsed customers could bring back through WhatsApp.",
      },
    },
  },
  {
    slug: "retention-marketing",
    title: "Retention Marketing",
    shortTitle: "Retention",
    subtitle: "Turn one-time buyers into loyal, repeat customers",
    audience: "Brands with a customer base who buy once and do not come back as often as they should.",
    description: "Email, SMS and loyalty programmes that raise repeat purchase rates and customer lifetime value, so every customer you acquire is worth more.",
    icon: "Repeat",
    features: [
      "Lifecycle email and SMS automation",
      "Customer segmentation and RFM analysis",
      "Loyalty and referral programmes",
      "Win-back and churn-prevention campaigns",
      "Personalised product recommendations",
    ],
    averageResult: "289% higher customer lifetime value",
    cardPrice: 35000,
    detail: {
      heroHeadline: "Grow revenue from the customers you already have",
      heroText:
        "Acquiring a new customer costs far more than keeping one. We build lifecycle journeys, segmentation and loyalty programmes that bring customers back again and again.",
      process: [
        {
          title: "Customer data audit",
          description: "We analyse purchase history, cohorts and churn to see where customers drop away and who your best customers are.",
        },
        {
          title: "Segmentation",
          description: "We group customers by value, behaviour and lifecycle stage so every message is relevant.",
        },
        {
          title: "Lifecycle automation",
          description: "Welcome, post-purchase, replenishment, win-back and VIP journeys are built and switched on.",
        },
        {
          title: "Loyalty and personalisation",
          description: "Loyalty rewards, referrals and personalised recommendations give customers more reasons to return.",
        },
        {
          title: "Test and improve",
          description: "We A/B test subject lines, offers and timing and report on repeat revenue every month.",
        },
      ],
      timeline: [
        {
          period: "Week 1-2",
          title: "Audit and segmentation",
          description: "Customer data review, cohort analysis and segment definitions.",
        },
        {
          period: "Week 3-4",
          title: "Core journeys live",
          description: "Welcome, post-purchase and abandoned browse flows launched.",
        },
        {
          period: "Month 2-3",
          title: "Loyalty and win-back",
          description: "Loyalty programme, win-back campaigns and personalised recommendations rolled out.",
        },
        {
          period: "Month 4-6",
          title: "Optimise and expand",
          description: "Ongoing testing and new journeys lift repeat purchase rate and lifetime value.",
        },
      ],
      inclusions: [
        "Customer data and cohort analysis",
        "RFM segmentation",
        "Email and SMS flow setup",
        "Welcome, post-purchase and win-back journeys",
        "Loyalty and referral programme design",
        "Personalised product recommendations",
        "A/B testing of campaigns",
        "Monthly retention report",
      ],
      results: [
        { value: "52%", label: "More repeat purchases" },
        { value: "34%", label: "Less churn" },
        { value: "289%", label: "Higher customer lifetime value" },
      ],
      resultsNote: "Average results after 6 months.",
      packages: [
        {
          name: "Essential",
          price: 207500,
          billing: "month",
          minimumTerm: "3-month minimum",
          inclusions: ["Email automation", "Basic segmentation", "Monthly reporting"],
        },
        {
          name: "Growth",
          price: 373500,
          billing: "month",
          minimumTerm: "6-month minimum",
          isMostPopular: true,
          inclusions: ["Advanced automation", "Loyalty program", "Personalization engine", "A/B testing"],
        },
        {
          name: "Enterprise",
          price: 705500,
          billing: "month",
          minimumTerm: "12-month minimum",
          inclusions: ["Custom strategy", "Dedicated account manager", "Advanced analytics", "Custom integrations"],
        },
      ],
      closing: {
        headline: "Make every customer worth more",
        text: "Request a free audit and we will show you how much repeat revenue your current customer base could be generating.",
      },
    },
  },
];

/** Copy of the Services page around the cards. */
export const servicesPage = {
  hero: {
    eyebrow: "Services",
    headline: "Everything you need to acquire, convert and scale",
    text: "Six growth services under one roof and one strategy, so that every channel makes the others work harder. Transparent starting prices, no long lock-ins.",
  },
  servicesHeading: "Our growth services",
  processIntro: {
    eyebrow: "How we work",
    heading: "A proven four-step process",
    text: "Every engagement follows the same disciplined path from first audit to compounding growth.",
  },
  whyChooseIntro: {
    eyebrow: "Why Kinetic Growth",
    heading: "Why brands choose us",
    text: "We are a growth partner judged by revenue, not a vendor judged by activity.",
  },
  closing: {
    headline: "Not sure which service you need?",
    text: "Tell us about your business and we will recommend the channels with the biggest upside, or start with a free growth audit.",
    primaryCta: { label: "Get Free Growth Audit", href: "/free-audit" },
    secondaryCta: { label: "Talk to Our Team", href: "/contact" },
  },
} as const;

/** Section labels shared by the six service detail pages. */
export const serviceDetailCopy = {
  /** The opening's button, on every service page unless the page's own copy or an experiment's variant changes it. */
  heroCta: { label: "Get Free Growth Audit", href: "/free-audit" },
  pricingCta: "See packages and pricing",
  atAGlance: "At a glance",
  whatItIs: "What it is",
  whoItIsFor: "Who it is for",
  startsAt: "Packages from",
  resultsHeading: "Results",
  inclusionsEyebrow: "What's included",
  inclusionsHeading: (service: Pick<Service, "shortTitle">) => `Everything in our ${service.shortTitle} service`,
  processEyebrow: "Our process",
  processHeading: (service: Pick<Service, "shortTitle">) => `How we run ${service.shortTitle}`,
  processText: "A clear sequence of work, so you always know what is happening and why.",
  timelineEyebrow: "Timeline",
  timelineHeading: "What to expect, and when",
  pricingEyebrow: "Pricing",
  pricingHeading: (service: Pick<Service, "title">) => `${service.title} packages`,
  pricingText: "Transparent pricing in Indian rupees, GST extra. Not sure which package fits? Start with a free growth audit.",
  packageCta: (pkg: Pick<ServicePackage, "name">) => `Choose ${pkg.name}`,
  otherServicesHeading: "Explore our other services",
  workEyebrow: "Our work",
  workHeading: (service: Pick<Service, "shortTitle">) => `${service.shortTitle} results for our clients`,
  workCardLabel: "Read the case study",
  allWorkLabel: "All case studies",
  closingPrimaryCta: { label: "Get Free Growth Audit", href: "/free-audit" },
  closingSecondaryCta: { label: "Contact Us", href: "/contact" },
};

/** The four-step process shown on the Services page. */
export const processSteps: ProcessStep[] = [
  {
    step: 1,
    title: "Discovery & Audit",
    description: "We study your business, data, channels and competitors to find where growth is being held back.",
  },
  {
    step: 2,
    title: "Strategy Development",
    description: "We turn the findings into a focused plan with clear targets, priorities and budgets.",
  },
  {
    step: 3,
    title: "Implementation",
    description: "Our specialists execute across channels, with full transparency on what is being done and why.",
  },
  {
    step: 4,
    title: "Scale & Optimize",
    description: "We measure everything, double down on what works and cut what does not, so growth keeps compounding.",
  },
];

export const whyChooseUs: string[] = [
  "Revenue-first strategies tied to your business goals, not vanity metrics",
  "Specialists in D2C, eCommerce and startup growth",
  "Transparent reporting with live dashboards",
  "Data-driven decisions backed by continuous testing",
  "Dedicated team with a single point of contact",
  `A reply to every enquiry ${replyPromise}`,
];

/** Services teased on the home page, in display order. */
export const homeServiceTeasers: ServiceSlug[] = ["seo-optimization", "paid-advertising", "conversion-optimization", "whatsapp-automation"];

export const serviceSlugs: ServiceSlug[] = services.map((s) => s.slug);

export function isServiceSlug(value: string): value is ServiceSlug {
  return (serviceSlugs as string[]).includes(value);
}

export function getService(slug: string): Service | undefined {
  return services.find((s) => s.slug === slug);
}

/** A priced package as a lead names it: the service's slug and title, and the package's name. */
export interface PackageChoice {
  /** `<service slug>/<package name>`: the value the free audit form posts. */
  value: string;
  service: string;
  serviceTitle: string;
  name: string;
}

/** Every priced package of every service, in page order: the free audit form's "Package" choices. */
export function packageChoices(): PackageChoice[] {
  return services.flatMap((s) => s.detail.packages.map((p) => ({ value: `${s.slug}/${p.name}`, service: s.slug, serviceTitle: s.title, name: p.name })));
}

/** The choice a form or a pricing card's link names, or undefined when it names none of ours. */
export function findPackageChoice(value: string): PackageChoice | undefined {
  return packageChoices().find((c) => c.value === value);
}

/** Where a pricing card's button leads: the free audit form, with its service and package chosen. */
export function packageFormHref(service: ServiceSlug, packageName: string): string {
  return `/free-audit?${new URLSearchParams({ service, package: packageName }).toString()}#audit-form`;
}

/**
 * A deal's value by default (docs/decisions/0067), from the package a lead chose, by its service's
 * title and package name as stored on the lead: the published price (a month's retainer, a project's
 * or a one-time price) plus its one-time setup fee. A share of ad spend is not known in advance and
 * is left out; a package no longer in the catalogue gives no default (staff enter the value).
 */
export function packageDealValue(serviceTitle: string | null | undefined, packageName: string | null | undefined): number | null {
  if (!serviceTitle || !packageName) return null;
  const pkg = services.find((s) => s.title === serviceTitle)?.detail.packages.find((p) => p.name === packageName);
  return pkg ? pkg.price + (pkg.setupFee ?? 0) : null;
}
