/**
 * The content module against the agency's own figures (marketing claims, page figures, prices, legal
 * terms). Each expected row is typed here by hand, not copied from the content, so that a typo on
 * either side fails here.
 */
import { describe, expect, it } from "vitest";
import { coreValues, trackRecord } from "@/content/about";
import { headlineStats } from "@/content/case-studies-page";
import { faqs, quickActions } from "@/content/contact";
import { freeAuditStats, benefits, bonusNote, revenueBrackets } from "@/content/free-audit";
import { heroStats, partners, reviewBadge, statsBand, whyWeStarted } from "@/content/home";
import { legalDocuments, privacyPolicy, refundPolicy, termsOfService, type LegalDocument } from "@/content/legal";
import { homeCaseStudies, jewelryCaseStudy, sampleTestimonials } from "@/content/samples";
import { getService, homeServiceTeasers, processSteps, services, type ServicePackage, type ServiceSlug } from "@/content/services";
import { CONTENT_ICONS } from "@/components/marketing/content-icon";
import { formatLegalDate, formatRupees } from "@/lib/format";

describe("service cards (starting prices)", () => {
  it.each<[ServiceSlug, string, number]>([
    ["seo-optimization", "SEO Optimization", 50_000],
    ["paid-advertising", "Paid Advertising", 75_000],
    ["growth-consulting", "Growth Consulting", 1_00_000],
    ["conversion-optimization", "Conversion Rate Optimization", 40_000],
    ["whatsapp-automation", "WhatsApp Automation", 25_000],
    ["retention-marketing", "Retention Marketing", 35_000],
  ])("%s: %s from %i a month", (slug, title, cardPrice) => {
    const service = getService(slug);
    expect(service?.title).toBe(title);
    expect(service?.cardPrice).toBe(cardPrice);
    expect(service?.features.length).toBeGreaterThanOrEqual(3);
    expect(service?.averageResult).toBeTruthy();
  });

  it("are exactly the six service routes, four of them teased on home", () => {
    expect(services.map((s) => s.slug)).toEqual([
      "seo-optimization",
      "paid-advertising",
      "growth-consulting",
      "conversion-optimization",
      "whatsapp-automation",
      "retention-marketing",
    ]);
    expect(homeServiceTeasers).toHaveLength(4);
  });
});

type ExpectedPackage = Pick<ServicePackage, "name" | "price" | "billing"> &
  Partial<Pick<ServicePackage, "setupFee" | "adSpendPercent" | "duration" | "minimumTerm" | "limit">> & {
    mostPopular?: true;
  };

/** The packages' prices in rupees, one row per package. */
const EXPECTED_PACKAGES: Record<ServiceSlug, ExpectedPackage[]> = {
  "seo-optimization": [
    { name: "Starter", price: 50_000, billing: "month", limit: "Up to 20 keywords" },
    { name: "Growth", price: 1_00_000, billing: "month", limit: "Up to 50 keywords", mostPopular: true },
    { name: "Enterprise", price: 2_00_000, billing: "month", limit: "Unlimited keywords" },
  ],
  "paid-advertising": [
    { name: "Starter", price: 75_000, billing: "month", adSpendPercent: 15 },
    { name: "Growth", price: 1_50_000, billing: "month", adSpendPercent: 12 },
    { name: "Enterprise", price: 3_00_000, billing: "month", adSpendPercent: 10 },
  ],
  "growth-consulting": [
    { name: "Strategy Sprint", price: 4_15_000, billing: "project", duration: "2 weeks" },
    { name: "Growth Strategy", price: 12_45_000, billing: "project", duration: "6 weeks", minimumTerm: "Includes 3 months support" },
    { name: "Growth Partnership", price: 8_30_000, billing: "month", minimumTerm: "12+ month commitment" },
  ],
  "conversion-optimization": [
    { name: "Audit", price: 2_07_500, billing: "one-time" },
    { name: "Program", price: 3_73_500, billing: "month", minimumTerm: "3-month minimum", limit: "4-6 tests/month" },
    { name: "Enterprise", price: 7_05_500, billing: "month", minimumTerm: "6-month minimum", limit: "8-12 tests/month" },
  ],
  "whatsapp-automation": [
    { name: "Starter", price: 24_835, billing: "month", setupFee: 1_24_500, limit: "1,000 contacts" },
    { name: "Business", price: 49_670, billing: "month", setupFee: 2_90_500, limit: "10,000 contacts" },
    { name: "Enterprise", price: 1_07_835, billing: "month", setupFee: 6_22_500, limit: "Unlimited contacts" },
  ],
  "retention-marketing": [
    { name: "Essential", price: 2_07_500, billing: "month", minimumTerm: "3-month minimum" },
    { name: "Growth", price: 3_73_500, billing: "month", minimumTerm: "6-month minimum", mostPopular: true },
    { name: "Enterprise", price: 7_05_500, billing: "month", minimumTerm: "12-month minimum" },
  ],
};

