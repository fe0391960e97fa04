import "server-only";
import { and, asc, desc, eq, inArray, lt, notInArray, or, sql } from "drizzle-orm";
import { CONTENT_DESK } from "@/lib/admin-tables/definition";
import { writingRoomHref } from "@/lib/routes";
import { SITE_TIME_ZONE } from "@/lib/site-time";
import { recordActivity } from "../../kernel/activity/activity";
import { db, type Database, type Executor } from "../../kernel/db/client";
import { blogPosts, linkCheckFindings, linkCheckRuns, type LinkCheckFindingRow, type LinkCheckRunRow } from "../../kernel/db/schema";
import { EVERY_HOUR, oncePer, type TimedJob } from "../../kernel/jobs/jobs";
import { enqueue, type JobDefinition } from "../../kernel/jobs/queue";
import { log } from "../../kernel/log";
import { requireRole } from "../../kernel/session/auth-guard";
import { checkSite, type LinkCheckSettings } from "../link-checker";

// The link checker's runs and findings (docs/decisions/0098-link-checker.md). A check is asked for
// by "Check links now" or the daily tick: a queued run row and its job on the queue, in one
// transaction. The job walks the site and replaces the run's findings whole. One check is queued or
// running at a time; asking again meanwhile only records who asked. The last RUNS_KEPT runs are kept.

export const LINK_CHECK_JOB = "links.check";
/** Runs kept, with their findings: the screen shows the last one that ended. */
export const RUNS_KEPT = 5;
/** A run still "running" this long after its start lost its process: it is marked failed. */
const STALE_MS = 2 * 3_600_000;
/** Findings stored per run at most (a broken footer link repeats on every page). */
const FINDINGS_KEPT = 5_000;

export type LinkCheckRequest = { queued: true; runId: number } | { queued: false; runId: number; status: "queued" | "running" };

/**
 * Asks for a check, in `tx`: a queued run and its job, or, when one is queued or running already,
 * that run marked as asked for again (by `requestedBy`, now).
 */
export async function requestLinkCheck(tx: Executor, requestedBy: string | null, now = new Date()): Promise<LinkCheckRequest> {
  // Asked at once (two members, or a member and the tick): one after the other, so the second finds
  // the first's queued run instead of queuing a run whose job the queue would drop as a duplicate.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('link_check_runs'))`);
  await tx
    .update(linkCheckRuns)
    .set({ status: "failed", finishedAt: now, error: "the check stopped with its server process" })
    .where(and(eq(linkCheckRuns.status, "running"), lt(linkCheckRuns.startedAt, new Date(now.getTime() - STALE_MS))));
  const [pending] = await tx
    .update(linkCheckRuns)
    // The daily tick (no one) does not hide the member who asked.
    .set(requestedBy ? { requestedBy, requestedAt: now } : { requestedAt: now })
    .where(inArray(linkCheckRuns.status, ["queued", "running"]))
    .returning({ id: linkCheckRuns.id, status: linkCheckRuns.status });
  if (pending) return { queued: false, runId: pending.id, status: pending.status as "queued" | "running" };
  const [run] = await tx.insert(linkCheckRuns).values({ requestedBy, requestedAt: now }).returning({ id: linkCheckRuns.id });
  await enqueue(LINK_CHECK_JOB, { runId: run!.id }, { key: "site" }, tx);
  return { queued: true, runId: run!.id };
}

/** "Check links now" by a member of the content desk: the request and its activity row, in one transaction. */
export async function askForLinkCheck(actor: { id: string; email: string }, database: Database = db()): Promise<LinkCheckRequest> {
  return database.transaction(async (tx) => {
    const asked = await requestLinkCheck(tx, actor.id);
    await recordActivity({ action: "links.check", actor, table: "link_check_runs", recordId: String(asked.runId), before: null, after: null }, tx);
    return asked;
  });
}

/**
 * Runs the check of run `runId`: marks it running, walks the site, and stores its findings and
 * counts (or its failure) when it ends. Returns false when the run is not waiting (already done).
 */
export async function runLinkCheck(runId: number, settings: Partial<LinkCheckSettings> = {}, exec: Database = db()): Promise<boolean> {
  const started = await exec
    .update(linkCheckRuns)
    .set({ status: "running", startedAt: new Date() })
    .where(and(eq(linkCheckRuns.id, runId), inArray(linkCheckRuns.status, ["queued", "running"])))
    .returning({ id: linkCheckRuns.id });
  if (started.length === 0) return false;
  try {
    const result = await checkSite(settings);
    const findings = result.findings.slice(0, FINDINGS_KEPT);
    await exec.transaction(async (tx) => {
      await tx.delete(linkCheckFindings).where(eq(linkCheckFindings.runId, runId));
      for (let i = 0; i < findings.length; i += 500) {
        await tx.insert(linkCheckFindings).values(findings.slice(i, i + 500).map((f) => ({ ...f, runId })));
      }
      await tx
        .update(linkCheckRuns)
        .set({ status: "done", finishedAt: new Date(), pages: result.pages, links: result.links, findings: result.findings.length })
        .where(eq(linkCheckRuns.id, runId));
      await pruneRuns(tx);
    });
    log("info", "link check done", { event: "links.checked", runId, pages: result.pages, links: result.links, findings: result.findings.length });
  } catch (error) {
    const message = (error as Error).message.slice(0, 500);
    await exec.update(linkCheckRuns).set({ status: "failed", finishedAt: new Date(), error: message }).where(eq(linkCheckRuns.id, runId));
    log("warn", "link check failed", { event: "links.check-failed", runId, error: message });
  }
  return true;
}

