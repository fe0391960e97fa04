import type { Metadata } from "next";
import Link from "next/link";
import { SiteFooter } from "@/components/site/site-footer";
import { SiteHeader } from "@/components/site/site-header";

// Its own title: the layout's default title is the home page's.
export const metadata: Metadata = { title: "Page Not Found" };

/** Outside the public site (e.g. under /admin): the same words, in the site's header and footer, rendered on the server. */
export default function RootNotFound() {
  return (
    <>
      <SiteHeader />
      <main id="main" className="flex min-h-[60vh] flex-col items-center justify-center px-6 py-16 text-center">
        <p className="text-7xl font-black text-brand-600">404</p>
        <h1 className="mt-4 text-2xl font-bold">Oops! Page not found</h1>
        <Link href="/" className="mt-8 inline-flex min-h-11 items-center rounded-full bg-brand-600 px-6 font-semibold text-white">
          Return to Home
        </Link>
      </main>
      <SiteFooter />
    </>
  );
}
