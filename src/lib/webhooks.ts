/**
 * What a webhook endpoint can be sent (docs/integrations.md): the events, the kinds of endpoint and
 * the hosts a chat endpoint may name. No imports: the Integrations screen renders its checkboxes from
 * these lists, the server checks what is posted against the same lists.
 */

export const WEBHOOK_EVENTS = [
  "lead.created",
  "lead.updated",
  "message.created",
  "message.updated",
  "post.published",
  "post.unpublished",
  "case_study.created",
  "case_study.updated",
  "case_study.deleted",
  "testimonial.created",
  "testimonial.updated",
  "testimonial.deleted",
  "booking.created",
  "booking.rescheduled",
  "booking.cancelled",
  "newsletter.subscribed",
  "experiment.stopped",
  "proposal.accepted",
  "invoice.paid",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  "lead.created": "New lead (free audit request)",
  "lead.updated": "Lead changed",
  "message.created": "New contact message",
  "message.updated": "Contact message changed",
  "post.published": "Blog post published",
  "post.unpublished": "Blog post unpublished",
  "case_study.created": "Case study added",
  "case_study.updated": "Case study changed",
  "case_study.deleted": "Case study deleted",
  "testimonial.created": "Testimonial added",
  "testimonial.updated": "Testimonial changed",
  "testimonial.deleted": "Testimonial deleted",
  "booking.created": "Strategy call booked",
  "booking.rescheduled": "Strategy call moved",
  "booking.cancelled": "Strategy call cancelled",
  "newsletter.subscribed": "Newsletter sign-up confirmed",
  "experiment.stopped": "A/B experiment stopped (with its results)",
  "proposal.accepted": "Proposal accepted by the client",
  "invoice.paid": "Invoice paid",
};

/** The form field of one event's checkbox: each has its own name, so that a plain form posts every one ticked. */
export const eventField = (event: WebhookEvent): string => `event:${event}`;

export const WEBHOOK_KINDS = ["standard", "slack", "teams"] as const;
export type WebhookKind = (typeof WEBHOOK_KINDS)[number];

export const WEBHOOK_KIND_LABELS: Record<WebhookKind, string> = {
  standard: "Signed webhook (your server, Zapier, a CRM)",
  slack: "Slack incoming webhook",
  teams: "Microsoft Teams incoming webhook",
};

/**
 * A chat message is written for what a person acts on at once: a new lead or message, a proposal
 * accepted, an invoice paid. The other events are data for a program. Each is named here with its
 * words, so the list and what the form says of it are one table.
 */
const CHAT_EVENT_WORDS = {
  "lead.created": "a new lead",
  "message.created": "a new contact message",
  "proposal.accepted": "a proposal accepted",
  "invoice.paid": "an invoice paid",
} as const satisfies Partial<Record<WebhookEvent, string>>;

export const CHAT_EVENTS: readonly WebhookEvent[] = Object.keys(CHAT_EVENT_WORDS) as (keyof typeof CHAT_EVENT_WORDS)[];

/** The chat events in words, as the form's hint and its refusal say them: "a new lead, ... or an invoice paid". */
export function chatEventsInWords(): string {
  const words: string[] = Object.values(CHAT_EVENT_WORDS);
  return words.length > 1 ? `${words.slice(0, -1).join(", ")} or ${words.at(-1)}` : (words[0] ?? "");
}

export const WEBHOOK_ENDPOINT_STATUSES = ["active", "paused", "disabled"] as const;
export type WebhookEndpointStatus = (typeof WEBHOOK_ENDPOINT_STATUSES)[number];

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/**
 * The hosts a chat endpoint may name: Slack's incoming webhooks live on hooks.slack.com, Teams'
 * (Workflows and the older connectors) on <tenant>.webhook.office.com and *.logic.azure.com /
 * *.environment.api.powerplatform.com. A standard endpoint may name any public host.
 */
export function chatHostAllowed(kind: WebhookKind, host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, "");
  if (kind === "slack") return h === "hooks.slack.com";
  if (kind === "teams") return /\.webhook\.office\.com$/.test(h) || /\.logic\.azure\.com$/.test(h) || /\.environment\.api\.powerplatform\.com$/.test(h);
  return true;
}
