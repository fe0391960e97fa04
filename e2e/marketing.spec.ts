import { expect, test, type APIRequestContext, type Page } from "./fixtures";
import { expectLogo } from "./images";
import { coreValues, trackRecord } from "../src/content/about";
import { sampleAuthors } from "../src/content/samples";
import { headlineStats } from "../src/content/case-studies-page";
import { faqs } from "../src/content/contact";
import { freeAuditStats, benefits, whatIsIncluded } from "../src/content/free-audit";
import { heroStats, partners, statsBand, whyWeStarted } from "../src/content/home";
import { privacyPolicy, refundPolicy, termsOfService } from "../src/content/legal";
import { homeCaseStudies, jewelryCaseStudy, sampleTestimonials } from "../src/content/samples";
import { homeServiceTeasers, processSteps, serviceDetailCopy, services, whyChooseUs } from "../src/content/services";
import { formatRupees } from "../src/lib/format";
import { PUBLIC_ROUTES } from "./routes";
import { caseStudySlugFromTitle } from "../src/lib/case-studies";

const BASE_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100)}`;
const FALLBACK_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 1}`;

type JsonLd = Record<string, unknown> & { "@type": string | string[] };

/** The structured data in the HTML the server sends (no JavaScript involved). */
async function jsonLdOf(request: APIRequestContext, path: string): Promise<JsonLd[]> {
  const html = await (await request.get(path)).text();
  return [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]!) as JsonLd);
}

function ofType(items: JsonLd[], type: string): JsonLd[] {
  return items.filter((item) => [item["@type"]].flat().includes(type));
}

/** Follows a link by clicking it and checks where it lands. */
async function expectLinkLandsOn(page: Page, link: ReturnType<Page["getByRole"]>, path: string) {
  await expect(link).toHaveAttribute("href", path);
  await link.click();
  await expect(page).toHaveURL(path);
}

