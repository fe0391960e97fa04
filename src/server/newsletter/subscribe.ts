import "server-only";
import { CONTENT_DESK } from "@/lib/admin-tables/definition";
import { PENDING_SUBSCRIBER_DAYS, type SubscriberSource } from "@/lib/newsletter";
import { distinctTags } from "@/lib/blog";
import { requireRole } from "../kernel/session/auth-guard";
import { listPublishedTags } from "../content";
import {
  CONFIRMATION_MAIL_KIND,
  changePreferences,
  confirmSubscriber,
  deleteStalePending,
  deleteSubscriberRow,
  eraseSubscriberRow,
  exportSubscribers,
  listSubscribers,
  signUpSubscriber,
  subscriberByToken,
  subscriberData,
  type PreferenceChange,
  type SignUpOutcome,
  type SubscriberFilter,
} from "./data/newsletter-subscribers";
import type { NewsletterSubscriber } from "../kernel/db/schema";
import { EVERY_HOUR, oncePer, type TimedJob } from "../kernel/jobs/jobs";
import type { MailInput } from "../kernel/mail/mail";
import { composeMail } from "../kernel/mail/compose";
import { log } from "../kernel/log";
import { siteConfig } from "../kernel/site-config";
import { confirmUrl, manageUrl, readConfirmToken, readSubscriberToken } from "./links";

// Subscribing to the newsletter (docs/newsletter.md, "Subscribing"; docs/decisions/0064): double
// opt-in, an answer that never tells whether an address is on the list, the preferences page's
// changes, the expiry of unconfirmed sign-ups, and the dashboard's list, export and erasure.

/** A pending sign-up asked again is sent its confirmation again at most this often (one mailbox cannot be flooded). */
export const RESEND_CONFIRMATION_MINUTES = 10;

/**
 * The one answer to a sign-up, whatever the address's state (docs/decisions/0064): a new, pending,
 * confirmed, unsubscribed or suppressed address reads exactly this, so the form tells nobody
 * whether an address is on the list.
 */
export const SIGN_UP_ANSWER = {
  status: "success",
  title: "Check your inbox to confirm",
  message: "We have sent you a link to confirm your subscription. Nothing is sent to you until you follow it.",
} as const;

/** Who works on the newsletter's list: the content desk (the list reads the blog; sales works on leads). */
export const NEWSLETTER_DESK = CONTENT_DESK;

/** The mail that asks a new address to confirm: the only mail a sign-up sends. */
export function confirmationMail(row: Pick<NewsletterSubscriber, "id" | "tokenVersion" | "email">): MailInput {
  const site = siteConfig();
  return {
    kind: CONFIRMATION_MAIL_KIND,
    recipients: [row.email],
    ...composeMail({
      subject: `Confirm your subscription: ${site.name} newsletter`,
      paragraphs: ["Hello,", `Please confirm that you want to receive the ${site.name} newsletter at this address.`],
      button: { label: "Confirm subscription", url: confirmUrl(row) },
      footer: [
        `The link works for ${PENDING_SUBSCRIBER_DAYS} days. Nothing is sent to you until you confirm.`,
        "If you did not ask for this, someone typed your address by mistake: ignore this e-mail and you will not hear from us again.",
      ],
    }),
    replyTo: site.email,
  };
}

/**
 * Puts an address on the list as pending and asks it to confirm, or does what its state calls for
 * (a confirmed or suppressed address: nothing). Callers tell the visitor the same whatever it did.
 */
export async function subscribe(input: {
  email: string;
  topics: string[];
  source: SubscriberSource;
  leadId?: string | null;
  contactMessageId?: string | null;
}): Promise<SignUpOutcome> {
  const outcome = await signUpSubscriber(input, RESEND_CONFIRMATION_MINUTES * 60_000, confirmationMail);
  log("info", "newsletter sign-up", { event: "newsletter.sign-up", source: input.source, outcome });
  return outcome;
}

/** The topics a visitor may choose: the published posts' tags, sorted as the blog sorts them. */
export async function publishedTopics(): Promise<string[]> {
  return distinctTags([{ tags: await listPublishedTags() }]);
}

