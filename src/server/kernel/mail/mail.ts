import "server-only";
import fs from "node:fs";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import type { Database } from "../db/client";
import type { MailAttachment, Notification } from "../db/schema";
import { claimDueNotifications, insertOutboxRow, markNotificationFailed, markNotificationSent, type OutboxExecutor } from "./data/outbox";
import { env } from "../env";
import { errorFields, log } from "../log";
import { getMailWorker, setMailWorker } from "../bridge.ts";

/**
 * Mail goes through a transactional outbox: `enqueueMail` writes a row in the caller's transaction
 * (so a stored lead always has its notification, and a failed insert leaves no orphan mail), and a
 * worker in the server process sends due rows with retries and backoff (docs/decisions/0005).
 */

export interface MailInput {
  kind: string;
  recipients: string[];
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  leadId?: string;
  contactMessageId?: string;
  /** Files sent with it: a call's invitation (text/calendar with its METHOD, docs/decisions/0065). */
  attachments?: MailAttachment[];
}

/** Header values never carry CR/LF (header injection): folded to single spaces and bounded. */
export function headerSafe(value: string, max = 200): string {
  return value
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, " ")
    .trim()
    .slice(0, max);
}

const EMAIL = /^[^\s@<>(),;:"\[\]\\]+@[^\s@<>(),;:"\[\]\\]+\.[^\s@<>(),;:"\[\]\\]+$/;

/** The outbox row's values for a mail: recipients checked, header fields made safe. */
export function outboxValues(mail: MailInput) {
  const recipients = mail.recipients.map((r) => r.trim()).filter((r) => EMAIL.test(r));
  if (recipients.length === 0) throw new Error(`mail "${mail.kind}" has no valid recipient`);
  const replyTo = mail.replyTo && EMAIL.test(mail.replyTo.trim()) ? mail.replyTo.trim() : null;
  return {
    kind: mail.kind,
    recipients,
    subject: headerSafe(mail.subject),
    textBody: mail.text,
    htmlBody: mail.html ?? null,
    replyTo,
    leadId: mail.leadId ?? null,
    contactMessageId: mail.contactMessageId ?? null,
    attachments: mail.attachments?.length ? mail.attachments.map((a) => ({ ...a, filename: headerSafe(a.filename, 100) })) : null,
  };
}

export async function enqueueMail(executor: OutboxExecutor, mail: MailInput): Promise<string> {
  const id = await insertOutboxRow(outboxValues(mail), executor);
  pokeMailWorker();
  return id;
}

/** A mail that goes with no other change (better-auth's verification and reset mails): stored on its own. */
export async function queueMail(mail: MailInput): Promise<string> {
  const id = await insertOutboxRow(outboxValues(mail));
  pokeMailWorker();
  return id;
}

// ----------------------------------------------------------------------------------------------
// Transports
// ----------------------------------------------------------------------------------------------

export interface SmtpSettings {
  host: string;
  port: number;
  secure: boolean;
  user?: string;
  password?: string;
}

export interface MailTransport {
  describe: string;
  send(message: Notification, from: string): Promise<{ messageId: string }>;
}

function messageOptions(n: Notification, from: string) {
  return {
    from,
    to: n.recipients,
    subject: headerSafe(n.subject),
    text: n.textBody,
    html: n.htmlBody ?? undefined,
    replyTo: n.replyTo ?? undefined,
    // Stable per notification: a receiver can drop a duplicate if a crash made us send twice.
    messageId: `<${n.id}@${from.replace(/^.*@/, "").replace(/[>\s]/g, "") || "localhost"}>`,
    ...attachmentOptions(n.attachments),
  };
}

/**
 * An invitation (text/calendar with a METHOD) goes as nodemailer's `icalEvent`: the calendar
 * alternative that mail programs turn into Accept / Decline (RFC 6047), which nodemailer also
 * attaches as an `.ics` file for those that only show attachments. Anything else is a plain attachment.
 */
function attachmentOptions(attachments: MailAttachment[] | null | undefined) {
  const list = attachments ?? [];
  const invitation = list.find((a) => a.contentType.startsWith("text/calendar") && a.method);
  const others = list.filter((a) => a !== invitation);
  return {
    ...(invitation ? { icalEvent: { filename: invitation.filename, method: invitation.method!, content: invitation.content } } : {}),
    ...(others.length ? { attachments: others.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })) } : {}),
  };
}

export function smtpTransport(settings: SmtpSettings): MailTransport {
  const transporter: Transporter = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    auth: settings.user ? { user: settings.user, pass: settings.password ?? "" } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    describe: `smtp://${settings.host}:${settings.port}`,
    async send(n, from) {
      const info = await transporter.sendMail(messageOptions(n, from));
      return { messageId: info.messageId };
    },
  };
}

/** No mail server configured: each message becomes an .eml file in the outbox folder. */
export function folderTransport(folder: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    describe: `folder ${folder}`,
    async send(n, from) {
      const info = await transporter.sendMail(messageOptions(n, from));
      // Asynchronous: the writes happen off the thread that answers visitors.
      await fs.promises.mkdir(folder, { recursive: true });
      const file = path.join(folder, `${new Date().toISOString().replace(/[:.]/g, "-")}-${n.kind}-${n.id}.eml`);
      await fs.promises.writeFile(file, info.message as Buffer, { mode: 0o600 });
      // The kind and the row's id, never the subject or a recipient: a team notification's subject names
      // the person, and log lines outlive an erasure (docs/decisions/0078).
      log("info", "mail written to the outbox folder", { kind: n.kind, id: n.id, recipients: n.recipients.length, file: path.basename(file) });
      return { messageId: info.messageId };
    },
  };
}

