import { mediaTable } from "@/lib/admin-tables/media";
import { mediaUrl } from "@/lib/url-safety";
import { AccessDeniedError } from "@/server/kernel/session/auth-guard";
import { listRecords } from "@/server/dashboard/data/admin-records";
import type { Media } from "@/server/kernel/db/schema";
import type { LibraryImage } from "@/components/admin/upload-image";

export const dynamic = "force-dynamic";

/**
 * The media library's images for the chooser in the editor and the image fields: newest first,
 * searched in the storage name and the default alt text (`q`), a page of 25 (`page`). The content
 * desk only, like the Media tab; reads, changes nothing.
 */
export async function GET(request: Request) {
  const params = new URL(request.url).searchParams;
  const page = Number(params.get("page") ?? "1");
  const q = params.get("q") ?? undefined;
  // A NUL cannot reach a text comparison in PostgreSQL; no control character belongs in a search.
  if (q && /[\u0000-\u001f\u007f-\u009f]/.test(q)) return Response.json({ error: "The search may not contain control characters." }, { status: 400 });
  try {
    const list = await listRecords<Media>(mediaTable, { q, page: Number.isSafeInteger(page) && page > 0 ? page : 1 });
    const images: LibraryImage[] = list.rows.map((r) => ({
      id: r.id,
      url: mediaUrl(r.name),
      name: r.originalName || r.name,
      alt: r.altText,
      width: r.width,
      height: r.height,
    }));
    return Response.json({ images, total: list.total, page: list.page, pageCount: list.pageCount }, { headers: { "Cache-Control": "private, no-store" } });
  } catch (error) {
    if (error instanceof AccessDeniedError) return Response.json({ error: error.message }, { status: error.reason === "anonymous" ? 401 : 403 });
    throw error;
  }
}