describe("packages (prices)", () => {
  for (const [slug, expected] of Object.entries(EXPECTED_PACKAGES) as [ServiceSlug, ExpectedPackage[]][]) {
    describe(slug, () => {
      const packages = getService(slug)!.detail.packages;
      it("has its three packages in order", () => {
        expect(packages.map((p) => p.name)).toEqual(expected.map((p) => p.name));
      });
      it.each(expected.map((e, i) => [e.name, e, i] as const))("%s", (_name, e, index) => {
        const pkg = packages[index]!;
        expect(pkg.price).toBe(e.price);
        expect(pkg.billing).toBe(e.billing);
        expect(pkg.setupFee).toBe(e.setupFee);
        expect(pkg.adSpendPercent).toBe(e.adSpendPercent);
        expect(pkg.duration).toBe(e.duration);
        expect(pkg.minimumTerm).toBe(e.minimumTerm);
        expect(pkg.limit).toBe(e.limit);
        if (e.mostPopular) expect(pkg.isMostPopular).toBe(true);
        expect(pkg.inclusions.length).toBeGreaterThan(0);
      });
      it("marks at most one package Most Popular", () => {
        expect(packages.filter((p) => p.isMostPopular).length).toBeLessThanOrEqual(1);
      });
    });
  }

  it("retention: 52% / 34% / 289% after 6 months and each package's inclusions", () => {
    const retention = getService("retention-marketing")!.detail;
    expect(retention.results.map((r) => r.value)).toEqual(["52%", "34%", "289%"]);
    expect(retention.results.map((r) => r.label.toLowerCase())).toEqual([
      expect.stringContaining("repeat purchases"),
      expect.stringContaining("churn"),
      expect.stringContaining("lifetime value"),
    ]);
    expect(retention.resultsNote).toMatch(/6 months/);
    expect(retention.packages.map((p) => p.inclusions.map((i) => i.toLowerCase()))).toEqual([
      ["email automation", "basic segmentation", "monthly reporting"],
      ["advanced automation", "loyalty program", "personalization engine", "a/b testing"],
      ["custom strategy", "dedicated account manager", "advanced analytics", "custom integrations"],
    ]);
  });

  it("every detail page has a hero, process, timeline, inclusions, results and a closing", () => {
    for (const { slug, detail } of services) {
      expect(detail.heroHeadline, slug).toBeTruthy();
      expect(detail.process.length, slug).toBeGreaterThanOrEqual(3);
      expect(detail.timeline.length, slug).toBeGreaterThanOrEqual(3);
      expect(detail.inclusions.length, slug).toBeGreaterThanOrEqual(5);
      expect(detail.results.length, slug).toBe(3);
      expect(detail.closing.headline, slug).toBeTruthy();
    }
  });
});

describe("rupee formatting (Indian grouping, from numbers)", () => {
  it.each([
    [25_000, "₹25,000"],
    [1_00_000, "₹1,00,000"],
    [1_07_835, "₹1,07,835"],
    [12_45_000, "₹12,45,000"],
    [8_30_000, "₹8,30,000"],
  ])("%i -> %s", (amount, text) => {
    expect(formatRupees(amount)).toBe(text);
  });
});

