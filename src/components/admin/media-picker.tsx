"use client";

import { ImageIcon, Upload } from "lucide-react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { TextInput } from "@/components/forms/fields";
import { Button } from "@/components/ui/button";
import { Dialog, DialogBody, DialogContent, DialogFooter, DialogHeader } from "@/components/ui/dialog";
import { cx } from "@/lib/class-names";
import { uploadImage, type LibraryImage, type UploadedImage } from "./upload-image";

// Where an image comes from, wherever the dashboard asks for one (the editor's image panel, the
// case-study cover, the testimonial photo): a new upload or an image already in the media library
// (docs/decisions/0048). The library is read from /api/admin/media when the dialog opens.

export interface ChosenImage {
  url: string;
  /** The alt text typed in the dialog; empty when the dialog does not ask for one. */
  alt: string;
}

const ACCEPT = "image/jpeg,image/png,image/webp,image/avif,image/gif";
/** The grid's columns: ArrowUp and ArrowDown move by a row. */
const COLUMNS = 3;

/** A thumbnail from Next's optimiser: the stored image can be 2,560 px wide. */
const thumbnail = (url: string) => `/_next/image?url=${encodeURIComponent(url)}&w=256&q=75`;

interface ImageSourceProps {
  /** Names the hidden file input ("Upload an image", "Upload cover image"). */
  uploadLabel: string;
  /** Whether the library dialog asks for alt text (required) before it hands the image over. */
  askAlt: boolean;
  onUploaded: (image: UploadedImage) => void;
  onUploadError: (message: string) => void;
  onChosen: (image: ChosenImage) => void;
}

/** "Upload" and "Choose from library": the two buttons and what they open. */
export function ImageSource({ uploadLabel, askAlt, onUploaded, onUploadError, onChosen }: ImageSourceProps) {
  const [uploading, setUploading] = useState(false);
  const [open, setOpen] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const upload = async (file: File) => {
    setUploading(true);
    try {
      onUploaded(await uploadImage(file));
    } catch (error) {
      onUploadError(error instanceof Error ? error.message : "The image could not be uploaded.");
    } finally {
      setUploading(false);
      if (fileRef.current) fileRef.current.value = "";
    }
  };
  return (
    <>
      <input
        ref={fileRef}
        type="file"
        accept={ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-label={uploadLabel}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void upload(file);
        }}
      />
      <Button type="button" variant="outline" disabled={uploading} onClick={() => fileRef.current?.click()}>
        <Upload aria-hidden="true" />
        {uploading ? "Uploading..." : "Upload"}
      </Button>
      <Button type="button" variant="outline" onClick={() => setOpen(true)}>
        <ImageIcon aria-hidden="true" />
        Choose from library
      </Button>
      {open && <LibraryDialog askAlt={askAlt} onClose={() => setOpen(false)} onChosen={onChosen} />}
    </>
  );
}

type Listing = { state: "loading" } | { state: "error"; message: string } | { state: "ready"; images: LibraryImage[]; total: number };

