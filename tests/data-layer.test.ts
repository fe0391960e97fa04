import { inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { sampleBlogPosts } from "@/content/sample-blog-posts";
import { prepareDatabase } from "@/server/kernel/db/prepare";
import { blogPosts, caseStudies, contactMessages, leads, testimonials } from "@/server/kernel/db/schema";
import { isContentEmpty, seedSampleContent } from "@/server/kernel/db/seed";
import { getPublishedPost, listFeaturedPosts, listPublishedPosts, listRelatedPosts } from "@/server/content/data/blog-posts";
import { headlineMetric, listFeaturedCaseStudies, listHomeCaseStudies } from "@/server/content/data/case-studies";
import { listFeaturedTestimonials } from "@/server/content/data/testimonials";
import { setUpTestDatabase } from "./helpers/test-db";

const handle = setUpTestDatabase();

beforeAll(async () => {
  console.log(`data-layer tests on ${handle.label}`);
});

/** Runs an insert that must be refused by the database; returns the error text. */
async function refused(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    return `${(error as Error).message} ${cause?.message ?? ""}`;
  }
  throw new Error("the database accepted a row it must refuse");
}

describe("migrations and sample content", () => {
  it("start empty, migrate twice without change, seed once", async () => {
    expect(await isContentEmpty(handle.db)).toBe(true);
    await handle.migrate();
    const first = await prepareDatabase(handle);
    expect(first.seeded).toBe(true);
    const second = await prepareDatabase(handle);
    expect(second.seeded).toBe(false);
    const again = await seedSampleContent(handle.db);
    expect(again).toEqual({ authors: 0, blogPosts: 0, caseStudies: 0, testimonials: 0 });
    const [counts] = (
      await handle.db.execute<{ posts: number; studies: number; quotes: number }>(sql`
        select (select count(*)::int from blog_posts) as posts,
               (select count(*)::int from case_studies) as studies,
               (select count(*)::int from testimonials) as quotes`)
    ).rows;
    expect(counts).toEqual({ posts: sampleBlogPosts.length, studies: 3, quotes: 3 });
  });

  it("ships at least 8 published posts of 600+ words, 3 featured, 1 draft, with overlapping tags", () => {
    const published = sampleBlogPosts.filter((p) => p.published);
    expect(published.length).toBeGreaterThanOrEqual(8);
    expect(published.filter((p) => p.featured)).toHaveLength(3);
    expect(sampleBlogPosts.filter((p) => !p.published)).toHaveLength(1);
    for (const post of sampleBlogPosts) {
      const words = post.content
        .replace(/<[^>]*>/g, " ")
        .split(/\s+/)
        .filter(Boolean).length;
      expect(words, post.slug).toBeGreaterThanOrEqual(600);
      expect(post.content, post.slug).toMatch(/<h2>/);
      expect(post.content, post.slug).toMatch(/<h3>/);
      expect(post.metaTitle.length, post.slug).toBeLessThanOrEqual(60);
      expect(post.metaDescription.length, post.slug).toBeLessThanOrEqual(160);
      const sharing = published.filter((o) => o.slug !== post.slug && o.tags.some((t) => post.tags.includes(t)));
      expect(sharing.length, post.slug).toBeGreaterThan(0);
    }
  });
});

