import "server-only";
import { recordActivity } from "../kernel/activity/activity";
import {
  addSoftBounce,
  applyEventOnce,
  findRecipientByMessageId,
  lockSubscriber,
  markRecipientBounced,
  resetSoftBounces,
  suppressSubscriber,
  unsubscribeSubscriber,
  type UnsubscribeOutcome,
} from "./data/newsletter-events";
import type { Transaction } from "../kernel/db/client";
import { log } from "../kernel/log";
import { SOFT_BOUNCES_TO_SUPPRESS, type SuppressionReason } from "../../lib/newsletter";
import { readSubscriberToken } from "./links";

// What comes back from a sent letter (docs/decisions/0063): a one-click unsubscribe (by POST or by
// mail), and the provider's reports of bounces, complaints and deliveries. A hard bounce or a
// complaint suppresses the address at once; SOFT_BOUNCES_TO_SUPPRESS soft bounces in a row do too;
// a delivery ends such a run. A suppressed address is never sent to again (the sending job skips it).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type UnsubscribeResult = { outcome: UnsubscribeOutcome } | { outcome: "invalid" };

/**
 * The one-click unsubscribe of RFC 8058: the signed token is the authority (no session, no CSRF
 * token: a mail client posts it without either). A token that was altered, made for another
 * purpose, or names ids that are not ours is "invalid"; one whose subscriber is gone or whose links
 * were voided (a raised token version) is "not-found". Either changes nothing.
 */
export async function unsubscribeByToken(token: string): Promise<UnsubscribeResult> {
  const named = readSubscriberToken("unsubscribe", token);
  if (!named || !UUID.test(named.id) || !UUID.test(named.sendId) || !Number.isSafeInteger(named.tokenVersion)) return { outcome: "invalid" };
  const outcome = await unsubscribeSubscriber(named.id, named.tokenVersion, named.sendId);
  if (outcome === "unsubscribed") log("info", "newsletter unsubscribe", { event: "newsletter.unsubscribed", subscriberId: named.id, sendId: named.sendId });
  return { outcome };
}

/**
 * The `mailto:` half of `List-Unsubscribe`: a mail to unsubscribe@<domain> whose subject is
 * `unsubscribe-<token>` (some clients add "Re:" or other words around it). The agency points that
 * mailbox at the provider's inbound hook, which posts the subject to /api/newsletter/events
 * (docs/newsletter.md); the token is the same signed one-click token.
 */
export async function unsubscribeByMailSubject(subject: string): Promise<UnsubscribeResult> {
  const token = /unsubscribe-([A-Za-z0-9._-]{1,300})/.exec(String(subject ?? "").slice(0, 1000))?.[1];
  if (!token) return { outcome: "invalid" };
  return unsubscribeByToken(token);
}

/** One report about one address, whichever provider sent it. */
export type ProviderEvent =
  | { type: "bounce"; bounce: "hard" | "soft"; email: string; messageId?: string | null }
  | { type: "complaint"; email: string; messageId?: string | null }
  | { type: "delivery"; email: string; messageId?: string | null };

export type EventOutcome = "suppressed" | "soft-bounce" | "reset" | "already-suppressed" | "unknown-address" | "noted";

const emailKey = (email: string) => email.trim().toLowerCase();

/** A Message-ID as stored and as reported may differ by their angle brackets: both spellings. */
export function messageIdSpellings(messageId: string | null | undefined): string[] {
  const bare = String(messageId ?? "")
    .trim()
    .replace(/^<|>$/g, "");
  if (!bare || bare.length > 998) return [];
  return [bare, `<${bare}>`];
}

async function suppress(tx: Transaction, subscriberId: string, reason: SuppressionReason, before: string): Promise<boolean> {
  const done = await suppressSubscriber(subscriberId, reason, tx);
  // The trail says which row and why; the address itself stays on the row, not in the trail.
  if (done)
    await recordActivity(
      {
        action: "newsletter.suppressed",
        actor: null,
        table: "newsletter_subscribers",
        recordId: subscriberId,
        before: { status: before },
        after: { status: "suppressed", suppressedReason: reason },
      },
      tx,
    );
  return done;
}

