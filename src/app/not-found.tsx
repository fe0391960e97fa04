import type { Metadata } from "next";
import Link from "next/link";

// Its own title: the layout's default title is the home page's.
export const metadata: Metadata = { title: "Page Not Found" };

/** Outside the public site (e.g. under /admin): the same words, without the site chrome. */
export default function RootNotFound() {
  return (
    <main id="main" className="flex min-h-dvh flex-col items-center justify-center px-6 text-center">
      <p className="text-7xl font-black text-brand-600">404</p>
      <h1 className="mt-4 text-2xl font-bold">Oops! Page not found</h1>
      <Link href="/" className="mt-8 inline-flex min-h-11 items-center rounded-full bg-brand-600 px-6 font-semibold text-white">
        Return to Home
      </Link>
    </main>
  );
}
