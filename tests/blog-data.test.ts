import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { sampleBlogPosts } from "@/content/sample-blog-posts";
import {
  getPublishedPost,
  listFeaturedPosts,
  listPostSitemapEntries,
  listPostsForFeed,
  listPublishedPostSummaries,
  listRelatedPosts,
} from "@/server/content/data/blog-posts";
import { countShares, isShareNetwork, recordShare, SHARE_LIMIT } from "@/server/content/data/blog-shares";
import { prepareDatabase } from "@/server/kernel/db/prepare";
import { blogPosts, blogShares } from "@/server/kernel/db/schema";
import { setUpTestDatabase } from "./helpers/test-db";

const handle = setUpTestDatabase();

const published = sampleBlogPosts.filter((p) => p.published);
const draft = sampleBlogPosts.find((p) => !p.published)!;

beforeAll(async () => {
  await prepareDatabase(handle);
});

/** A post of this test's own, so that no test depends on another's changes to the samples. */
async function insertPost(values: Partial<typeof blogPosts.$inferInsert> & { slug: string }) {
  const [row] = await handle.db
    .insert(blogPosts)
    .values({ title: values.slug, content: "<p>Body</p>", published: true, ...values })
    .returning();
  return row!;
}

describe("listing reads", () => {
  it("summaries list exactly the published posts, newest first, without content", async () => {
    const summaries = await listPublishedPostSummaries();
    expect(new Set(summaries.map((p) => p.slug))).toEqual(new Set(published.map((p) => p.slug)));
    const times = summaries.map((p) => p.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(summaries[0]).not.toHaveProperty("content");
  });

  it("featured: published and featured only, newest first, at most 3", async () => {
    const featured = await listFeaturedPosts();
    const expected = published
      .filter((p) => p.featured)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .slice(0, 3)
      .map((p) => p.slug);
    expect(featured.map((p) => p.slug)).toEqual(expected);
    // A featured draft never shows.
    await handle.db.update(blogPosts).set({ featured: true }).where(eq(blogPosts.slug, draft.slug));
    expect((await listFeaturedPosts()).map((p) => p.slug)).not.toContain(draft.slug);
    await handle.db.update(blogPosts).set({ featured: false }).where(eq(blogPosts.slug, draft.slug));
  });

  it("a single post is found only when published, and malformed slugs do not reach the database", async () => {
    expect((await getPublishedPost(published[0]!.slug))?.title).toBe(published[0]!.title);
    expect(await getPublishedPost(draft.slug)).toBeUndefined();
    expect(await getPublishedPost("no-such-post")).toBeUndefined();
    expect(await getPublishedPost("Bad Slug'; drop table blog_posts; --")).toBeUndefined();
    expect(await getPublishedPost("x".repeat(500))).toBeUndefined();
  });
});

describe("related posts", () => {
  it("are other published posts sharing a tag, at most 3, never drafts", async () => {
    for (const sample of published) {
      const post = (await getPublishedPost(sample.slug))!;
      const related = await listRelatedPosts(post);
      expect(related.length, sample.slug).toBeGreaterThan(0);
      expect(related.length).toBeLessThanOrEqual(3);
      for (const r of related) {
        expect(r.id).not.toBe(post.id);
        expect(r.published).toBe(true);
        expect(r.tags.some((t) => post.tags.includes(t))).toBe(true);
      }
    }
  });

  it("are none for a post without tags", async () => {
    const post = await insertPost({ slug: "untagged-post", tags: [] });
    expect(await listRelatedPosts(post)).toEqual([]);
  });
});

describe("feed and sitemap reads", () => {
  it("carry published posts only, with what they need", async () => {
    const feed = await listPostsForFeed();
    expect(feed.every((p) => p.published)).toBe(true);
    expect(feed.map((p) => p.slug)).not.toContain(draft.slug);
    for (const sample of published) expect(feed.find((p) => p.slug === sample.slug)?.content).toBe(sample.content);
    const entries = await listPostSitemapEntries();
    expect(entries.map((e) => e.slug)).toEqual(feed.map((p) => p.slug));
    expect(entries.every((e) => e.updatedAt instanceof Date)).toBe(true);
    expect(await listPostsForFeed(2)).toHaveLength(2);
  });
});

describe("share counts", () => {
  it("accept only the three networks", () => {
    expect(["twitter", "facebook", "linkedin"].every(isShareNetwork)).toBe(true);
    for (const other of ["whatsapp", "Twitter", "", null, 1]) expect(isShareNetwork(other)).toBe(false);
  });

  it("count one row per recorded use, per post", async () => {
    const post = await insertPost({ slug: "shared-post" });
    const other = await insertPost({ slug: "other-shared-post" });
    expect(await countShares(post.id)).toBe(0);
    expect(await recordShare("shared-post", "twitter", "10.0.0.1")).toEqual({ ok: true, count: 1 });
    expect(await recordShare("shared-post", "linkedin", "10.0.0.2")).toEqual({ ok: true, count: 2 });
    expect(await recordShare("other-shared-post", "facebook", "10.0.0.1")).toEqual({ ok: true, count: 1 });
    expect(await countShares(post.id)).toBe(2);
    expect(await countShares(other.id)).toBe(1);
  });

  it("record nothing for drafts and unknown posts", async () => {
    const before = await handle.db.select({ n: sql<number>`count(*)::int` }).from(blogShares);
    expect(await recordShare(draft.slug, "twitter", "10.0.0.3")).toEqual({ ok: false, reason: "not-found" });
    expect(await recordShare("no-such-post", "twitter", "10.0.0.3")).toEqual({ ok: false, reason: "not-found" });
    const after = await handle.db.select({ n: sql<number>`count(*)::int` }).from(blogShares);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it("stop counting one visitor's repeats on one post after the limit, but not other visitors'", async () => {
    const post = await insertPost({ slug: "spammed-post" });
    for (let i = 0; i < SHARE_LIMIT.max; i++) {
      expect((await recordShare("spammed-post", "twitter", "10.9.9.9")).ok).toBe(true);
    }
    expect(await recordShare("spammed-post", "twitter", "10.9.9.9")).toEqual({
      ok: false,
      reason: "rate-limited",
      count: SHARE_LIMIT.max,
    });
    expect(await recordShare("spammed-post", "twitter", "10.8.8.8")).toEqual({ ok: true, count: SHARE_LIMIT.max + 1 });
    expect(await countShares(post.id)).toBe(SHARE_LIMIT.max + 1);
  });
});
