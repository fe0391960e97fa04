import { generatedOgImagePath, ogImageVersion } from "@/lib/og-image";
import { getPublishedPost } from "@/server/content/data/blog-posts";
import { errorFields, log } from "@/server/kernel/log";
import { renderOgImage } from "@/server/media/og-image";
import { siteConfig } from "@/server/kernel/site-config";

export const dynamic = "force-dynamic";

/** Recently drawn images by slug and version: a preview crawler asks several times in a row. */
const drawn = new Map<string, Uint8Array>();
const KEEP = 64;

const notFound = () => new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });

/**
 * The generated Open Graph image of a published post (docs/decisions/0048). The address's version
 * is derived from what the image shows, so the current version is cached for good. An older
 * version is never drawn with the current title: it is sent on to the current address, uncached,
 * so that a preview made before the title changed picks up the new image. Drafts and unknown
 * posts answer 404, uncached, so that publishing later is seen at once.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ slug: string; version: string }> }) {
  const { slug, version } = await params;
  const asked = /^([0-9a-f]{12})\.png$/.exec(version)?.[1];
  if (!asked) return notFound();
  const post = await getPublishedPost(slug);
  if (!post) return notFound();
  const current = ogImageVersion(post);
  if (asked !== current) {
    return new Response(null, { status: 307, headers: { Location: generatedOgImagePath(post), "Cache-Control": "no-store" } });
  }
  const key = `${post.slug}/${current}`;
  let png = drawn.get(key);
  if (!png) {
    try {
      png = await renderOgImage({ title: post.title, author: post.authorName, siteName: siteConfig().name });
    } catch (error) {
      log("error", "open graph image not drawn", { slug: post.slug, ...errorFields(error) });
      return new Response("The image cannot be drawn right now.", { status: 503, headers: { "Retry-After": "10", "Cache-Control": "no-store" } });
    }
    drawn.set(key, png);
    if (drawn.size > KEEP) drawn.delete(drawn.keys().next().value!);
  }
  return new Response(png as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": "image/png",
      "Content-Length": String(png.byteLength),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
