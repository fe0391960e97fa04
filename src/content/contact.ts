/**
 * Static copy for the Contact page (/contact).
 * URLs for booking and WhatsApp come from site config, not from here.
 */

import { callLength, replyPromise } from "./company-facts";

export type QuickActionId = "book-call" | "whatsapp" | "free-audit";

export interface ContactHero {
  eyebrow: string;
  headline: string;
  text: string;
}

export interface QuickAction {
  id: QuickActionId;
  title: string;
  description: string;
  ctaLabel: string;
  /** lucide-react icon component name */
  icon: string;
}

export interface ContactDetails {
  hours: string;
  replyPromise: string;
  office: string;
}

export interface ContactFaq {
  question: string;
  answer: string;
}

export const contactHero: ContactHero = {
  eyebrow: "Contact Us",
  headline: "Let's talk about growing your business",
  text: "Book a call, message us on WhatsApp or send us a note. Tell us where you are today and where you want to be, and we will come back with a plan.",
};

export const quickActions: QuickAction[] = [
  {
    id: "book-call",
    title: "Book a Strategy Call",
    description: `Pick a time for a free ${callLength} consultation with a growth specialist.`,
    ctaLabel: "Book a Call",
    icon: "Calendar",
  },
  {
    id: "whatsapp",
    title: "Chat on WhatsApp",
    description: "Prefer to message? Reach our team on WhatsApp for a quick answer.",
    ctaLabel: "Start Chat",
    icon: "MessageCircle",
  },
  {
    id: "free-audit",
    title: "Get a Free Audit",
    description: `Receive three custom growth ideas for your business ${replyPromise}.`,
    ctaLabel: "Get Free Audit",
    icon: "FileSearch",
  },
];

export const contactDetails: ContactDetails = {
  hours: "Mon-Fri 9 AM-7 PM IST",
  replyPromise,
  office: "Mumbai, India",
};

export const quickActionsHeading = "Quick ways to reach us";

export const contactDetailsCopy = {
  heading: "Contact details",
  labels: { email: "E-mail", phone: "Phone", office: "Office", hours: "Hours", reply: "Response time" },
} as const;

export const contactFormCopy = {
  heading: "Send us a message",
  intro: `We reply to every message ${replyPromise} with a custom growth strategy.`,
  submitLabel: "Send Message",
  submittingLabel: "Sending...",
} as const;

export type ContactFormCopy = typeof contactFormCopy;

export const faqsHeading = "Frequently Asked Questions";

export const faqsIntro = {
  eyebrow: "FAQs",
  text: `Something else on your mind? Send us a message and we will reply ${replyPromise}.`,
};

export const faqs: ContactFaq[] = [
  {
    question: "How quickly will I see results?",
    answer:
      "It depends on the channel. Paid advertising and conversion fixes often show measurable gains within the first 4-6 weeks. SEO and retention programmes build over time, with clear momentum usually visible within 3-6 months. We agree milestones up front so you always know what to expect.",
  },
  {
    question: "What makes Kinetic Growth different from other agencies?",
    answer:
      "We are judged by revenue, not vanity metrics. Acquisition, conversion and retention sit under one strategy, every decision is backed by data, and you get transparent reporting plus a dedicated team that knows your business.",
  },
  {
    question: "Do you work with small businesses and early-stage startups?",
    answer:
      "Yes. Many of our clients started with us at an early stage. We tailor the scope to your budget and stage, often starting with one or two high-impact channels and expanding as revenue grows.",
  },
  {
    question: "What does the free growth audit include?",
    answer: `We review your website performance, SEO, conversion experience, ad accounts and retention setup, benchmark you against competitors and send three custom growth ideas ${replyPromise}. Qualifying businesses also get a free ${callLength} strategy call.`,
  },
];
