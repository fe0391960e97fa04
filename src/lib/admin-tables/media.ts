import type { Media } from "@/server/kernel/db/schema";
import { LIMITS } from "../limits";
import { MediaSchema } from "../schemas/admin";
import { CONTENT_DESK, defineTable } from "./definition";

/** One place an image is shown, as the media library lists it (src/server/media/media.ts finds them). */
export interface MediaUseSummary {
  kind: string;
  title: string;
  where: string;
}

type MediaRow = Media & { uses?: MediaUseSummary[] };

const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/** The name a download suggests: the original file name with the stored type's extension, else the storage name. */
export function downloadName(r: Pick<Media, "name" | "originalName">): string {
  if (!r.originalName) return r.name;
  const ext = r.name.split(".").pop()!;
  const stem = r.originalName.replace(/\.[A-Za-z0-9]{1,5}$/, "");
  return `${stem}.${ext}`;
}

export const mediaTable = defineTable<MediaRow>({
  id: "media",
  table: "media",
  label: "Media",
  noun: { one: "image", many: "images", title: "Image" },
  access: CONTENT_DESK,
  schema: MediaSchema,
  canCreate: false,
  search: ["name", "originalName", "altText"],
  sorts: {
    created_at: { column: "createdAt", label: "Date" },
    bytes: { column: "bytes", label: "Size" },
  },
  defaultSort: "created_at",
  fields: [{ name: "altText", label: "Default alt text", control: "text", max: LIMITS.title }],
  summary: (r) => ({
    // The storage name is 32 hex digits: its start tells images apart without overflowing a phone.
    // The file's own name when it was kept (uploads since it is): what the writer knows it by.
    title: r.altText || r.originalName || `Image ${r.name.slice(0, 8)}`,
    note: r.altText ? r.originalName || r.name.slice(0, 8) : undefined,
    thumbnail: { src: `/api/media/${r.name}`, alt: r.altText },
    badges: r.uses && r.uses.length === 0 ? [{ label: "Not used", tone: "muted" }] : [],
    line: [
      `${r.width} × ${r.height} px · ${size(r.bytes)} · ${r.name.split(".").pop()!.toUpperCase()} · `,
      { href: `/api/media/${r.name}`, download: downloadName(r) },
    ],
    detail: r.uses?.length ? `Used in: ${r.uses.map((u) => `${u.kind} “${u.title}” (${u.where})`).join("; ")}` : undefined,
  }),
});
