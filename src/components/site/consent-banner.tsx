import Link from "next/link";
import { CONSENT_SCRIPT } from "@/lib/measurement.ts";

/** Both buttons look the same: refusing must be as easy and as visible as accepting (docs/decisions/0051). */
const CHOICE_CLASSES =
  "inline-flex min-h-11 min-w-24 items-center justify-center rounded-full border-2 border-brand-700 bg-surface px-5 text-sm font-semibold text-brand-700 hover:bg-brand-50";

/**
 * The cookie consent bar, rendered only where GA4_MEASUREMENT_ID or META_PIXEL_ID is set
 * (docs/decisions/0051). No React in the browser: it is a plain form that posts to /api/consent
 * without JavaScript, and the inline consent script in front of it (src/lib/measurement.ts) answers
 * its buttons with JavaScript and hides it, before it is painted, once a choice is stored. It stands
 * first in the page, in the flow above the header: early in the Tab order, and it pushes the page
 * down instead of lying over it, so it never hides what has the focus.
 */
export function ConsentBanner({ ga4, pixel, bookingUrl, whatsappUrl }: { ga4?: string; pixel?: string; bookingUrl: string; whatsappUrl: string }) {
  const tags = [ga4 ? "Google Analytics" : null, pixel ? "the Meta Pixel" : null].filter(Boolean).join(" and ");
  return (
    <>
      <script
        data-ga4={ga4}
        data-pixel={pixel}
        data-schedule={bookingUrl}
        // The WhatsApp link without its prefilled message: any chat link to the number counts.
        data-contact={whatsappUrl.split("?")[0]}
        dangerouslySetInnerHTML={{ __html: CONSENT_SCRIPT }}
      />
      <section id="cookie-consent" aria-label="Cookie consent" tabIndex={-1} className="border-b border-line bg-brand-50 text-ink focus:outline-none">
        <div className="container-page flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm">
            May we use cookies for {tags} to count visits and see which ads bring enquiries? Nothing is loaded unless you accept; you can change your choice at
            any time under &ldquo;Cookie settings&rdquo; at the foot of every page.{" "}
            <Link href="/privacy" className="font-semibold text-brand-700 underline">
              Privacy Policy
            </Link>
          </p>
          <form method="post" action="/api/consent" data-consent-form="" className="flex shrink-0 gap-3">
            <button type="submit" name="choice" value="granted" className={CHOICE_CLASSES}>
              Accept
            </button>
            <button type="submit" name="choice" value="denied" className={CHOICE_CLASSES}>
              Reject
            </button>
          </form>
        </div>
      </section>
    </>
  );
}
