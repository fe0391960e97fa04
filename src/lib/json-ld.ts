/**
 * Schema.org structured data for the public pages, built from the content modules and the site
 * configuration. Pure functions: the page decides where the script goes, `serializeJsonLd` makes it
 * safe to inline.
 */
import type {
  ArticleLeaf,
  BreadcrumbListLeaf,
  FAQPageLeaf,
  JsonLdObject,
  MergeLeafTypes,
  OrganizationLeaf,
  ProfessionalServiceLeaf,
  ServiceLeaf,
  WithContext,
} from "schema-dts";
import type { Service, ServicePackage } from "@/content/services";

// Each maker's answer is typed with schema-dts (schema.org's vocabulary as TypeScript), so that a
// misspelt or misplaced property fails the type check; tests/structured-data.test.ts checks the
// values against Google's rich-result rules.

/** A top-level JSON-LD object, as a page's script carries it. */
export type JsonLd = WithContext<JsonLdObject>;
/** The agency is both an Organization (name, logo) and a ProfessionalService (address, price range). */
export type AgencyJsonLd = WithContext<MergeLeafTypes<[OrganizationLeaf, ProfessionalServiceLeaf]>>;

export interface OrganizationInput {
  name: string;
  url: string;
  description: string;
  email: string;
  phone: string;
  tagline: string;
  rating: { value: number; count: number };
  sameAs?: string[];
}

export interface Crumb {
  name: string;
  /** Public path such as "/services"; made absolute with the site URL. */
  path: string;
}

/**
 * JSON for a `<script type="application/ld+json">`. Every `<` is escaped so that text from the
 * database (a case study, a post title) can never close the script element early.
 */
export function serializeJsonLd(data: object | readonly object[]): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}

export function absoluteUrl(siteUrl: string, path: string): string {
  const base = siteUrl.replace(/\/+$/, "");
  return path === "/" ? `${base}/` : `${base}${path.startsWith("/") ? path : `/${path}`}`;
}

export function organizationId(siteUrl: string): string {
  return `${absoluteUrl(siteUrl, "/")}#organization`;
}

/** The agency, on every public page: address, phone, e-mail and the 4.9 review rating shown on the site. */
export function organizationJsonLd(site: OrganizationInput): AgencyJsonLd {
  return {
    "@context": "https://schema.org",
    "@type": ["Organization", "ProfessionalService"],
    "@id": organizationId(site.url),
    name: site.name,
    slogan: site.tagline,
    description: site.description,
    url: absoluteUrl(site.url, "/"),
    logo: absoluteUrl(site.url, "/icon.svg"),
    image: absoluteUrl(site.url, "/og-default.jpg"),
    email: site.email,
    telephone: site.phone,
    priceRange: "₹₹₹",
    address: {
      "@type": "PostalAddress",
      addressLocality: "Mumbai",
      addressRegion: "Maharashtra",
      addressCountry: "IN",
    },
    areaServed: { "@type": "Country", name: "India" },
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: site.rating.value,
      bestRating: 5,
      worstRating: 1,
      ratingCount: site.rating.count,
    },
    ...(site.sameAs && site.sameAs.length > 0 ? { sameAs: site.sameAs } : {}),
  };
}

function offerDescription(pkg: ServicePackage): string {
  const parts: string[] = [];
  if (pkg.billing === "month") parts.push("billed monthly");
  if (pkg.billing === "one-time") parts.push("one-time fee");
  if (pkg.billing === "project") parts.push("fixed project fee");
  if (pkg.setupFee) parts.push(`plus a one-time setup fee of INR ${pkg.setupFee}`);
  if (pkg.adSpendPercent) parts.push(`plus ${pkg.adSpendPercent}% of monthly ad spend`);
  for (const detail of [pkg.duration, pkg.minimumTerm, pkg.limit]) if (detail) parts.push(detail);
  return parts.join("; ");
}

/** A service detail page: the service and one Offer per package, prices in INR. */
export function serviceJsonLd(service: Service, siteUrl: string): WithContext<ServiceLeaf> {
  const url = absoluteUrl(siteUrl, `/services/${service.slug}`);
  return {
    "@context": "https://schema.org",
    "@type": "Service",
    "@id": `${url}#service`,
    name: service.title,
    serviceType: service.title,
    description: service.description,
    url,
    provider: { "@id": organizationId(siteUrl) },
    areaServed: { "@type": "Country", name: "India" },
    offers: service.detail.packages.map((pkg) => ({
      "@type": "Offer",
      name: `${service.title}: ${pkg.name}`,
      price: pkg.price,
      priceCurrency: "INR",
      description: offerDescription(pkg),
      url,
      availability: "https://schema.org/InStock",
      ...(pkg.billing === "month"
        ? {
            priceSpecification: {
              "@type": "UnitPriceSpecification",
              price: pkg.price,
              priceCurrency: "INR",
              unitCode: "MON",
              unitText: "month",
            },
          }
        : {}),
    })),
  };
}

export function faqPageJsonLd(faqs: { question: string; answer: string }[]): WithContext<FAQPageLeaf> {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: faqs.map((faq) => ({
      "@type": "Question",
      name: faq.question,
      acceptedAnswer: { "@type": "Answer", text: faq.answer },
    })),
  };
}

/** Home first, the current page last. */
export function breadcrumbJsonLd(crumbs: Crumb[], siteUrl: string): WithContext<BreadcrumbListLeaf> {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(siteUrl, crumb.path),
    })),
  };
}

/** What a case study's JSON-LD is made from: the stored study (src/server/kernel/db/schema.ts case_studies). */
export interface CaseStudyJsonLdInput {
  slug: string;
  title: string;
  companyName: string;
  industry: string | null;
  challenge: string | null;
  results: string | null;
  imageUrl: string | null;
  logoUrl: string | null;
  services: readonly string[];
  createdAt: Date;
  updatedAt: Date;
}

/**
 * A case study's page (docs/decisions/0103): an Article by the agency about its work for the client
 * (the client as the Brand it is about), dated by when the study was stored and last changed, its
 * cover or the client's logo as its image, else the site's default picture.
 */
export function caseStudyJsonLd(study: CaseStudyJsonLdInput, siteUrl: string, siteName: string): WithContext<ArticleLeaf> {
  const url = absoluteUrl(siteUrl, `/case-studies/${study.slug}`);
  const absolute = (pathOrUrl: string) => (/^https?:\/\//.test(pathOrUrl) ? pathOrUrl : absoluteUrl(siteUrl, pathOrUrl));
  const agency = { "@type": "Organization" as const, "@id": organizationId(siteUrl), name: siteName, url: absoluteUrl(siteUrl, "/") };
  const description = study.results ?? study.challenge;
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    "@id": `${url}#article`,
    headline: study.title,
    ...(description ? { description } : {}),
    url,
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    datePublished: study.createdAt.toISOString(),
    dateModified: study.updatedAt.toISOString(),
    author: agency,
    publisher: agency,
    image: [absolute(study.imageUrl ?? study.logoUrl ?? "/og-default.jpg")],
    about: {
      "@type": "Brand",
      name: study.companyName,
      ...(study.logoUrl ? { logo: absolute(study.logoUrl) } : {}),
    },
    ...(study.industry || study.services.length ? { keywords: [study.industry, ...study.services].filter((k): k is string => Boolean(k)).join(", ") } : {}),
  };
}
