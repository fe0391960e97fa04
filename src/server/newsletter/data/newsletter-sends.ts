import "server-only";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { CONTENT_DESK } from "@/lib/admin-tables/definition";
import type { SendStatus } from "@/lib/newsletter";
import { recordActivity } from "../../kernel/activity/activity";
import { requireRole } from "../../kernel/session/auth-guard";
import { sanitizeBlogHtml } from "../../content";
import { enqueueMail } from "../../kernel/mail/mail";
import { db } from "../../kernel/db/client";
import { enqueueCopyBatches, enqueueStart } from "./newsletter-delivery";
import { blogPosts, newsletterClicks, newsletterLinks, newsletterRecipients, newsletterSends, newsletterSubscribers, type NewsletterSend } from "../../kernel/db/schema";

// The newsletter screen's reads and writes (docs/newsletter.md): owners, admins and editors, checked
// here whatever called; every change records its activity row in its transaction (ADR 0037).
// Sending itself is src/server/newsletter/send.ts and ./newsletter-delivery.ts; a move that starts or
// resumes a send enqueues its jobs here, in its transaction.

export interface SendProgress {
  total: number;
  pending: number;
  sent: number;
  failed: number;
  bounced: number;
  skipped: number;
}

const progressColumns = {
  total: sql<number>`count(${newsletterRecipients.id})::int`,
  pending: sql<number>`(count(*) filter (where ${newsletterRecipients.status} in ('pending', 'sending')))::int`,
  sent: sql<number>`(count(*) filter (where ${newsletterRecipients.status} = 'sent'))::int`,
  failed: sql<number>`(count(*) filter (where ${newsletterRecipients.status} = 'failed'))::int`,
  bounced: sql<number>`(count(*) filter (where ${newsletterRecipients.status} = 'bounced'))::int`,
  skipped: sql<number>`(count(*) filter (where ${newsletterRecipients.status} = 'skipped'))::int`,
};

export type SendListRow = Pick<NewsletterSend, "id" | "subject" | "status" | "createdAt" | "scheduledAt" | "startedAt" | "finishedAt" | "postId"> & SendProgress;

export async function listSends(limit = 100): Promise<SendListRow[]> {
  await requireRole(CONTENT_DESK.read);
  const s = newsletterSends;
  const rows = await db()
    .select({
      id: s.id,
      subject: s.subject,
      status: s.status,
      createdAt: s.createdAt,
      scheduledAt: s.scheduledAt,
      startedAt: s.startedAt,
      finishedAt: s.finishedAt,
      postId: s.postId,
      ...progressColumns,
    })
    .from(s)
    .leftJoin(newsletterRecipients, eq(newsletterRecipients.sendId, s.id))
    .groupBy(s.id)
    .orderBy(desc(s.createdAt))
    .limit(limit);
  return rows.map((r) => ({ ...r, total: Number(r.total), pending: Number(r.pending), sent: Number(r.sent), failed: Number(r.failed), bounced: Number(r.bounced), skipped: Number(r.skipped) }));
}

export interface LinkReport {
  url: string;
  clicks: number;
  clickers: number;
}

export interface SendView {
  send: NewsletterSend;
  post: { id: string; title: string; slug: string } | null;
  progress: SendProgress;
  links: LinkReport[];
  /** Recipients who clicked any link at least once. */
  clickers: number;
  /** Subscribers who left through this send's one-click unsubscribe link (`unsubscribed_from_send_id`). */
  unsubscribed: number;
}

