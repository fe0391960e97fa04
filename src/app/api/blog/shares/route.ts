import { z } from "zod";
import { LIMITS, SLUG_PATTERN } from "@/lib/limits";
import { isShareNetwork, recordShare } from "@/server/content/data/blog-shares";
import { errorFields, log } from "@/server/kernel/log";
import { readBodyText } from "@/server/kernel/read-body";
import { ipFromHeaders, isSameOriginHeaders } from "@/server/kernel/request-info";
import { revalidateSharedPost } from "@/server/kernel/revalidate";

export const dynamic = "force-dynamic";

const ShareSchema = z.object({
  slug: z.string().max(LIMITS.slug).regex(SLUG_PATTERN),
  network: z.string().refine(isShareNetwork),
});

const NO_STORE = { "Cache-Control": "no-store" };

/** { slug, network } is well under 200 bytes. */
const BODY_LIMIT_BYTES = 1024;

function reply(status: number, body: Record<string, unknown>): Response {
  return Response.json(body, { status, headers: NO_STORE });
}

/** Records one use of an article's share button: { slug, network } → { count }. */
export async function POST(request: Request): Promise<Response> {
  if (!isSameOriginHeaders(request.headers, { originOnly: true })) return reply(403, { error: "cross-site request refused" });
  if (!request.headers.get("content-type")?.toLowerCase().startsWith("application/json")) {
    return reply(415, { error: "send JSON" });
  }
  const text = await readBodyText(request, BODY_LIMIT_BYTES);
  if (text === null) return reply(413, { error: "too large" });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return reply(400, { error: "invalid JSON" });
  }
  const parsed = ShareSchema.safeParse(json);
  if (!parsed.success) return reply(400, { error: "slug and network (twitter, facebook or linkedin) are required" });
  const { slug, network } = parsed.data;
  if (!isShareNetwork(network)) return reply(400, { error: "unknown network" });
  try {
    const result = await recordShare(slug, network, ipFromHeaders(request.headers));
    if (result.ok) {
      revalidateSharedPost(slug);
      return reply(200, { count: result.count });
    }
    if (result.reason === "not-found") return reply(404, { error: "no such post" });
    return reply(429, { error: "too many shares, try again later", count: result.count });
  } catch (error) {
    log("error", "share not recorded", { slug, network, ...errorFields(error) });
    return reply(500, { error: "share not recorded" });
  }
}
