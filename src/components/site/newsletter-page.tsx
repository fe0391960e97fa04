import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";

/**
 * The newsletter's pages that a link in a mail opens (confirmation, preferences): per person, so
 * rendered on every request, never stored (next.config.ts headers), never indexed, and never
 * sending their address (which holds the link's token) as a Referer (docs/newsletter.md).
 */
export const NEWSLETTER_PAGE_METADATA: Metadata = { robots: { index: false, follow: false }, referrer: "same-origin" };

export const PRIMARY =
  "inline-flex min-h-12 items-center justify-center gap-2 rounded-full bg-brand-600 px-7 text-base font-semibold whitespace-nowrap text-white shadow-sm transition-colors hover:bg-brand-700";
export const SECONDARY =
  "inline-flex min-h-11 items-center justify-center rounded-full border border-line bg-surface px-5 text-sm font-semibold text-ink transition-colors hover:border-brand-300 hover:bg-brand-50";

export function NewsletterPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="container-page max-w-2xl py-16 sm:py-24">
      <h1 className="text-3xl font-extrabold text-ink">{title}</h1>
      <div className="mt-4 space-y-4 text-ink-soft">{children}</div>
    </section>
  );
}

/** A link that is forged, altered, expired or no longer the row's: the same words whatever the reason, and a way on. */
export function LinkNotValid({ expired = false }: { expired?: boolean }) {
  return (
    <NewsletterPage title="This link does not work">
      <p role="alert">
        {expired
          ? "This confirmation link has expired. Sign up again and we will send you a new one."
          : "This link is not valid: it may have been copied incompletely, or a newer e-mail from us replaced it. Nothing was changed."}
      </p>
      <p>
        <Link href="/blog" className={SECONDARY}>
          Sign up from the blog
        </Link>
      </p>
    </NewsletterPage>
  );
}
