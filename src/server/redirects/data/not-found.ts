import "server-only";
import { and, desc, eq, gt, gte, lt, sql } from "drizzle-orm";
import { CONTENT_DESK } from "@/lib/admin-tables/definition";
import { dashboardHref } from "@/lib/routes";
import { db, type Executor } from "../../kernel/db/client";
import { notFoundPaths, type NotFoundPathRow } from "../../kernel/db/schema";
import { runOnce } from "../../kernel/jobs/data/job-runs";
import { EVERY_HOUR, type TimedJob } from "../../kernel/jobs/jobs";
import { composeMail } from "../../kernel/mail/compose";
import { enqueueMail } from "../../kernel/mail/mail";
import { requireRole } from "../../kernel/session/auth-guard";
import { ownerEmails } from "../../kernel/session/data/profiles";
import { siteConfig } from "../../kernel/site-config";
import type { NotFoundBatchRow } from "../../kernel/bridge";
import { log } from "../../kernel/log";

// The 404 monitor (docs/decisions/0097-not-found-monitor.md): the public addresses that answered 404
// to a person's browser, counted by the host and written here in batches, listed on the Redirects
// screen with a way to redirect each, and the week's new ones that other sites link to mailed to
// the owners. The table is bounded: NOT_FOUND_MAX_PATHS paths at most (a scanner trying thousands
// of addresses fills it once, then only known paths are counted), each kept NOT_FOUND_KEEP_DAYS
// after it was last seen.

export const NOT_FOUND_MAX_PATHS = 5_000;
export const NOT_FOUND_KEEP_DAYS = 90;
/** The screen lists the most hit paths, this many. */
export const NOT_FOUND_LISTED = 200;
/** The digest names this many of the week's new paths, the most linked first. */
const DIGEST_ROWS = 20;

/**
 * Adds a batch of counts: known paths add to their row; a new path gets a row while the table holds
 * fewer than NOT_FOUND_MAX_PATHS (checked in the same statement, so the bound holds without a lock
 * up to one batch over when two processes write at once).
 */
export async function recordNotFoundHits(batch: readonly NotFoundBatchRow[], exec: Executor = db()): Promise<void> {
  if (batch.length === 0) return;
  const rows = sql.join(
    batch.map(
      (h) =>
        sql`(${h.path}::text, ${h.hits}::bigint, ${h.referredHits}::bigint, ${h.referrerHost}::text, ${h.firstAt.toISOString()}::timestamptz, ${h.lastAt.toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  await exec.execute(sql`
    insert into ${notFoundPaths} (path, hits, referred_hits, referrer_host, first_seen_at, last_seen_at)
    select v.path, v.hits, v.referred, v.host, v.first_at, v.last_at
    from (values ${rows}) as v(path, hits, referred, host, first_at, last_at)
    where exists (select 1 from ${notFoundPaths} n where n.path = v.path)
       or (select count(*) from ${notFoundPaths}) < ${NOT_FOUND_MAX_PATHS}
    on conflict (path) do update set
      hits = ${notFoundPaths.hits} + excluded.hits,
      referred_hits = ${notFoundPaths.referredHits} + excluded.referred_hits,
      referrer_host = coalesce(excluded.referrer_host, ${notFoundPaths.referrerHost}),
      first_seen_at = least(${notFoundPaths.firstSeenAt}, excluded.first_seen_at),
      last_seen_at = greatest(${notFoundPaths.lastSeenAt}, excluded.last_seen_at)`);
}

/** The Redirects screen's list of addresses not found: the content desk's to read, the most hit first. */
export async function listNotFound(exec: Executor = db()): Promise<NotFoundPathRow[]> {
  await requireRole(CONTENT_DESK.read);
  return exec.select().from(notFoundPaths).orderBy(desc(notFoundPaths.hits), desc(notFoundPaths.lastSeenAt)).limit(NOT_FOUND_LISTED);
}

/** A path now redirected (or dismissed) leaves the list, in the caller's transaction. */
export async function forgetNotFound(tx: Executor, path: string): Promise<boolean> {
  const removed = await tx.delete(notFoundPaths).where(eq(notFoundPaths.path, path)).returning({ path: notFoundPaths.path });
  return removed.length > 0;
}

/** Paths not seen for `keepDays`: removed, however often they were hit before. */
export async function pruneNotFound(keepDays = NOT_FOUND_KEEP_DAYS, now = new Date(), exec: Executor = db()): Promise<number> {
  const before = new Date(now.getTime() - keepDays * 86_400_000);
  const removed = await exec.delete(notFoundPaths).where(lt(notFoundPaths.lastSeenAt, before)).returning({ path: notFoundPaths.path });
  return removed.length;
}

/** The paths first seen in the week before `now` that another site linked to: what the weekly digest names. */
export async function newLinkedNotFound(now = new Date(), exec: Executor = db()): Promise<NotFoundPathRow[]> {
  const since = new Date(now.getTime() - 7 * 86_400_000);
  return exec
    .select()
    .from(notFoundPaths)
    .where(and(gte(notFoundPaths.firstSeenAt, since), gt(notFoundPaths.referredHits, 0)))
    .orderBy(desc(notFoundPaths.referredHits), desc(notFoundPaths.hits))
    .limit(DIGEST_ROWS);
}

/** The ISO week of `date` ("2026-W48"): the digest's run key, so each week's goes once. */
export function isoWeek(date: Date): string {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, "0")}`;
}

/**
 * Once a week (the first round of each ISO week, across the processes): the owners are mailed the
 * week's new 404s that other sites link to, with how often each was followed. No mail when there is
 * none, or no verified owner to send it to.
 */
export async function sendNotFoundDigest(now = new Date()): Promise<boolean> {
  // Read before the claim's transaction: the embedded database has one connection, which that
  // transaction holds until it ends.
  const owners = await ownerEmails();
  return runOnce("not-found-digest", isoWeek(now), async (tx) => {
    const rows = await newLinkedNotFound(now, tx);
    if (rows.length === 0 || owners.length === 0) return;
    const site = siteConfig();
    const plural = rows.length === 1 ? "address" : "addresses";
    const mail = composeMail({
      subject: `${rows.length} new ${plural} not found, linked from other sites`,
      heading: "Links to pages that do not exist",
      paragraphs: [
        `Visitors followed links from other sites or search results to ${rows.length === 1 ? "an address" : "these addresses"} of ${site.name} this week, and found nothing. A redirect to the right page keeps them, and the ranking the link brings.`,
      ],
      rows: rows.map((r) => [r.path, `${r.referredHits} from other sites${r.referrerHost ? ` (last: ${r.referrerHost})` : ""}, ${r.hits} in all`] as const),
      button: { label: "Redirect them", url: `${site.url}${dashboardHref("redirects")}#not-found` },
      footer: ["You get this mail as an owner of the site, once a week when there is something new."],
    });
    await enqueueMail(tx, { kind: "not-found-digest", recipients: owners, ...mail });
    log("info", "404 digest queued", { event: "not-found.digest", paths: rows.length, owners: owners.length });
  });
}

/** The monitor's housekeeping, hourly: the week's digest once, and the paths past keeping once a day. */
export const notFoundJob: TimedJob = {
  name: "not-found-monitor",
  cron: EVERY_HOUR,
  run: async () => {
    await sendNotFoundDigest();
    await runOnce("not-found-retention", new Date().toISOString().slice(0, 10), async (tx) => {
      const removed = await pruneNotFound(NOT_FOUND_KEEP_DAYS, new Date(), tx);
      if (removed) log("info", "404 monitor pruned", { event: "not-found.pruned", removed });
    });
  },
};
