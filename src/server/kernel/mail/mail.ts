import "server-only";
import fs from "node:fs";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import type { Executor } from "../db/client";
import type { MailAttachment, Notification } from "../db/schema";
import { claimNotification, inOutboxTransaction, insertOutboxRow, markNotificationFailed, markNotificationSent, pendingNotificationIds } from "./data/outbox";
import { env } from "../env";
import { errorFields, log } from "../log";
import { enqueue, enqueueMany, isQueueStarted, startJobNow, wakeWorkers, type JobAttempt, type JobDefinition, type RetryPolicy } from "../jobs/queue";

/**
 * Mail goes through a transactional outbox on the job queue (docs/decisions/0005, 0092):
 * `enqueueMail` writes the mail's row and a job carrying its id in the caller's transaction (so a
 * stored lead always has its notification, and a change rolled back leaves no mail); the queue's
 * worker sends the row as it is when the job runs, tries again on the queue's back-off, and the row
 * keeps what the dashboard shows (status, tries, last error, sent time).
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

/** The database itself, not a transaction: a drizzle transaction is the one with `rollback`. */
function isTransaction(executor: Executor): boolean {
  return typeof (executor as { rollback?: unknown }).rollback === "function";
}

/**
 * Queues a mail in `executor`, the transaction of the change it belongs to: its row and its job are
 * committed with that change or not at all. Given the database itself, the two are written in a
 * transaction of their own. Returns the row's id.
 */
export async function enqueueMail(executor: Executor, mail: MailInput): Promise<string> {
  const values = outboxValues(mail);
  if (!isTransaction(executor)) return executor.transaction((tx) => enqueueMail(tx, mail));
  const id = await insertOutboxRow(values, executor);
  await queueDelivery(executor, [id]);
  return id;
}

/** A mail that goes with no other change (better-auth's verification and reset mails): stored on its own, row and job together. */
export async function queueMail(mail: MailInput): Promise<string> {
  return inOutboxTransaction((tx) => enqueueMail(tx, mail));
}

/**
 * Enqueues the delivery of outbox rows written in this transaction by a statement of the caller's own
 * (a form's one statement inserts its notification rows itself, ADR 0013): one job per row, keyed and
 * named by the row, so a row never has two jobs alive and the queue's `adopt` finds it taken.
 *
 * Until this process's queue has started (the database was down at boot and the start is tried again
 * every 30 s; a test or script that runs no queue) the rows are stored alone: the queue adopts every
 * pending row when it starts.
 */
export async function queueDelivery(executor: Executor, ids: readonly string[]): Promise<void> {
  if (ids.length === 0 || !isQueueStarted()) return;
  // One statement for all of them: a form's notification and acknowledgement cost one round trip.
  await enqueueMany(MAIL_JOB, deliveryJobs(ids), executor);
  wakeSoon();
}

/** A row's first job: keyed and named by the row. */
function deliveryJobs(ids: readonly string[]) {
  return ids.map((id) => ({ data: { id } satisfies MailJobData, options: { key: id, id } }));
}

/**
 * Sends again, now, outbox rows made pending again (the dashboard's retry, ADR 0044): a row whose job
 * waits for its next try has that job start now; a row whose job has ended (given up) gets a new one.
 */
export async function requeueMail(executor: Executor, ids: readonly string[]): Promise<void> {
  if (ids.length === 0 || !isQueueStarted()) return;
  for (const id of ids) {
    if (await startJobNow(MAIL_JOB, id, executor)) continue;
    // Not the row's first job: named by the queue, keyed by the row (one job alive per row).
    await enqueue(MAIL_JOB, { id } satisfies MailJobData, { key: id }, executor);
  }
  wakeSoon();
}

/**
 * Lets freshly queued mail go out now rather than at the worker's next poll: after WAKE_MS, by when
 * the caller's transaction has usually committed (a mail of a change not yet committed is found at
 * the next poll).
 */
