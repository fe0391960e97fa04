import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { mediaUrl } from "@/lib/url-safety";
import { blogPosts, caseStudies, media } from "@/server/kernel/db/schema";
import { setUpTestDatabase } from "./helpers/test-db";

// Deleting a library image while a case study or post starts to show it (docs/decisions/0048): the
// delete searches for uses and then deletes, so a save in between would leave a page with a broken
// image. On PostgreSQL the two are interleaved on purpose: the activity table is locked from a third
// connection, so each transaction stops at its activity row (after its own reads and writes, before
// its commit) until the test lets both go. PGlite has one connection: there the two run side by side.

vi.mock("server-only", () => ({}));
vi.mock("next/cache", () => ({ revalidatePath: () => {}, revalidateTag: () => {}, updateTag: () => {} }));
vi.mock("next/headers", () => ({ headers: async () => new Headers(), cookies: async () => ({ get: () => undefined, set: () => {}, getAll: () => [] }) }));
vi.mock("@/server/kernel/session/auth-guard", async (original) => ({
  ...(await original<typeof import("@/server/kernel/session/auth-guard")>()),
  requireRole: async () => ({ id: "race-editor", email: "editor@race.test", name: "Editor", emailVerified: true, twoFactorEnabled: false, role: "editor" }),
}));

const { deleteRecord, updateRecord } = await import("@/server/dashboard/data/admin-records");
const { caseStudiesTable } = await import("@/lib/admin-tables/case-studies");
const { mediaTable } = await import("@/lib/admin-tables/media");
const { blogPostsTable } = await import("@/lib/admin-tables/blog-posts");

const handle = setUpTestDatabase();
const NAME = "0123456789abcdef0123456789abcdef.png";
let mediaId: string;
let studyId: string;
let postId: string;

/** A third connection on PostgreSQL (null on PGlite). */
let locker: pg.Client | null = null;

beforeAll(async () => {
  const name = /postgres \((test_[0-9a-f]+)\)/.exec(handle.label)?.[1];
  if (name) {
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${name}`;
    locker = new pg.Client({ connectionString: url.toString() });
    await locker.connect();
  }
});
afterAll(async () => {
  await locker?.end();
});
beforeEach(async () => {
  await handle.db.execute(sql`truncate media, blog_posts, case_studies cascade`);
  mediaId = (await handle.db.insert(media).values({ name: NAME, contentType: "image/png", width: 10, height: 10, bytes: 100 }).returning({ id: media.id }))[0]!
    .id;
  studyId = (
    await handle.db
      .insert(caseStudies)
      .values({
        title: "Doubling repeat orders",
        slug: "doubling-repeat-orders",
        companyName: "Chai Co",
        challenge: "c",
        solution: "s",
        results: "r",
        metrics: {},
      })
      .returning({ id: caseStudies.id })
  )[0]!.id;
  postId = (
    await handle.db
      .insert(blogPosts)
      .values({ slug: "race-post", title: "Race post", content: "<p>Words.</p>", published: true })
      .returning({ id: blogPosts.id })
  )[0]!.id;
});

async function waiting(count: number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const { rows } = await locker!.query<{ n: number }>("select count(*)::int as n from pg_locks where not granted");
    if (rows[0]!.n >= count) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`fewer than ${count} transactions came to wait`);
}

/** Runs `first`, lets it stop before its commit, then `second`, then lets both go. */
async function interleave<A, B>(first: () => Promise<A>, second: () => Promise<B>): Promise<[PromiseSettledResult<A>, PromiseSettledResult<B>]> {
  if (!locker) return Promise.allSettled([first(), second()]) as Promise<[PromiseSettledResult<A>, PromiseSettledResult<B>]>;
  await locker.query("begin");
  await locker.query("lock table audit_events in exclusive mode");
  const a = first();
  a.catch(() => {});
  await waiting(1);
  const b = second();
  b.catch(() => {});
  await waiting(2);
  await locker.query("commit");
  return [await Promise.allSettled([a]).then((r) => r[0]!), await Promise.allSettled([b]).then((r) => r[0]!)];
}

const studyData = (imageUrl: string | null) => ({
  title: "Doubling repeat orders",
  companyName: "Chai Co",
  challenge: "c",
  solution: "s",
  results: "r",
  metrics: {},
  imageUrl,
});

async function state() {
  const [row] = await handle.db.select().from(media).where(eq(media.id, mediaId));
  const [study] = await handle.db.select({ imageUrl: caseStudies.imageUrl }).from(caseStudies).where(eq(caseStudies.id, studyId));
  const [post] = await handle.db.select({ content: blogPosts.content }).from(blogPosts).where(eq(blogPosts.id, postId));
  return { inLibrary: Boolean(row), studyShows: study!.imageUrl === mediaUrl(NAME), postShows: post!.content.includes(mediaUrl(NAME)) };
}

describe("deleting a library image while it is being put to use", () => {
  it("a cover saved first: the delete that comes during the save is refused", async () => {
    const [saved, deleted] = await interleave(
      () => updateRecord(caseStudiesTable, studyId, studyData(mediaUrl(NAME))),
      () => deleteRecord(mediaTable, mediaId),
    );
    expect(saved).toMatchObject({ status: "fulfilled", value: { kind: "done" } });
    expect(deleted.status).toBe("fulfilled");
    expect((deleted as PromiseFulfilledResult<unknown>).value).toMatchObject({ refused: expect.stringContaining("Doubling repeat orders") });
    expect(await state()).toMatchObject({ inLibrary: true, studyShows: true });
  });

  it("a delete first: the cover saved during the delete is refused beside its field", async () => {
    const [deleted, saved] = await interleave(
      () => deleteRecord(mediaTable, mediaId),
      () => updateRecord(caseStudiesTable, studyId, studyData(mediaUrl(NAME))),
    );
    expect(deleted).toEqual({ status: "fulfilled", value: true });
    expect(saved.status).toBe(locker ? "rejected" : saved.status);
    const after = await state();
    // Never both: an image gone from the library while a page shows it.
    expect(after.inLibrary || !after.studyShows).toBe(true);
    if (locker) {
      expect((saved as PromiseRejectedResult).reason).toMatchObject({
        name: "FieldError",
        fields: { imageUrl: expect.stringContaining("deleted from the media library") },
      });
      expect(after).toMatchObject({ inLibrary: false, studyShows: false });
    }
  });

  it("an article body saved first: the delete is refused and the post keeps its image", async () => {
    const data = {
      slug: "race-post",
      title: "Race post",
      content: `<p>Words.</p><img src="${mediaUrl(NAME)}" alt="A chart">`,
      authorName: "Kinetic Growth Team",
      tags: [],
      published: true,
      featured: false,
      hiddenFromSearch: false,
      excerpt: null,
      featuredImageUrl: null,
      metaTitle: null,
      metaDescription: null,
      publishAt: null,
      unpublishAt: null,
    };
    const [saved, deleted] = await interleave(
      () => updateRecord(blogPostsTable, postId, data),
      () => deleteRecord(mediaTable, mediaId),
    );
    expect(saved).toMatchObject({ status: "fulfilled", value: { kind: "done" } });
    expect((deleted as PromiseFulfilledResult<unknown>).value).toMatchObject({ refused: expect.stringContaining("Race post") });
    expect(await state()).toMatchObject({ inLibrary: true, postShows: true });
  });
});