test.describe("home", () => {
  test("hero: tagline, both calls to action and the marketing claims", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByTestId("tagline")).toHaveText("Acquire, Convert, Scale");
    const main = page.getByRole("main");
    for (const stat of [...heroStats, ...statsBand]) {
      await expect(main.getByText(stat.value, { exact: true }).first()).toBeVisible();
      await expect(main.getByText(stat.label, { exact: true }).first()).toBeVisible();
    }
    await expectLinkLandsOn(page, main.getByRole("link", { name: "Get Free Growth Audit" }).first(), "/free-audit");
    await page.goto("/");
    await expectLinkLandsOn(page, page.getByRole("main").getByRole("link", { name: "View Case Studies" }), "/case-studies");
  });

  test("the reviews link shows 4.9 and opens in a new tab", async ({ page }) => {
    await page.goto("/");
    const reviews = page.getByTestId("reviews-link");
    await expect(reviews).toContainText("4.9");
    await expect(reviews).toHaveAttribute("href", /^https:\/\//);
    await expect(reviews).toHaveAttribute("target", "_blank");
    await expect(reviews).toHaveAttribute("rel", /noopener/);
  });

  test("partner strip: six logo marks named by their alt text, entering 100 ms apart", async ({ page }) => {
    await page.goto("/");
    const items = page.getByTestId("partner");
    await expect(items).toHaveCount(6);
    for (const [index, client] of partners.entries()) {
      await expectLogo(items.nth(index).getByRole("img", { name: client.name }), client.logoUrl);
      await expect(items.nth(index)).toHaveAttribute("style", `--delay:${index * 100}ms`);
    }
  });

  test("four service teasers lead to their pages, 'View All Services' to /services", async ({ page }) => {
    await page.goto("/");
    const section = page.getByRole("region", { name: "Growth services built around revenue" });
    for (const slug of homeServiceTeasers) {
      const service = services.find((s) => s.slug === slug)!;
      await expect(section.getByRole("link", { name: service.title, exact: true })).toHaveAttribute("href", `/services/${slug}`);
    }
    await expect(section.getByRole("listitem")).toHaveCount(4);
    await expectLinkLandsOn(page, section.getByRole("link", { name: "View All Services" }), "/services");
  });

  test("'why we started': five items, one open at a time, collapsible, by keyboard too", async ({ page }) => {
    await page.goto("/");
    const items = page.locator('details[name="why-we-started"]');
    await expect(items).toHaveCount(5);
    await expect(items.nth(0)).toHaveAttribute("open", "");
    await items.nth(2).locator("summary").click();
    await expect(items.nth(2)).toHaveAttribute("open", "");
    await expect(items.nth(0)).not.toHaveAttribute("open");
    await expect(page.locator('details[name="why-we-started"][open]')).toHaveCount(1);
    await items.nth(2).locator("summary").click();
    await expect(page.locator('details[name="why-we-started"][open]')).toHaveCount(0);
    await items.nth(4).locator("summary").focus();
    await page.keyboard.press("Enter");
    await expect(items.nth(4)).toHaveAttribute("open", "");
    await expect(items.nth(4)).toContainText(whyWeStarted[4]!.answer);
    await page.keyboard.press("Space");
    await expect(items.nth(4)).not.toHaveAttribute("open");
  });

  test("featured case studies from the database, each card leading to its study's own page", async ({ page }) => {
    await page.goto("/");
    const cards = page.getByTestId("home-case-study");
    await expect(cards).toHaveCount(2);
    // The seed's two newest featured studies: one with revenue_growth, one with monthly_revenue only.
    for (const sample of homeCaseStudies) {
      const card = cards.filter({ hasText: sample.companyName });
      await expect(card).toContainText(sample.metrics.revenue_growth ?? sample.metrics.monthly_revenue!);
      await expect(card).toContainText(sample.solution);
      await expect(card.getByRole("link")).toHaveAttribute("href", `/case-studies/${caseStudySlugFromTitle(sample.title)}`);
    }
    // The hero leads with the newest of them, its own figures and a link to its page (no drawn chart).
    const hero = page.getByTestId("hero-study");
    await expect(hero.getByRole("link")).toHaveAttribute("href", (await cards.first().getByRole("link").getAttribute("href"))!);
    await expect(hero).toContainText(/Latest client result/);
    const first = cards.filter({ hasText: homeCaseStudies[0]!.companyName }).getByRole("link");
    await expectLinkLandsOn(page, first, `/case-studies/${caseStudySlugFromTitle(homeCaseStudies[0]!.title)}`);
  });

  test("three featured testimonials with star ratings, entering 200 ms apart", async ({ page }) => {
    await page.goto("/");
    const cards = page.getByTestId("testimonial");
    await expect(cards).toHaveCount(3);
    for (const index of [0, 1, 2]) {
      await expect(cards.nth(index).getByRole("img", { name: "Rated 5 out of 5" })).toBeVisible();
      await expect(cards.nth(index).locator("xpath=..")).toHaveAttribute("style", `--delay:${index * 200}ms`);
    }
  });

  test("closing call to action leads to /free-audit and /contact", async ({ page }) => {
    await page.goto("/");
    const closing = page.getByRole("region", { name: "Ready to scale your revenue?" });
    await expect(closing.getByRole("link", { name: "Get Free Growth Audit" })).toHaveAttribute("href", "/free-audit");
    await expectLinkLandsOn(page, closing.getByRole("link", { name: "Talk to Our Team" }), "/contact");
  });
});

test.describe("about", () => {
  test("story, four values, six track-record lines, the team's first three people (as /team lists them), links on", async ({ page }) => {
    await page.goto("/about");
    await expect(page.getByRole("heading", { name: "Our Story" })).toBeVisible();
    for (const value of coreValues) await expect(page.getByRole("heading", { name: value.title, exact: true })).toBeVisible();
    const record = page.getByRole("region", { name: "Our Track Record" }).getByRole("listitem");
    await expect(record).toHaveText(trackRecord);
    // The same people, in the same order, as the team page: one list, edited in the dashboard.
    const people = page.getByTestId("about-team").getByTestId("team-person");
    await expect(people).toHaveCount(3);
    const firstThree = [...sampleAuthors].sort((a, b) => a.teamPosition - b.teamPosition).slice(0, 3);
    for (const [index, person] of firstThree.entries()) {
      for (const text of [person.name, person.role, person.teamLine]) await expect(people.nth(index)).toContainText(text);
    }
    await expect(page.getByTestId("about-team").getByRole("link", { name: "Meet the whole team" })).toHaveAttribute("href", "/team");
    const closing = page.getByRole("region", { name: "Let's grow your brand together" });
    await expect(closing.getByRole("link", { name: "View Case Studies" })).toHaveAttribute("href", "/case-studies");
    await expectLinkLandsOn(page, closing.getByRole("link", { name: "Get in Touch" }), "/contact");
  });
});

