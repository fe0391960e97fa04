/** What the upload endpoint answers for a stored image (src/app/api/admin/uploads/route.ts). */
export interface UploadedImage {
  url: string;
  width?: number;
  height?: number;
}

/**
 * Sends one image to /api/admin/uploads, where it is checked, written again without its metadata
 * and added to the media library (docs/decisions/0045). Throws an Error whose message is the
 * server's sentence, for the field that asked.
 */
export async function uploadImage(file: File): Promise<UploadedImage> {
  const body = new FormData();
  body.set("file", file);
  const response = await fetch("/api/admin/uploads", { method: "POST", body });
  const result = (await response.json().catch(() => ({}))) as Partial<UploadedImage> & { error?: string };
  if (!response.ok || !result.url) throw new Error(result.error ?? "The image could not be uploaded.");
  return { url: result.url, width: result.width, height: result.height };
}

/** One image as the library chooser lists it (src/app/api/admin/media/route.ts). */
export interface LibraryImage {
  id: string;
  url: string;
  name: string;
  alt: string;
  width: number;
  height: number;
}
