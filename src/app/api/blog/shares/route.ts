import { z } from "zod";
import { LIMITS, SLUG_PATTERN } from "@/lib/limits";
import { isShareNetwork, recordShare } from "@/server/data/blog-shares";
import { errorFields, log } from "@/server/log";
import { siteConfig } from "@/server/site-config";

export const dynamic = "force-dynamic";

const ShareSchema = z.object({
  slug: z.string().max(LIMITS.slug).regex(SLUG_PATTERN),
  network: z.string().refine(isShareNetwork),
});

const NO_STORE = { "Cache-Control": "no-store" };

function reply(status: number, body: Record<string, unknown>): Response {
  return Response.json(body, { status, headers: NO_STORE });
}

/**
 * Route handlers get no cross-site protection from Next (STACK-NOTES): a write is accepted only
 * from a page of this site, i.e. an Origin equal to the configured site or to the host the request
 * was sent to. Browsers always send Origin on a POST made with fetch.
 */
function isSameOrigin(request: Request): boolean {
  const origin = request.headers.get("origin");
  if (!origin || origin === "null") return false;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return false;
  }
  const allowed = new Set([new URL(siteConfig().url).host]);
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  if (host) allowed.add(host.split(",")[0]!.trim());
  return allowed.has(originHost);
}

/** The sender for the rate limit: the address the last proxy (or Next itself) saw. */
function visitorOf(request: Request): string {
  const forwarded = request.headers.get("x-forwarded-for");
  const last = forwarded?.split(",").at(-1)?.trim();
  return last || request.headers.get("x-real-ip") || "unknown";
}

/** Records one use of an article's share button: { slug, network } → { count }. */
export async function POST(request: Request): Promise<Response> {
  if (!isSameOrigin(request)) return reply(403, { error: "cross-site request refused" });
  if (!request.headers.get("content-type")?.toLowerCase().startsWith("application/json")) {
    return reply(415, { error: "send JSON" });
  }
  const text = await request.text();
  if (text.length > 1_000) return reply(413, { error: "too large" });
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
    const result = await recordShare(slug, network, visitorOf(request));
    if (result.ok) return reply(200, { count: result.count });
    if (result.reason === "not-found") return reply(404, { error: "no such post" });
    return reply(429, { error: "too many shares, try again later", count: result.count });
  } catch (error) {
    log("error", "share not recorded", { slug, network, ...errorFields(error) });
    return reply(500, { error: "share not recorded" });
  }
}