test.describe("services", () => {
  test("six cards with features, average result and starting price, each leading to its page", async ({ page }) => {
    await page.goto("/services");
    const cards = page.getByTestId("service-card");
    await expect(cards).toHaveCount(6);
    for (const [index, service] of services.entries()) {
      const card = cards.nth(index);
      await expect(card.getByTestId("card-price")).toHaveText(`${formatRupees(service.cardPrice)}/month`);
      await expect(card).toContainText(service.averageResult);
      for (const feature of service.features) await expect(card).toContainText(feature);
      await expect(card.getByRole("link", { name: service.title })).toHaveAttribute("href", `/services/${service.slug}`);
    }
    await expect(page.getByText("₹35,000/month")).toBeVisible(); // retention card price (the packages on its page cost more)
    await expectLinkLandsOn(page, cards.nth(5).getByRole("link"), "/services/retention-marketing");
  });

  test("the four-step process, the why-choose list, links to /contact and /free-audit", async ({ page }) => {
    await page.goto("/services");
    const process = page.getByRole("region", { name: "A proven four-step process" });
    await expect(process.getByRole("heading", { level: 3 })).toHaveText(processSteps.map((s) => s.title));
    const why = page.getByRole("region", { name: "Why brands choose us" });
    await expect(why.getByRole("listitem")).toHaveText(whyChooseUs);
    const closing = page.getByRole("region", { name: "Not sure which service you need?" });
    await expect(closing.getByRole("link", { name: "Get Free Growth Audit" })).toHaveAttribute("href", "/free-audit");
    await expectLinkLandsOn(page, closing.getByRole("link", { name: "Talk to Our Team" }), "/contact");
  });
});

