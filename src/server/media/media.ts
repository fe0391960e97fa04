import "server-only";
import sharp from "sharp";
import { mediaName, mediaUrl } from "@/lib/url-safety";
import type { Executor } from "../kernel/db/client";
import { holdMediaRows, mediaById, mediaReferenceRows, mediaSizes } from "./data/media-rows";
import { FieldError } from "../kernel/forms/form-action";
import type { Media } from "../kernel/db/schema";
import { errorFields, log } from "../kernel/log";

/**
 * Uploaded images are decoded and written again before they are stored (docs/decisions/0045): the
 * stored file carries no metadata (EXIF with GPS position, camera serials, XMP, comments), is turned
 * upright by its orientation tag, and is at most MAX_SIDE pixels on its long side, which is more
 * than the widest variant a page asks for (`next.config.ts` deviceSizes up to 1920 at 1x). Pages
 * get AVIF and WebP at several widths from Next's image optimiser, from this one stored copy.
 */
export const MAX_SIDE = 2560;
/** A 5 MB file can declare a billion pixels (a decompression bomb): refused before decoding. */
export const MAX_INPUT_PIXELS = 40_000_000;

export type ImageExtension = "jpg" | "png" | "webp" | "gif" | "avif";

export interface NormalisedImage {
  bytes: Uint8Array;
  width: number;
  height: number;
}

export const UNREADABLE_IMAGE = "This image could not be read. Save it again as JPEG or PNG and upload that.";
export const TOO_MANY_PIXELS = "This image has too many pixels (40 megapixels at most).";

/** An animation is decoded whole, every frame at the canvas size: its frames share one MAX_INPUT_PIXELS. */
export function tooManyFramePixels(width: number, frameHeight: number, frames: number): string {
  const megapixels = Math.round((width * frameHeight * frames) / 1_000_000);
  return `This animation has too many pixels over all its frames: ${frames} frames of ${width} x ${frameHeight} are ${megapixels} megapixels, ${MAX_INPUT_PIXELS / 1_000_000} at most. Use fewer or smaller frames.`;
}

export interface DeclaredFrames {
  frames: number;
  /** The largest frame as a decoder paints it (the canvas, or the frame where it reaches past it). */
  width: number;
  height: number;
  /** Every frame's painted pixels, summed. */
  pixels: number;
}

/**
 * What an animation's frames declare, read from the file's own blocks without decoding a pixel
 * (docs/decisions/0079): a GIF's logical screen and each image descriptor (the LZW data skipped by
 * its sub-block lengths), a WebP's VP8X canvas and each ANMF frame. Each frame is counted as painted
 * onto the canvas, or at its own size where it reaches past the canvas (a 1x1 screen cannot hide 4000x4000
 * frames). Null when the file does not start as its format says (the decoder then refuses it); a GIF
 * whose blocks stop making sense part-way counts the frames before that point, which a decoder may paint.
 */
export function declaredFramePixels(bytes: Uint8Array, ext: "gif" | "webp"): DeclaredFrames | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const frames: { left: number; top: number; width: number; height: number }[] = [];
  let canvasW = 0;
  let canvasH = 0;
  if (ext === "gif") {
    if (b.length < 13 || b.toString("latin1", 0, 3) !== "GIF") return null;
    canvasW = b.readUInt16LE(6);
    canvasH = b.readUInt16LE(8);
    let pos = 13 + (b[10]! & 0x80 ? 3 * 2 ** ((b[10]! & 7) + 1) : 0);
    const skipSubBlocks = (at: number) => {
      while (at < b.length && b[at] !== 0) at += b[at]! + 1;
      return at + 1;
    };
    while (pos < b.length) {
      const block = b[pos]!;
      if (block === 0x3b) break;
      if (block === 0x21) pos = skipSubBlocks(pos + 2);
      else if (block === 0x2c) {
        if (pos + 10 > b.length) break;
        frames.push({ left: b.readUInt16LE(pos + 1), top: b.readUInt16LE(pos + 3), width: b.readUInt16LE(pos + 5), height: b.readUInt16LE(pos + 7) });
        const flags = b[pos + 9]!;
        pos = skipSubBlocks(pos + 10 + (flags & 0x80 ? 3 * 2 ** ((flags & 7) + 1) : 0) + 1);
      } else break; // bytes no block starts with: the frames before them still count (a decoder may paint them)
    }
  } else {
    if (b.length < 12 || b.toString("latin1", 0, 4) !== "RIFF" || b.toString("latin1", 8, 12) !== "WEBP") return null;
    const u24 = (at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
    for (let pos = 12; pos + 8 <= b.length;) {
      const tag = b.toString("latin1", pos, pos + 4);
      const size = b.readUInt32LE(pos + 4);
      const data = pos + 8;
      if (tag === "VP8X" && data + 10 <= b.length) {
        canvasW = u24(data + 4) + 1;
        canvasH = u24(data + 7) + 1;
      } else if (tag === "ANMF" && data + 12 <= b.length) {
        frames.push({ left: 2 * u24(data), top: 2 * u24(data + 3), width: u24(data + 6) + 1, height: u24(data + 9) + 1 });
      }
      pos = data + size + (size & 1);
    }
    if (frames.length === 0) return null; // a still WebP: its one image is measured by the decoder's header read
  }
  if (frames.length === 0) return null;
  let width = 0;
  let height = 0;
  let pixels = 0;
  for (const f of frames) {
    const w = Math.max(canvasW, f.left + f.width);
    const h = Math.max(canvasH, f.top + f.height);
    width = Math.max(width, w);
    height = Math.max(height, h);
    pixels += w * h;
  }
  return { frames: frames.length, width, height, pixels };
}

