import Link from "next/link";
import { Home, Mail, Phone } from "@/components/ui/icons";
import { buttonVariants } from "@/components/ui/button";
import { PAGE_STATUS_META, PAGE_STATUS_SERVER_ERROR } from "@/lib/page-status";
import { siteConfig } from "@/server/kernel/site-config";

/**
 * The page a visitor sees when the server fails to render the one they asked for. Next answers such a
 * failure with an error document whose body only its script fills in (blank without JavaScript, and
 * without the site's header and footer); the host sends this page in its place, with the 500 status
 * its mark declares (host/html-documents.ts, docs/architecture.md, "Error pages"). It reads nothing
 * from the database, so it renders while the database is what failed.
 */
export function ServerErrorPage() {
  const site = siteConfig();
  return (
    <section className="container-page flex flex-col items-center py-24 text-center">
      <meta name={PAGE_STATUS_META} content={PAGE_STATUS_SERVER_ERROR} />
      <p className="text-7xl font-black text-brand-600 md:text-8xl">500</p>
      <h1 className="mt-4 text-2xl font-bold md:text-3xl">Something went wrong on our side</h1>
      <p className="mt-3 max-w-md text-ink-soft">
        We could not show this page just now. Please try again in a moment; if it keeps happening, write to us or call, and we will help.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link href="/" className={buttonVariants({ size: "lg" })}>
          <Home aria-hidden="true" />
          Return to Home
        </Link>
        <a href={`mailto:${site.email}`} className={buttonVariants({ size: "lg", variant: "outline" })}>
          <Mail aria-hidden="true" />
          {site.email}
        </a>
        <a href={site.phoneHref} className={buttonVariants({ size: "lg", variant: "outline" })}>
          <Phone aria-hidden="true" />
          {site.phone}
        </a>
      </div>
    </section>
  );
}