test.describe("service detail pages", () => {
  for (const service of services) {
    test(`${service.slug}: hero, results, process, timeline, inclusions, priced packages, closing links`, async ({ page, request }) => {
      const { detail } = service;
      await page.goto(`/services/${service.slug}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(detail.heroHeadline);
      const results = page.getByTestId("result");
      await expect(results).toHaveCount(detail.results.length);
      for (const [index, r] of detail.results.entries()) {
        await expect(results.nth(index)).toContainText(r.value);
        await expect(results.nth(index)).toContainText(r.label);
      }
      const process = page.getByRole("region", { name: serviceDetailCopy.processHeading(service) });
      await expect(process.getByRole("heading", { level: 3 })).toHaveText(detail.process.map((s) => s.title));
      const timeline = page.getByRole("region", { name: serviceDetailCopy.timelineHeading });
      await expect(timeline.getByRole("heading", { level: 3 })).toHaveText(detail.timeline.map((p) => p.title));
      for (const phase of detail.timeline) await expect(timeline.getByText(phase.period, { exact: true })).toBeVisible();
      for (const item of detail.inclusions) await expect(page.getByText(item, { exact: true }).first()).toBeVisible();

      const cards = page.getByTestId("package");
      await expect(cards).toHaveCount(detail.packages.length);
      for (const [index, pkg] of detail.packages.entries()) {
        const card = cards.nth(index);
        await expect(card.getByRole("heading", { level: 3 })).toHaveText(pkg.name);
        await expect(card.getByTestId("package-price")).toHaveText(formatRupees(pkg.price));
        if (pkg.setupFee) await expect(card).toContainText(`+ ${formatRupees(pkg.setupFee)} one-time setup`);
        if (pkg.adSpendPercent) await expect(card).toContainText(`+ ${pkg.adSpendPercent}% of monthly ad spend`);
        for (const term of [pkg.duration, pkg.minimumTerm, pkg.limit]) if (term) await expect(card).toContainText(term);
        for (const inclusion of pkg.inclusions) await expect(card).toContainText(inclusion);
        await expect(card.getByText("Most Popular")).toHaveCount(pkg.isMostPopular ? 1 : 0);
      }

      const closing = page.getByRole("region", { name: detail.closing.headline });
      await expect(closing.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");
      await expectLinkLandsOn(page, closing.getByRole("link", { name: "Get Free Growth Audit" }), "/free-audit");

      const [serviceLd] = ofType(await jsonLdOf(request, `/services/${service.slug}`), "Service");
      const offers = serviceLd!.offers as { price: number; priceCurrency: string }[];
      expect(offers.map((o) => o.price)).toEqual(detail.packages.map((p) => p.price));
      expect(offers.every((o) => o.priceCurrency === "INR")).toBe(true);
    });
  }

  test("retention: 52% / 34% / 289% and the three cards' inclusions, Growth marked Most Popular", async ({ page }) => {
    await page.goto("/services/retention-marketing");
    await expect(page.getByTestId("result")).toHaveText([/repeat purchases\s*52%/i, /churn\s*34%/i, /lifetime value\s*289%/i]);
    const cards = page.getByTestId("package");
    await expect(cards.nth(0)).toContainText("₹2,07,500");
    await expect(cards.nth(1)).toContainText("₹3,73,500");
    await expect(cards.nth(2)).toContainText("₹7,05,500");
    await expect(cards.nth(1)).toContainText("Most Popular");
  });

  test("an unknown service answers 404", async ({ request }) => {
    expect((await request.get("/services/no-such-service")).status()).toBe(404);
  });
});

test.describe("case studies", () => {
  test("hero stats and, per study, every part a study shows (database)", async ({ page }) => {
    await page.goto("/case-studies");
    const stats = page.getByTestId("headline-stats");
    for (const stat of headlineStats) {
      await expect(stats).toContainText(stat.label);
      await expect(stats).toContainText(stat.value);
    }
    const articles = page.getByTestId("case-study");
    await expect(articles).toHaveCount(3);
    const jewelry = articles.filter({ has: page.getByRole("heading", { name: jewelryCaseStudy.companyName, level: 2 }) });
    for (const text of [
      jewelryCaseStudy.timeframe!,
      jewelryCaseStudy.industry,
      jewelryCaseStudy.challenge,
      jewelryCaseStudy.solution,
      jewelryCaseStudy.testimonialQuote,
      jewelryCaseStudy.testimonialAuthor,
      ...jewelryCaseStudy.services,
    ]) {
      await expect(jewelry).toContainText(text);
    }
    const metrics = jewelry.getByTestId("metric");
    await expect(metrics).toHaveCount(Object.keys(jewelryCaseStudy.metrics).length);
    await expect(metrics.first()).toHaveText(/Revenue Growth\s*340%/);
    await expect(jewelry.getByText("ROAS", { exact: true })).toBeVisible();
    await expect(jewelry.getByRole("heading", { name: "Growth Journey" })).toBeVisible();
    await expect(jewelry.locator("ol > li")).toHaveCount(jewelryCaseStudy.journey.length);
  });

  test("closing links lead to /free-audit and /contact", async ({ page }) => {
    await page.goto("/case-studies");
    const closing = page.getByRole("region", { name: "Want results like these?" });
    await expect(closing.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");
    await expectLinkLandsOn(page, closing.getByRole("link", { name: "Get Free Growth Audit" }), "/free-audit");
  });
});

test.describe("free audit (around the form)", () => {
  test("the form's card, what is included, three benefits, the bonus note and the stats strip", async ({ page }) => {
    await page.goto("/free-audit");
    await expect(page.getByTestId("form-region").getByRole("heading", { name: "Get your free growth audit" })).toBeVisible();
    for (const item of whatIsIncluded) await expect(page.getByText(item, { exact: true })).toBeVisible();
    for (const benefit of benefits) await expect(page.getByRole("heading", { name: benefit.title })).toBeVisible();
    await expect(page.getByTestId("bonus-note")).toContainText("30-minute strategy call");
    await expect(page.getByText(/if your business qualifies/i)).toBeVisible();
    const stats = page.getByTestId("audit-stats");
    for (const stat of freeAuditStats) await expect(stats).toContainText(`${stat.value}`);
    await expect(stats).toContainText(/Projects Delivered\s*500\+/);
    await expect(stats).toContainText(/Client Satisfaction\s*98%/);
    await expect(stats).toContainText(/Audit Delivery\s*72hr/);
  });
});

test.describe("contact (around the form)", () => {
  test("three quick actions: the booking page, WhatsApp with its message, the free audit", async ({ page }) => {
    await page.goto("/contact");
    const actions = page.getByTestId("quick-action");
    await expect(actions).toHaveCount(3);
    const booking = actions.nth(0).getByRole("link");
    // The site's own booking page while BOOKING_URL is unset (docs/decisions/0065).
    await expect(booking).toHaveAttribute("href", "/book");
    await expect(booking).not.toHaveAttribute("target", "_blank");
    await expect(actions.nth(0)).toContainText("30-minute");
    const whatsapp = actions.nth(1).getByRole("link");
    const href = (await whatsapp.getAttribute("href"))!;
    expect(href).toMatch(/^https:\/\/wa\.me\/\d+\?text=/);
    expect(new URL(href).searchParams.get("text")).toMatch(/growth marketing services/);
    await expect(whatsapp).toHaveAttribute("rel", /noopener/);
    await expectLinkLandsOn(page, actions.nth(2).getByRole("link"), "/free-audit");
  });

  test("the form's card, contact details and four FAQs, one open at a time", async ({ page }) => {
    await page.goto("/contact");
    await expect(page.getByTestId("form-region").getByRole("heading", { name: "Send us a message" })).toBeVisible();
    const details = page.getByTestId("contact-details");
    await expect(details.locator('a[href^="mailto:"]')).toHaveCount(1);
    await expect(details.locator('a[href^="tel:"]')).toHaveCount(1);
    await expect(details).toContainText("Mumbai");
    await expect(details).toContainText("Mon-Fri 9 AM-7 PM IST");
    await expect(details).toContainText("within 72 hours");
    const items = page.locator('details[name="faq"]');
    await expect(items.locator("summary")).toHaveText(faqs.map((f) => f.question));
    await items.nth(3).locator("summary").click();
    await expect(items.nth(3)).toContainText(faqs[3]!.answer);
    await expect(page.locator('details[name="faq"][open]')).toHaveCount(1);
  });

  test("the FAQs also work without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/contact");
    const second = page.locator('details[name="faq"]').nth(1);
    await second.locator("summary").click();
    await expect(second).toHaveAttribute("open", "");
    await expect(second.getByText(faqs[1]!.answer)).toBeVisible();
    await context.close();
  });
});

test.describe("legal pages", () => {
  for (const doc of [privacyPolicy, termsOfService, refundPolicy]) {
    test(`/${doc.slug}: every section, the fixed date in en-IN form, working contact links`, async ({ page }) => {
      await page.goto(`/${doc.slug}`);
      await expect(page.getByText("Last updated: 15 January 2026")).toBeVisible();
      const article = page.getByRole("article");
      await expect(article.getByRole("heading", { level: 2 })).toHaveText(doc.sections.map((s) => s.heading));
      for (const section of doc.sections) {
        for (const p of section.paragraphs.filter((t) => !t.includes("{"))) await expect(article).toContainText(p);
      }
      await expect(article.locator('a[href^="mailto:"]').first()).toBeVisible();
      await expect(article.locator('a[href^="tel:"]')).toHaveCount(1);
      await expect(article).toContainText("Mumbai, India");
      const toc = page.getByRole("navigation", { name: "On this page" });
      await toc.getByRole("link", { name: doc.sections.at(-1)!.heading }).click();
      await expect(page).toHaveURL(new RegExp(`/${doc.slug}#contact-us$`));
    });
  }

  test("the refund and terms figures", async ({ page }) => {
    await page.goto("/refund");
    for (const figure of [
      "30-day cancellation notice",
      "non-refundable after 7 days",
      "50% refund is available within the first 7 days",
      "24 hours in advance",
      "90-day money-back guarantee",
      "5-10 business days",
      "14 business days",
      "24-48 hours",
    ]) {
      await expect(page.getByRole("article")).toContainText(figure);
    }
    await page.goto("/terms");
    for (const figure of ["due within 30 days", "30 days' written notice", "last 12 months", "laws of India", "arbitration in Mumbai"]) {
      await expect(page.getByRole("article")).toContainText(figure);
    }
  });
});

test.describe("findable: metadata and structured data in the server HTML", () => {
  for (const route of PUBLIC_ROUTES) {
    test(`${route.path}: canonical, Open Graph, Twitter card and the agency's JSON-LD`, async ({ request }) => {
      const html = await (await request.get(route.path)).text();
      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
      expect(canonical?.replace(/\/$/, "")).toBe(`${BASE_URL}${route.path}`.replace(/\/$/, ""));
      expect(html).toMatch(/<meta property="og:title" content="[^"]+"/);
      expect(html).toMatch(/<meta property="og:description" content="[^"]{40,}"/);
      expect(html).toContain(`<meta property="og:image" content="${BASE_URL}/`);
      expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
      expect(html).toMatch(/<meta name="twitter:image" content="http/);
      const [org] = ofType(await jsonLdOf(request, route.path), "ProfessionalService");
      expect(org).toMatchObject({
        name: "Kinetic Growth",
        address: { addressLocality: "Mumbai", addressCountry: "IN" },
        aggregateRating: { ratingValue: 4.9 },
      });
      expect(org!.telephone).toMatch(/^\+?[0-9 ]+$/);
    });
  }

  test("BreadcrumbList below the top level, FAQPage on /contact", async ({ request }) => {
    expect(ofType(await jsonLdOf(request, "/"), "BreadcrumbList")).toHaveLength(0);
    const [crumbs] = ofType(await jsonLdOf(request, "/services/seo-optimization"), "BreadcrumbList");
    expect((crumbs!.itemListElement as { name: string; item: string }[]).map((c) => [c.name, c.item])).toEqual([
      ["Home", `${BASE_URL}/`],
      ["Services", `${BASE_URL}/services`],
      ["SEO Optimization", `${BASE_URL}/services/seo-optimization`],
    ]);
    for (const path of ["/about", "/services", "/case-studies", "/free-audit", "/contact", "/privacy", "/terms", "/refund"]) {
      expect(ofType(await jsonLdOf(request, path), "BreadcrumbList"), path).toHaveLength(1);
    }
    const [faq] = ofType(await jsonLdOf(request, "/contact"), "FAQPage");
    expect((faq!.mainEntity as { name: string }[]).map((q) => q.name)).toEqual(faqs.map((f) => f.question));
  });
});

test.describe("motion", () => {
  test("staggered entrances run, and stop under prefers-reduced-motion", async ({ browser }) => {
    for (const reducedMotion of ["no-preference", "reduce"] as const) {
      const context = await browser.newContext({ reducedMotion });
      const page = await context.newPage();
      await page.goto("/");
      const second = page.getByTestId("partner").nth(1);
      const animation = await second.evaluate((el) => {
        const style = getComputedStyle(el);
        return { name: style.animationName, delay: style.animationDelay };
      });
      if (reducedMotion === "reduce") expect(animation.name).toBe("none");
      else expect(animation).toEqual({ name: "rise-in", delay: "0.1s" });
      await context.close();
    }
  });
});

test.describe("database unreachable (second server, same build)", () => {
  test.use({ baseURL: FALLBACK_URL });

  test("home shows the fallback testimonials and case studies as a normal page", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    const quotes = page.getByTestId("testimonial");
    await expect(quotes).toHaveCount(3);
    for (const sample of sampleTestimonials) await expect(quotes.filter({ hasText: sample.clientName })).toHaveCount(1);
    const cards = page.getByTestId("home-case-study");
    await expect(cards).toHaveCount(2);
    for (const sample of homeCaseStudies) await expect(cards.filter({ hasText: sample.companyName })).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("the case studies page shows the built-in jewelry case study", async ({ page }) => {
    const response = await page.goto("/case-studies");
    expect(response?.status()).toBe(200);
    const articles = page.getByTestId("case-study");
    await expect(articles).toHaveCount(1);
    await expect(articles).toContainText(jewelryCaseStudy.companyName);
    await expect(articles).toContainText(jewelryCaseStudy.industry);
    await expect(articles.locator("ol > li")).toHaveCount(jewelryCaseStudy.journey.length);
    await expect(articles).toContainText(jewelryCaseStudy.testimonialQuote);
  });

  test("pages that need no database answer as usual; health reports the outage", async ({ request }) => {
    for (const path of ["/about", "/services/seo-optimization", "/contact", "/free-audit"]) {
      expect((await request.get(path)).status(), path).toBe(200);
    }
    expect((await request.get("/api/health")).status()).toBe(503);
  });
});
