import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import {
  anySending,
  claimCopies,
  claimQueueing,
  finishSends,
  insertRecipients,
  markCopyFailed,
  markCopySent,
  releaseCopies,
  newsletterTransaction,
  postForSend,
  sendById,
  sendsToQueue,
  startDueSends,
  storeRendered,
  storeSendLinks,
  type ClaimedCopy,
  type RateRule,
} from "./data/newsletter-delivery";
import type { Database, Executor } from "../kernel/db/client";
import type { BlogPost, NewsletterSend } from "../kernel/db/schema";
import { blogOgImage } from "@/lib/og-image";
import { env } from "../kernel/env";
import { headerSafe, outboxFolder } from "../kernel/mail/mail";
import { errorFields, log } from "../kernel/log";
import { siteConfig } from "../kernel/site-config";
import { clickUrl, manageUrl, unsubscribeToken, unsubscribeUrl } from "./links";
import { letterLinks, MARK, personalise, renderLetter, type LetterContent, type LetterSite } from "./letter";

// Sending a newsletter (docs/decisions/0062). A send that starts has its letter rendered and its
// recipients written once (`queueSend`); then every process claims small batches of copies under
// one rate (`deliverNewsletterRound`), sends each through the SMTP transport with its own headers
// and marks it sent right after the server's 250, before the next copy goes.

export interface NewsletterSettings {
  now: () => Date;
  /** Copies claimed per statement and sent one after another on one connection. */
  batch: number;
  /** How long a claim holds its rows: a process that died lets them go after this. */
  claimMs: number;
  /**
   * The longest one copy's send can take (the transport's connection, greeting and socket
   * timeouts). A copy is handed to the server only while at least this much of its claim is left:
   * after that, another process may claim it, and both would send it.
   */
  sendMs: number;
  rate: RateRule;
  /** Attempts before a copy is failed for good; the wait doubles from `retryBaseMs`. */
  maxAttempts: number;
  retryBaseMs: number;
  /** A round claims no new batch after this long (the next tick goes on). */
  roundMs: number;
}

export function newsletterDefaults(): NewsletterSettings {
  return {
    now: () => new Date(),
    batch: 10,
    claimMs: 120_000,
    sendMs: 40_000,
    rate: { perWindow: env().NEWSLETTER_RATE_PER_MINUTE, windowMs: 60_000 },
    maxAttempts: 4,
    retryBaseMs: 60_000,
    roundMs: 5_000,
  };
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
      body: post.content,
    };
  }
  return { subject: send.subject, previewText: send.previewText, title: null, postUrl: null, coverUrl: null, body: send.body ?? "" };
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
  return newsletterTransaction(async (tx) => {
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
    log("info", "newsletter queued", { event: "newsletter.queued", send: send.id, recipients: count, links: ids.size });
    return count;
  }, options.database);
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
// The round every process runs
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

export interface RoundResult {
  sent: number;
  failed: number;
  queued: number;
  finished: number;
}

/**
 * One round of the newsletter job on this process: starts due scheduled sends, queues started ones,
 * then claims batches of copies (as many as the rate lets through) and sends them until nothing is
 * due or `roundMs` has passed; finally sends with nothing left become sent.
 */
export async function deliverNewsletterRound(
  transport: NewsletterTransport,
  overrides: Partial<NewsletterSettings> = {},
  database?: Database,
): Promise<RoundResult> {
  const settings = { ...newsletterDefaults(), ...overrides };
  const result: RoundResult = { sent: 0, failed: 0, queued: 0, finished: 0 };
  const startedAt = Date.now();
  await startDueSends(settings.now(), database);
  for (const id of await sendsToQueue(database)) {
    if ((await queueSend(id, { database, now: settings.now() })) !== null) result.queued++;
  }
  // Idle most of the time: one small read, no write (the rate's row is only touched while sending).
  if (!(await anySending(database))) return result;
  for (;;) {
    const now = settings.now();
    const claimUntil = new Date(now.getTime() + settings.claimMs);
    const copies = await claimCopies(now, claimUntil, settings.batch, settings.rate, database);
    if (copies.length === 0) break;
    for (const [index, copy] of copies.entries()) {
      // A slow server can use up a claim before its batch is through: what is left goes back now,
      // for any process to claim, rather than being sent after another could have claimed it.
      if (copy.lockedUntil.getTime() - Date.now() < settings.sendMs) {
        await releaseCopies(
          copies.slice(index).map((c) => c.id),
          claimUntil,
          database,
        );
        break;
      }
      const material = await materialFor(copy.sendId, database);
      if (!material) continue; // not rendered: impossible once queued; the claim runs out and it is tried again
      try {
        await transport.send(copyFor(material, copy));
        // Right after the server's 250, before anything else: the window in which a crash would
        // send this copy twice is this one statement (docs/decisions/0062).
        await markCopySent(copy.id, settings.now(), database);
        result.sent++;
      } catch (error) {
        result.failed++;
        const giveUp = isPermanent(error) || copy.attempts >= settings.maxAttempts;
        const message = String(errorFields(error).error ?? "could not be sent");
        await markCopyFailed(
          copy.id,
          copy.lockedUntil,
          { error: message, giveUp, nextAttemptAt: new Date(settings.now().getTime() + settings.retryBaseMs * 2 ** Math.max(0, copy.attempts - 1)) },
          database,
        );
        log(giveUp ? "warn" : "info", giveUp ? "newsletter copy failed" : "newsletter copy not sent; will retry", {
          event: "newsletter.copy-failed",
          send: copy.sendId,
          recipient: copy.id,
          attempts: copy.attempts,
          ...errorFields(error),
        });
      }
    }
    if (Date.now() - startedAt >= settings.roundMs) break;
  }
  const finished = await finishSends(settings.now(), database);
  result.finished = finished.length;
  for (const id of finished) {
    materials.delete(id);
    log("info", "newsletter sent", { event: "newsletter.sent", send: id });
  }
  return result;
}

let shared: NewsletterTransport | undefined;
/** The transport of this process's job (one pool, made on first use). */
export function jobTransport(): NewsletterTransport {
  shared ??= newsletterTransport();
  return shared;
}