/** The runs past the last RUNS_KEPT, with their findings (the foreign key cascades). */
async function pruneRuns(tx: Executor): Promise<void> {
  const kept = tx.select({ id: linkCheckRuns.id }).from(linkCheckRuns).orderBy(desc(linkCheckRuns.id)).limit(RUNS_KEPT);
  await tx.delete(linkCheckRuns).where(notInArray(linkCheckRuns.id, kept));
}

export interface LinkCheckPage {
  page: string;
  /** Where the page is written: a post's writing room, or null for the site's fixed pages. */
  editHref: string | null;
  findings: LinkCheckFindingRow[];
}

export interface LinkCheckReport {
  /** A check queued or running now. */
  pending: Pick<LinkCheckRunRow, "id" | "status" | "requestedAt" | "startedAt"> | null;
  /** The last check that ended (done or failed). */
  last: LinkCheckRunRow | null;
  pages: LinkCheckPage[];
}

/** The Redirects screen's link check section: the content desk's to read. */
export async function latestLinkCheck(exec: Executor = db()): Promise<LinkCheckReport> {
  await requireRole(CONTENT_DESK.read);
  const [pending] = await exec
    .select({ id: linkCheckRuns.id, status: linkCheckRuns.status, requestedAt: linkCheckRuns.requestedAt, startedAt: linkCheckRuns.startedAt })
    .from(linkCheckRuns)
    .where(inArray(linkCheckRuns.status, ["queued", "running"]))
    .limit(1);
  const [last] = await exec
    .select()
    .from(linkCheckRuns)
    .where(or(eq(linkCheckRuns.status, "done"), eq(linkCheckRuns.status, "failed")))
    .orderBy(desc(linkCheckRuns.id))
    .limit(1);
  if (!last) return { pending: pending ?? null, last: null, pages: [] };
  const rows = await exec
    .select()
    .from(linkCheckFindings)
    .where(eq(linkCheckFindings.runId, last.id))
    .orderBy(asc(linkCheckFindings.page), desc(linkCheckFindings.inMain), asc(linkCheckFindings.id));
  const slugs = [...new Set(rows.map((r) => /^\/blog\/([^/?#]+)$/.exec(r.page)?.[1]).filter((s): s is string => Boolean(s)))].map((s) => decodeURIComponent(s));
  const posts = slugs.length ? await exec.select({ id: blogPosts.id, slug: blogPosts.slug }).from(blogPosts).where(inArray(blogPosts.slug, slugs)) : [];
  const postBySlug = new Map(posts.map((p) => [p.slug, p.id]));
  const pages = new Map<string, LinkCheckPage>();
  for (const row of rows) {
    let entry = pages.get(row.page);
    if (!entry) {
      const slug = /^\/blog\/([^/?#]+)$/.exec(row.page)?.[1];
      const postId = slug ? postBySlug.get(decodeURIComponent(slug)) : undefined;
      entry = { page: row.page, editHref: postId ? writingRoomHref("posts", postId) : null, findings: [] };
      pages.set(row.page, entry);
    }
    entry.findings.push(row);
  }
  return { pending: pending ?? null, last, pages: [...pages.values()] };
}

/** The queue's job: one check at a time across the processes, an hour's lease, tried once more if its process died. */
export function linkCheckJob(settings: Partial<LinkCheckSettings> = {}): JobDefinition<{ runId: number }> {
  return {
    name: LINK_CHECK_JOB,
    policy: "exclusive",
    leaseSeconds: 3_600,
    retry: { limit: 1, delaySeconds: 60 },
    handler: async ({ runId }) => {
      await runLinkCheck(runId, settings);
    },
  };
}

/**
 * The hour of the night, in the site's time zone, when the daily check is asked for: the site is at
 * its quietest, and a server's start (which ticks every timed job once) does not walk the whole site
 * while it warms up. A day no server runs at that hour has no check; "Check links now" stays.
 */
export const LINK_CHECK_HOUR = 3;
const siteHour = (now: Date) => Number(new Intl.DateTimeFormat("en-US", { timeZone: SITE_TIME_ZONE, hour: "2-digit", hourCycle: "h23" }).format(now));

/** The daily check: the tick of LINK_CHECK_HOUR asks for one (as "Check links now" does), once a day. */
export const linkCheckTick: TimedJob = {
  name: "link-check",
  cron: EVERY_HOUR,
  run: async () => {
    if (siteHour(new Date()) !== LINK_CHECK_HOUR) return;
    await oncePer("day", "link-check", async (tx) => {
      const asked = await requestLinkCheck(tx, null);
      if (asked.queued) log("info", "daily link check queued", { event: "links.check-queued", runId: asked.runId });
    })();
  },
};

/** Rows of a run's findings, for tests and the screen's counts. */
export async function findingsOf(runId: number, exec: Executor = db()): Promise<LinkCheckFindingRow[]> {
  return exec.select().from(linkCheckFindings).where(eq(linkCheckFindings.runId, runId)).orderBy(asc(linkCheckFindings.id));
}