/** A posted list of topics checked against the ones offered. */
export function checkTopics(posted: readonly string[], allowed: readonly string[]): { topics: string[] } | { message: string } {
  const unique = [...new Set(posted)];
  if (unique.length > 100) return { message: "Choose at most 100 topics." };
  const unknown = unique.filter((t) => !allowed.includes(t));
  if (unknown.length > 0) return { message: "One of the chosen topics is no longer on the blog. Please choose again from the list." };
  return { topics: unique };
}

export type ConfirmResult = "confirmed" | "already" | "expired" | "invalid";

/** Whether a confirmation link is one we signed and still good, without changing anything (what the GET shows). */
export async function checkConfirmToken(token: string): Promise<{ ok: true; row: NewsletterSubscriber } | { ok: false; result: ConfirmResult }> {
  const read = readConfirmToken(token);
  if (!read) return { ok: false, result: readConfirmToken(token, new Date(0)) ? "expired" : "invalid" };
  const row = await subscriberByToken(read.id, read.tokenVersion);
  if (!row || (row.status !== "pending" && row.status !== "confirmed")) return { ok: false, result: "invalid" };
  return { ok: true, row };
}

/** The POST of the confirmation page: pending → confirmed, only with a good link of the row's current version. */
export async function confirmWithToken(token: string): Promise<{ result: ConfirmResult; row?: NewsletterSubscriber }> {
  const read = readConfirmToken(token);
  if (!read) return { result: readConfirmToken(token, new Date(0)) ? "expired" : "invalid" };
  const outcome = await confirmSubscriber(read.id, read.tokenVersion);
  if (outcome.kind === "invalid") return { result: "invalid" };
  if (outcome.kind === "confirmed") log("info", "newsletter subscription confirmed", { event: "newsletter.confirmed" });
  return { result: outcome.kind, row: outcome.row };
}

/** The row a preferences link names, or undefined (forged, altered, or voided by a version raise). */
export async function subscriberForManageToken(token: string): Promise<NewsletterSubscriber | undefined> {
  const read = readSubscriberToken("manage", token);
  return read ? subscriberByToken(read.id, read.tokenVersion) : undefined;
}

/** A change from the preferences page; undefined when the link is not good or the row is off the list. */
export async function changeWithManageToken(token: string, change: PreferenceChange): Promise<NewsletterSubscriber | undefined> {
  const read = readSubscriberToken("manage", token);
  if (!read) return undefined;
  const row = await changePreferences(read.id, read.tokenVersion, change);
  if (row) log("info", "newsletter preferences changed", { event: "newsletter.preferences", change: Object.keys(change)[0] });
  return row;
}

export { manageUrl };

/** Unconfirmed sign-ups are deleted after PENDING_SUBSCRIBER_DAYS, once a day (an hourly tick, docs/decisions/0095). */
export const pendingSubscriberExpiryJob: TimedJob = {
  name: "newsletter-pending-expiry",
  cron: EVERY_HOUR,
  run: oncePer("day", "newsletter-pending-expiry", async (tx) => {
    const removed = await deleteStalePending(PENDING_SUBSCRIBER_DAYS, tx);
    if (removed > 0) log("info", "unconfirmed newsletter sign-ups deleted", { event: "newsletter.pending-expired", removed });
  }),
};

// The dashboard (owners, admins and editors): each function checks the role itself, as every data
// function of the dashboard does, whatever page or route calls it.

export async function listSubscribersForDashboard(filter: SubscriberFilter, page: number) {
  await requireRole(NEWSLETTER_DESK.read);
  return listSubscribers(filter, page);
}

export async function exportSubscribersForDashboard(filter: SubscriberFilter) {
  await requireRole(NEWSLETTER_DESK.read);
  return exportSubscribers(filter);
}

export async function subscriberDataForDashboard(id: string) {
  await requireRole(NEWSLETTER_DESK.read);
  return subscriberData(id);
}

export async function deleteSubscriber(id: string): Promise<boolean> {
  await requireRole(NEWSLETTER_DESK.write);
  return deleteSubscriberRow(id);
}

export async function eraseSubscriber(id: string) {
  await requireRole(NEWSLETTER_DESK.write);
  return eraseSubscriberRow(id);
}
