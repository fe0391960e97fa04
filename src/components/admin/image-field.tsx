"use client";

import { useRef, useState } from "react";
import { Upload } from "lucide-react";
import { toast } from "sonner";
import { Field, TextInput } from "@/components/forms/fields";
import { Button } from "@/components/ui/button";

/** An image address, typed in or filled by uploading a file (checked and stored by the server). */
export function ImageField({ id, name, label, defaultValue, error }: { id: string; name: string; label: string; defaultValue: string; error?: string }) {
  const [value, setValue] = useState(defaultValue);
  const [isUploading, setIsUploading] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);

  const upload = async (file: File) => {
    setIsUploading(true);
    try {
      const body = new FormData();
      body.set("file", file);
      const response = await fetch("/api/admin/uploads", { method: "POST", body });
      const result = (await response.json().catch(() => ({}))) as { url?: string; error?: string };
      if (!response.ok || !result.url) throw new Error(result.error ?? "The image could not be uploaded.");
      setValue(result.url);
      toast.success("Image uploaded.");
    } catch (uploadError) {
      toast.error("Upload failed", { description: uploadError instanceof Error ? uploadError.message : "Please try again." });
    } finally {
      setIsUploading(false);
      if (fileRef.current) fileRef.current.value = "";
    }
  };

  return (
    <Field id={id} label={label} error={error} hint="An https:// address, or upload a JPEG, PNG, WebP, AVIF or GIF of up to 5 MB.">
      {(aria) => (
        <div className="flex gap-2">
          <TextInput {...aria} name={name} value={value} onChange={(e) => setValue(e.target.value)} placeholder="https://..." />
          <input
            ref={fileRef}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
            className="sr-only"
            tabIndex={-1}
            aria-label={`Upload ${label.toLowerCase()}`}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void upload(file);
            }}
          />
          <Button type="button" variant="outline" disabled={isUploading} onClick={() => fileRef.current?.click()}>
            <Upload aria-hidden="true" />
            {isUploading ? "Uploading..." : "Upload"}
          </Button>
        </div>
      )}
    </Field>
  );
}
