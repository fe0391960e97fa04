import "server-only";
import { Webhook } from "standardwebhooks";
import { z } from "zod";
import { findClickTarget, recordClick, type ClickOutcome } from "./data/newsletter-events";
import { env } from "../kernel/env";
import { errorFields, log } from "../kernel/log";
import { readBodyText } from "../kernel/read-body";
import { manageUrl, readClickToken, readSubscriberToken } from "./links";
import { fetchCertificate, parseSnsMessage, snsHostRegion, verifySnsMessage, type CertificateFetcher } from "./sns";
import { applyProviderEvents, sesEvents, unsubscribeByMailSubject, unsubscribeByToken, type ProviderEvent } from "./suppression";

// The HTTP side of what comes back from sent letters (docs/decisions/0063): the one-click unsubscribe
// address, the provider notification endpoints and the click redirect. The route files under
// src/app/ call these; tests call them with their own secrets and certificate fetcher.

/** A one-click POST carries `List-Unsubscribe=One-Click` (26 bytes); host/request-guards.ts holds the same limit. */
export const UNSUBSCRIBE_BODY_LIMIT_BYTES = 4 * 1024;
/** An SNS notification is at most 256 KB (SNS's own message limit); host/request-guards.ts holds the same limit. */
export const EVENTS_BODY_LIMIT_BYTES = 256 * 1024;