export async function getSendView(id: string): Promise<SendView | null> {
  await requireRole(CONTENT_DESK.read);
  const [send] = await db().select().from(newsletterSends).where(eq(newsletterSends.id, id));
  if (!send) return null;
  const [post] = send.postId
    ? await db().select({ id: blogPosts.id, title: blogPosts.title, slug: blogPosts.slug }).from(blogPosts).where(eq(blogPosts.id, send.postId))
    : [];
  const [progress] = await db().select(progressColumns).from(newsletterRecipients).where(eq(newsletterRecipients.sendId, id));
  const links = await db()
    .select({
      url: newsletterLinks.url,
      clicks: newsletterLinks.clicks,
      clickers: sql<number>`(select count(*)::int from ${newsletterClicks} c where c.link_id = ${newsletterLinks.id})`,
    })
    .from(newsletterLinks)
    .where(eq(newsletterLinks.sendId, id))
    .orderBy(desc(newsletterLinks.clicks), newsletterLinks.id);
  const [clickers] = await db()
    .select({ n: sql<number>`count(distinct ${newsletterClicks.recipientId})::int` })
    .from(newsletterClicks)
    .innerJoin(newsletterLinks, eq(newsletterLinks.id, newsletterClicks.linkId))
    .where(eq(newsletterLinks.sendId, id));
  const [unsubscribed] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.unsubscribedFromSendId, id));
  const p = progress ?? { total: 0, pending: 0, sent: 0, failed: 0, bounced: 0, skipped: 0 };
  return {
    send,
    post: post ?? null,
    progress: Object.fromEntries(Object.entries(p).map(([k, v]) => [k, Number(v)])) as unknown as SendProgress,
    links: links.map((l) => ({ url: l.url, clicks: Number(l.clicks), clickers: Number(l.clickers) })),
    clickers: Number(clickers?.n ?? 0),
    unsubscribed: Number(unsubscribed?.n ?? 0),
  };
}

/** The blog's tags (a letter's topics are chosen from them), most used first. */
export async function blogTags(): Promise<string[]> {
  await requireRole(CONTENT_DESK.read);
  const rows = await db().execute<{ tag: string }>(sql`select tag from ${blogPosts}, unnest(${blogPosts.tags}) as tag group by tag order by count(*) desc, tag limit 100`);
  return rows.rows.map((r) => r.tag);
}

/** Published posts, newest first, for "Send as e-mail". */
export async function postsToSend(limit = 50): Promise<{ id: string; title: string }[]> {
  await requireRole(CONTENT_DESK.read);
  return db()
    .select({ id: blogPosts.id, title: blogPosts.title })
    .from(blogPosts)
    .where(eq(blogPosts.published, true))
    .orderBy(desc(blogPosts.createdAt))
    .limit(limit);
}

const trail = (s: Pick<NewsletterSend, "subject" | "status" | "topics" | "scheduledAt" | "postId">) => ({
  subject: s.subject,
  status: s.status,
  topics: s.topics,
  scheduledAt: s.scheduledAt,
  postId: s.postId,
});

/** A new draft: from a published post (its title and tags), or a letter of its own. */
export async function createSend(from: { postId: string } | { letter: true }): Promise<string | null> {
  const user = await requireRole(CONTENT_DESK.write);
  return db().transaction(async (tx) => {
    let values: typeof newsletterSends.$inferInsert;
    if ("postId" in from) {
      const [post] = await tx.select().from(blogPosts).where(and(eq(blogPosts.id, from.postId), eq(blogPosts.published, true)));
      if (!post) return null;
      values = { postId: post.id, subject: post.title.slice(0, 200), previewText: post.excerpt?.slice(0, 200) ?? null, topics: post.tags, createdBy: user.id };
    } else {
      values = { subject: "A letter from us", body: "<p>Write your letter here.</p>", createdBy: user.id };
    }
    const [row] = await tx.insert(newsletterSends).values(values).returning();
    await recordActivity({ action: "newsletter.create", actor: user, table: "newsletter_sends", recordId: row!.id, after: trail(row!) }, tx);
    return row!.id;
  });
}

export type SaveOutcome = "saved" | "missing" | "locked" | "empty";

