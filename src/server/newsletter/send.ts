import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import {
  claimCopies,
  claimQueueing,
  enqueueBatchAgain,
  enqueueCopyBatches,
  failCopies,
  finishSend,
  insertRecipients,
  markCopyFailed,
  markCopySent,
  releaseCopies,
  newsletterTransaction,
  postForSend,
  sendById,
  SLICES,
  startDueSend,
  storeRendered,
  storeSendLinks,
  type ClaimedCopy,
  type CopiesJobData,
  type RateRule,
} from "./data/newsletter-delivery";
import type { Database, Executor } from "../kernel/db/client";
import type { JobAttempt, RetryPolicy } from "../kernel/jobs/queue";
import type { BlogPost, NewsletterSend } from "../kernel/db/schema";
import { sanitizeBlogHtml } from "../content";
import { blogOgImage } from "@/lib/og-image";
import { env } from "../kernel/env";
import { headerSafe, outboxFolder } from "../kernel/mail/mail";
import { errorFields, log } from "../kernel/log";
import { siteConfig } from "../kernel/site-config";
import { clickUrl, manageUrl, unsubscribeToken, unsubscribeUrl } from "./links";
import { letterLinks, MARK, personalise, renderLetter, type LetterContent, type LetterSite } from "../kernel/mail/letter";

// Sending a newsletter (docs/decisions/0062, 0094). A send that starts has its letter rendered and its
// recipients written once (`queueSend`), with a job of the queue per batch of copies in the same
// transaction; each batch's job claims its copies a few at a time under one rate for every process
// (`sendCopies`), sends each through the SMTP transport with its own headers and marks it sent right
// after the server's 250, before the next copy goes.

export interface NewsletterSettings {
  now: () => Date;
  /** Copies claimed per statement (under the rate's lock) and sent one after another on one connection. */
  claim: number;
  /** The batch job's lease: a job whose process died runs again this long after it started. */
  leaseMs: number;
  /**
   * The longest one copy's send can take (the transport's connection, greeting and socket
   * timeouts). A copy is handed to the server only while at least this much of the job's lease is
   * left: after that, the job may run again elsewhere, and both would send it.
   */
  sendMs: number;
  rate: RateRule;
  /** The batch job's tries and back-off (the queue's); the last try fails the copies still refused. */
  retry: RetryPolicy;
  /** Batch jobs one fetch takes, sent side by side. */
  fetch: number;
}

/** What the batch job's definition takes (its lease, tries and fetch) and the claim's size: read without the environment. */
export const BATCH_DEFAULTS = {
  claim: 10,
  leaseMs: 120_000,
  sendMs: 40_000,
  // 4 tries, about 1-2, 2-4 and 4-8 minutes apart (the queue's back-off doubles, with jitter).
  retry: { limit: 3, delaySeconds: 60, maxDelaySeconds: 480 },
  // As many as the SMTP pool's connections (newsletterTransport): a copy never waits for a
  // connection, so its send stays within `sendMs`.
  fetch: 2,
} as const satisfies Partial<NewsletterSettings>;

export function newsletterDefaults(): NewsletterSettings {
  return { now: () => new Date(), rate: { perWindow: env().NEWSLETTER_RATE_PER_MINUTE, windowMs: 60_000 }, ...BATCH_DEFAULTS };
}

// ----------------------------------------------------------------------------------------------
// The letter
// ----------------------------------------------------------------------------------------------

export function letterSite(): LetterSite {
  const site = siteConfig();
  return { url: site.url.replace(/\/+$/, ""), name: site.name, address: site.office };
}

/** What a send's letter says: the post's title, cover and body, or the letter's own body. */
export function letterContent(send: Pick<NewsletterSend, "subject" | "previewText" | "body">, post: BlogPost | undefined, site: LetterSite): LetterContent {
  if (post) {
    return {
      subject: send.subject,
      previewText: send.previewText ?? post.excerpt ?? null,
      title: post.title,
      postUrl: `${site.url}/blog/${post.slug}`,
      // The post's own image when a mail program can show it, else its generated PNG: Gmail and
      // Outlook show no SVG, and the cover is the letter's first image.
      coverUrl: blogOgImage(post).url,
      body: sanitizeBlogHtml(post.content, { baseUrl: site.url }),
    };
  }
  return {
    subject: send.subject,
    previewText: send.previewText,
    title: null,
    postUrl: null,
    coverUrl: null,
    body: sanitizeBlogHtml(send.body ?? "", { baseUrl: site.url }),
  };
}

