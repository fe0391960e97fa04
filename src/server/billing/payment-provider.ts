import "server-only";
import { env } from "../kernel/env";

/**
 * Payment links behind one interface (docs/decisions/0109): billing asks a provider for a link to
 * pay an amount against a reference (the invoice's number) and keeps the link's id and address.
 * The one provider is Razorpay, asked through its REST API with `fetch` rather than its SDK: one
 * call with basic auth needs no package, and the webhook side already reads Razorpay without one.
 */

export interface PaymentLinkRequest {
  /** Our reference for the payment: the invoice's number, which the paid event carries back as reference_id. */
  reference: string;
  amountPaise: number;
  description: string;
  customer: { name: string; email?: string | null };
  /** Where the payer's browser is sent once the payment is made. */
  callbackUrl?: string | null;
}

export interface PaymentLink {
  /** The provider's id of the link (plink_…). */
  id: string;
  /** The address the client pays at. */
  url: string;
}

export interface PaymentProvider {
  readonly name: "razorpay";
  createLink(request: PaymentLinkRequest): Promise<PaymentLink>;
}

/** The provider refused or could not be reached; `message` is a sentence for the member who asked. */
export class PaymentProviderError extends Error {
  override name = "PaymentProviderError";
  constructor(
    message: string,
    /** The provider's HTTP status, when it answered. */
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

export interface RazorpayKeys {
  keyId: string;
  keySecret: string;
  /** The API's origin; https://api.razorpay.com unless a fake of it is used. */
  apiBase?: string;
  /** How long to wait for Razorpay's answer. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const RAZORPAY_API = "https://api.razorpay.com";
// Razorpay's own limits on a payment link's fields: reference_id 40 characters, description 2048.
const REFERENCE_MAX = 40;
const DESCRIPTION_MAX = 2048;

type Json = Record<string, unknown>;
const object = (value: unknown): Json => (value && typeof value === "object" && !Array.isArray(value) ? (value as Json) : {});

/** Razorpay's Payment Links API (POST /v1/payment_links), amounts in paise, currency INR. */
export function razorpayProvider(keys: RazorpayKeys): PaymentProvider {
  const base = (keys.apiBase ?? RAZORPAY_API).replace(/\/+$/, "");
  const call = keys.fetch ?? fetch;
  const authorization = `Basic ${Buffer.from(`${keys.keyId}:${keys.keySecret}`, "utf8").toString("base64")}`;
  return {
    name: "razorpay",
    async createLink(request) {
      if (!Number.isSafeInteger(request.amountPaise) || request.amountPaise < 100)
        throw new PaymentProviderError("A payment link is for a whole number of paise, at least ₹1 (100 paise).");
      if (!request.reference || request.reference.length > REFERENCE_MAX)
        throw new PaymentProviderError(`A payment link's reference is 1 to ${REFERENCE_MAX} characters.`);
      const body: Json = {
        amount: request.amountPaise,
        currency: "INR",
        accept_partial: false,
        reference_id: request.reference,
        description: request.description.slice(0, DESCRIPTION_MAX),
        customer: { name: request.customer.name, ...(request.customer.email ? { email: request.customer.email } : {}) },
        // Razorpay mails the link to the client itself when there is an address to mail it to.
        notify: { email: Boolean(request.customer.email), sms: false },
        reminder_enable: Boolean(request.customer.email),
        ...(request.callbackUrl ? { callback_url: request.callbackUrl, callback_method: "get" } : {}),
      };
      let answer: Response;
      try {
        answer = await call(`${base}/v1/payment_links`, {
          method: "POST",
          headers: { authorization, "content-type": "application/json", accept: "application/json" },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(keys.timeoutMs ?? 15_000),
        });
      } catch (error) {
        const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
        throw new PaymentProviderError(
          timedOut
            ? "Razorpay did not answer in time; no payment link was made. Try again in a minute."
            : "Razorpay could not be reached; no payment link was made.",
        );
      }
      const text = await answer.text().catch(() => "");
      let json: Json = {};
      try {
        json = object(JSON.parse(text));
      } catch {
        // An answer that is not JSON (a proxy's error page) is reported by its status below.
      }
      if (!answer.ok) {
        const description = object(json.error).description;
        const reason = typeof description === "string" && description.trim() ? description.trim().slice(0, 300) : `HTTP ${answer.status}`;
        if (answer.status === 401) throw new PaymentProviderError("Razorpay refused the API keys (401): check RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET.", 401);
        throw new PaymentProviderError(`Razorpay refused the payment link: ${reason}`, answer.status);
      }
      const id = typeof json.id === "string" ? json.id : "";
      const url = typeof json.short_url === "string" ? json.short_url : "";
      if (!id || !/^https?:\/\//.test(url))
        throw new PaymentProviderError("Razorpay's answer had no link id or address; no payment link was kept.", answer.status);
      return { id, url };
    },
  };
}

/** The configured provider, or null when RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET are unset (payment links are off). */
export function configuredPaymentProvider(): PaymentProvider | null {
  const e = env();
  if (!e.RAZORPAY_KEY_ID || !e.RAZORPAY_KEY_SECRET) return null;
  return razorpayProvider({ keyId: e.RAZORPAY_KEY_ID, keySecret: e.RAZORPAY_KEY_SECRET, apiBase: e.RAZORPAY_API_BASE });
}

/** What the dashboard says where a payment link would be made while payment links are off. */
export const PAYMENT_LINKS_OFF = "Payment links are off: set RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET";

/** Whether payment links are on; the dashboard says so when they are not. */
export function paymentLinksEnabled(): boolean {
  const e = env();
  return Boolean(e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET);
}