function LibraryDialog({ askAlt, onClose, onChosen }: { askAlt: boolean; onClose: () => void; onChosen: (image: ChosenImage) => void }) {
  const id = useId();
  const [query, setQuery] = useState("");
  const [listing, setListing] = useState<Listing>({ state: "loading" });
  const [active, setActive] = useState(0);
  const [selected, setSelected] = useState<LibraryImage | null>(null);
  const [alt, setAlt] = useState("");
  const [errors, setErrors] = useState<{ image?: string; alt?: string }>({});
  const chosen = useRef<ChosenImage | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const altRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    // Typing waits a moment, so that a word is one request rather than one per letter.
    const timer = setTimeout(
      () => {
        setListing({ state: "loading" });
        fetch(`/api/admin/media?q=${encodeURIComponent(query)}`, { signal: controller.signal })
          .then(async (response) => {
            const body = (await response.json().catch(() => ({}))) as { images?: LibraryImage[]; total?: number; error?: string };
            if (!response.ok || !body.images) throw new Error(body.error ?? "The media library could not be read.");
            setListing({ state: "ready", images: body.images, total: body.total ?? body.images.length });
            setActive(0);
          })
          .catch((error: unknown) => {
            if (!controller.signal.aborted)
              setListing({ state: "error", message: error instanceof Error ? error.message : "The media library could not be read." });
          });
      },
      query ? 200 : 0,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  const images = listing.state === "ready" ? listing.images : [];
  const optionId = (i: number) => `${id}-option-${i}`;

  const select = (image: LibraryImage) => {
    setSelected(image);
    // The library's default alt text is offered; what is typed here belongs to this use only.
    if (askAlt && (!alt.trim() || alt === selected?.alt)) setAlt(image.alt);
    setErrors({});
  };

  const confirm = (image = selected) => {
    const found: typeof errors = {};
    if (!image) found.image = "Choose an image from the list.";
    if (askAlt && !alt.trim()) found.alt = "Describe the image for people who cannot see it.";
    setErrors(found);
    if (found.image) return listRef.current?.focus();
    if (found.alt) return altRef.current?.focus();
    chosen.current = { url: image!.url, alt: askAlt ? alt.trim() : "" };
    onClose();
  };

  const onListKey = (event: KeyboardEvent) => {
    if (images.length === 0) return;
    const last = images.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: active + 1,
      ArrowLeft: active - 1,
      ArrowDown: active + COLUMNS,
      ArrowUp: active - COLUMNS,
      Home: 0,
      End: last,
    };
    if (event.key in moves) {
      event.preventDefault();
      const next = Math.min(last, Math.max(0, moves[event.key]!));
      setActive(next);
      document.getElementById(optionId(next))?.scrollIntoView({ block: "nearest" });
      return;
    }
    if (event.key === " " || event.key === "Enter") {
      event.preventDefault();
      const image = images[active]!;
      select(image);
      // Enter on an image takes it when nothing more is asked; otherwise the alt text is next.
      if (event.key === "Enter" && !askAlt) confirm(image);
      else if (event.key === "Enter") setTimeout(() => altRef.current?.focus(), 0);
    }
  };

  const status =
    listing.state === "loading"
      ? "Loading the media library..."
      : listing.state === "error"
        ? listing.message
        : listing.total === 0
          ? query
            ? "No image matches this search."
            : "The media library is empty: upload an image first."
          : listing.total > images.length
            ? `${images.length} of ${listing.total} images, newest first: search to find others.`
            : `${listing.total} ${listing.total === 1 ? "image" : "images"}.`;

  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent
        wide
        // The dialog's keys stay in it: Escape closes this dialog only, not the panel that opened it.
        onKeyDown={(e) => e.stopPropagation()}
        onCloseAutoFocus={(e) => {
          const image = chosen.current;
          if (!image) return;
          // The caller puts the focus where the image went (the editor, the field).
          e.preventDefault();
          chosen.current = null;
          onChosen(image);
        }}
      >
        <DialogHeader title="Choose from the media library" description="Images uploaded before, newest first. Search by file name or alt text." />
        <DialogBody className="space-y-4">
          <div>
            <label htmlFor={`${id}-search`} className="mb-1 block text-sm font-semibold">
              Search images
            </label>
            <TextInput
              id={`${id}-search`}
              type="search"
              autoFocus
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === "Enter") e.preventDefault();
                if (e.key === "ArrowDown" && images.length > 0) {
                  e.preventDefault();
                  listRef.current?.focus();
                }
              }}
              aria-describedby={`${id}-status`}
            />
          </div>
          <p id={`${id}-status`} role="status" className={cx("text-sm", listing.state === "error" ? "font-medium text-danger" : "text-ink-soft")}>
            {status}
          </p>
          <div
            ref={listRef}
            role="listbox"
            tabIndex={images.length > 0 ? 0 : -1}
            aria-label="Images in the media library"
            aria-activedescendant={images.length > 0 ? optionId(active) : undefined}
            aria-invalid={Boolean(errors.image)}
            aria-describedby={errors.image ? `${id}-image-error` : undefined}
            onKeyDown={onListKey}
            className="grid max-h-80 grid-cols-3 gap-3 overflow-y-auto rounded-xl p-1 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
          >
            {images.map((image, i) => (
              <div
                key={image.id}
                id={optionId(i)}
                role="option"
                aria-selected={selected?.id === image.id}
                onClick={() => {
                  setActive(i);
                  select(image);
                  listRef.current?.focus();
                }}
                onDoubleClick={() => confirm(image)}
                className={cx(
                  "cursor-pointer overflow-hidden rounded-lg border-2 bg-canvas text-left",
                  selected?.id === image.id ? "border-brand-600" : "border-line",
                  i === active && "outline-2 outline-offset-2 outline-brand-500",
                )}
              >
                {/* eslint-disable-next-line @next/next/no-img-element -- a plain thumbnail from the optimiser, inside the dashboard */}
                <img
                  src={thumbnail(image.url)}
                  alt=""
                  width={256}
                  height={Math.round((256 * image.height) / image.width)}
                  loading="lazy"
                  className="aspect-[4/3] w-full object-cover"
                />
                <span className="block truncate px-2 pt-1 text-sm font-medium">{image.alt || "No alt text"}</span>
                <span className="block truncate px-2 pb-1 font-mono text-xs text-muted">{image.name}</span>
              </div>
            ))}
          </div>
          {errors.image && (
            <p id={`${id}-image-error`} className="text-sm font-medium text-danger">
              {errors.image}
            </p>
          )}
          {askAlt && (
            <div>
              <label htmlFor={`${id}-alt`} className="mb-1 block text-sm font-semibold">
                Alt text (required)
              </label>
              <TextInput
                ref={altRef}
                id={`${id}-alt`}
                value={alt}
                onChange={(e) => setAlt(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === "Enter") {
                    e.preventDefault();
                    confirm();
                  }
                }}
                aria-invalid={Boolean(errors.alt)}
                aria-describedby={errors.alt ? `${id}-alt-error` : undefined}
              />
              {errors.alt && (
                <p id={`${id}-alt-error`} className="mt-1 text-sm font-medium text-danger">
                  {errors.alt}
                </p>
              )}
            </div>
          )}
        </DialogBody>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="button" onClick={() => confirm()}>
            {askAlt ? "Insert image" : "Use image"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