/** The letter as a reader sees it, links going straight to their targets: the dashboard's preview and the test mail. */
export async function previewLetter(send: Pick<NewsletterSend, "subject" | "previewText" | "body" | "postId">, executor?: Executor) {
  const site = letterSite();
  const post = send.postId ? await postForSend(send.postId, executor) : undefined;
  return renderLetter(letterContent(send, post, site), site, (url) => url, { manage: `${site.url}/newsletter`, unsubscribe: `${site.url}/newsletter` });
}

/** The domain of MAIL_FROM: Message-IDs, List-Id and the unsubscribe mailbox are named after it. */
export function mailDomain(from = env().MAIL_FROM): string {
  const match = /@([A-Za-z0-9.-]+)/.exec(from);
  return match?.[1]?.toLowerCase() ?? "localhost";
}

/**
 * Renders a started send's letter once (counted links stored in `newsletter_links`, marks where
 * each copy differs) and writes its recipients, all in one transaction, once: the claim on
 * `queued_at` makes a second process wait and then find nothing to do. Returns the recipients
 * written, or null when another process had queued it.
 */
export async function queueSend(sendId: string, options: { database?: Database; now?: Date } = {}): Promise<number | null> {
  const now = options.now ?? new Date();
  const queued = await newsletterTransaction(async (tx) => {
    const send = await claimQueueing(sendId, now, tx);
    if (!send) return null;
    const site = letterSite();
    const post = send.postId ? await postForSend(send.postId, tx) : undefined;
    const content = letterContent(send, post, site);
    const ids = await storeSendLinks(send.id, letterLinks(content, site), tx);
    const rendered = await renderLetter(content, site, (url) => (ids.has(url) ? MARK.link(ids.get(url)!) : url), {
      manage: MARK.manage,
      unsubscribe: MARK.unsubscribe,
    });
    await storeRendered(send.id, rendered, tx);
    const count = await insertRecipients(send, mailDomain(), tx);
    // The batches' jobs commit with the copies they send; a send paused before its start gets them at its resume.
    const jobs = send.status === "sending" ? await enqueueCopyBatches(send.id, true, tx) : 0;
    const finished = count === 0 && (await finishSend(send.id, now, tx));
    log("info", "newsletter queued", { event: "newsletter.queued", send: send.id, recipients: count, links: ids.size, jobs });
    return { count, finished };
  }, options.database);
  if (queued?.finished) log("info", "newsletter sent", { event: "newsletter.sent", send: sendId });
  return queued ? queued.count : null;
}

/**
 * The start job of a send (sent now, or at its scheduled time): a scheduled send whose time came
 * becomes sending, then its recipients are written and its batches enqueued, once. A send moved
 * back to a draft, scheduled later or already started is left as it is.
 */
export async function startSend(sendId: string, database?: Database): Promise<number | null> {
  await newsletterTransaction((tx) => startDueSend(sendId, tx), database);
  return queueSend(sendId, { database });
}

// ----------------------------------------------------------------------------------------------
// Transport
// ----------------------------------------------------------------------------------------------

export interface NewsletterMessage {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  messageId: string;
  headers: Record<string, string>;
}

export interface NewsletterTransport {
  describe: string;
  send(message: NewsletterMessage): Promise<void>;
  close(): void;
}

/**
 * The mail settings' SMTP server (SMTP_HOST ..., as src/server/kernel/mail/mail.ts uses), pooled: a batch
 * goes over one connection. Without SMTP_HOST each copy becomes an .eml file in the outbox folder.
 */
