"use client";

import { useEffect } from "react";
import { useAddressNotice } from "@/components/ui/address-notice";
import { AnswerBox } from "@/components/ui/answer-box";
import { Toaster, toast, toastAnswer } from "@/components/ui/toast";
import type { FormState } from "@/lib/form-state";

/**
 * A Server Action's answer: a toast with JavaScript, and the same words inline so that
 * they are there without JavaScript too. The same light toasts as the public forms (ADR 0013).
 */
export function FormAnswer({ state }: { state: FormState }) {
  useEffect(() => toastAnswer(state), [state]);
  return <AnswerBox state={state} className="mb-5 text-sm" />;
}

/** The toasts' live region, mounted only on pages that show toasts. */
export function Toasts() {
  return <Toaster />;
}

/** A toast for a notice carried in the address (e.g. ?verified=1 after following a mail link). */
export function NoticeToast({ title, message, tone = "success" }: { title: string; message: string; tone?: "success" | "error" }) {
  useAddressNotice(toast, title, message, tone);
  return null;
}
