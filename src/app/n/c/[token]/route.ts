import { clickGet } from "@/server/newsletter/returns-http";

// A letter's counted link (docs/decisions/0063): a 302 to the address stored for the link, never one
// taken from the request. HEAD is answered alike without counting: link scanners and previews send
// it, and a person's click is a GET.

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ token: string }> };

export async function GET(_request: Request, { params }: Context): Promise<Response> {
  return clickGet((await params).token);
}

export async function HEAD(_request: Request, { params }: Context): Promise<Response> {
  return clickGet((await params).token, { count: false });
}
