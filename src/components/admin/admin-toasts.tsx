"use client";

import { useSearchParams } from "next/navigation";
import { useAddressNotice } from "@/components/ui/address-notice";
import { Toaster, toast } from "@/components/ui/toast";

/** The dashboard's toasts: the site's one toaster (src/components/ui/toast.tsx, ADR 0055), hosted by its layout. */
export function Toasts() {
  return <Toaster />;
}

/** A toast for a notice carried in the address (e.g. ?welcome=1 after signing in). */
export function NoticeToast({ title, message, tone = "success" }: { title: string; message: string; tone?: "success" | "error" }) {
  useAddressNotice(toast, title, message, tone);
  return null;
}

/**
 * The greeting after signing in (?welcome=1): shown by the dashboard's layout, which gets no query
 * of its own, whichever screen the sign-in lands on.
 */
export function WelcomeNotice() {
  const params = useSearchParams();
  return params.get("welcome") ? <NoticeToast title="Welcome Back!" message="You have been successfully logged in." /> : null;
}
