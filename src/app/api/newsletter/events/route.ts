import { genericEventsPost } from "@/server/newsletter/returns-http";

// Bounces, complaints and deliveries from any other provider or relay script, and inbound mails to
// the unsubscribe mailbox: one JSON report signed with the Standard Webhooks scheme under
// NEWSLETTER_EVENTS_SECRET (docs/newsletter.md, docs/decisions/0063).

export const dynamic = "force-dynamic";

export async function POST(request: Request): Promise<Response> {
  return genericEventsPost(request);
}
