/**
 * The newsletter's states (docs/decisions/0062, 0063). No imports: the dashboard renders its filters
 * and labels from these lists, the schema checks its columns against the same lists.
 */

/**
 * A subscriber's state. `pending` until the confirmation link is followed (nobody is sent a letter
 * before); `confirmed` receives letters unless paused; `unsubscribed` by their own choice;
 * `suppressed` after a hard bounce, a complaint or three soft bounces in a row: never sent again.
 */
export const SUBSCRIBER_STATUSES = ["pending", "confirmed", "unsubscribed", "suppressed"] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];
export const SUBSCRIBER_STATUS_LABELS: Record<SubscriberStatus, string> = {
  pending: "Awaiting confirmation",
  confirmed: "Subscribed",
  unsubscribed: "Unsubscribed",
  suppressed: "Suppressed",
};

/** Where a subscription came from: the three blog forms, or a lead or contact form's tick box. */
export const SUBSCRIBER_SOURCES = ["blog", "article", "footer", "lead", "contact", "dashboard"] as const;
export type SubscriberSource = (typeof SUBSCRIBER_SOURCES)[number];

/** Why an address is suppressed. */
export const SUPPRESSION_REASONS = ["hard-bounce", "complaint", "soft-bounces"] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];

/** Soft bounces in a row that suppress an address (a delivered letter resets the count). */
export const SOFT_BOUNCES_TO_SUPPRESS = 3;
/** Days an unconfirmed sign-up is kept before it is deleted. */
export const PENDING_SUBSCRIBER_DAYS = 7;

/**
 * A send's state: `draft` while it is written; `scheduled` with a time; `sending` while batches go
 * out; `paused` by an editor (resumable); `sent` once every recipient is done; `cancelled`.
 */
export const SEND_STATUSES = ["draft", "scheduled", "sending", "paused", "sent", "cancelled"] as const;
export type SendStatus = (typeof SEND_STATUSES)[number];
export const SEND_STATUS_LABELS: Record<SendStatus, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  sending: "Sending",
  paused: "Paused",
  sent: "Sent",
  cancelled: "Cancelled",
};

/**
 * One recipient of one send: `pending` until claimed; `sending` while its batch's job holds it
 * (docs/decisions/0094); `sent` once the mail server accepted it; `failed` after the retries; `bounced`
 * when the provider reported it; `skipped` when the address was suppressed or unsubscribed before
 * its turn came.
 */
export const RECIPIENT_STATUSES = ["pending", "sending", "sent", "failed", "bounced", "skipped"] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];

export const SUBJECT_MAX = 200;
export const PREVIEW_TEXT_MAX = 200;
