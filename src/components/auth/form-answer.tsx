"use client";

import { useAddressNotice } from "@/components/ui/address-notice";
import { buttonVariants } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";

/** The sign-in pages' submit button: full width, large. */
export const WIDE_SUBMIT = buttonVariants({ size: "lg", className: "w-full" });

/** The sign-in pages' inline answer, above the form. */
export const ANSWER = "mb-5 text-sm";

/** A toast for a notice carried in the address (e.g. ?verified=1 after following a mail link). */
export function NoticeToast({ title, message, tone = "success" }: { title: string; message: string; tone?: "success" | "error" }) {
  useAddressNotice(toast, title, message, tone);
  return null;
}
