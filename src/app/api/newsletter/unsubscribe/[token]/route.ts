import { unsubscribeGet, unsubscribePost } from "@/server/newsletter/returns-http";

// One-click unsubscribe (RFC 8058, docs/decisions/0063): the address of a letter's List-Unsubscribe
// header. POST unsubscribes at once, with no session and no CSRF token: mail clients post it from no
// page at all, and the signed token is the authority. host/request-guards.ts checks the origin of
// Server Action posts only (paths outside /api/), so a cross-site post here is let through on purpose.
// GET never unsubscribes (link scanners follow every link): it shows a button that posts.

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ token: string }> };

export async function GET(_request: Request, { params }: Context): Promise<Response> {
  return unsubscribeGet((await params).token);
}

export async function POST(request: Request, { params }: Context): Promise<Response> {
  return unsubscribePost(request, (await params).token);
}