/** Every answer here is for one person or one provider: never stored, never indexed, and its address (a token) never sent on as Referer. */
const PRIVATE = {
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "no-referrer",
  "X-Robots-Tag": "noindex, nofollow",
};

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(status: number, title: string, body: string): Response {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow">
<title>${escape(title)} | ${escape(env().SITE_NAME)}</title></head>
<body><main><h1>${escape(title)}</h1>
${body}
</main></body></html>
`;
  return new Response(html, { status, headers: { ...PRIVATE, "Content-Type": "text/html; charset=utf-8" } });
}

const text = (status: number, message: string) =>
  new Response(`${message}\n`, { status, headers: { ...PRIVATE, "Content-Type": "text/plain; charset=utf-8" } });

const INVALID_LINK =
  "This unsubscribe link is not valid: it was changed or cut short. Use the link in the newsletter itself, or reply to any letter and we will take you off the list.";
const GONE_LINK =
  "This unsubscribe link no longer works: the address was removed from the list, or newer letters carry newer links. Use the link in the latest letter.";

/**
 * GET on the one-click address: link scanners and previews follow every link in a mail, so a GET
 * never unsubscribes. It shows one button that POSTs to the same address (no script needed), and a
 * link to the preferences page for who only wants fewer letters.
 */
export function unsubscribeGet(token: string): Response {
  const named = readSubscriberToken("unsubscribe", token);
  if (!named) return page(400, "Link not valid", `<p>${escape(INVALID_LINK)}</p>`);
  const preferences = manageUrl({ id: named.id, tokenVersion: named.tokenVersion });
  return page(
    200,
    "Unsubscribe from the newsletter?",
    `<p>Press the button to stop receiving our newsletter. Nothing else is needed.</p>
<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>
<p>Only want fewer letters? <a href="${escape(preferences)}">Choose topics or pause instead</a>.</p>`,
  );
}

/**
 * Whether a POST's body says what RFC 8058 requires: `List-Unsubscribe=One-Click`, as a form
 * (urlencoded, which mail clients and our page's button send, or multipart). An empty or other body
 * is some other client's request (a prefetch, a scanner posting forms) and unsubscribes no one.
 */
async function isOneClick(request: Request, body: string): Promise<boolean> {
  const type = request.headers.get("content-type") ?? "";
  if (/^multipart\/form-data/i.test(type)) {
    try {
      const form = await new Response(body, { headers: { "content-type": type } }).formData();
      return form.get("List-Unsubscribe") === "One-Click";
    } catch {
      return false;
    }
  }
  return new URLSearchParams(body.trim()).get("List-Unsubscribe") === "One-Click";
}

/**
 * POST on the one-click address (RFC 8058): unsubscribes at once and answers 200, never a redirect,
 * when the body is RFC 8058's `List-Unsubscribe=One-Click` (a mail client's, or our page's form); the
 * signed token decides whose. Another body is refused with 400 and changes nothing.
 */
export async function unsubscribePost(request: Request, token: string): Promise<Response> {
  const body = await readBodyText(request, UNSUBSCRIBE_BODY_LIMIT_BYTES);
  if (body === null) return text(413, `Refused: a one-click unsubscribe carries at most ${UNSUBSCRIBE_BODY_LIMIT_BYTES / 1024} KB.`);
  if (!(await isOneClick(request, body)))
    return page(
      400,
      "Not unsubscribed",
      `<p>${escape("A one-click unsubscribe carries List-Unsubscribe=One-Click (RFC 8058). Nothing was changed: open the link in the newsletter and press Unsubscribe.")}</p>`,
    );
  try {
    const { outcome } = await unsubscribeByToken(token);
    if (outcome === "invalid") return page(400, "Link not valid", `<p>${escape(INVALID_LINK)}</p>`);
    if (outcome === "not-found") return page(404, "Link no longer valid", `<p>${escape(GONE_LINK)}</p>`);
    return page(200, "You are unsubscribed", "<p>You will receive no more newsletters from us. You can subscribe again on our blog at any time.</p>");
  } catch (error) {
    log("error", "newsletter unsubscribe failed", { ...errorFields(error) });
    return text(503, "The unsubscribe could not be saved just now. Please try again in a minute.");
  }
}

/** The topic ARNs whose notifications are taken (NEWSLETTER_SNS_TOPIC_ARN). */
export interface SesOptions {
  topicArns?: readonly string[];
  fetcher?: CertificateFetcher;
  /** Confirms a subscription by fetching its SubscribeURL (tests replace it). */
  confirm?: (url: string) => Promise<void>;
  now?: Date;
}

const confirmSubscription = async (url: string) => {
  const answer = await fetch(url, { redirect: "error", signal: AbortSignal.timeout(10_000) });
  if (!answer.ok) throw new Error(`SubscribeURL answered ${answer.status}`);
};

/**
 * Amazon SES notifications through SNS: the message's signature is checked (./sns.ts), then its
 * topic against NEWSLETTER_SNS_TOPIC_ARN. Unset, the endpoint takes nothing: any AWS account can
 * have AWS sign a message of its own topic, and only the topic says it is ours. A 5xx makes SNS
 * retry; a notification it sends again is applied once (by its MessageId).
 */
export async function sesEventsPost(request: Request, options: SesOptions = {}): Promise<Response> {
  const topics = options.topicArns ?? env().NEWSLETTER_SNS_TOPIC_ARN;
  if (topics.length === 0) return text(503, "Not configured: set NEWSLETTER_SNS_TOPIC_ARN to the SNS topic of the SES notifications (docs/newsletter.md).");
  const body = await readBodyText(request, EVENTS_BODY_LIMIT_BYTES);
  if (body === null) return text(413, `Refused: a notification carries at most ${EVENTS_BODY_LIMIT_BYTES / 1024} KB.`);
  const message = parseSnsMessage(body);
  if (!message) return text(400, "Refused: the body is not an Amazon SNS message (JSON with Type, MessageId, TopicArn, Message, Timestamp and a signature).");
  // The topic first: a message of another topic is refused before its certificate is fetched.
  if (!topics.includes(message.TopicArn)) {
    log("warn", "newsletter SNS message of another topic refused", { event: "newsletter.sns-refused", topicArn: message.TopicArn.slice(0, 300) });
    return text(403, "Refused: this topic is not the one configured in NEWSLETTER_SNS_TOPIC_ARN.");
  }
  const verdict = await verifySnsMessage(message, { fetcher: options.fetcher ?? fetchCertificate, now: options.now });
  if (!verdict.ok) {
    log("warn", "newsletter SNS message refused", { event: "newsletter.sns-refused", reason: verdict.reason });
    return text(403, `Refused: ${verdict.reason}.`);
  }
  if (message.Type === "SubscriptionConfirmation") {
    const url = message.SubscribeURL!;
    if (!snsHostRegion(url)) return text(400, "Refused: the SubscribeURL is not on an Amazon SNS host.");
    try {
      await (options.confirm ?? confirmSubscription)(url);
    } catch (error) {
      log("error", "newsletter SNS subscription not confirmed", { event: "newsletter.sns-subscription", topicArn: message.TopicArn, ...errorFields(error) });
      return text(502, "The subscription could not be confirmed with Amazon SNS; it will send the confirmation again.");
    }
    log("info", "newsletter SNS subscription confirmed", { event: "newsletter.sns-subscription", topicArn: message.TopicArn });
    return text(200, "Subscription confirmed.");
  }
  if (message.Type === "UnsubscribeConfirmation") {
    log("warn", "newsletter SNS subscription ended", { event: "newsletter.sns-unsubscribed", topicArn: message.TopicArn });
    return text(200, "Noted.");
  }
  let events: ProviderEvent[] | null;
  try {
    events = sesEvents(JSON.parse(message.Message));
  } catch {
    events = null;
  }
  if (events === null) return text(400, "Refused: the notification's Message is not an Amazon SES event.");
  return apply(`sns:${message.MessageId.slice(0, 200)}`, events);
}

async function apply(notificationId: string, events: ProviderEvent[]): Promise<Response> {
  try {
    const result = await applyProviderEvents(notificationId, events);
    if (result.duplicate) return text(200, "Already applied.");
    return text(200, `Applied: ${result.outcomes.join(", ") || "nothing to do"}.`);
  } catch (error) {
    log("error", "newsletter event not applied", { notificationId, ...errorFields(error) });
    return text(503, "The notification could not be applied just now; send it again later.");
  }
}

const email = z.string().trim().min(3).max(320).email();
const GenericEvent = z.discriminatedUnion("type", [
  z.object({ type: z.literal("bounce"), bounce: z.enum(["hard", "soft"]), email, messageId: z.string().max(998).nullish() }),
  z.object({ type: z.literal("complaint"), email, messageId: z.string().max(998).nullish() }),
  z.object({ type: z.literal("delivery"), email, messageId: z.string().max(998).nullish() }),
  z.object({ type: z.literal("unsubscribe"), subject: z.string().max(1000) }),
]);

export interface GenericOptions {
  secret?: string;
}

/**
 * Any other provider, or a relay script: one report as JSON, signed with the Standard Webhooks scheme
 * (webhook-id, webhook-timestamp within 5 minutes, webhook-signature) under NEWSLETTER_EVENTS_SECRET.
 * `{type:"unsubscribe", subject}` is an inbound mail to the unsubscribe mailbox.
 */
export async function genericEventsPost(request: Request, options: GenericOptions = {}): Promise<Response> {
  const secret = options.secret ?? env().NEWSLETTER_EVENTS_SECRET;
  if (!secret) return text(503, "Not configured: set NEWSLETTER_EVENTS_SECRET to a whsec_ secret shared with the sender (docs/newsletter.md).");
  const body = await readBodyText(request, EVENTS_BODY_LIMIT_BYTES);
  if (body === null) return text(413, `Refused: an event carries at most ${EVENTS_BODY_LIMIT_BYTES / 1024} KB.`);
  const id = request.headers.get("webhook-id") ?? "";
  if (!id || id.length > 200) return text(400, "Refused: the webhook-id header is missing or longer than 200 characters.");
  try {
    new Webhook(secret).verify(body, {
      "webhook-id": id,
      "webhook-timestamp": request.headers.get("webhook-timestamp") ?? "",
      "webhook-signature": request.headers.get("webhook-signature") ?? "",
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : "the signature could not be checked";
    log("warn", "newsletter event refused", { event: "newsletter.event-refused", reason });
    return text(403, `Refused: ${reason}.`);
  }
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return text(400, "Refused: the body is not JSON.");
  }
  const parsed = GenericEvent.safeParse(json);
  if (!parsed.success)
    return text(
      400,
      'Refused: expected {"type":"bounce","bounce":"hard"|"soft","email":…}, {"type":"complaint"|"delivery","email":…} or {"type":"unsubscribe","subject":…}.',
    );
  const event = parsed.data;
  if (event.type === "unsubscribe") {
    try {
      const { outcome } = await unsubscribeByMailSubject(event.subject);
      if (outcome === "invalid") return text(400, "Refused: the subject holds no valid unsubscribe token (unsubscribe-<token>).");
      if (outcome === "not-found") return text(404, "The token's subscriber is gone or its links were replaced; nothing changed.");
      return text(200, outcome === "unsubscribed" ? "Unsubscribed." : "Already unsubscribed.");
    } catch (error) {
      log("error", "newsletter unsubscribe by mail failed", { ...errorFields(error) });
      return text(503, "The unsubscribe could not be saved just now; send it again later.");
    }
  }
  return apply(`wh:${id}`, [event]);
}

const ALLOWED_TARGET = /^(https?:\/\/|mailto:)/i;

function clickRefused(status: number, message: string): Response {
  return page(status, "Link not found", `<p>${escape(message)}</p>`);
}

/**
 * The counted link of a letter: the token names a stored link and the recipient's copy; the answer
 * goes to the stored address only, never one from the request. HEAD (link scanners, previews) gets
 * the same answer without being counted.
 */
export async function clickGet(token: string, { count = true }: { count?: boolean } = {}): Promise<Response> {
  const named = readClickToken(token);
  if (!named) return clickRefused(404, "This link is not valid: it was changed or cut short. Open the link from the newsletter itself.");
  let outcome: ClickOutcome;
  try {
    outcome = count ? await recordClick(named.linkId, named.recipientId) : await findClickTarget(named.linkId, named.recipientId);
  } catch (error) {
    log("error", "newsletter click not recorded", { ...errorFields(error) });
    return text(503, "This link cannot be followed just now. Please try again in a minute.");
  }
  if ("refused" in outcome) return clickRefused(404, "This link no longer exists, or was not made for this letter.");
  let location: string;
  try {
    location = new URL(outcome.url).href;
  } catch {
    location = "";
  }
  if (!ALLOWED_TARGET.test(location)) return clickRefused(404, "This link no longer exists, or was not made for this letter.");
  return new Response(null, { status: 302, headers: { ...PRIVATE, Location: location } });
}