export function newsletterTransport(settings?: { host: string; port: number; secure?: boolean; user?: string; password?: string }): NewsletterTransport {
  const e = env();
  const smtp = settings ?? (e.SMTP_HOST ? { host: e.SMTP_HOST, port: e.SMTP_PORT, secure: e.SMTP_SECURE, user: e.SMTP_USER, password: e.SMTP_PASSWORD } : null);
  if (!smtp) {
    const folder = outboxFolder();
    const stream: Transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
    return {
      describe: `folder ${folder}`,
      async send(message) {
        const info = await stream.sendMail(message);
        const fs = await import("node:fs");
        const path = await import("node:path");
        await fs.promises.mkdir(folder, { recursive: true });
        const name = message.messageId.replace(/[^A-Za-z0-9.-]/g, "");
        await fs.promises.writeFile(path.join(folder, `newsletter-${name}.eml`), info.message as Buffer, { mode: 0o600 });
      },
      close: () => stream.close(),
    };
  }
  const transporter: Transporter = nodemailer.createTransport({
    pool: true,
    // One for each batch a process sends at once (BATCH_DEFAULTS.fetch).
    maxConnections: 2,
    maxMessages: 100,
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure ?? false,
    auth: smtp.user ? { user: smtp.user, pass: smtp.password ?? "" } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    describe: `smtp://${smtp.host}:${smtp.port}`,
    async send(message) {
      await transporter.sendMail(message);
    },
    close: () => transporter.close(),
  };
}

// ----------------------------------------------------------------------------------------------
// One copy
// ----------------------------------------------------------------------------------------------

/** The List-Unsubscribe mailbox: NEWSLETTER_UNSUBSCRIBE_MAILTO, or unsubscribe@ the domain of MAIL_FROM. */
export function unsubscribeMailbox(): string {
  return env().NEWSLETTER_UNSUBSCRIBE_MAILTO ?? `unsubscribe@${mailDomain()}`;
}

interface SendMaterial {
  send: NewsletterSend;
  html: string;
  text: string;
}

/** One recipient's copy: the stored render with its addresses, and the headers of a list mail (RFC 2369, 2919, 8058). */
export function copyFor(material: SendMaterial, copy: Pick<ClaimedCopy, "id" | "email" | "messageId" | "subscriberId" | "tokenVersion">): NewsletterMessage {
  const subscriber = { id: copy.subscriberId, tokenVersion: copy.tokenVersion };
  const oneClick = unsubscribeUrl(subscriber, material.send.id);
  const addresses = { link: (linkId: number) => clickUrl(linkId, copy.id), manage: manageUrl(subscriber), unsubscribe: oneClick };
  const mailto = `mailto:${unsubscribeMailbox()}?subject=${encodeURIComponent(`unsubscribe ${unsubscribeToken(subscriber, material.send.id)}`)}`;
  const domain = mailDomain();
  return {
    from: env().MAIL_FROM,
    to: copy.email,
    subject: headerSafe(material.send.subject),
    html: personalise(material.html, addresses),
    text: personalise(material.text, addresses),
    messageId: copy.messageId,
    headers: {
      "List-Unsubscribe": `<${oneClick}>, <${mailto}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      "List-Id": `${headerSafe(siteConfig().name, 80).replace(/[<>"]/g, "")} newsletter <newsletter.${domain}>`,
      "List-Post": "NO",
      Precedence: "bulk",
    },
  };
}

// ----------------------------------------------------------------------------------------------
// A batch's job
// ----------------------------------------------------------------------------------------------

/** A send's stored render, kept per process: it does not change once the send started. */
const materials = new Map<string, SendMaterial>();

async function materialFor(sendId: string, database: Database | undefined): Promise<SendMaterial | null> {
  const known = materials.get(sendId);
  if (known) return known;
  const send = await sendById(sendId, database);
  if (!send?.renderedHtml || send.renderedText === null) return null;
  const material = { send, html: send.renderedHtml, text: send.renderedText };
  if (materials.size > 20) materials.clear();
  materials.set(sendId, material);
  return material;
}

/** A 5xx answer is the server refusing this address or message for good: no retry. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: number }).responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

/** How long until the rate's next slice begins (a little more, so that processes do not all ask at once). */
function untilNextSlice(rule: RateRule, now: number): number {
  const sliceMs = rule.windowMs / SLICES;
  const windowStart = Math.floor(now / rule.windowMs) * rule.windowMs;
  return Math.ceil(sliceMs - ((now - windowStart) % sliceMs) + Math.random() * Math.min(50, sliceMs / 4));
}

export interface BatchResult {
  sent: number;
  /** Refused in this try: pending for the next one, or failed when this was the last. */
  refused: number;
  /** Failed for good (a 5xx answer). */
  failed: number;
  /** The lease ran short (the rate had no room for long): the batch's job was enqueued again for the rest. */
  continued: boolean;
  /** The send had nothing left after this batch and became sent. */
  finished: boolean;
}

/**
 * One try of a batch's job: claims the batch's copies still to send a few at a time (as many as the
 * rate lets through, waiting for its next slice when it has no room), sends them one after another
 * and marks each right after its 250. Copies the server refuses for now are tried again after the
 * queue's back-off (this try fails once the others are sent); on the last try they are failed. A
 * paused or cancelled send's copies are not claimed: the job ends, and a resume enqueues the batch
 * again. The job never hands a copy to the server past its lease less `sendMs`: when the rate keeps
 * it waiting that long, it enqueues the batch again for what is left and ends.
 */
export async function sendCopies(
  batch: CopiesJobData,
  attempt: JobAttempt,
  transport: NewsletterTransport,
  overrides: Partial<NewsletterSettings> = {},
  database?: Database,
): Promise<BatchResult> {
  const settings = { ...newsletterDefaults(), ...overrides };
  const deadline = Date.now() + settings.leaseMs - settings.sendMs;
  const result: BatchResult = { sent: 0, refused: 0, failed: 0, continued: false, finished: false };
  const refused: number[] = [];
  sending: for (;;) {
    if (Date.now() >= deadline) {
      result.continued = true;
      break;
    }
    const claim = await claimCopies(batch, settings.now(), settings.claim, settings.rate, refused, database);
    if (claim.limited) {
      const wait = untilNextSlice(settings.rate, Date.now());
      if (Date.now() + wait >= deadline) {
        result.continued = true;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, wait));
      continue;
    }
    if (claim.taken === 0) break;
    for (const [index, copy] of claim.copies.entries()) {
      if (Date.now() >= deadline) {
        await releaseCopies(
          claim.copies.slice(index).map((c) => c.id),
          database,
        );
        result.continued = true;
        break sending;
      }
      const material = await materialFor(copy.sendId, database);
      if (!material) throw new Error(`The send ${copy.sendId} has no rendered letter`); // impossible once queued; tried again
      try {
        await transport.send(copyFor(material, copy));
        // Right after the server's 250, before anything else: the window in which a crash would
        // send this copy twice is this one statement (docs/decisions/0062).
        await markCopySent(copy.id, settings.now(), database);
        result.sent++;
      } catch (error) {
        const permanent = isPermanent(error);
        const message = String(errorFields(error).error ?? "could not be sent");
        await markCopyFailed(copy.id, { error: message, giveUp: permanent }, database);
        if (permanent) result.failed++;
        else refused.push(copy.id);
        log(permanent ? "warn" : "info", permanent ? "newsletter copy failed" : "newsletter copy not sent; will retry", {
          event: "newsletter.copy-failed",
          send: copy.sendId,
          recipient: copy.id,
          attempts: copy.attempts,
          lastTry: attempt.isLastTry,
          ...errorFields(error),
        });
      }
    }
  }
  result.refused = refused.length;
  if (result.continued) {
    await enqueueBatchAgain(batch, database);
    log("info", "newsletter batch continued", { event: "newsletter.batch-continued", send: batch.sendId, from: batch.from, sent: result.sent });
  } else if (refused.length > 0) {
    if (!attempt.isLastTry) throw new Error(`${refused.length} of the batch's copies were refused; its job tries again after the back-off`);
    await failCopies(refused, database);
    log("warn", "newsletter copies failed", { event: "newsletter.copies-failed", send: batch.sendId, from: batch.from, failed: refused.length });
  }
  result.finished = await finishSend(batch.sendId, settings.now(), database);
  if (result.finished) {
    materials.delete(batch.sendId);
    log("info", "newsletter sent", { event: "newsletter.sent", send: batch.sendId });
  }
  return result;
}

let shared: NewsletterTransport | undefined;
/** The transport of this process's jobs (one pool, made on first use). */
export function jobTransport(): NewsletterTransport {
  shared ??= newsletterTransport();
  return shared;
}
