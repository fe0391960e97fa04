"use client";

import { useEffect, useRef } from "react";
import { Toaster, toast } from "sonner";

/**
 * The admin's toasts: sonner, which its lists and dialogs call directly. The public and auth pages
 * use the lighter src/components/ui/toast.tsx (ADR 0013).
 */
export function Toasts() {
  return <Toaster position="top-center" richColors closeButton />;
}

/** A toast for a notice carried in the address (e.g. ?welcome=1 after signing in). */
export function NoticeToast({ title, message, tone = "success" }: { title: string; message: string; tone?: "success" | "error" }) {
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current) return;
    shown.current = true;
    if (tone === "success") toast.success(title, { description: message });
    else toast.error(title, { description: message });
    const url = new URL(window.location.href);
    for (const key of ["welcome", "verified", "reset", "error", "denied"]) url.searchParams.delete(key);
    window.history.replaceState(null, "", url.pathname + url.search);
  }, [title, message, tone]);
  return null;
}
