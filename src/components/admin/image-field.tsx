"use client";

import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { Field, TextInput } from "@/components/forms/fields";
import { ImageSource } from "./media-picker";

/**
 * An image address: typed in, filled by uploading a file (checked and stored by the server), or
 * chosen from the media library, through the same buttons as the editor's image panel.
 */
export function ImageField({
  id,
  name,
  label,
  defaultValue,
  error,
  value: heldValue,
  onChange,
}: {
  id: string;
  name: string;
  label: string;
  defaultValue: string;
  error?: string;
  /** Held by the caller (the writing room shows the cover above the post as it changes). */
  value?: string;
  onChange?: (value: string) => void;
}) {
  const [ownValue, setOwnValue] = useState(defaultValue);
  const value = heldValue ?? ownValue;
  const setValue = (next: string) => (onChange ? onChange(next) : setOwnValue(next));
  const use = (url: string) => {
    setValue(url);
    document.getElementById(id)?.focus();
  };
  return (
    <Field
      id={id}
      label={label}
      error={error}
      hint="An https:// address, or upload a JPEG, PNG, WebP, AVIF or GIF of up to 5 MB, or choose an image from the library."
    >
      {(aria) => (
        <div className="flex flex-wrap gap-2">
          <TextInput {...aria} name={name} value={value} onChange={(e) => setValue(e.target.value)} placeholder="https://..." className="min-w-48 flex-1" />
          <ImageSource
            uploadLabel={`Upload ${label.toLowerCase()}`}
            askAlt={false}
            onUploaded={(image) => {
              use(image.url);
              toast.success("Image uploaded.");
            }}
            onUploadError={(message) => toast.error("Upload failed", { description: message })}
            onChosen={(image) => use(image.url)}
          />
        </div>
      )}
    </Field>
  );
}
