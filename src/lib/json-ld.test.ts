import { describe, expect, it } from "vitest";
import { faqs } from "@/content/contact";
import { getService } from "@/content/services";
import { breadcrumbJsonLd, faqPageJsonLd, organizationJsonLd, serializeJsonLd, serviceJsonLd } from "./json-ld";

const SITE = "https://example.in";

describe("serializeJsonLd", () => {
  it("never lets text close the script element", () => {
    const json = serializeJsonLd({ name: "</script><script>alert(1)</script>" });
    expect(json).not.toContain("<");
    expect(JSON.parse(json)).toEqual({ name: "</script><script>alert(1)</script>" });
  });
});

describe("organizationJsonLd", () => {
  it("describes the agency in Mumbai with phone, e-mail and the 4.9 rating", () => {
    const data = organizationJsonLd({
      name: "Kinetic Growth",
      url: SITE,
      description: "Growth marketing",
      email: "hello@example.in",
      phone: "+91 98765 43210",
      tagline: "Acquire, Convert, Scale",
      rating: { value: 4.9, count: 50 },
    });
    expect(data).toMatchObject({
      "@type": ["Organization", "ProfessionalService"],
      url: `${SITE}/`,
      telephone: "+91 98765 43210",
      email: "hello@example.in",
      address: { "@type": "PostalAddress", addressLocality: "Mumbai", addressCountry: "IN" },
      aggregateRating: { "@type": "AggregateRating", ratingValue: 4.9, bestRating: 5 },
    });
    expect(data).not.toHaveProperty("sameAs");
  });
});

describe("serviceJsonLd", () => {
  it("has one INR Offer per package with the package's price", () => {
    const service = getService("whatsapp-automation")!;
    const data = serviceJsonLd(service, SITE) as unknown as { offers: { price: number; priceCurrency: string; description: string }[] };
    expect(data).toMatchObject({ "@type": "Service", name: "WhatsApp Automation", url: `${SITE}/services/whatsapp-automation` });
    expect(data.offers.map((o) => o.price)).toEqual([24_835, 49_670, 1_07_835]);
    expect(data.offers.every((o) => o.priceCurrency === "INR")).toBe(true);
    expect(data.offers[0]!.description).toContain("setup fee of INR 124500");
  });
});

describe("faqPageJsonLd and breadcrumbJsonLd", () => {
  it("lists every FAQ as a Question with its Answer", () => {
    const data = faqPageJsonLd(faqs) as unknown as { "@type": string; mainEntity: { name: string; acceptedAnswer: { text: string } }[] };
    expect(data["@type"]).toBe("FAQPage");
    expect(data.mainEntity).toHaveLength(4);
    expect(data.mainEntity[0]!.acceptedAnswer.text).toBe(faqs[0]!.answer);
  });

  it("numbers the trail from Home with absolute URLs", () => {
    const data = breadcrumbJsonLd(
      [
        { name: "Home", path: "/" },
        { name: "Services", path: "/services" },
        { name: "SEO Optimization", path: "/services/seo-optimization" },
      ],
      `${SITE}/`,
    );
    expect(data).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: `${SITE}/` },
        { "@type": "ListItem", position: 2, name: "Services", item: `${SITE}/services` },
        { "@type": "ListItem", position: 3, name: "SEO Optimization", item: `${SITE}/services/seo-optimization` },
      ],
    });
  });
});