export async function normaliseImage(bytes: Uint8Array, ext: ImageExtension): Promise<NormalisedImage | { error: string }> {
  const animated = ext === "gif" || ext === "webp";
  // Counted from the file's blocks before any decoder runs: reading even the header through the
  // decoder paints a GIF's first frame.
  const declared = ext === "gif" || ext === "webp" ? declaredFramePixels(bytes, ext) : null;
  if (declared && declared.pixels > MAX_INPUT_PIXELS)
    return { error: declared.frames > 1 ? tooManyFramePixels(declared.width, declared.height, declared.frames) : TOO_MANY_PIXELS };
  try {
    const meta = await sharp(bytes, { animated, limitInputPixels: false }).metadata();
    const frameHeight = meta.pageHeight ?? meta.height;
    if (!meta.width || !frameHeight) return { error: UNREADABLE_IMAGE };
    if (meta.width * frameHeight > MAX_INPUT_PIXELS) return { error: TOO_MANY_PIXELS };
    // A GIF or WebP names its canvas once and may hold hundreds of frames of one pixel each: every
    // frame is painted onto the whole canvas when decoded, so the header's pages count too.
    const frames = animated ? (meta.pages ?? 1) : 1;
    if (meta.width * frameHeight * frames > MAX_INPUT_PIXELS) return { error: tooManyFramePixels(meta.width, frameHeight, frames) };
    let image = sharp(bytes, { animated, limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" });
    // Orientation is applied to the pixels because the tag that carried it is dropped with the rest.
    if (!animated || (meta.pages ?? 1) === 1) image = image.rotate();
    image = image.resize({ width: MAX_SIDE, height: MAX_SIDE, fit: "inside", withoutEnlargement: true });
    const encoded =
      ext === "jpg"
        ? image.jpeg({ quality: 85, mozjpeg: true })
        : ext === "png"
          ? image.png({ compressionLevel: 9 })
          : ext === "webp"
            ? image.webp({ quality: 85 })
            : ext === "avif"
              ? image.avif({ quality: 60 })
              : image.gif();
    // sharp writes no metadata unless asked (withMetadata/keepExif): nothing from the upload survives.
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { bytes: new Uint8Array(data), width: info.width, height: info.pageHeight ?? info.height };
  } catch {
    return { error: UNREADABLE_IMAGE };
  }
}

export interface MediaUse {
  kind: "blog post" | "case study" | "testimonial" | "author";
  id: string;
  title: string;
  /** Which field holds it. */
  where: string;
}

/**
 * Every place that shows one of these images: featured images and article bodies, case-study
 * covers and logos, testimonial and author photos. Found from the content itself, so nothing can fall out of step.
 */
export async function findMediaUses(names: readonly string[], database?: Executor): Promise<Map<string, MediaUse[]>> {
  const uses = new Map<string, MediaUse[]>(names.map((n) => [n, []]));
  if (names.length === 0) return uses;
  const urls = names.map(mediaUrl);
  // Names are 32 hex digits and an extension: nothing in them is a LIKE wildcard.
  const { posts, studies, people, writers } = await mediaReferenceRows(urls, database);
  for (const name of names) {
    const url = mediaUrl(name);
    const list = uses.get(name)!;
    for (const p of posts) {
      if (p.image && mediaName(p.image) === name) list.push({ kind: "blog post", id: p.id, title: p.title, where: "featured image" });
      if (p.content.includes(url)) list.push({ kind: "blog post", id: p.id, title: p.title, where: "content" });
    }
    for (const s of studies) {
      if (s.image && mediaName(s.image) === name) list.push({ kind: "case study", id: s.id, title: s.title, where: "cover image" });
      if (s.logo && mediaName(s.logo) === name) list.push({ kind: "case study", id: s.id, title: s.title, where: "logo" });
    }
    for (const t of people) if (t.image && mediaName(t.image) === name) list.push({ kind: "testimonial", id: t.id, title: t.title, where: "photo" });
    for (const a of writers) if (a.image && mediaName(a.image) === name) list.push({ kind: "author", id: a.id, title: a.title, where: "photo" });
  }
  return uses;
}

export function describeUses(uses: readonly MediaUse[]): string {
  return uses.map((u) => `${u.kind} “${u.title}” (${u.where})`).join("; ");
}

/**
 * Width and height of the library's images by storage name, for srcset and layout. Without the
 * database (the pages' fallback content) the images are shown as stored, without variants.
 */
export async function mediaDimensions(names: readonly string[]): Promise<Map<string, { width: number; height: number }>> {
  if (names.length === 0) return new Map();
  try {
    const rows = await mediaSizes(names);
    return new Map(rows.map((r) => [r.name, { width: r.width, height: r.height }]));
  } catch (error) {
    log("warn", "image dimensions not read", errorFields(error));
    return new Map();
  }
}

export async function getMedia(id: string): Promise<Media | undefined> {
  return mediaById(id);
}

/** The fields that can show a library image, by table: the places findMediaUses searches. */
const MEDIA_FIELDS: Record<string, { field: string; within: boolean }[]> = {
  blog_posts: [
    { field: "featuredImageUrl", within: false },
    { field: "content", within: true },
  ],
  case_studies: [
    { field: "imageUrl", within: false },
    { field: "logoUrl", within: false },
  ],
  testimonials: [{ field: "imageUrl", within: false }],
  authors: [{ field: "photoUrl", within: false }],
};

function namesIn(row: Record<string, unknown> | undefined, field: string, within: boolean): string[] {
  const value = row?.[field];
  if (typeof value !== "string") return [];
  if (!within) return [mediaName(value)].filter((n): n is string => n !== null);
  return [...value.matchAll(/\/api\/media\/([0-9a-f]{32}\.(?:jpg|png|webp|gif|avif))/g)].map((m) => m[1]!);
}

/**
 * Holds the library images a row is about to show until its transaction ends (docs/decisions/0048).
 * Taken after the write and before the commit: each image's library row is read FOR SHARE, which
 * waits for a delete that locked it first (deleteMedia reads it FOR UPDATE) and makes a delete that
 * comes later wait until this write has committed, when its search for uses sees it. An image that
 * a delete took away meanwhile is refused beside its field and the write is undone. An upload that
 * predates the library has no row: the images the row already showed before this write are let
 * through as they are.
 */
export async function holdMediaInUse(
  table: string,
  after: Record<string, unknown> | undefined,
  before: Record<string, unknown> | undefined,
  tx: Executor,
): Promise<void> {
  const fields = MEDIA_FIELDS[table];
  if (!fields || !after) return;
  const wanted = new Map<string, string>();
  for (const { field, within } of fields) for (const name of namesIn(after, field, within)) if (!wanted.has(name)) wanted.set(name, field);
  if (wanted.size === 0) return;
  // Share-locked until the write commits, in one order (data/media-rows.ts).
  const present = await holdMediaRows([...wanted.keys()], tx);
  const shownBefore = new Set(fields.flatMap(({ field, within }) => namesIn(before, field, within)));
  for (const [name, field] of wanted) {
    if (present.has(name) || shownBefore.has(name)) continue;
    throw new FieldError(
      { [field]: "An image here was just deleted from the media library. Choose another image or upload it again." },
      "Image no longer available",
    );
  }
}
