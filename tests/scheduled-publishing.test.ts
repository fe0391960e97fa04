import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { activityEvents, blogPosts } from "@/server/kernel/db/schema";
import { getPublishedPost, listPostSitemapEntries, listPostsForFeed, listPublishedPostSummaries, listRelatedPosts } from "@/server/content/data/blog-posts";
import { applyDueSchedules, SCHEDULE_ACTIONS } from "@/server/content/data/blog-schedules";
import { liveDate } from "@/lib/blog";
import { setUpTestDatabase } from "./helpers/test-db";

const handle = setUpTestDatabase();
beforeEach(async () => {
  await handle.db.execute(sql`delete from blog_posts where slug like 'sched-%'`);
});

const inSeconds = (s: number) => new Date(Date.now() + s * 1000);

async function post(slug: string, values: Partial<typeof blogPosts.$inferInsert>) {
  await handle.db.insert(blogPosts).values({ title: slug, slug, content: "<p>Body</p>", ...values });
}

async function state(slug: string) {
  const [row] = await handle.db.select().from(blogPosts).where(eq(blogPosts.slug, slug));
  return { published: row!.published, publishAt: row!.publishAt, unpublishAt: row!.unpublishAt };
}

describe("applyDueSchedules", () => {
  it("publishes a due draft once and clears its time; leaves future ones", async () => {
    await post("sched-due", { published: false, publishAt: inSeconds(-1) });
    await post("sched-later", { published: false, publishAt: inSeconds(3600) });
    const first = await applyDueSchedules(handle.db);
    expect(first.published).toEqual(["sched-due"]);
    expect(await state("sched-due")).toEqual({ published: true, publishAt: null, unpublishAt: null });
    expect((await state("sched-later")).published).toBe(false);
    // The next round has nothing left to do: the change happened once.
    expect(await applyDueSchedules(handle.db)).toEqual({ published: [], unpublished: [] });
  });

  it("unpublishes a due post", async () => {
    await post("sched-end", { published: true, unpublishAt: inSeconds(-1) });
    expect((await applyDueSchedules(handle.db)).unpublished).toEqual(["sched-end"]);
    expect(await state("sched-end")).toEqual({ published: false, publishAt: null, unpublishAt: null });
  });

  it("leaves a post whose publish and unpublish times both passed as a draft", async () => {
    await post("sched-both", { published: false, publishAt: inSeconds(-20), unpublishAt: inSeconds(-10) });
    const changes = await applyDueSchedules(handle.db);
    expect(changes).toEqual({ published: ["sched-both"], unpublished: ["sched-both"] });
    expect((await state("sched-both")).published).toBe(false);
  });

  it("makes each change once when 10 rounds race (several server processes)", async () => {
    for (let i = 0; i < 5; i++) await post(`sched-race-${i}`, { published: false, publishAt: inSeconds(-1) });
    const rounds = await Promise.all(Array.from({ length: 10 }, () => applyDueSchedules(handle.db)));
    const all = rounds.flatMap((r) => r.published).sort();
    expect(all).toEqual([0, 1, 2, 3, 4].map((i) => `sched-race-${i}`));
  });

  it("publishes a post scheduled a second ahead once its time comes, not before", async () => {
    await post("sched-soon", { published: false, publishAt: inSeconds(1) });
    expect((await applyDueSchedules(handle.db)).published).toEqual([]);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await applyDueSchedules(handle.db)).published).toEqual(["sched-soon"]);
  });

  it("every public read agrees with the schedule: listing, tag, article, related, feed, sitemap", async () => {
    await post("sched-neighbour", { published: true, tags: ["Sched Tag"] });
    await post("sched-public", { published: false, publishAt: inSeconds(-1), tags: ["Sched Tag"] });
    const [neighbour] = await handle.db.select().from(blogPosts).where(eq(blogPosts.slug, "sched-neighbour"));
    const seen = async () => ({
      listing: (await listPublishedPostSummaries()).some((p) => p.slug === "sched-public"),
      tag: (await listPublishedPostSummaries()).some((p) => p.slug === "sched-public" && p.tags.includes("Sched Tag")),
      article: (await getPublishedPost("sched-public")) !== undefined,
      related: (await listRelatedPosts(neighbour!)).some((p) => p.slug === "sched-public"),
      feed: (await listPostsForFeed()).some((p) => p.slug === "sched-public"),
      sitemap: (await listPostSitemapEntries()).some((p) => p.slug === "sched-public"),
    });
    const none = { listing: false, tag: false, article: false, related: false, feed: false, sitemap: false };
    expect(await seen()).toEqual(none);
    await applyDueSchedules(handle.db);
    expect(await seen()).toEqual({ listing: true, tag: true, article: true, related: true, feed: true, sitemap: true });
    await handle.db
      .update(blogPosts)
      .set({ unpublishAt: inSeconds(-1) })
      .where(eq(blogPosts.slug, "sched-public"));
    await applyDueSchedules(handle.db);
    expect(await seen()).toEqual(none);
  });
});

