"use client";

import { useEffect, useRef } from "react";
import { AnswerBox } from "@/components/ui/answer-box";
import { Toaster, toast } from "@/components/ui/toast";
import type { FormState } from "@/lib/form-state";

/**
 * A Server Action's answer: a toast with JavaScript (SPEC §8), and the same words inline so that
 * they are there without JavaScript too. The same light toasts as the public forms (ADR 0013).
 */
export function FormAnswer({ state }: { state: FormState }) {
  useEffect(() => {
    if (!state.at || !state.title) return;
    if (state.status === "success") toast.success(state.title, { description: state.message });
    else if (state.status === "error" || state.status === "refused") toast.error(state.title, { description: state.message });
  }, [state]);
  return <AnswerBox state={state} className="mb-5 text-sm" />;
}

/** The toasts' live region, mounted only on pages that show toasts. */
export function Toasts() {
  return <Toaster />;
}

/** A toast for a notice carried in the address (e.g. ?verified=1 after following a mail link). */
export function NoticeToast({ title, message, tone = "success" }: { title: string; message: string; tone?: "success" | "error" }) {
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current) return;
    shown.current = true;
    toast[tone](title, { description: message });
    const url = new URL(window.location.href);
    for (const key of ["welcome", "verified", "reset", "error", "denied"]) url.searchParams.delete(key);
    window.history.replaceState(null, "", url.pathname + url.search);
  }, [title, message, tone]);
  return null;
}
