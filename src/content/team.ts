/** Static copy of the team page (/team); the people themselves are the dashboard's Authors ticked "Show on the team page". */

export const teamPage = {
  title: "Our Team",
  description: "Meet the Kinetic Growth team: the strategists and specialists behind our SEO, paid ads, CRO, WhatsApp and retention work.",
  hero: {
    eyebrow: "Our team",
    headline: "The people behind the numbers",
    text: "Every account is run by senior specialists, one for each channel, working to one plan. These are the people you will talk to.",
  },
  emptyText: "Our team's profiles are on their way. Meanwhile, talk to us directly.",
  workHeading: "See their work",
  workText: "The challenges, the work and the results, client by client.",
  workLink: { label: "View Case Studies", href: "/case-studies" },
  closing: {
    headline: "Talk to the people who will do the work",
    text: "Book a free growth audit and one of our strategists will review your website and marketing with you.",
    primaryCta: { label: "Get Free Growth Audit", href: "/free-audit" },
    secondaryCta: { label: "Contact Us", href: "/contact" },
  },
} as const;

/** A service page's line naming who leads it. */
export const strategistLabel = "Your strategist";
