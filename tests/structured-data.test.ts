import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { faqs } from "@/content/contact";
import { services } from "@/content/services";
import { authorJsonLd, type PublicAuthor } from "@/lib/authors";
import { breadcrumbJsonLd, caseStudyJsonLd, faqPageJsonLd, organizationJsonLd, serializeJsonLd, serviceJsonLd, type Crumb } from "@/lib/json-ld";
import { PUBLIC_PAGES } from "@/lib/public-routes";
import { setUpTestDatabase } from "./helpers/test-db";

// The structured data every public page carries, built by the site's own makers and checked as a
// crawler reads it (the serialised JSON, parsed back): schema.org's @context, a @type that
// schema.org's vocabulary knows (the one schema-dts types the makers with), the properties Google's
// rich results require of that type, absolute URLs and ISO 8601 dates. Then a published post's
// rename as search engines meet it: the sitemap, the article's canonical, robots.txt.
const requestHeaders = new Headers({ host: "localhost:3000", origin: "http://localhost:3000" });
const actor = { id: "editor-1", email: "ana@test.example", name: "Ana", emailVerified: true, role: "editor" };
vi.mock("next/headers", () => ({ headers: async () => requestHeaders }));
vi.mock("next/cache", () => ({ revalidatePath: () => {}, refresh: () => {} }));
vi.mock("@/server/kernel/session/auth-guard", () => ({ requireRole: async () => actor, AccessDeniedError: class extends Error {} }));

const { saveRecord } = await import("@/server/dashboard/admin-actions");
const { getPublishedPost } = await import("@/server/content/data/blog-posts");
const { articleCrumbs, blogPostingJsonLd, blogPostMetadata } = await import("@/components/blog/blog-article");
const { siteConfig } = await import("@/server/kernel/site-config");
const { blogPosts, caseStudies, DEFAULT_AUTHOR_NAME } = await import("@/server/kernel/db/schema");
const { prepareDatabase } = await import("@/server/kernel/db/prepare");
const { default: sitemap } = await import("@/app/sitemap");
const { default: robots } = await import("@/app/robots");

const handle = setUpTestDatabase();
beforeAll(async () => {
  await prepareDatabase(handle);
});

const root = path.resolve(import.meta.dirname, "..");

