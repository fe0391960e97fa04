import { pdfResponse } from "@/server/billing";
import { publicProposalPdf } from "@/server/proposals";

export const dynamic = "force-dynamic";

/**
 * A proposal as a PDF for its client (docs/decisions/0108): the link's token is the key, as on its
 * page. Never stored by a cache or indexed; its address goes to no other site (host/security-headers.ts).
 */
export async function GET(_request: Request, { params }: { params: Promise<{ token: string }> }) {
  const file = await publicProposalPdf(decodeURIComponent((await params).token));
  if (!file) return new Response("This link names no proposal.", { status: 404, headers: { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" } });
  return pdfResponse(file);
}
