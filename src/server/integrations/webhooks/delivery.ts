import "server-only";
import http from "node:http";
import https from "node:https";
import { Webhook } from "standardwebhooks";
import {
  adoptPendingDeliveries,
  disableEndpoint,
  markDeliveryDelivered,
  markDeliveryFailed,
  nextDeliveryOf,
  recordEndpointFailure,
  recordEndpointSuccess,
  startAttempt,
  WEBHOOK_DELIVERY_JOB,
  type AttemptOutcome,
  type WebhookDeliveryJobData,
} from "../../kernel/events/data/webhook-outbox";
import type { WebhookDelivery, WebhookEndpoint } from "../../kernel/db/schema";
import { backoffSeconds, RetryAt, type JobAttempt, type JobDefinition, type RetryPolicy } from "../../kernel/jobs/queue";
import { log } from "../../kernel/log";
import { pinnedLookup, RefusedAddressError, resolveTarget, type Resolver } from "../../kernel/net/address";
import { slackMessage, teamsMessage } from "./chat";
import { decryptSecret, SecretUnreadableError } from "./secret";

// Sending the webhook outbox (docs/decisions/0057, 0093): each row's job on the queue sends it once
// per try and marks it. What is retried: network errors, timeouts, 5xx, 408 and 429, on the queue's
// back-off (a receiver's Retry-After when it asks for longer), until 24 hours after the event; other
// answers are final (410 also disables the endpoint). An endpoint whose attempts have all failed for
// an hour, at least 10 in a row, is paused until someone resumes it.

export interface DeliverySettings {
  /** The clock (tests move it instead of sleeping). */
  now: () => Date;
  resolver?: Resolver;
  /** Default: WEBHOOK_ALLOW_PRIVATE_TARGETS. */
  allowPrivate?: boolean;
  /** One attempt's limit: connection, answer and the body read. */
  timeoutMs: number;
  pauseAfterFailures: number;
  pauseAfterMs: number;
}

export const DELIVERY_DEFAULTS: DeliverySettings = {
  now: () => new Date(),
  timeoutMs: 10_000,
  pauseAfterFailures: 10,
  pauseAfterMs: 60 * 60_000,
};

/**
 * The queue's back-off for a delivery (30 s doubling to an hour apart). The tries end 24 hours after
 * the event (the row's `retry_until`), about 30 of them; the limit leaves room for tries cut short
 * by a killed process, so that the job's last try (which gives the delivery up) is not reached first.
 */
export const WEBHOOK_RETRY: RetryPolicy = { limit: 60, delaySeconds: 30, maxDelaySeconds: 3600 };
/** A Retry-After longer than this is taken as this. */
const RETRY_AFTER_MAX_MS = 60 * 60_000;

/** The most of a receiver's answer read; the rest is not read, and 1,024 characters are kept. */
export const RESPONSE_READ_LIMIT = 4096;
const RESPONSE_KEEP = 1024;

export const USER_AGENT = "KineticGrowth-Webhooks/1.0";

export interface SendResult {
  status: number | null;
  error: string | null;
  body: string | null;
  /** The receiver's Retry-After, in milliseconds, when it sent one. */
  retryAfterMs: number | null;
}

/** The body sent to an endpoint: the Standard Webhooks envelope, or a chat service's message. */
export function deliveryBody(endpoint: Pick<WebhookEndpoint, "kind">, delivery: Pick<WebhookDelivery, "eventType" | "payload" | "createdAt">): string {
  if (endpoint.kind === "slack") return JSON.stringify(slackMessage(delivery.eventType, delivery.payload));
  if (endpoint.kind === "teams") return JSON.stringify(teamsMessage(delivery.eventType, delivery.payload));
  return JSON.stringify({ type: delivery.eventType, timestamp: delivery.createdAt.toISOString(), data: delivery.payload });
}

function retryAfterMs(header: string | string[] | undefined, now: Date): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now.getTime());
}

/**
 * One POST to `url`, to an address `resolveTarget` checked: the socket's lookup answers with those
 * addresses only (an IP literal is checked the same way and needs no lookup). No redirect is followed.
 */
