import { aboutHero, coreValues, story, storyHeading, trackRecord, trackRecordHeading } from "@/content/about";
import { caseStudiesHero } from "@/content/case-studies-page";
import { contactHero, faqs, faqsHeading } from "@/content/contact";
import { benefits, benefitsHeading, freeAuditHero, whatIsIncluded, whatIsIncludedHeading } from "@/content/free-audit";
import { closingCta, hero, servicesIntro, whyWeStarted, whyWeStartedIntro } from "@/content/home";
import { services, servicesPage, whyChooseUs } from "@/content/services";
import type { TextDocument } from "./text-vectors";

/** A public page a post may link to, with the words it shows (static copy from src/content). */
export interface SitePageText {
  path: string;
  title: string;
  document: TextDocument;
}

const page = (path: string, title: string, headings: string[], body: string[]): SitePageText => ({
  path,
  title,
  document: { title, headings, body: body.join("\n") },
});

/**
 * The public pages whose copy is worth linking to from an article: each service, the services
 * overview and the main pages. Legal pages and forms' labels are left out: no article should send a
 * reader to them for a topic. Case studies come from the database (data/link-suggestions.ts).
 */
export function sitePagesText(): SitePageText[] {
  return [
    ...services.map((s) =>
      page(
        `/services/${s.slug}`,
        s.title,
        [s.subtitle, s.detail.heroHeadline, ...s.detail.process.map((p) => p.title), ...s.detail.timeline.map((t) => t.title), s.detail.closing.headline],
        [
          s.description,
          s.audience,
          ...s.features,
          s.detail.heroText,
          ...s.detail.process.map((p) => p.description),
          ...s.detail.timeline.map((t) => t.description),
          ...s.detail.inclusions,
          s.detail.closing.text,
        ],
      ),
    ),
    page(
      "/services",
      "Services",
      [servicesPage.hero.headline, servicesPage.servicesHeading, servicesPage.whyChooseIntro.heading, ...services.map((s) => s.title)],
      [servicesPage.hero.text, servicesPage.whyChooseIntro.text, ...whyChooseUs],
    ),
    page(
      "/",
      "Home",
      [hero.headline, whyWeStartedIntro.heading, servicesIntro.heading, closingCta.headline],
      [hero.subheadline, whyWeStartedIntro.text, ...whyWeStarted.flatMap((w) => [w.question, w.answer]), servicesIntro.text, closingCta.text],
    ),
    page(
      "/about",
      "About",
      [aboutHero.headline, storyHeading, trackRecordHeading, ...coreValues.map((v) => v.title)],
      [aboutHero.text, ...story, ...coreValues.map((v) => v.description), ...trackRecord],
    ),
    page("/case-studies", "Case Studies", [caseStudiesHero.headline], [caseStudiesHero.text]),
    page(
      "/free-audit",
      "Free Growth Audit",
      [freeAuditHero.headline, benefitsHeading, whatIsIncludedHeading, ...benefits.map((b) => b.title)],
      [freeAuditHero.text, ...whatIsIncluded, ...benefits.map((b) => b.description)],
    ),
    page("/contact", "Contact", [contactHero.headline, faqsHeading], [contactHero.text, ...faqs.flatMap((f) => [f.question, f.answer])]),
  ];
}