describe("marketing claims and page figures", () => {
  const pairs = (items: { value: string; label: string }[]) => items.map((s) => `${s.value} ${s.label}`);

  it("home: hero proof points, review rating and the stats band", () => {
    // The figures come from src/content/company-facts.ts (docs/decisions/0083).
    expect(pairs(heroStats)).toEqual(["500+ Projects Delivered", "98% Client Satisfaction", "72hr Reply to Every Enquiry"]);
    expect(reviewBadge.rating).toBe("4.9");
    expect(pairs(statsBand)).toEqual([
      "150+ Businesses Scaled",
      "4.9 Client Rating",
      "₹100 Cr+ Revenue Generated",
      "95% Client Retention",
      "500+ Projects Delivered",
    ]);
  });

  it("home: six partners, five 'why we started' items", () => {
    expect(partners.map((p) => p.name)).toEqual(["GemsMantra", "TechCorp", "EcoStore", "FashionHub", "AshrayLiving", "TravelPro"]);
    // Each mark is a file of ours under public/, which the image field also accepts as an address.
    expect(partners.every((p) => /^\/images\/clients\/[a-z]+\.svg$/.test(p.logoUrl))).toBe(true);
    expect(whyWeStarted).toHaveLength(5);
  });

  it("case studies: the four headline stats", () => {
    expect(headlineStats.map((s) => `${s.label}: ${s.value}`)).toEqual([
      "Total Revenue Generated: ₹100 Cr+",
      "Average Revenue Growth: 300%",
      "Client Success Rate: 95%",
      "Average ROAS: 450%",
    ]);
  });

  it("about: four core values, six track-record lines", () => {
    expect(coreValues.map((v) => v.title)).toEqual(["Results-Driven", "Client-Centric", "Excellence", "Data-Driven"]);
    expect(trackRecord).toHaveLength(6);
  });

  it("services: the four-step process", () => {
    expect(processSteps.map((s) => s.title)).toEqual(["Discovery & Audit", "Strategy Development", "Implementation", "Scale & Optimize"]);
  });

  it("free audit: three benefits, the 30-minute bonus call (the booking's length), 500+ / 98% / 72hr, the five revenue brackets", () => {
    expect(benefits).toHaveLength(3);
    expect(bonusNote.title + bonusNote.text).toMatch(/30-minute/);
    expect(bonusNote.text).toMatch(/qualif/);
    expect(freeAuditStats.map((s) => s.value)).toEqual(["500+", "98%", "72hr"]);
    expect(revenueBrackets).toEqual(["0-10L/month", "10L-50L/month", "50L-1Cr/month", "1Cr-5Cr/month", "5Cr+/month"]);
  });

  it("contact: three quick actions and four FAQs on their set topics", () => {
    expect(quickActions.map((a) => a.id)).toEqual(["book-call", "whatsapp", "free-audit"]);
    expect(quickActions[0]!.description).toMatch(/30-minute/);
    expect(faqs).toHaveLength(4);
    expect(faqs[0]!.question).toMatch(/results/i);
    expect(faqs[1]!.question).toMatch(/different/i);
    expect(faqs[2]!.question).toMatch(/small businesses/i);
    expect(faqs[3]!.question).toMatch(/audit include/i);
  });

  it("fallback samples: 3 rated testimonials, 2 home case studies, the built-in jewelry study", () => {
    expect(sampleTestimonials).toHaveLength(3);
    expect(sampleTestimonials.every((t) => t.rating === 5)).toBe(true);
    expect(homeCaseStudies).toHaveLength(2);
    expect(jewelryCaseStudy.industry).toMatch(/jewel/i);
    expect(jewelryCaseStudy.timeframe).toBe("18 months");
    expect(jewelryCaseStudy.services).toEqual(["SEO Optimization", "Paid Ads", "CRO"]);
  });

  it("every icon the content names is drawn", () => {
    const names = [...services, ...coreValues, ...benefits, ...quickActions].map((item) => item.icon);
    for (const name of names) expect(Object.keys(CONTENT_ICONS), name).toContain(name);
  });
});