/** Every type schema.org's vocabulary names, read from the declarations schema-dts generates from it. */
const VOCABULARY = new Set(
  [...fs.readFileSync(path.join(root, "node_modules/schema-dts/dist/schema.d.ts"), "utf8").matchAll(/"@type": "(\w+)"/g)].map((m) => m[1]!),
);

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === "object" && v !== null && !Array.isArray(v);
const list = (v: unknown): unknown[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
const typesOf = (node: Node): string[] => list(node["@type"]).map(String);
const isAbsoluteUrl = (v: unknown) => typeof v === "string" && /^https?:\/\/[^/\s]+/.test(v) && URL.canParse(v);
/** ISO 8601: a date, or a date and time with its offset (Google asks for the time zone). */
const isIsoDate = (v: unknown) =>
  typeof v === "string" && /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/.test(v) && !Number.isNaN(Date.parse(v));
const hasText = (v: unknown) => typeof v === "string" && v.trim().length > 0;

/** Properties holding addresses, and dates. */
const URL_KEYS = new Set(["url", "item", "logo", "image", "sameAs", "@id", "contentUrl", "availability"]);
const DATE_KEYS = new Set(["datePublished", "dateModified", "dateCreated", "uploadDate", "startDate", "endDate", "validFrom", "validThrough"]);

/**
 * What Google's rich-result documentation requires (or, where it requires nothing, names as the
 * properties that make the result) for each type the site emits; a node is held to the rules of
 * every type it names. Each rule returns its problems (false where there is none).
 */
const RULES: Record<string, (node: Node, isTop: boolean) => (string | false)[]> = {
  // The logo is the Organization result's (a page's own node); an author or publisher needs a name and an address.
  Organization: (n, isTop) => [
    !hasText(n.name) && "name",
    !isAbsoluteUrl(n.url) && "url",
    isTop && !isAbsoluteUrl(isNode(n.logo) ? n.logo.url : n.logo) && "logo",
  ],
  ProfessionalService: (n) => [!isNode(n.address) && "address"],
  BlogPosting: (n) => [
    !hasText(n.headline) && "headline",
    !isIsoDate(n.datePublished) && "datePublished",
    !isIsoDate(n.dateModified) && "dateModified",
    (list(n.author).length === 0 || !list(n.author).every((a) => isNode(a) && hasText(a.name))) && "author with a name",
    list(n.image).length === 0 && "image",
    !(isNode(n.publisher) && hasText(n.publisher.name)) && "publisher with a name",
  ],
  BreadcrumbList: (n) => {
    const items = list(n.itemListElement);
    return [
      items.length < 2 && "itemListElement of at least two ListItems",
      ...items.map((item, i) => isNode(item) && item.position !== i + 1 && `itemListElement[${i}].position ${i + 1}`),
    ];
  },
  ListItem: (n) => [!Number.isInteger(n.position) && "position", !hasText(n.name) && "name", !isAbsoluteUrl(n.item) && "item"],
  FAQPage: (n) => [
    (list(n.mainEntity).length === 0 || !list(n.mainEntity).every((q) => isNode(q) && typesOf(q).includes("Question"))) && "mainEntity of Questions",
  ],
  Question: (n) => [!hasText(n.name) && "name", !(isNode(n.acceptedAnswer) && typesOf(n.acceptedAnswer).includes("Answer")) && "acceptedAnswer"],
  Answer: (n) => [!hasText(n.text) && "text"],
  Service: (n) => [!hasText(n.name) && "name", !isAbsoluteUrl(n.url) && "url", !isNode(n.provider) && "provider"],
  Offer: (n) => [
    !(typeof n.price === "number" || (typeof n.price === "string" && /^\d+(\.\d+)?$/.test(n.price))) && "price as a number",
    !(typeof n.priceCurrency === "string" && /^[A-Z]{3}$/.test(n.priceCurrency)) && "priceCurrency (ISO 4217)",
  ],
  UnitPriceSpecification: (n) => [typeof n.price !== "number" && "price", !hasText(n.priceCurrency) && "priceCurrency"],
  AggregateRating: (n) => [
    typeof n.ratingValue !== "number" && "ratingValue",
    !(Number(n.ratingCount) > 0 || Number(n.reviewCount) > 0) && "ratingCount or reviewCount",
    typeof n.ratingValue === "number" &&
      (n.ratingValue > Number(n.bestRating ?? 5) || n.ratingValue < Number(n.worstRating ?? 1)) &&
      "ratingValue within the scale",
  ],
  Person: (n) => [!hasText(n.name) && "name"],
  PostalAddress: (n) => [!hasText(n.addressCountry) && "addressCountry"],
  ImageObject: (n) => [!isAbsoluteUrl(n.url) && "url"],
  WebPage: (n) => [!isAbsoluteUrl(n["@id"]) && "@id"],
  // A case study's page: Google's Article rules (headline, dates, author with a name; image recommended).
  Article: (n) => [
    !hasText(n.headline) && "headline",
    !isIsoDate(n.datePublished) && "datePublished",
    !isIsoDate(n.dateModified) && "dateModified",
    (list(n.author).length === 0 || !list(n.author).every((a) => isNode(a) && hasText(a.name))) && "author with a name",
    list(n.image).length === 0 && "image",
  ],
  Brand: (n) => [!hasText(n.name) && "name"],
  Country: (n) => [!hasText(n.name) && "name"],
};

/** Every problem of one script's data, as a crawler parses it, each with where it is. */
function problems(data: unknown): string[] {
  const found: string[] = [];
  const top = list(JSON.parse(serializeJsonLd(data as object)));
  top.forEach((node, i) => {
    if (!isNode(node)) return found.push(`[${i}] is not an object`);
    if (node["@context"] !== "https://schema.org") found.push(`[${i}] @context is ${String(node["@context"])}`);
    walk(node, `[${i}]`, true);
  });
  function walk(node: Node, where: string, isTop: boolean) {
    if (!isTop && "@context" in node) found.push(`${where}: @context below the top`);
    const types = typesOf(node);
    const isReference = types.length === 0 && Object.keys(node).every((k) => k === "@id");
    if (!isReference) {
      if (types.length === 0) found.push(`${where}: no @type`);
      for (const type of types) {
        if (!VOCABULARY.has(type)) found.push(`${where}: @type ${type} is not in schema.org's vocabulary`);
        for (const missing of RULES[type]?.(node, isTop) ?? []) if (missing) found.push(`${where} (${type}): ${missing}`);
      }
      if (types.length > 0 && !types.some((t) => t in RULES)) found.push(`${where}: no rules for @type ${types.join(", ")}`);
    }
    for (const [key, value] of Object.entries(node)) {
      for (const [j, v] of list(value).entries()) {
        const at = `${where}.${key}${Array.isArray(value) ? `[${j}]` : ""}`;
        if (URL_KEYS.has(key) && typeof v === "string" && !isAbsoluteUrl(v)) found.push(`${at}: ${v} is not an absolute URL`);
        if (DATE_KEYS.has(key) && !isIsoDate(v)) found.push(`${at}: ${String(v)} is not an ISO 8601 date`);
        if (isNode(v)) walk(v, at, false);
      }
    }
  }
  return found;
}

/** The @id of every node in `data`, and every {"@id"} reference it makes. */
function ids(data: unknown): { defined: Set<string>; referenced: Set<string> } {
  const defined = new Set<string>();
  const referenced = new Set<string>();
  const visit = (v: unknown) => {
    for (const item of list(v)) {
      if (!isNode(item)) continue;
      if (typeof item["@id"] === "string") (Object.keys(item).length === 1 ? referenced : defined).add(item["@id"]);
      Object.values(item).forEach(visit);
    }
  };
  visit(data);
  return { defined, referenced };
}

const site = () => siteConfig();
const organization = () => {
  const s = site();
  return organizationJsonLd({
    name: s.name,
    url: s.url,
    description: s.description,
    email: s.email,
    phone: s.phone,
    tagline: s.tagline,
    rating: s.rating,
    sameAs: ["https://www.linkedin.com/company/kinetic-growth"],
  });
};
const profile: PublicAuthor = {
  name: "Priya Sharma",
  role: "Head of SEO",
  bio: "Writes about search.",
  photoUrl: "/api/media/priya.webp",
  linkedinUrl: "https://www.linkedin.com/in/priya",
  xUrl: null,
  websiteUrl: null,
};
const crumbs = (trail: Crumb[]): Crumb[] => [{ name: "Home", path: "/" }, ...trail];

/**
 * The makers of the site's structured data, each with the page that emits it. The source scan below
 * fails when a maker is added without joining this list, or when no page calls one any more.
 */
const PRODUCERS = ["organizationJsonLd", "serviceJsonLd", "faqPageJsonLd", "breadcrumbJsonLd", "blogPostingJsonLd", "caseStudyJsonLd"] as const;

describe("the makers of structured data", () => {
  const sources = (dir: string): string[] =>
    fs
      .readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
      .map((f) => path.join(dir, f));
  const files = sources("src").map((file) => ({ file, text: fs.readFileSync(path.join(root, file), "utf8") }));

  it("are exactly the ones this file checks, and every one is called by a page or component", () => {
    const makers = files.flatMap(({ text }) =>
      [...text.matchAll(/"@context":\s*"https:\/\/schema\.org"/g)].map((m) => {
        const before = [...text.slice(0, m.index).matchAll(/export function (\w+)/g)];
        return before.at(-1)?.[1] ?? "(outside an exported function)";
      }),
    );
    expect(makers.sort()).toEqual([...PRODUCERS].sort());
    for (const name of PRODUCERS) {
      const callers = files.filter(({ file, text }) => /^src\/(app|components)\//.test(file) && new RegExp(`(?<!function )\\b${name}\\(`).test(text));
      expect(callers.length, `${name} is called by no page or component`).toBeGreaterThan(0);
    }
    // Every script on a page goes through serializeJsonLd (escaped), none written by hand.
    const handWritten = files.filter(({ text }) => text.includes("application/ld+json") && !text.includes("serializeJsonLd("));
    expect(handWritten.map((f) => f.file)).toEqual([]);
  });
});

describe("each page type's JSON-LD, as a crawler reads it", () => {
  it("every page: the agency as Organization and ProfessionalService", () => {
    const data = organization();
    expect(problems(data)).toEqual([]);
    expect(data["@type"]).toEqual(["Organization", "ProfessionalService"]);
  });

  it("a service page: the Service, one Offer per package, its provider the agency of the same page", () => {
    expect(services.length).toBeGreaterThan(0);
    const agency = ids(organization()).defined;
    for (const service of services) {
      const data = serviceJsonLd(service, site().url);
      expect(problems(data), service.slug).toEqual([]);
      expect(list(data.offers).length).toBe(service.detail.packages.length);
      for (const ref of ids(data).referenced) expect(agency, `${service.slug} refers to ${ref}`).toContain(ref);
      expect(
        problems(
          breadcrumbJsonLd(
            crumbs([
              { name: "Services", path: "/services" },
              { name: service.title, path: `/services/${service.slug}` },
            ]),
            site().url,
          ),
        ),
      ).toEqual([]);
    }
  });

  it("the contact page: a FAQPage of every question with its answer", () => {
    const data = faqPageJsonLd(faqs);
    expect(problems(data)).toEqual([]);
    expect(list(data.mainEntity)).toHaveLength(faqs.length);
  });

  it("every other public page: its BreadcrumbList from Home", () => {
    for (const page of PUBLIC_PAGES.filter((p) => p.path !== "/")) {
      expect(problems(breadcrumbJsonLd(crumbs([{ name: page.title, path: page.path }]), site().url)), page.path).toEqual([]);
    }
    expect(problems(breadcrumbJsonLd(crumbs([]), site().url))).toEqual(["[0] (BreadcrumbList): itemListElement of at least two ListItems"]);
  });

  it("an article: BlogPosting with each kind of author, and its BreadcrumbList", async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({
      title: "Structured article",
      slug: "structured-article",
      authorName: "Priya Sharma",
      content: "<p>Body.</p>",
      tags: "SEO",
      published: "on",
    }))
      form.set(k, v);
    expect((await saveRecord("posts", null, form)).status).toBe("success");
    const post = (await getPublishedPost("structured-article"))!;
    const s = site();
    for (const [author, authorName, type] of [
      [profile, "Priya Sharma", "Person"],
      [null, "A Guest Writer", "Person"],
      [null, DEFAULT_AUTHOR_NAME, "Organization"],
    ] as const) {
      const data = blogPostingJsonLd({ ...post, authorName }, author, s);
      expect(problems(data), authorName).toEqual([]);
      expect(data.author).toMatchObject({ "@type": type, name: author?.name ?? authorName });
      expect(data.url).toBe(`${s.url}/blog/structured-article`);
    }
    const withPhoto = authorJsonLd("Priya Sharma", profile, { url: s.url, organisationName: DEFAULT_AUTHOR_NAME }, (p) => new URL(p, `${s.url}/`).toString());
    expect(withPhoto).toMatchObject({ image: `${s.url}/api/media/priya.webp`, sameAs: ["https://www.linkedin.com/in/priya"] });
    const trail = breadcrumbJsonLd(articleCrumbs(post), s.url);
    expect(problems(trail)).toEqual([]);
    expect(list(trail.itemListElement).at(-1)).toMatchObject({ name: "Structured article", item: `${s.url}/blog/structured-article` });
  });

  it("a case study's page: an Article by the agency about the client, at the study's own address, and its BreadcrumbList", async () => {
    const s = site();
    const agency = ids(organization()).defined;
    const [study] = await handle.db.select().from(caseStudies).where(eq(caseStudies.featured, true)).limit(1);
    for (const variant of [study!, { ...study!, imageUrl: null, logoUrl: null, industry: null, services: [], results: null, challenge: null }]) {
      const data = caseStudyJsonLd(variant, s.url, s.name);
      expect(problems(data), variant.slug).toEqual([]);
      expect(data).toMatchObject({
        url: `${s.url}/case-studies/${study!.slug}`,
        headline: study!.title,
        about: { "@type": "Brand", name: study!.companyName },
      });
      // The author is the agency of the same page's Organization node.
      expect(agency).toContain((data.author as Node)["@id"]);
    }
    const trail = breadcrumbJsonLd(
      crumbs([
        { name: "Case Studies", path: "/case-studies" },
        { name: study!.companyName, path: `/case-studies/${study!.slug}` },
      ]),
      s.url,
    );
    expect(problems(trail)).toEqual([]);
  });

  it("the checker itself refuses what a crawler would: relative URLs, local dates, unknown types, missing names", () => {
    const bad = {
      "@context": "https://schema.org",
      "@type": "BlogPosting",
      headline: "",
      datePublished: "29/11/2026",
      dateModified: "2026-11-29T10:00:00",
      author: { "@type": "Person" },
      image: ["/cover.jpg"],
      publisher: { "@type": "Organisation", name: "x" },
    };
    expect(problems(bad)).toEqual([
      "[0] (BlogPosting): headline",
      "[0] (BlogPosting): datePublished",
      "[0] (BlogPosting): dateModified",
      "[0] (BlogPosting): author with a name",
      "[0].datePublished: 29/11/2026 is not an ISO 8601 date",
      "[0].dateModified: 2026-11-29T10:00:00 is not an ISO 8601 date",
      "[0].author (Person): name",
      "[0].image[0]: /cover.jpg is not an absolute URL",
      "[0].publisher: @type Organisation is not in schema.org's vocabulary",
      "[0].publisher: no rules for @type Organisation",
    ]);
    expect(problems({ "@context": "http://schema.org", "@type": "FAQPage", mainEntity: [] })).toEqual([
      "[0] @context is http://schema.org",
      "[0] (FAQPage): mainEntity of Questions",
    ]);
  });
});