const WAKE_MS = 25;
let wakeScheduled = false;
function wakeSoon(): void {
  if (wakeScheduled) return;
  wakeScheduled = true;
  setTimeout(() => {
    wakeScheduled = false;
    wakeWorkers(MAIL_JOB);
  }, WAKE_MS).unref();
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
// Delivery: a job of the queue per mail (docs/decisions/0092)
// ----------------------------------------------------------------------------------------------

/** The queue's job that sends one outbox row. */
export const MAIL_JOB = "mail.send";

export interface MailJobData {
  /** The outbox row's id. */
  id: string;
}

/** Tries of one mail before it is given up (status `failed`), as the outbox had. */
export const MAX_ATTEMPTS = 12;

/**
 * The mail queue's back-off, on the queue's one mechanism: MAIL_RETRY_SECONDS (15 s) doubling (the
 * engine adds up to as much again at random), at most MAIL_RETRY_MAX_SECONDS (1 hour) apart, 12 tries.
 */
export function mailRetry(): RetryPolicy {
  const e = env();
  return { limit: MAX_ATTEMPTS - 1, delaySeconds: e.MAIL_RETRY_SECONDS, maxDelaySeconds: e.MAIL_RETRY_MAX_SECONDS };
}

/**
 * A try's hold on its row. Shorter than the job's lease: a job run again because its worker died
 * finds the row free. Longer than any one send (nodemailer's timeouts: 10 s to connect, 10 s for the
 * greeting, 20 s of silence).
 */
const CLAIM_SECONDS = 90;
const LEASE_SECONDS = 120;

/** Another try holds the row: this one is not made (nothing counted), and runs again after the back-off. */
export class MailBusyError extends Error {
  constructor(id: string) {
    super(`mail ${id} is being sent by another try`);
  }
}

/**
 * One try of a mail's job: claims its row (pending, not held by another try), sends it as the row has
 * it now, and marks it sent. A failure is counted on the row with its message and thrown, so the queue
 * tries again after its back-off; the last try marks the row failed. A row no longer pending (sent
 * already, given up, erased) is left alone. Returns whether it was sent.
 */
export async function sendOutboxMail(
  job: MailJobData,
  attempt: Pick<JobAttempt, "isLastTry">,
  transport: MailTransport,
  from: string = env().MAIL_FROM,
): Promise<boolean> {
  const n = await claimNotification(job.id, CLAIM_SECONDS);
  if (n === null) return false;
  if (n === "busy") {
    if (attempt.isLastTry) return false; // the other try decides its fate
    throw new MailBusyError(job.id);
  }
  try {
    const { messageId } = await transport.send(n, from);
    await markNotificationSent(n.id, messageId);
    return true;
  } catch (error) {
    const giveUp = attempt.isLastTry;
    const attempts = await markNotificationFailed(n.id, { lastError: errorFields(error).error as string, giveUp });
    log(giveUp ? "error" : "warn", giveUp ? "mail given up" : "mail not sent; will retry", {
      kind: n.kind,
      notification: n.id,
      attempts,
      ...errorFields(error),
    });
    throw error;
  }
}

/**
 * Enqueues, once, the rows still pending without a job: those the outbox's own worker had not sent
 * before the queue (its last days), and those stored while this process's queue had not started.
 * Keyed and named by the row, as `queueDelivery` does: a row whose job is alive, or was ever
 * enqueued under its name, is not enqueued again, however many processes start.
 */
export async function adoptPendingMail(): Promise<number> {
  const ids = await pendingNotificationIds();
  if (ids.length === 0) return 0;
  return inOutboxTransaction((tx) => enqueueMany(MAIL_JOB, deliveryJobs(ids), tx));
}

/** The queue's job for the mail outbox (src/server/queue-registry.ts); `transport`, `from` and `retry` for tests. */
export function mailDeliveryJob(options: { transport?: MailTransport; from?: string; retry?: RetryPolicy } = {}): JobDefinition<MailJobData> {
  let transport = options.transport;
  return {
    name: MAIL_JOB,
    // One send at a time per process, oldest first, and the next at once: the old worker's pace.
    concurrency: 1,
    burst: true,
    leaseSeconds: LEASE_SECONDS,
    // Read when the queue is declared, at start: the settings are validated by then.
    get retry() {
      return options.retry ?? mailRetry();
    },
    handler: async (data, attempt) => {
      if (!transport) {
        transport = configuredTransport();
        log("info", "mail transport ready", { transport: transport.describe });
      }
      await sendOutboxMail(data, attempt, transport, options.from);
    },
    adopt: () => adoptPendingMail(),
  };
}