describe("legal pages (sections and figures)", () => {
  const text = (doc: LegalDocument) => [doc.intro, ...doc.sections.flatMap((s) => [s.heading, ...s.paragraphs, ...(s.list ?? [])])].join("\n");
  const headings = (doc: LegalDocument) => doc.sections.map((s) => s.heading);

  it("privacy: every section and the information collected", () => {
    expect(headings(privacyPolicy)).toEqual([
      "Information We Collect",
      "How We Use Information",
      "Information Sharing",
      "Data Security",
      "Your Rights",
      "Cookies",
      "Our Own Visit Counts",
      "Testing Versions of Our Pages",
      "Changes to This Policy",
      "Contact Us",
    ]);
    const collected = privacyPolicy.sections[0]!.list!.join(" ").toLowerCase();
    for (const field of ["name", "email", "phone", "company", "website url"]) expect(collected).toContain(field);
    const rights = privacyPolicy.sections[4]!.list!.join(" ").toLowerCase();
    for (const right of ["access", "deletion", "opt out", "portable"]) expect(rights).toContain(right);
    // A/B experiments: how a version is chosen without consent, and the cookie with it.
    const testing = privacyPolicy.sections[7]!.paragraphs.join(" ");
    for (const fact of ["Without your consent", "kg_exp", "a year", "Do Not Track"]) expect(testing).toContain(fact);
  });

  it("terms: every section", () => {
    expect(headings(termsOfService)).toEqual([
      "Acceptance of Terms",
      "Services",
      "Service Agreements",
      "Client Responsibilities",
      "Payment Terms",
      "Intellectual Property",
      "Confidentiality",
      "Limitation of Liability",
      "Termination",
      "Governing Law",
      "Contact Us",
    ]);
  });

  it("refund: every section", () => {
    expect(headings(refundPolicy)).toEqual([
      "General Policy",
      "Service-Specific Terms",
      "Refund Circumstances",
      "Non-Refundable Items",
      "Performance Guarantee",
      "Refund Process",
      "Disputes",
      "Changes to This Policy",
      "Contact Us",
    ]);
  });

  it.each<[string, LegalDocument, RegExp]>([
    ["30-day cancellation notice", refundPolicy, /30-day cancellation notice/],
    ["first month non-refundable after 7 days", refundPolicy, /first month is non-refundable after 7 days/],
    ["50% within the first 7 days if no work has begun", refundPolicy, /50% refund is available within the first 7 days of a project if no work has begun/],
    ["24-hour call cancellation", refundPolicy, /at least 24 hours in advance/],
    ["90-day money-back guarantee, terms apply", refundPolicy, /90-day money-back guarantee[\s\S]*Terms apply/],
    ["review 5-10 business days", refundPolicy, /5-10 business days/],
    ["processing 14 business days", refundPolicy, /14 business days/],
    ["first response 24-48 hours", refundPolicy, /24-48 hours/],
    ["invoices due in 30 days", termsOfService, /Invoices are due within 30 days/],
    ["30 days' written notice", termsOfService, /30 days' written notice/],
    ["liability capped at 12 months' fees", termsOfService, /capped at the fees you paid us in the last 12 months/],
    ["laws of India", termsOfService, /governed by the laws of India/],
    ["arbitration in Mumbai", termsOfService, /arbitration in Mumbai/],
  ])("%s", (_label, doc, pattern) => {
    expect(text(doc)).toMatch(pattern);
  });

  it("each page ends with the legal contact details and has a fixed effective date in en-IN form", () => {
    for (const doc of Object.values(legalDocuments)) {
      const contact = doc.sections.at(-1)!;
      expect(contact.heading).toBe("Contact Us");
      expect(contact.list).toEqual(["Email: {email}", "Phone: {phone}", "Address: Mumbai, India"]);
      expect(doc.effectiveDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(formatLegalDate("2026-01-15")).toBe("15 January 2026");
  });
});
