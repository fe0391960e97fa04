import type { Metadata } from "next";
import Link from "next/link";
import { Home } from "@/components/ui/icons";
import { buttonVariants } from "@/components/ui/button";

// Its own title: the layout's default title is the home page's.
export const metadata: Metadata = { title: "Page Not Found" };

export default function NotFound() {
  return (
    <section className="container-page flex flex-col items-center py-24 text-center">
      <p className="text-7xl font-black text-brand-600 md:text-8xl">404</p>
      <h1 className="mt-4 text-2xl font-bold md:text-3xl">Oops! Page not found</h1>
      <p className="mt-3 max-w-md text-ink-soft">The page you are looking for may have moved, or never existed.</p>
      <Link href="/" className={buttonVariants({ size: "lg", className: "mt-8" })}>
        <Home aria-hidden="true" />
        Return to Home
      </Link>
    </section>
  );
}