export async function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  settings: Pick<DeliverySettings, "timeoutMs" | "resolver" | "allowPrivate" | "now">,
): Promise<SendResult> {
  const target = new URL(url);
  let addresses;
  try {
    addresses = await resolveTarget(target.hostname, { resolver: settings.resolver, allowPrivate: settings.allowPrivate });
  } catch (error) {
    const message = error instanceof RefusedAddressError ? error.message : `could not resolve ${target.hostname}: ${(error as Error).message}`;
    return { status: null, error: message, body: null, retryAfterMs: null };
  }
  const client = target.protocol === "https:" ? https : http;
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (result: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const request = client.request(
      target,
      {
        method: "POST",
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
        agent: false,
        lookup: pinnedLookup(addresses),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
          const text = Buffer.concat(chunks)
            .toString("utf8")
            .replace(/\u0000/g, "")
            .slice(0, RESPONSE_KEEP);
          finish({
            status: response.statusCode ?? null,
            error: null,
            body: text || null,
            retryAfterMs: retryAfterMs(response.headers["retry-after"], settings.now()),
          });
          response.destroy();
        };
        response.on("data", (chunk: Buffer) => {
          if (size >= RESPONSE_READ_LIMIT) return;
          chunks.push(chunk.subarray(0, RESPONSE_READ_LIMIT - size));
          size += chunk.length;
          if (size >= RESPONSE_READ_LIMIT) done();
        });
        response.on("end", done);
        response.on("error", done);
      },
    );
    const timer = setTimeout(() => {
      finish({ status: null, error: `no answer within ${Math.round(settings.timeoutMs / 1000)} s`, body: null, retryAfterMs: null });
      request.destroy();
    }, settings.timeoutMs);
    request.on("error", (error: NodeJS.ErrnoException) =>
      finish({ status: null, error: `${error.code ?? "error"}: ${error.message}`, body: null, retryAfterMs: null }),
    );
    request.end(body);
  });
}

/** Whether a failed attempt is tried again: no answer, a timeout, 5xx, 408 or 429. */
export function isRetryable(result: Pick<SendResult, "status">): boolean {
  const status = result.status;
  return status === null || status >= 500 || status === 408 || status === 429;
}

/**
 * When the try after a failed one starts: the queue's back-off after `attempts` tries, or the
 * receiver's Retry-After when it asks for longer (up to an hour); never after `retryUntil`.
 */
export function nextTryAt(now: Date, attempts: number, retryAfterMs: number | null, retryUntil: Date): Date {
  const backoff = backoffSeconds(attempts - 1, WEBHOOK_RETRY) * 1000;
  const wait = retryAfterMs === null ? backoff : Math.max(backoff, Math.min(RETRY_AFTER_MAX_MS, retryAfterMs));
  return new Date(Math.min(now.getTime() + wait, retryUntil.getTime()));
}

export type TryOutcome = "nothing" | "delivered" | "retry" | "failed";

/**
 * One try of a delivery's job: sends the oldest delivery still pending of its endpoint and record
 * (its own, or an earlier one of the same transaction's) and records the answer on the row. A try
 * to retry throws `RetryAt` with the time the row shows, so the queue runs the job again then, and
 * meanwhile the record's later deliveries to that endpoint wait (the key_strict_fifo policy). The
 * last try and a failure past the row's 24 hours give the delivery up. An endpoint that is paused or
 * disabled is sent nothing: its rows stay pending, and a resume enqueues their jobs again.
 */
