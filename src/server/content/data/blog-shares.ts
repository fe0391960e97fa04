import "server-only";
import { and, count, eq, sql } from "drizzle-orm";
import { db } from "../../kernel/db/client";
import { blogPosts, blogShares, rateLimits, SHARE_NETWORKS, type ShareNetwork } from "../../kernel/db/schema";
import { getPublishedPost } from "./blog-posts";

export function isShareNetwork(value: unknown): value is ShareNetwork {
  return typeof value === "string" && (SHARE_NETWORKS as readonly string[]).includes(value);
}

/** How many times this post's share buttons were really used: the count shown is never made up. */
export async function countShares(postId: string): Promise<number> {
  const [row] = await db().select({ n: count() }).from(blogShares).where(eq(blogShares.postId, postId));
  return row?.n ?? 0;
}

/**
 * One visitor may record this many shares of one post per window: enough for every button and a
 * second thought, too few for a script to inflate the number that the page shows.
 */
export const SHARE_LIMIT = { max: 6, windowSeconds: 600 };

/** Fixed-window counter in the shared rate_limits table; true while the key is within its limit. */
async function takeShareAllowance(key: string): Promise<boolean> {
  const window = sql`make_interval(secs => ${SHARE_LIMIT.windowSeconds})`;
  const [row] = await db()
    .insert(rateLimits)
    .values({ key, windowStart: sql`now()`, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} <= now() - ${window} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} <= now() - ${window} then now() else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ count: rateLimits.count });
  return (row?.count ?? 1) <= SHARE_LIMIT.max;
}

export type RecordShareResult =
  | { ok: true; count: number }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "rate-limited"; count: number };

/**
 * Records one use of a share button on a published post. `visitor` identifies the sender for the
 * rate limit (an IP address); drafts and unknown slugs record nothing.
 */
export async function recordShare(slug: string, network: ShareNetwork, visitor: string): Promise<RecordShareResult> {
  const post = await getPublishedPost(slug);
  if (!post) return { ok: false, reason: "not-found" };
  if (!(await takeShareAllowance(`blog-share:${post.id}:${visitor}`))) {
    return { ok: false, reason: "rate-limited", count: await countShares(post.id) };
  }
  // The insert re-checks that the post is still published, in the same statement.
  await db().execute(sql`
    insert into ${blogShares} (post_id, network)
    select ${blogPosts.id}, ${network} from ${blogPosts}
    where ${and(eq(blogPosts.id, post.id), eq(blogPosts.published, true))}`);
  return { ok: true, count: await countShares(post.id) };
}
