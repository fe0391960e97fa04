import { razorpayWebhookPost } from "@/server/billing";

// Razorpay's webhook (docs/decisions/0109): payment events, signed with RAZORPAY_WEBHOOK_SECRET,
// each applied once to the invoice it pays.

export const dynamic = "force-dynamic";

export async function POST(request: Request): Promise<Response> {
  return razorpayWebhookPost(request);
}