describe("public reads see published rows only", () => {
  it("lists published posts newest first, never the draft", async () => {
    const posts = await listPublishedPosts();
    const draft = sampleBlogPosts.find((p) => !p.published)!;
    expect(posts.map((p) => p.slug)).not.toContain(draft.slug);
    expect(posts.every((p) => p.published)).toBe(true);
    const times = posts.map((p) => p.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(await getPublishedPost(draft.slug)).toBeUndefined();
    expect(await getPublishedPost("no-such-post")).toBeUndefined();
  });

  it("lists up to 3 featured posts and related posts that share a tag", async () => {
    const featured = await listFeaturedPosts();
    expect(featured).toHaveLength(3);
    expect(featured.every((p) => p.featured && p.published)).toBe(true);
    const [post] = await listPublishedPosts();
    const related = await listRelatedPosts(post!);
    expect(related.length).toBeGreaterThan(0);
    expect(related.length).toBeLessThanOrEqual(3);
    for (const r of related) {
      expect(r.id).not.toBe(post!.id);
      expect(r.tags.some((t) => post!.tags.includes(t))).toBe(true);
    }
  });

  it("gives home 2 featured case studies and 3 testimonials", async () => {
    expect(await listHomeCaseStudies()).toHaveLength(2);
    expect((await listFeaturedCaseStudies()).length).toBeGreaterThanOrEqual(3);
    const quotes = await listFeaturedTestimonials();
    expect(quotes).toHaveLength(3);
    expect(quotes.every((q) => q.rating >= 1 && q.rating <= 5)).toBe(true);
  });

  it("derives the home card's headline metric", () => {
    expect(headlineMetric({ revenue_growth: "300%", monthly_revenue: "₹2Cr" })).toBe("300%");
    expect(headlineMetric({ monthly_revenue: "₹2Cr" })).toBe("₹2Cr");
    expect(headlineMetric({ roas: "4x" })).toBeNull();
  });

  it("a case study without its own journey, testimonial or timeframe shows none: nothing is made up for it", async () => {
    const [bare] = await handle.db
      .insert(caseStudies)
      .values({ title: "Bare study", slug: "bare-study", companyName: "Bare Co", featured: true })
      .returning({ id: caseStudies.id });
    const [own] = await handle.db
      .insert(caseStudies)
      .values({
        title: "Own study",
        slug: "own-study",
        companyName: "Own Co",
        featured: true,
        journey: ["Month 1: Our own step."],
        testimonialQuote: "Our words.",
        testimonialAuthor: "Asha, CEO",
      })
      .returning({ id: caseStudies.id });
    try {
      const studies = await listFeaturedCaseStudies();
      const shownBare = studies.find((s) => s.id === bare!.id)!;
      expect(shownBare).toMatchObject({ journey: [], testimonialQuote: null, testimonialAuthor: null, timeframe: null, services: [], metrics: {} });
      const shownOwn = studies.find((s) => s.id === own!.id)!;
      expect(shownOwn).toMatchObject({ journey: ["Month 1: Our own step."], testimonialQuote: "Our words.", testimonialAuthor: "Asha, CEO" });
    } finally {
      await handle.db.delete(caseStudies).where(inArray(caseStudies.id, [bare!.id, own!.id]));
    }
  });
});

describe("defaults and constraints (what must never be stored)", () => {
  it("applies the column defaults", async () => {
    const [post] = await handle.db.insert(blogPosts).values({ title: "Defaults", slug: "defaults-check", content: "Body" }).returning();
    expect(post).toMatchObject({ published: false, featured: false, tags: [], authorName: "Kinetic Growth Team" });
    const [quote] = await handle.db.insert(testimonials).values({ clientName: "A", company: "B", content: "C" }).returning();
    expect(quote!.rating).toBe(5);
    const [study] = await handle.db.insert(caseStudies).values({ title: "T", slug: "t", companyName: "Co" }).returning();
    // No default is published: a study says only what was entered for it.
    expect(study).toMatchObject({ timeframe: null, services: [], logoUrl: null, metrics: {} });
    const [message] = await handle.db.insert(contactMessages).values({ name: "N", email: "n@x.in", mobileNumber: "+919876543210", message: "Hi" }).returning();
    expect(message!.company).toBeNull();
    expect(message!.createdAt).toBeInstanceOf(Date);
  });

  it("refuses blank required text, out-of-range ratings, malformed and duplicate slugs, non-object metrics", async () => {
    expect(
      await refused(() =>
        handle.db.insert(leads).values({
          name: "   ",
          email: "a@b.in",
          mobileNumber: "+919876543210",
          monthlyRevenue: "0-10L/month",
          growthChallenge: "x",
        }),
      ),
    ).toMatch(/leads_name_valid/);
    expect(await refused(() => handle.db.insert(testimonials).values({ clientName: "A", company: "B", content: "C", rating: 6 }))).toMatch(
      /testimonials_rating_range/,
    );
    expect(await refused(() => handle.db.insert(testimonials).values({ clientName: "A", company: "B", content: "C", rating: 0 }))).toMatch(
      /testimonials_rating_range/,
    );
    expect(await refused(() => handle.db.insert(blogPosts).values({ title: "T", slug: "Bad Slug!", content: "x" }))).toMatch(/blog_posts_slug_valid/);
    expect(await refused(() => handle.db.insert(blogPosts).values({ title: "T", slug: "defaults-check", content: "x" }))).toMatch(
      /blog_posts_slug_key|duplicate/,
    );
    expect(
      await refused(() =>
        handle.db.insert(caseStudies).values({ title: "T", slug: "t-metrics", companyName: "C", metrics: ["a"] as unknown as Record<string, string> }),
      ),
    ).toMatch(/case_studies_metrics_object/);
    expect(await refused(() => handle.db.insert(blogPosts).values({ title: "T", slug: "long-meta", content: "x", metaTitle: "m".repeat(61) }))).toMatch(
      /blog_posts_meta_title_valid/,
    );
  });
});