describe("a published post renamed, as search engines meet it", () => {
  it("the sitemap lists the new address only, the article's canonical and Open Graph URL are the new one, robots.txt names the sitemap", async () => {
    const form = (slug: string) => {
      const f = new FormData();
      for (const [k, v] of Object.entries({ title: "Moving article", slug, authorName: "Team", content: "<p>Body.</p>", tags: "SEO", published: "on" }))
        f.set(k, v);
      return f;
    };
    expect((await saveRecord("posts", null, form("moving-before"))).status).toBe("success");
    const [row] = await handle.db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.slug, "moving-before"));
    const id = row!.id;
    const { url } = site();
    expect((await sitemap()).map((e) => e.url)).toContain(`${url}/blog/moving-before`);

    expect((await saveRecord("posts", id, form("moving-after"))).status).toBe("success");
    const listed = (await sitemap()).map((e) => e.url);
    expect(listed).toContain(`${url}/blog/moving-after`);
    expect(listed).not.toContain(`${url}/blog/moving-before`);
    expect(await getPublishedPost("moving-before")).toBeUndefined();

    const post = (await getPublishedPost("moving-after"))!;
    const meta = blogPostMetadata(post);
    expect(meta.alternates?.canonical).toBe("/blog/moving-after");
    expect(meta.openGraph).toMatchObject({ url: "/blog/moving-after" });
    const article = blogPostingJsonLd(post, null, site());
    expect(article).toMatchObject({ url: `${url}/blog/moving-after`, mainEntityOfPage: { "@id": `${url}/blog/moving-after` } });
    expect(problems(article)).toEqual([]);

    expect(robots()).toMatchObject({ sitemap: `${url}/sitemap.xml` });
    expect(list(robots().rules).flatMap((r) => list((r as { disallow?: string[] }).disallow))).not.toContain("/blog");
  });
});
