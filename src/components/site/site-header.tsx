import Link from "next/link";
import { CalendarDays, Menu, X } from "@/components/ui/icons";
import { MAIN_NAV } from "@/lib/routes";
import { siteConfig } from "@/server/kernel/site-config";
import { buttonVariants } from "@/components/ui/button";
import { LogoMark } from "./logo";
import { DesktopNav, MobileNav } from "./nav-links";

/** `cta`: the call to action's words and target, when not the usual ones (an A/B experiment's, a shipped winner's). */
export function SiteHeader({ cta = {} }: { cta?: { label?: string; href?: string } }) {
  const site = siteConfig();
  return (
    <header className="sticky top-0 z-40 border-b border-line/80 bg-surface/90 backdrop-blur supports-[backdrop-filter]:bg-surface/75">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-full focus:bg-brand-700 focus:px-4 focus:py-2 focus:text-white"
      >
        Skip to content
      </a>
      <div className="container-page relative flex h-16 items-center justify-between gap-4">
        <Link href="/" className="flex min-h-11 shrink-0 items-center gap-2.5 font-bold tracking-tight whitespace-nowrap text-ink">
          <LogoMark className="size-8 shrink-0" />
          <span className="text-lg">{site.name}</span>
        </Link>
        {/* The full row (name, six links, both buttons) needs about 960 px: below lg the menu holds the links. */}
        <nav aria-label="Main" className="hidden lg:block">
          <DesktopNav items={MAIN_NAV} />
        </nav>
        <div className="flex shrink-0 items-center gap-2">
          <a
            href={site.bookingUrl}
            {...(site.bookingIsExternal ? { target: "_blank", rel: "noopener noreferrer" } : {})}
            className={buttonVariants({ variant: "outline", size: "sm", className: "hidden whitespace-nowrap lg:inline-flex" })}
          >
            <CalendarDays aria-hidden="true" />
            Book Call
          </a>
          <Link href={cta.href ?? "/free-audit"} className={buttonVariants({ size: "sm", className: "hidden whitespace-nowrap sm:inline-flex" })}>
            {cta.label ?? "Free Audit"}
          </Link>
          <MobileNav
            items={MAIN_NAV}
            bookingUrl={site.bookingUrl}
            bookingIsExternal={site.bookingIsExternal}
            openIcon={<Menu className="size-5" aria-hidden="true" />}
            closeIcon={<X className="size-5" aria-hidden="true" />}
          />
        </div>
      </div>
    </header>
  );
}