/** A draft's or a scheduled send's subject, preview text, topics and (a letter's) body. */
export async function saveSend(id: string, values: { subject: string; previewText: string | null; topics: string[]; body?: string }): Promise<SaveOutcome> {
  const user = await requireRole(CONTENT_DESK.write);
  return db().transaction(async (tx) => {
    const [before] = await tx.select().from(newsletterSends).where(eq(newsletterSends.id, id)).for("update");
    if (!before) return "missing";
    if (before.status !== "draft" && before.status !== "scheduled") return "locked";
    const body = before.postId ? before.body : values.body !== undefined ? sanitizeBlogHtml(values.body) : before.body;
    if (!before.postId && !body) return "empty";
    const [after] = await tx
      .update(newsletterSends)
      .set({ subject: values.subject, previewText: values.previewText, topics: values.topics, body })
      .where(eq(newsletterSends.id, id))
      .returning();
    await recordActivity({ action: "newsletter.update", actor: user, table: "newsletter_sends", recordId: id, before: trail(before), after: trail(after!) }, tx);
    return "saved";
  });
}

const MOVES = {
  send: { from: ["draft", "scheduled"], to: "sending", action: "newsletter.send" },
  schedule: { from: ["draft", "scheduled"], to: "scheduled", action: "newsletter.schedule" },
  unschedule: { from: ["scheduled"], to: "draft", action: "newsletter.unschedule" },
  pause: { from: ["sending"], to: "paused", action: "newsletter.pause" },
  resume: { from: ["paused"], to: "sending", action: "newsletter.resume" },
} as const satisfies Record<string, { from: readonly SendStatus[]; to: SendStatus; action: string }>;
export type SendMove = keyof typeof MOVES;

/** A move done, or why not: the send does not exist, or is in a state the move does not start from. */
export type MoveOutcome = { moved: true } | { moved: false; status: SendStatus | null };

/**
 * Moves a send from one state to the next (send now, schedule, pause, resume): only from the states
 * the move starts from, so two editors clicking at once change it once. When refused, says the
 * state the send was in (null: no such send), for the editor's message.
 */
export async function moveSend(id: string, move: SendMove, at?: Date): Promise<MoveOutcome> {
  const user = await requireRole(CONTENT_DESK.write);
  const rule = MOVES[move];
  return db().transaction(async (tx) => {
    const [before] = await tx.select().from(newsletterSends).where(eq(newsletterSends.id, id)).for("update");
    if (!before) return { moved: false, status: null };
    if (!(rule.from as readonly string[]).includes(before.status)) return { moved: false, status: before.status };
    const now = new Date();
    const [after] = await tx
      .update(newsletterSends)
      .set({
        status: rule.to,
        ...(move === "send" ? { scheduledAt: null, startedAt: now } : {}),
        ...(move === "schedule" ? { scheduledAt: at ?? now } : {}),
        ...(move === "unschedule" ? { scheduledAt: null } : {}),
      })
      .where(and(eq(newsletterSends.id, id), inArray(newsletterSends.status, [...rule.from])))
      .returning();
    if (!after) return { moved: false, status: before.status };
    // The jobs that carry the move out commit with it (docs/decisions/0094): the start, now or at the
    // time; a resume's batches (a send paused before its start gets them from the start itself).
    if (move === "send") await enqueueStart(id, null, tx);
    if (move === "schedule") await enqueueStart(id, after.scheduledAt, tx);
    if (move === "resume" && after.queuedAt) await enqueueCopyBatches(id, false, tx);
    await recordActivity({ action: rule.action, actor: user, table: "newsletter_sends", recordId: id, before: trail(before), after: trail(after) }, tx);
    return { moved: true };
  });
}

/** The send as a test mail needs it (staff only). */
export async function sendForTest(id: string): Promise<NewsletterSend | null> {
  await requireRole(CONTENT_DESK.write);
  const [send] = await db().select().from(newsletterSends).where(eq(newsletterSends.id, id));
  return send ?? null;
}

/** A test copy to the signed-in member, through the mail outbox, with its activity row. */
export async function queueTestMail(id: string, to: string, letter: { subject: string; html: string; text: string }): Promise<void> {
  const user = await requireRole(CONTENT_DESK.write);
  await db().transaction(async (tx) => {
    await enqueueMail(tx, { kind: "newsletter-test", recipients: [to], subject: `[Test] ${letter.subject}`, text: letter.text, html: letter.html });
    await recordActivity({ action: "newsletter.test", actor: user, table: "newsletter_sends", recordId: id, after: { to } }, tx);
  });
}