export async function sendDelivery(
  job: WebhookDeliveryJobData,
  attempt: Pick<JobAttempt, "isLastTry">,
  overrides: Partial<DeliverySettings> = {},
): Promise<TryOutcome> {
  const settings = { ...DELIVERY_DEFAULTS, ...overrides };
  const next = await nextDeliveryOf(job.deliveryId);
  if (!next || next.endpoint.status !== "active") return "nothing";
  const { endpoint } = next;
  const attempts = await startAttempt(next.delivery.id, settings.now());
  if (attempts === null) return "nothing";
  const delivery = { ...next.delivery, attempts };
  let result: SendResult;
  let unreadable = false;
  try {
    const secret = decryptSecret(endpoint.secretEncrypted);
    const body = deliveryBody(endpoint, delivery);
    // The attempt's real time, whatever clock schedules the retries: receivers check it against theirs.
    const sentAt = new Date();
    const signature = new Webhook(secret).sign(delivery.messageId, sentAt, body);
    result = await postWebhook(
      endpoint.url,
      body,
      {
        "content-type": "application/json",
        "user-agent": USER_AGENT,
        "webhook-id": delivery.messageId,
        "webhook-timestamp": String(Math.floor(sentAt.getTime() / 1000)),
        "webhook-signature": signature,
      },
      settings,
    );
  } catch (error) {
    if (!(error instanceof SecretUnreadableError)) throw error;
    unreadable = true;
    result = { status: null, error: error.message, body: null, retryAfterMs: null };
  }
  const after = settings.now();
  const outcome: AttemptOutcome = { responseCode: result.status, error: result.error, responseBody: result.body };
  if (result.status !== null && result.status >= 200 && result.status < 300) {
    if (await markDeliveryDelivered(delivery.id, outcome, after)) await recordEndpointSuccess(endpoint.id);
    return "delivered";
  }
  const retry = !unreadable && isRetryable(result) && after < delivery.retryUntil && !attempt.isLastTry;
  if (!outcome.error) {
    outcome.error =
      result.status !== null && result.status >= 300 && result.status < 400
        ? `answered ${result.status}: redirects are not followed, give the final address`
        : `answered ${result.status}${retry ? "" : isRetryable(result) ? ": retried for 24 hours, given up" : ": not retried"}`;
  }
  const nextAttemptAt = retry ? nextTryAt(after, attempts, result.retryAfterMs, delivery.retryUntil) : after;
  // Recorded once: a try run again after its lease ran out, when the first run's answer was recorded, counts no failure twice.
  const recorded = await markDeliveryFailed(delivery.id, { ...outcome, giveUp: !retry, nextAttemptAt });
  if (recorded && result.status === 410) {
    await disableEndpoint(
      endpoint.id,
      `Disabled ${after.toISOString().slice(0, 16).replace("T", " ")} UTC: the receiver answered 410 Gone (the address no longer takes webhooks).`,
      after,
    );
    log("warn", "webhook endpoint disabled: 410 Gone", { event: "webhook.disabled", endpoint: endpoint.id });
  } else if (recorded) {
    const paused = await recordEndpointFailure(endpoint.id, after, {
      pauseAfterFailures: settings.pauseAfterFailures,
      pauseAfterMs: settings.pauseAfterMs,
      reason: `Paused ${after.toISOString().slice(0, 16).replace("T", " ")} UTC: every attempt failed for over ${Math.round(settings.pauseAfterMs / 60_000)} minutes (last: ${outcome.error ?? "no answer"}).`,
    });
    if (paused) log("warn", "webhook endpoint paused after repeated failures", { event: "webhook.paused", endpoint: endpoint.id });
  }
  log(retry ? "info" : "warn", "webhook attempt failed", {
    event: "webhook.failed",
    delivery: delivery.id,
    endpoint: endpoint.id,
    status: result.status,
    error: outcome.error,
    retry,
  });
  if (retry && recorded) throw new RetryAt(nextAttemptAt, `webhook delivery ${delivery.id}: ${outcome.error}; next try ${nextAttemptAt.toISOString()}`);
  return retry ? "retry" : "failed";
}

/**
 * The queue's job for webhook deliveries (src/server/queue-registry.ts); `overrides` for tests. One
 * request at a time per receiver in each process (the job's group is its endpoint): a receiver with
 * a backlog takes one worker, the others send to the other receivers, and what a killed process had
 * in flight to one receiver is one request (docs/decisions/0079).
 */
export function webhookDeliveryJob(overrides: Partial<DeliverySettings> & { leaseSeconds?: number } = {}): JobDefinition<WebhookDeliveryJobData> {
  const { leaseSeconds, ...settings } = overrides;
  return {
    name: WEBHOOK_DELIVERY_JOB,
    // A record's deliveries to one endpoint start in the order they were queued, one at a time; one
    // waiting to retry holds the later ones back.
    policy: "key_strict_fifo",
    concurrency: 4,
    concurrencyPerGroup: 1,
    burst: true,
    retry: WEBHOOK_RETRY,
    // A try is one request of at most 10 s: one still running after this was lost with its process.
    leaseSeconds: leaseSeconds ?? 60,
    handler: async (data, attempt) => {
      await sendDelivery(data, attempt, settings);
    },
    adopt: () => adoptPendingDeliveries(),
  };
}
