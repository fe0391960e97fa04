"use client";

import { useEffect, useRef } from "react";
import { Toaster, toast } from "sonner";
import { AlertTriangle, CheckCircle2 } from "lucide-react";
import type { FormState } from "@/lib/form-state";

/**
 * A Server Action's answer: a toast with JavaScript (SPEC §8), and the same words inline so that
 * they are there without JavaScript too.
 */
export function FormAnswer({ state }: { state: FormState }) {
  useEffect(() => {
    if (!state.at || !state.title) return;
    if (state.status === "success") toast.success(state.title, { description: state.message });
    else if (state.status === "error" || state.status === "refused") toast.error(state.title, { description: state.message });
  }, [state]);
  if (state.status === "idle" || state.status === "invalid" || !state.title) return null;
  const ok = state.status === "success";
  return (
    <div
      role={ok ? "status" : "alert"}
      className={`mb-5 flex gap-3 rounded-xl border p-4 text-sm ${ok ? "border-green-200 bg-green-50 text-green-900" : "border-red-200 bg-red-50 text-red-900"}`}
    >
      {ok ? <CheckCircle2 className="mt-0.5 size-5 shrink-0" aria-hidden="true" /> : <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />}
      <div>
        <p className="font-semibold">{state.title}</p>
        <p className="mt-0.5">{state.message}</p>
      </div>
    </div>
  );
}

/** Sonner's toaster, mounted only on pages that show toasts. */
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
