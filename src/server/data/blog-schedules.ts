import "server-only";
import { and, isNotNull, lte, sql } from "drizzle-orm";
import { db, type Database } from "../db/client";
import { blogPosts } from "../db/schema";

export interface ScheduleChanges {
  published: string[];
  unpublished: string[];
}

/**
 * Flips every post whose "Publish at" or "Unpublish at" has come (docs/decisions/0040). Each flip
 * is one UPDATE ... WHERE still due RETURNING that clears the time it acted on: of several server
 * processes ticking at once, the row lock lets one of them make each change and the others find it
 * no longer due. Publishing runs first, so that a post whose both times passed while no server ran
 * ends as a draft. The timed job that calls it is in src/server/jobs/scheduled-publishing.ts.
 */
export async function applyDueSchedules(database: Database = db()): Promise<ScheduleChanges> {
  const published = await database
    .update(blogPosts)
    .set({ published: true, publishAt: null, updatedAt: sql`now()` })
    .where(and(isNotNull(blogPosts.publishAt), lte(blogPosts.publishAt, sql`now()`)))
    .returning({ slug: blogPosts.slug });
  const unpublished = await database
    .update(blogPosts)
    .set({ published: false, unpublishAt: null, updatedAt: sql`now()` })
    .where(and(isNotNull(blogPosts.unpublishAt), lte(blogPosts.unpublishAt, sql`now()`)))
    .returning({ slug: blogPosts.slug });
  return { published: published.map((r) => r.slug), unpublished: unpublished.map((r) => r.slug) };
}
