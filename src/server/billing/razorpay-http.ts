import "server-only";
import { env } from "../kernel/env";
import { errorFields, log } from "../kernel/log";
import { readBodyBytes } from "../kernel/read-body";
import { applyPaymentEvent } from "./data/payments";
import { verifyRazorpaySignature } from "./razorpay";

// Razorpay's webhook (docs/decisions/0109): POST /api/payments/razorpay. The signature is checked on
// the bytes received, before anything is parsed or written; the event is then applied once by its
// x-razorpay-event-id. Razorpay retries any answer other than 2xx, so an event already seen, or one
// that pays no invoice (kept with why), is answered 200: sending it again would change nothing.

/** Razorpay's events are a few KB; host/request-guards.ts holds the same limit. */
export const WEBHOOK_BODY_LIMIT_BYTES = 64 * 1024;

const text = (status: number, body: string) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Robots-Tag": "noindex" } });

export interface RazorpayWebhookOptions {
  /** The webhook's secret; RAZORPAY_WEBHOOK_SECRET unless given (tests). */
  secret?: string;
}

export async function razorpayWebhookPost(request: Request, options: RazorpayWebhookOptions = {}): Promise<Response> {
  const secret = options.secret ?? env().RAZORPAY_WEBHOOK_SECRET;
  if (!secret) return text(503, "Not configured: set RAZORPAY_WEBHOOK_SECRET to the secret of this webhook in Razorpay's dashboard.");
  const raw = await readBodyBytes(request, WEBHOOK_BODY_LIMIT_BYTES);
  if (raw === null) return text(413, `Refused: an event carries at most ${WEBHOOK_BODY_LIMIT_BYTES / 1024} KB.`);
  const signature = request.headers.get("x-razorpay-signature") ?? "";
  if (!verifyRazorpaySignature(raw, signature, secret)) {
    // Neither the signature nor the body is logged: a forger learns nothing, and the body names the payer.
    log("warn", "razorpay webhook refused", { event: "payments.webhook-refused", reason: signature ? "signature does not match" : "no signature" });
    return text(401, "Refused: the X-Razorpay-Signature header is missing or does not match the body.");
  }
  const eventId = request.headers.get("x-razorpay-event-id")?.trim() ?? "";
  if (!eventId || eventId.length > 100) return text(400, "Refused: the x-razorpay-event-id header is missing or longer than 100 characters.");
  let body: unknown;
  try {
    body = JSON.parse(raw.toString("utf8"));
  } catch {
    return text(400, "Refused: the body is not JSON.");
  }
  if (!body || typeof body !== "object" || Array.isArray(body) || typeof (body as { event?: unknown }).event !== "string")
    return text(400, "Refused: the body is not a Razorpay event (an object with an event name).");
  try {
    const result = await applyPaymentEvent({ eventId, body });
    if (result.status === "applied") {
      log("info", "razorpay payment applied", { event: "payments.applied", invoice: result.invoiceNumber });
      return text(200, `Applied: invoice ${result.invoiceNumber} is paid.`);
    }
    if (result.status === "duplicate") return text(200, "Already received: nothing changed.");
    log("info", "razorpay event kept without effect", { event: "payments.ignored", outcome: result.outcome });
    return text(200, `Received, nothing paid: ${result.outcome}.`);
  } catch (error) {
    // Nothing was committed: Razorpay sends the event again later.
    log("error", "razorpay event could not be applied", { event: "payments.failed", ...errorFields(error) });
    return text(500, "The event could not be saved just now; it will be received again.");
  }
}
