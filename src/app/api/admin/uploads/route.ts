import { CONTENT_DESK } from "@/lib/admin-tables/definition";
import { recordActivity } from "@/server/kernel/activity/activity";
import { AccessDeniedError, requireRole, type SignedInUser } from "@/server/kernel/session/auth-guard";
import { log } from "@/server/kernel/log";
import { isSameOriginHeaders } from "@/server/kernel/request-info";
import { MAX_UPLOAD_BYTES, saveUpload } from "@/server/media/uploads";

export const dynamic = "force-dynamic";

/** POST an image (multipart field "file"): the content desk only, from this site, 5 MB at most. */
export async function POST(request: Request) {
  if (!isSameOriginHeaders(request.headers, { originOnly: true })) return Response.json({ error: "Requests must come from this site." }, { status: 403 });
  let member: SignedInUser;
  try {
    member = await requireRole(CONTENT_DESK.write, request.headers);
  } catch (error) {
    if (error instanceof AccessDeniedError) return Response.json({ error: error.message }, { status: error.reason === "anonymous" ? 401 : 403 });
    throw error;
  }
  // The declared length is checked before a byte is read, and the HTTP parser holds the body to it:
  // a body without one (chunked) is refused rather than read to find out (docs/decisions/0022).
  const declared = request.headers.get("content-length");
  if (declared === null) return Response.json({ error: "Send the image with its length (Content-Length)." }, { status: 411 });
  if (Number(declared) > MAX_UPLOAD_BYTES + 64 * 1024) return Response.json({ error: "Images must be 5 MB or smaller." }, { status: 413 });
  let file: FormDataEntryValue | null;
  try {
    file = (await request.formData()).get("file");
  } catch {
    return Response.json({ error: "Send the image as multipart form data in a field named file." }, { status: 400 });
  }
  if (!(file instanceof File)) return Response.json({ error: "Choose an image to upload." }, { status: 400 });
  const result = await saveUpload(new Uint8Array(await file.arrayBuffer()), member.id, file.name);
  if ("error" in result) return Response.json(result, { status: result.error.includes("5 MB") ? 413 : 415 });
  log("info", "image uploaded", { url: result.url, bytes: file.size, stored: result.bytes });
  // The media library's row is written by saveUpload; the activity row follows it (ADR 0037).
  await recordActivity({
    action: "upload",
    actor: member,
    table: "media",
    recordId: result.url,
    after: { url: result.url, bytes: result.bytes, width: result.width, height: result.height },
    headers: request.headers,
  });
  return Response.json(result, { status: 201 });
}