describe("a scheduled publish is recorded and dated when it went live (docs/decisions/0040, 0071)", () => {
  const rowsFor = async (slug: string) => {
    const [row] = await handle.db.select().from(blogPosts).where(eq(blogPosts.slug, slug));
    const events = await handle.db.select().from(activityEvents).where(eq(activityEvents.recordId, row!.id));
    return { row: row!, events };
  };

  it("writes its own activity row, with no member as its actor, and the post's date is the moment it went live", async () => {
    const created = new Date(Date.now() - 3 * 86_400_000);
    await post("sched-dated", { published: false, publishAt: inSeconds(-1), createdAt: created });
    const before = Date.now();
    await applyDueSchedules(handle.db);
    const { row, events } = await rowsFor("sched-dated");
    expect(events.map((e) => [e.action, e.userId, e.tableName])).toEqual([[SCHEDULE_ACTIONS.publish, null, "blog_posts"]]);
    expect(events[0]!.before).toMatchObject({ published: false });
    expect(events[0]!.after).toMatchObject({ published: true, publishAt: null });
    expect(row.publishedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    // The article, the cards and the feed show the moment it went live, not the day it was written.
    expect(liveDate(row).getTime()).toBe(row.publishedAt!.getTime());
    expect(liveDate(row).getTime()).not.toBe(created.getTime());
    const feed = (await listPostsForFeed()).find((p) => p.slug === "sched-dated")!;
    expect(liveDate(feed).toISOString()).toBe(row.publishedAt!.toISOString());
    // Newest first by that date: written three days ago, it leads a post published yesterday.
    await post("sched-older", { published: true, createdAt: new Date(Date.now() - 86_400_000), publishedAt: new Date(Date.now() - 86_400_000) });
    const order = (await listPublishedPostSummaries()).map((p) => p.slug).filter((s) => s === "sched-dated" || s === "sched-older");
    expect(order).toEqual(["sched-dated", "sched-older"]);
  });

  it("an unpublish is recorded too, and publishing again keeps the first date it went live", async () => {
    const first = new Date(Date.now() - 86_400_000);
    await post("sched-again", { published: true, publishedAt: first, unpublishAt: inSeconds(-1) });
    await applyDueSchedules(handle.db);
    await handle.db
      .update(blogPosts)
      .set({ publishAt: inSeconds(-1) })
      .where(eq(blogPosts.slug, "sched-again"));
    await applyDueSchedules(handle.db);
    const { row, events } = await rowsFor("sched-again");
    expect(events.map((e) => e.action)).toEqual([SCHEDULE_ACTIONS.unpublish, SCHEDULE_ACTIONS.publish]);
    expect(row.published).toBe(true);
    expect(row.publishedAt!.toISOString()).toBe(first.toISOString());
  });

  it("a post published before its date was kept shows its creation date", () => {
    const createdAt = new Date("2026-01-02T03:04:05Z");
    expect(liveDate({ createdAt, publishedAt: null })).toBe(createdAt);
  });
});

describe("hide from search engines (docs/decisions/0041)", () => {
  it("keeps the post on the site but out of the feed and the sitemap", async () => {
    await post("sched-hidden", { published: true, hiddenFromSearch: true });
    await post("sched-offered", { published: true });
    const slugs = async () => ({
      listing: (await listPublishedPostSummaries()).map((p) => p.slug),
      feed: (await listPostsForFeed()).map((p) => p.slug),
      sitemap: (await listPostSitemapEntries()).map((p) => p.slug),
    });
    const hidden = await slugs();
    expect(hidden.listing).toEqual(expect.arrayContaining(["sched-hidden", "sched-offered"]));
    expect((await getPublishedPost("sched-hidden"))?.hiddenFromSearch).toBe(true);
    expect(hidden.feed).toContain("sched-offered");
    expect(hidden.feed).not.toContain("sched-hidden");
    expect(hidden.sitemap).toContain("sched-offered");
    expect(hidden.sitemap).not.toContain("sched-hidden");
    await handle.db.update(blogPosts).set({ hiddenFromSearch: false }).where(eq(blogPosts.slug, "sched-hidden"));
    const offered = await slugs();
    expect(offered.feed).toContain("sched-hidden");
    expect(offered.sitemap).toContain("sched-hidden");
  });
});