async function applyOne(tx: Transaction, event: ProviderEvent): Promise<EventOutcome> {
  // The copy our Message-ID names, when it went to this address (a letter has one recipient; a
  // report naming another address is about someone else, found by address below).
  const found = await findRecipientByMessageId(messageIdSpellings(event.messageId), tx);
  const copy = found && emailKey(found.email) === emailKey(event.email) ? found : null;
  const subscriber = copy ? await lockSubscriber({ id: copy.subscriberId }, tx) : await lockSubscriber({ emailKey: emailKey(event.email) }, tx);
  if (copy && event.type === "bounce") await markRecipientBounced(copy.id, tx);
  if (!subscriber) return "unknown-address";
  if (subscriber.status === "suppressed") return event.type === "delivery" ? "noted" : "already-suppressed";
  switch (event.type) {
    case "complaint":
      return (await suppress(tx, subscriber.id, "complaint", subscriber.status)) ? "suppressed" : "already-suppressed";
    case "delivery":
      await resetSoftBounces(subscriber.id, tx);
      return "reset";
    case "bounce": {
      if (event.bounce === "hard") return (await suppress(tx, subscriber.id, "hard-bounce", subscriber.status)) ? "suppressed" : "already-suppressed";
      const inARow = await addSoftBounce(subscriber.id, tx);
      if (inARow >= SOFT_BOUNCES_TO_SUPPRESS)
        return (await suppress(tx, subscriber.id, "soft-bounces", subscriber.status)) ? "suppressed" : "already-suppressed";
      return "soft-bounce";
    }
  }
}

/**
 * Applies the reports of one provider notification, once: `notificationId` (an SNS MessageId, a
 * webhook-id) is claimed in the same transaction, so a notification delivered again changes nothing
 * ("duplicate"). An address that is not on the list is noted and left alone (the site's other mail
 * goes through the same provider).
 */
export async function applyProviderEvents(
  notificationId: string,
  events: readonly ProviderEvent[],
): Promise<{ duplicate: true } | { duplicate: false; outcomes: EventOutcome[] }> {
  const applied = await applyEventOnce(notificationId, async (tx) => {
    const outcomes: EventOutcome[] = [];
    for (const event of events) outcomes.push(await applyOne(tx, event));
    return outcomes;
  });
  if (!applied) return { duplicate: true };
  for (const [i, outcome] of applied.value.entries())
    if (outcome === "suppressed") log("info", "newsletter address suppressed", { event: "newsletter.suppressed", type: events[i]!.type, notificationId });
  return { duplicate: false, outcomes: applied.value };
}

/**
 * The reports in an SES event (the `Message` of an SNS notification): SES's own notifications name
 * their kind `notificationType`, a configuration set's event publishing `eventType`. Our Message-ID
 * is in the mail's headers (SES's `mail.messageId` is its own id, not ours). Other kinds (Send,
 * Open, Click, Reject, DeliveryDelay, …) give no report: opens and clicks are not taken from SES.
 */
export function sesEvents(message: unknown): ProviderEvent[] | null {
  if (!message || typeof message !== "object") return null;
  const m = message as Record<string, unknown>;
  const kind = typeof m.notificationType === "string" ? m.notificationType : typeof m.eventType === "string" ? m.eventType : null;
  if (!kind) return null;
  const mail = (m.mail ?? {}) as { headers?: { name?: unknown; value?: unknown }[]; commonHeaders?: { messageId?: unknown } };
  const header = Array.isArray(mail.headers)
    ? mail.headers.find((h) => typeof h?.name === "string" && h.name.toLowerCase() === "message-id")?.value
    : undefined;
  const messageId = typeof header === "string" ? header : typeof mail.commonHeaders?.messageId === "string" ? mail.commonHeaders.messageId : null;
  const addresses = (list: unknown, field?: string): string[] =>
    Array.isArray(list)
      ? list
          .map((item) => (field ? (item as Record<string, unknown> | null)?.[field] : item))
          .filter((a): a is string => typeof a === "string" && a.length > 0 && a.length <= 320)
          .slice(0, 50)
      : [];
  switch (kind) {
    case "Bounce": {
      const bounce = (m.bounce ?? {}) as { bounceType?: unknown; bouncedRecipients?: unknown };
      // "Undetermined" is treated as soft: three in a row still suppress.
      const hard = bounce.bounceType === "Permanent";
      return addresses(bounce.bouncedRecipients, "emailAddress").map((email) => ({ type: "bounce", bounce: hard ? "hard" : "soft", email, messageId }));
    }
    case "Complaint": {
      const complaint = (m.complaint ?? {}) as { complainedRecipients?: unknown };
      return addresses(complaint.complainedRecipients, "emailAddress").map((email) => ({ type: "complaint", email, messageId }));
    }
    case "Delivery": {
      const delivery = (m.delivery ?? {}) as { recipients?: unknown };
      return addresses(delivery.recipients).map((email) => ({ type: "delivery", email, messageId }));
    }
    default:
      return [];
  }
}
