import { useEffect, useRef } from "react";

type Notify = (title: string, options: { description: string }) => unknown;

/** The query keys that carry a notice to show once (set by redirects after a mail link or a sign-in). */
const NOTICE_KEYS = ["welcome", "verified", "reset", "error", "denied"];

/**
 * Shows a notice carried in the address (e.g. ?verified=1 after following a mail link) once, with
 * the page's own toasts (the site's one toaster: ADR 0013, ADR 0055),
 * then takes it out of the address so that a reload does not show it again.
 */
export function useAddressNotice(toast: { success: Notify; error: Notify }, title: string, message: string, tone: "success" | "error") {
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current) return;
    shown.current = true;
    toast[tone](title, { description: message });
    const url = new URL(window.location.href);
    for (const key of NOTICE_KEYS) url.searchParams.delete(key);
    window.history.replaceState(null, "", url.pathname + url.search);
  }, [toast, title, message, tone]);
}
