"use client";

import { useEffect, useState, type ReactNode } from "react";

/** The WhatsApp and Book Call pair appears once the page is scrolled more than 300 px. */
export const FLOATING_THRESHOLD_PX = 300;

/**
 * Ships on every public page, so it keeps to React and Next: the icons (lucide's MessageCircle and
 * CalendarDays) are rendered on the server and passed in.
 */
export function FloatingActions({
  whatsappUrl,
  bookingUrl,
  bookingIsExternal,
  whatsappIcon,
  bookIcon,
}: {
  whatsappUrl: string;
  bookingUrl: string;
  bookingIsExternal: boolean;
  whatsappIcon: ReactNode;
  bookIcon: ReactNode;
}) {
  const [isVisible, setIsVisible] = useState(false);
  useEffect(() => {
    const update = () => setIsVisible(window.scrollY > FLOATING_THRESHOLD_PX);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);
  return (
    <div data-testid="floating-actions" hidden={!isVisible} className="fixed right-4 bottom-4 z-40 flex flex-col items-end gap-3 sm:right-6 sm:bottom-6">
      <a
        href={whatsappUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="flex size-14 items-center justify-center rounded-full bg-whatsapp text-white shadow-lift transition-transform hover:scale-105"
      >
        {whatsappIcon}
        <span className="sr-only">Chat on WhatsApp</span>
      </a>
      <a
        href={bookingUrl}
        {...(bookingIsExternal ? { target: "_blank", rel: "noopener noreferrer" } : {})}
        className="flex min-h-12 items-center gap-2 rounded-full bg-brand-600 px-5 text-sm font-semibold text-white shadow-lift hover:bg-brand-700"
      >
        {bookIcon}
        Book Call
      </a>
    </div>
  );
}
