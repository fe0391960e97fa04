import fs from "node:fs";
import { uploadPath } from "@/server/uploads";

export const dynamic = "force-dynamic";

/** Uploaded images: the name is random and never reused, so they can be cached for good. */
export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const found = uploadPath((await params).file);
  if (!found) return new Response("Not found", { status: 404 });
  let data: Buffer;
  try {
    data = await fs.promises.readFile(found.file);
  } catch {
    return new Response("Not found", { status: 404 });
  }
  return new Response(new Uint8Array(data), {
    headers: {
      "Content-Type": found.type,
      "Content-Length": String(data.byteLength),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
