import "server-only";
import { env } from "../kernel/env";
import { signToken, verifyToken } from "./tokens";
import { PENDING_SUBSCRIBER_DAYS } from "../../lib/newsletter";

// The addresses the newsletter's mails link to (docs/newsletter.md). Every one is absolute (a mail
// has no base address) and signed (./tokens.ts): none needs an account or a stored token.

type Subscriber = { id: string; tokenVersion: number };

const origin = () => env().SITE_URL.replace(/\/+$/, "");

/** The confirmation link of a sign-up: works for PENDING_SUBSCRIBER_DAYS from `from`. */
export function confirmToken(s: Subscriber, from = new Date()): string {
  const expires = Math.floor(from.getTime() / 1000) + PENDING_SUBSCRIBER_DAYS * 86_400;
  return signToken("confirm", [s.id, s.tokenVersion, expires]);
}
export const confirmUrl = (s: Subscriber, from = new Date()) => `${origin()}/newsletter/confirm/${confirmToken(s, from)}`;

/** The subscriber, version and expiry a confirmation token names, or null when forged or expired. */
export function readConfirmToken(token: string, now = new Date()): { id: string; tokenVersion: number } | null {
  const parts = verifyToken("confirm", token, 3);
  if (!parts) return null;
  const [id, version, expires] = parts;
  if (!(Number(expires) * 1000 > now.getTime())) return null;
  return { id: id!, tokenVersion: Number(version) };
}

/** The preferences page (topics, pause, unsubscribe): in every mail, no expiry, voided by a version raise. */
export const manageToken = (s: Subscriber) => signToken("manage", [s.id, s.tokenVersion]);
export const manageUrl = (s: Subscriber) => `${origin()}/newsletter/preferences/${manageToken(s)}`;

/**
 * The one-click unsubscribe address of RFC 8058 (`List-Unsubscribe` and `List-Unsubscribe-Post`):
 * a POST to it unsubscribes at once, with no session and no redirect. It names the send, so the
 * send's report can count who left from it.
 */
export const unsubscribeToken = (s: Subscriber, sendId: string) => signToken("unsubscribe", [s.id, s.tokenVersion, sendId]);
export const unsubscribeUrl = (s: Subscriber, sendId: string) => `${origin()}/api/newsletter/unsubscribe/${unsubscribeToken(s, sendId)}`;

export function readSubscriberToken(purpose: "manage", token: string): { id: string; tokenVersion: number } | null;
export function readSubscriberToken(purpose: "unsubscribe", token: string): { id: string; tokenVersion: number; sendId: string } | null;
export function readSubscriberToken(purpose: "manage" | "unsubscribe", token: string) {
  const parts = verifyToken(purpose, token, purpose === "manage" ? 2 : 3);
  if (!parts) return null;
  const [id, version, sendId] = parts;
  return purpose === "manage" ? { id: id!, tokenVersion: Number(version) } : { id: id!, tokenVersion: Number(version), sendId: sendId! };
}

/** A counted link: the stored link's id and the recipient's row, never the target address itself. */
export const clickUrl = (linkId: number, recipientId: number) => `${origin()}/n/c/${signToken("click", [linkId, recipientId])}`;
export function readClickToken(token: string): { linkId: number; recipientId: number } | null {
  const parts = verifyToken("click", token, 2);
  if (!parts) return null;
  const [linkId, recipientId] = parts.map(Number);
  return Number.isSafeInteger(linkId) && Number.isSafeInteger(recipientId) ? { linkId: linkId!, recipientId: recipientId! } : null;
}
