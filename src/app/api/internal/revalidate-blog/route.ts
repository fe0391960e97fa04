import { timingSafeEqual } from "node:crypto";
import { internalToken } from "@/server/kernel/bridge.ts";
import { revalidateBlog } from "@/server/kernel/revalidate";

export const dynamic = "force-dynamic";

const notFound = () => new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });

/**
 * Revalidates the blog for a timed job of this same process (src/server/content/scheduled-publishing.ts):
 * Next's revalidatePath works only inside a request. Anyone else, without the process's secret,
 * gets a 404.
 */
export async function POST(request: Request): Promise<Response> {
  const given = Buffer.from(request.headers.get("x-internal-token") ?? "");
  const expected = Buffer.from(internalToken());
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return notFound();
  const body = (await request.json().catch(() => null)) as { slugs?: unknown } | null;
  const slugs = Array.isArray(body?.slugs) ? body.slugs.filter((s): s is string => typeof s === "string") : [];
  revalidateBlog(slugs);
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
}
