import "server-only";
import { and, inArray, isNotNull, lte, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { db, type Database, type Transaction } from "../../kernel/db/client";
import { blogPosts, type BlogPost } from "../../kernel/db/schema";
import { recordActivityMany } from "../../kernel/activity/activity";

export interface ScheduleChanges {
  published: string[];
  unpublished: string[];
}

const publishDue = and(isNotNull(blogPosts.publishAt), lte(blogPosts.publishAt, sql`now()`));
const unpublishDue = and(isNotNull(blogPosts.unpublishAt), lte(blogPosts.unpublishAt, sql`now()`));

/** The activity trail's actions of the job's changes (docs/decisions/0040): no member made them. */
export const SCHEDULE_ACTIONS = { publish: "schedule.publish", unpublish: "schedule.unpublish" } as const;

/**
 * One kind of flip in `tx`: the due rows locked (FOR UPDATE: a process that waited for another's
 * flip finds them no longer due), changed, and each change recorded in the activity trail with no
 * actor ("published on schedule"), which queues its webhook event in the same transaction
 * (post.published / post.unpublished, docs/decisions/0057).
 */
async function flip(tx: Transaction, due: typeof publishDue, set: PgUpdateSetSource<typeof blogPosts>, action: string): Promise<string[]> {
  const before = await tx.select().from(blogPosts).where(due).for("update");
  if (before.length === 0) return [];
  const after: BlogPost[] = await tx
    .update(blogPosts)
    .set({ ...set, updatedAt: sql`now()` })
    .where(
      inArray(
        blogPosts.id,
        before.map((r) => r.id),
      ),
    )
    .returning();
  const was = new Map(before.map((r) => [r.id, r]));
  await recordActivityMany(
    after.map((row) => ({ action, actor: null, headers: null, table: "blog_posts", recordId: row.id, before: was.get(row.id) ?? null, after: row })),
    tx,
  );
  return after.map((r) => r.slug);
}

/**
 * Flips every post whose "Publish at" or "Unpublish at" has come (docs/decisions/0040), clearing the
 * time it acted on. Of several server processes ticking at once, the row locks let one of them make
 * each change and the others find it no longer due. Publishing runs first, so that a post whose both
 * times passed while no server ran ends as a draft. The timed job that calls it is in
 * src/server/content/scheduled-publishing.ts; it asks every second, so the transaction is opened only
 * when a cheap look finds something due.
 */
export async function applyDueSchedules(database: Database = db()): Promise<ScheduleChanges> {
  const [anyDue] = await database
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(sql`(${publishDue}) or (${unpublishDue})`)
    .limit(1);
  if (!anyDue) return { published: [], unpublished: [] };
  return database.transaction(async (tx) => {
    // The moment it goes live is its date (the article, the lists, the feed), unless it went live before.
    const published = await flip(
      tx,
      publishDue,
      { published: true, publishAt: null, publishedAt: sql`coalesce(${blogPosts.publishedAt}, now())` },
      SCHEDULE_ACTIONS.publish,
    );
    const unpublished = await flip(tx, unpublishDue, { published: false, unpublishAt: null }, SCHEDULE_ACTIONS.unpublish);
    return { published, unpublished };
  });
}
