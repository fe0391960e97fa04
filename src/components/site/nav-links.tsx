"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useRef, type KeyboardEvent, type ReactNode } from "react";
import { cx } from "@/lib/class-names";
import type { NavItem } from "@/lib/routes";

// This file ships on every public page: it keeps to React and Next (no icon library, no
// tailwind-merge in the browser). Icons come rendered from the server as props.

/** The active link is the one whose path matches exactly (a service page does not mark "Services"). */
function useIsActive() {
  const pathname = usePathname();
  return (href: string) => pathname === href;
}

export function DesktopNav({ items }: { items: NavItem[] }) {
  const isActive = useIsActive();
  return (
    <ul className="flex items-center gap-0.5 xl:gap-1">
      {items.map((item) => (
        <li key={item.href}>
          <Link
            href={item.href}
            aria-current={isActive(item.href) ? "page" : undefined}
            className={cx(
              "inline-flex min-h-10 items-center rounded-full px-3 text-sm font-medium whitespace-nowrap text-ink-soft xl:px-3.5 transition-colors hover:bg-brand-50 hover:text-ink",
              isActive(item.href) && "bg-brand-100 text-brand-800",
            )}
          >
            {item.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * Below the lg breakpoint: a <details> disclosure, so the menu opens without JavaScript too; with
 * it, a link click and Escape close the menu.
 */
export function MobileNav({
  items,
  bookingUrl,
  bookingIsExternal,
  openIcon,
  closeIcon,
}: {
  items: NavItem[];
  bookingUrl: string;
  /** An external scheduler (BOOKING_URL) opens in a new tab; the site's own /book in this one. */
  bookingIsExternal: boolean;
  /** Server-rendered icons (lucide's Menu and X), so that the icon library stays out of the browser. */
  openIcon: ReactNode;
  closeIcon: ReactNode;
}) {
  const isActive = useIsActive();
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const close = () => {
    if (detailsRef.current) detailsRef.current.open = false;
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape" && detailsRef.current?.open) {
      close();
      detailsRef.current.querySelector("summary")?.focus();
    }
  };
  return (
    <details ref={detailsRef} className="group lg:hidden" onKeyDown={onKeyDown}>
      <summary
        className="flex size-11 cursor-pointer list-none items-center justify-center rounded-full border border-line bg-surface text-ink [&::-webkit-details-marker]:hidden"
        aria-label="Menu"
      >
        <span className="contents group-open:hidden">{openIcon}</span>
        <span className="hidden group-open:contents">{closeIcon}</span>
      </summary>
      <nav aria-label="Mobile" className="absolute inset-x-0 top-full border-b border-line bg-surface px-5 pt-2 pb-6 shadow-lg">
        <ul className="flex flex-col">
          {items.map((item) => (
            <li key={item.href}>
              <Link
                href={item.href}
                onClick={close}
                aria-current={isActive(item.href) ? "page" : undefined}
                className={cx(
                  "flex min-h-12 items-center rounded-xl px-3 text-base font-medium text-ink-soft hover:bg-brand-50",
                  isActive(item.href) && "bg-brand-100 text-brand-800",
                )}
              >
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
        <div className="mt-4 grid grid-cols-2 gap-3">
          <Link
            href="/free-audit"
            onClick={close}
            className="inline-flex min-h-11 items-center justify-center rounded-full bg-brand-600 px-4 text-sm font-semibold text-white"
          >
            Free Audit
          </Link>
          <a
            href={bookingUrl}
            {...(bookingIsExternal ? { target: "_blank", rel: "noopener noreferrer" } : {})}
            onClick={close}
            className="inline-flex min-h-11 items-center justify-center rounded-full border border-line px-4 text-sm font-semibold text-ink"
          >
            Book Call
          </a>
        </div>
      </nav>
    </details>
  );
}
