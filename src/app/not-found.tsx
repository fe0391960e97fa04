import type { Metadata } from "next";
import Link from "next/link";
import { LogoMark } from "@/components/site/logo";
import { siteConfig } from "@/server/kernel/site-config";

// Its own title: the layout's default title is the home page's.
export const metadata: Metadata = { title: "Page Not Found" };

/**
 * Outside the public site (an unknown address under /admin or /auth, or a dashboard screen the
 * member's role may not open): the same words as the public 404, under the site's name.
 *
 * Kept small on purpose: Next sends the root layout's not-found tree inside every page's payload,
 * public pages included, whether or not it is shown. The site's full header and footer here cost each
 * page about 9 KB of payload that the browser reads while it hydrates (docs/decisions/0116). The
 * public site's own 404 (`[locale]/(site)/not-found.tsx`) has the whole header and footer from its layout.
 */
export default function RootNotFound() {
  const site = siteConfig();
  return (
    <>
      <header className="border-b border-line bg-surface">
        <div className="container-page flex h-16 items-center">
          <Link href="/" className="flex min-h-11 items-center gap-2.5 font-bold tracking-tight text-ink">
            <LogoMark className="size-8 shrink-0" />
            <span className="text-lg">{site.name}</span>
          </Link>
        </div>
      </header>
      <main id="main" className="flex min-h-[60vh] flex-col items-center justify-center px-6 py-16 text-center">
        <p className="text-7xl font-black text-brand-600">404</p>
        <h1 className="mt-4 text-2xl font-bold">Oops! Page not found</h1>
        <Link href="/" className="mt-8 inline-flex min-h-11 items-center rounded-full bg-brand-600 px-6 font-semibold text-white">
          Return to Home
        </Link>
      </main>
    </>
  );
}
