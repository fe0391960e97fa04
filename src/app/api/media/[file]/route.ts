import { errorFields, log } from "@/server/kernel/log";
import { storage, type StoredFile } from "@/server/media/storage";
import { uploadType } from "@/server/media/uploads";

export const dynamic = "force-dynamic";

/**
 * Uploaded images, streamed from the local folder or the object storage (docs/decisions/0029): the
 * name is random and never reused, so they can be cached for good. The type comes from the name,
 * which the upload chose from the file's bytes, never from what the storage says.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  return answer((await params).file, "GET");
}

/** HEAD asks the storage for the file's metadata only: no body is opened that nobody would read. */
export async function HEAD(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  return answer((await params).file, "HEAD");
}

async function answer(name: string, method: "GET" | "HEAD"): Promise<Response> {
  const type = uploadType(name);
  if (!type) return new Response("Not found", { status: 404 });
  let found: (Omit<StoredFile, "body"> & { body?: StoredFile["body"] }) | null;
  try {
    found = method === "GET" ? await storage().get(name) : await storage().head(name);
  } catch (error) {
    // Never a 404 (a cache would keep it): the storage is down, refuses us, or has no such bucket.
    log("error", "stored image could not be read", { file: name, ...errorFields(error) });
    return new Response("The image cannot be read right now.", { status: 503, headers: { "Retry-After": "10", "Cache-Control": "no-store" } });
  }
  if (!found) return new Response("Not found", { status: 404 });
  return new Response(found.body ?? null, {
    headers: {
      "Content-Type": type,
      // Next 16 sends a route's answer chunked and leaves this out (as it did before object storage).
      "Content-Length": String(found.length),
      ...(found.etag ? { ETag: found.etag } : {}),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
