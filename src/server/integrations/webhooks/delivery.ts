import "server-only";
import http from "node:http";
import https from "node:https";
import { Webhook } from "standardwebhooks";
import {
  claimDueDeliveries,
  disableEndpoint,
  endpointsByIds,
  markDeliveryDelivered,
  markDeliveryFailed,
  recordEndpointFailure,
  recordEndpointSuccess,
  type AttemptOutcome,
} from "../../kernel/events/data/webhook-outbox";
import type { WebhookDelivery, WebhookEndpoint } from "../../kernel/db/schema";
import { errorFields, log } from "../../kernel/log";
import { pinnedLookup, RefusedAddressError, resolveTarget, type Resolver } from "../../kernel/net/address";
import { slackMessage, teamsMessage } from "./chat";
import { decryptSecret, SecretUnreadableError } from "./secret";

// Sending the webhook outbox (docs/decisions/0057): each due row is claimed by one process
// (FOR UPDATE SKIP LOCKED, a claim until `locked_until`), sent once, and marked. What is retried:
// network errors, timeouts, 5xx, 408 and 429, with doubling waits, until 24 hours after the event;
// other answers are final (410 also disables the endpoint). An endpoint whose attempts have all
// failed for an hour, at least 10 in a row, is paused until someone resumes it.

export interface DeliverySettings {
  /** The clock (tests move it instead of sleeping). */
  now: () => Date;
  resolver?: Resolver;
  /** Default: WEBHOOK_ALLOW_PRIVATE_TARGETS. */
  allowPrivate?: boolean;
  /** One attempt's limit: connection, answer and the body read. */
  timeoutMs: number;
  /** How long a claim holds a row: after it, a process that died mid-send no longer holds it. */
  claimMs: number;
  /** Rows claimed per statement, and sent at once. */
  batch: number;
  /**
   * Of those, at most this many to one endpoint (docs/decisions/0079): a request in flight when the
   * process is killed arrives, unrecorded, and is sent again by another; one at a time per receiver
   * makes that at most one duplicate per kill. Different endpoints are still sent at once.
   */
  perEndpoint: number;
  /** The first retry's wait, doubled per attempt up to `retryMaxMs`. */
  retryBaseMs: number;
  retryMaxMs: number;
  pauseAfterFailures: number;
  pauseAfterMs: number;
  /**
   * A round claims no new batch after this long (0: one batch), even with more due: the next tick goes
   * on. Short, since a shutdown waits for the round under way (src/server/kernel/jobs/jobs.ts).
   */
  roundMs: number;
}

export const DELIVERY_DEFAULTS: DeliverySettings = {
  now: () => new Date(),
  timeoutMs: 10_000,
  claimMs: 60_000,
  batch: 16,
  perEndpoint: 1,
  retryBaseMs: 30_000,
  retryMaxMs: 60 * 60_000,
  pauseAfterFailures: 10,
  pauseAfterMs: 60 * 60_000,
  roundMs: 5_000,
};

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

/** The wait before attempt `attempts + 1`: doubling from the base, at most the maximum; Retry-After when it asks for longer. */
export function retryDelayMs(attempts: number, retryAfter: number | null, settings: Pick<DeliverySettings, "retryBaseMs" | "retryMaxMs">): number {
  const backoff = Math.min(settings.retryMaxMs, settings.retryBaseMs * 2 ** Math.max(0, attempts - 1));
  return retryAfter === null ? backoff : Math.min(settings.retryMaxMs, Math.max(backoff, retryAfter));
}

async function attempt(delivery: WebhookDelivery, endpoint: WebhookEndpoint, settings: DeliverySettings): Promise<"delivered" | "retry" | "failed"> {
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
    await markDeliveryDelivered(delivery.id, outcome, after);
    await recordEndpointSuccess(endpoint.id);
    return "delivered";
  }
  const retry = !unreadable && isRetryable(result) && after < delivery.retryUntil;
  if (!outcome.error) {
    outcome.error =
      result.status !== null && result.status >= 300 && result.status < 400
        ? `answered ${result.status}: redirects are not followed, give the final address`
        : `answered ${result.status}${retry ? "" : isRetryable(result) ? ": retried for 24 hours, given up" : ": not retried"}`;
  }
  const nextAttemptAt = retry
    ? new Date(Math.min(after.getTime() + retryDelayMs(delivery.attempts, result.retryAfterMs, settings), delivery.retryUntil.getTime()))
    : after;
  await markDeliveryFailed(delivery.id, delivery.lockedUntil!, { ...outcome, giveUp: !retry, nextAttemptAt });
  if (result.status === 410) {
    await disableEndpoint(
      endpoint.id,
      `Disabled ${after.toISOString().slice(0, 16).replace("T", " ")} UTC: the receiver answered 410 Gone (the address no longer takes webhooks).`,
      after,
    );
    log("warn", "webhook endpoint disabled: 410 Gone", { event: "webhook.disabled", endpoint: endpoint.id });
  } else {
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
  return retry ? "retry" : "failed";
}

export interface RoundResult {
  claimed: number;
  delivered: number;
  retry: number;
  failed: number;
}

/**
 * Sends what is due, batch after batch, until nothing is or the round's time is up. A batch holds at
 * most one row per endpoint and record (the claim's rule), so its rows are sent at once.
 */
export async function deliverDueWebhooks(overrides: Partial<DeliverySettings> = {}): Promise<RoundResult> {
  const settings = { ...DELIVERY_DEFAULTS, ...overrides };
  const started = Date.now();
  const total: RoundResult = { claimed: 0, delivered: 0, retry: 0, failed: 0 };
  do {
    const now = settings.now();
    const claimed = await claimDueDeliveries(now, new Date(now.getTime() + settings.claimMs), settings.batch, undefined, settings.perEndpoint);
    if (claimed.length === 0) break;
    total.claimed += claimed.length;
    const endpoints = new Map((await endpointsByIds([...new Set(claimed.map((d) => d.endpointId))])).map((e) => [e.id, e]));
    const results = await Promise.all(
      claimed.map(async (delivery) => {
        const endpoint = endpoints.get(delivery.endpointId);
        if (!endpoint) return "failed" as const; // deleted meanwhile: its rows went with it
        try {
          return await attempt(delivery, endpoint, settings);
        } catch (error) {
          // The database failed while marking: the claim runs out and another round sends it again.
          log("error", "webhook delivery could not be recorded", { delivery: delivery.id, ...errorFields(error) });
          return "retry" as const;
        }
      }),
    );
    for (const r of results) total[r]++;
  } while (Date.now() - started < settings.roundMs);
  return total;
}
