import "server-only";
import crypto from "node:crypto";
import { insertMedia } from "./data/media-rows";
import { mediaUrl, UPLOAD_FILE_NAME } from "@/lib/url-safety";
import { normaliseImage } from "./media";
import { storage } from "./storage";

/**
 * Uploaded images are kept by src/server/media/storage.ts (a local folder, or S3-compatible object
 * storage: docs/decisions/0029) and served by /api/media/<file>. The type is decided by the file's
 * first bytes, never by its name or the browser's claim, and the name carries it.
 */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export const CONTENT_TYPES = { jpg: "image/jpeg", png: "image/png", webp: "image/webp", gif: "image/gif", avif: "image/avif" } as const;
type Extension = keyof typeof CONTENT_TYPES;

export function sniffImage(bytes: Uint8Array): Extension | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpg";
  if (bytes[0] === 0x89 && ascii(1, 4) === "PNG") return "png";
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  if (ascii(0, 4) === "GIF8") return "gif";
  if (ascii(4, 8) === "ftyp" && ["avif", "avis"].includes(ascii(8, 12))) return "avif";
  return null;
}

export interface SavedUpload {
  url: string;
  width: number;
  height: number;
  bytes: number;
}

/**
 * Stores an image once, without its metadata and upright (src/server/media/media.ts), and records it in
 * the media library with its dimensions and the name it was sent with. `uploadedBy` is the member's user id.
 */
/**
 * A file name as the browser sent it, made fit to keep and show: folders dropped (some browsers
 * send a path), control characters and characters a file name cannot hold removed, spaces
 * collapsed, at most 200 characters. Empty when nothing is left.
 */
export function cleanOriginalName(sent: string | null | undefined): string {
  const base = (sent ?? "").split(/[\\/]/).pop() ?? "";
  const clean = base
    .replace(/[\u0000-\u001f\u007f-\u009f"*:<>?|]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  return [...clean].slice(0, 200).join("").trim();
}

export async function saveUpload(bytes: Uint8Array, uploadedBy: string | null = null, originalName = ""): Promise<SavedUpload | { error: string }> {
  if (bytes.byteLength === 0) return { error: "The file is empty." };
  if (bytes.byteLength > MAX_UPLOAD_BYTES) return { error: "Images must be 5 MB or smaller." };
  const ext = sniffImage(bytes);
  if (!ext) return { error: "Only JPEG, PNG, WebP, AVIF or GIF images can be uploaded." };
  const image = await normaliseImage(bytes, ext);
  if ("error" in image) return image;
  const name = `${crypto.randomBytes(16).toString("hex")}.${ext}`;
  await storage().put(name, image.bytes, CONTENT_TYPES[ext]);
  await insertMedia({
    name,
    originalName: cleanOriginalName(originalName),
    contentType: CONTENT_TYPES[ext],
    width: image.width,
    height: image.height,
    bytes: image.bytes.byteLength,
    uploadedBy,
  });
  return { url: mediaUrl(name), width: image.width, height: image.height, bytes: image.bytes.byteLength };
}

/** The content type of an uploaded file's name (set from its bytes at upload), or null for any other name. */
export function uploadType(name: string): string | null {
  const match = UPLOAD_FILE_NAME.exec(name);
  return match ? CONTENT_TYPES[match[1] as Extension] : null;
}
