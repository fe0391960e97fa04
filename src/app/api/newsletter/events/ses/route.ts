import { sesEventsPost } from "@/server/newsletter/returns-http";

// Amazon SES bounces, complaints and deliveries through an SNS topic's HTTPS subscription
// (docs/newsletter.md, docs/decisions/0063): each message's signature and topic are checked.

export const dynamic = "force-dynamic";

export async function POST(request: Request): Promise<Response> {
  return sesEventsPost(request);
}
