import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Razorpay's webhooks, read without its SDK (docs/decisions/0106). Each delivery carries
 * `x-razorpay-signature`, the hex HMAC-SHA256 of the raw body under the webhook's secret, and
 * `x-razorpay-event-id`, the same on every retry of one event. The body must be the bytes received:
 * JSON parsed and written again need not be the same bytes, and would not verify.
 */

/** Whether `signature` is the body's HMAC-SHA256 under `secret`; a malformed or wrong-length signature is refused, not thrown on. */
export function verifyRazorpaySignature(rawBody: Buffer, signature: string, secret: string): boolean {
  // An empty secret would let anyone sign; a webhook without one is not verified at all.
  if (!secret) return false;
  const expected = Buffer.from(createHmac("sha256", secret).update(rawBody).digest("hex"), "utf8");
  const given = Buffer.from(typeof signature === "string" ? signature.trim().toLowerCase() : "", "utf8");
  // timingSafeEqual throws on buffers of different lengths; such a signature is simply wrong.
  if (given.length !== expected.length) return false;
  return timingSafeEqual(given, expected);
}

/** What billing reads of a Razorpay event: which invoice was paid, by which payment, how much. */
export interface PaymentNotice {
  eventType: string;
  /** Our invoice's number: a payment link's reference_id, or a payment's notes.invoice_number. */
  invoiceNumber: string | null;
  paymentId: string | null;
  /** The payment link paid (plink_…), for a payment_link event. */
  linkId: string | null;
  amountPaise: number | null;
  currency: string | null;
  /** When Razorpay made the event, when it says. */
  at: Date | null;
}

/** The events that say an invoice's money has arrived; any other is recorded and changes nothing. */
export const PAYMENT_EVENT_TYPES = ["payment_link.paid", "payment.captured"] as const;

type Json = Record<string, unknown>;
const object = (value: unknown): Json => (value && typeof value === "object" && !Array.isArray(value) ? (value as Json) : {});
const string = (value: unknown): string | null => (typeof value === "string" && value.trim() !== "" ? value.trim() : null);
const whole = (value: unknown): number | null => (Number.isSafeInteger(value) && (value as number) >= 0 ? (value as number) : null);

/**
 * Reads a webhook's parsed body. A payment link made for an invoice carries the invoice's number as
 * its reference_id; a payment made otherwise (a checkout order) carries it in notes.invoice_number.
 * Amounts are in paise, as Razorpay sends them.
 */
export function readRazorpayEvent(body: unknown): PaymentNotice {
  const event = object(body);
  const payload = object(event.payload);
  const payment = object(object(payload.payment).entity);
  const link = object(object(payload.payment_link).entity);
  const eventType = string(event.event) ?? "";
  const createdAt = whole(event.created_at);
  const fromLink = eventType === "payment_link.paid";
  return {
    eventType,
    invoiceNumber: fromLink ? string(link.reference_id) : string(object(payment.notes).invoice_number),
    paymentId: string(payment.id),
    linkId: fromLink ? string(link.id) : null,
    amountPaise: fromLink ? (whole(link.amount_paid) ?? whole(payment.amount)) : whole(payment.amount),
    currency: string(fromLink ? (link.currency ?? payment.currency) : payment.currency),
    at: createdAt !== null ? new Date(createdAt * 1000) : null,
  };
}