export function outboxFolder(): string {
  return path.resolve(/*turbopackIgnore: true*/ env().DATA_DIR, "outbox");
}

export function configuredTransport(): MailTransport {
  const e = env();
  if (e.SMTP_HOST) {
    return smtpTransport({ host: e.SMTP_HOST, port: e.SMTP_PORT, secure: e.SMTP_SECURE, user: e.SMTP_USER, password: e.SMTP_PASSWORD });
  }
  return folderTransport(outboxFolder());
}

// ----------------------------------------------------------------------------------------------
// Delivery
// ----------------------------------------------------------------------------------------------

export const MAX_ATTEMPTS = 12;
const CLAIM_SECONDS = 120;
const BATCH = 20;

/**
 * The wait before the next attempt after `attempts` failures: MAIL_RETRY_SECONDS (15 s), doubling
 * (30 s, 1 min, 2 min ...), at most MAIL_RETRY_MAX_SECONDS (1 hour).
 */
export function backoffSeconds(
  attempts: number,
  retry: { first: number; max: number } = { first: env().MAIL_RETRY_SECONDS, max: env().MAIL_RETRY_MAX_SECONDS },
): number {
  return Math.min(retry.max, retry.first * 2 ** Math.max(0, attempts - 1));
}

/**
 * Claims due notifications (pending, due, not claimed by a live worker) so that no other worker or
 * process sends them, then sends each. Returns how many were sent and how many failed this round.
 */
export async function deliverDueMail(
  transport: MailTransport,
  options: { from?: string; database?: Database; now?: Date } = {},
): Promise<{ sent: number; failed: number }> {
  const database = options.database;
  const from = options.from ?? env().MAIL_FROM;
  const now = options.now ?? new Date();
  const claimUntil = new Date(now.getTime() + CLAIM_SECONDS * 1000);

  // One statement: the due rows are locked (skipping those another worker holds) and claimed together.
  const claimed = await claimDueNotifications(now, claimUntil, BATCH, database);

  let sent = 0;
  let failed = 0;
  for (const n of claimed) {
    try {
      const { messageId } = await transport.send(n, from);
      await markNotificationSent(n.id, messageId, database);
      sent++;
    } catch (error) {
      failed++;
      const attempts = n.attempts + 1;
      const giveUp = attempts >= MAX_ATTEMPTS;
      await markNotificationFailed(
        n.id,
        { attempts, lastError: errorFields(error).error as string, giveUp, nextAttemptAt: new Date(now.getTime() + backoffSeconds(attempts) * 1000) },
        database,
      );
      log(giveUp ? "error" : "warn", giveUp ? "mail given up" : "mail not sent; will retry", {
        kind: n.kind,
        notification: n.id,
        attempts,
        ...errorFields(error),
      });
    }
  }
  return { sent, failed };
}

// ----------------------------------------------------------------------------------------------
// The worker inside the server process
// ----------------------------------------------------------------------------------------------

const POLL_MS = 5_000;
/** One worker per process, kept by the bridge (docs/decisions/0026): Next may load this module twice. */
export interface MailWorkerState {
  timer?: NodeJS.Timeout;
  running: boolean;
  again: boolean;
  stopped: boolean;
  failures: number;
  transport: MailTransport;
}

async function runWorker(): Promise<void> {
  const state = getMailWorker();
  if (!state || state.stopped) return;
  if (state.running) {
    state.again = true;
    return;
  }
  state.running = true;
  try {
    do {
      state.again = false;
      const { sent, failed } = await deliverDueMail(state.transport);
      // A full batch, sent or not, may mean more are due: failed ones are due later, so this ends.
      if (sent + failed === BATCH) state.again = true;
    } while (state.again && !state.stopped);
    if (state.failures > 0) log("info", "mail worker reaches the database again", { failedRounds: state.failures });
    state.failures = 0;
  } catch (error) {
    // While the database is down this fails every round: say so on the 1st, 2nd, 4th, 8th... time.
    state.failures++;
    if ((state.failures & (state.failures - 1)) === 0) log("error", "mail worker round failed", { failedRounds: state.failures, ...errorFields(error) });
  } finally {
    state.running = false;
  }
}

export function startMailWorker(): void {
  if (getMailWorker()) return;
  const transport = configuredTransport();
  const state: MailWorkerState = { running: false, again: false, stopped: false, failures: 0, transport };
  setMailWorker(state);
  state.timer = setInterval(() => void runWorker(), POLL_MS);
  state.timer.unref();
  log("info", "mail worker started", { transport: transport.describe });
  void runWorker();
}

/**
 * Lets a freshly queued mail go out now rather than at the next poll: within POKE_MS, so that a
 * burst of submissions is sent in a few rounds of up to BATCH mails rather than one round each.
 */
const POKE_MS = 25;
let pokeScheduled = false;
export function pokeMailWorker(): void {
  const state = getMailWorker();
  if (!state || state.stopped || pokeScheduled) return;
  pokeScheduled = true;
  setTimeout(() => {
    pokeScheduled = false;
    void runWorker();
  }, POKE_MS).unref();
}

export async function stopMailWorker(): Promise<void> {
  const state = getMailWorker();
  if (!state) return;
  state.stopped = true;
  clearInterval(state.timer);
  while (state.running) await new Promise((r) => setTimeout(r, 50));
}
