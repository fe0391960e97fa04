import type { ReactNode } from "react";
import { CalendarDays, MessageCircle } from "@/components/ui/icons";
import { AttributionTracker } from "@/components/forms/attribution-tracker";
import { JsonLdScript } from "@/components/marketing/json-ld";
import { ConsentBanner } from "@/components/site/consent-banner";
import { FloatingActions } from "@/components/site/floating-actions";
import { LiveMarker } from "@/components/site/live-marker";
import { SiteFooter } from "@/components/site/site-footer";
import { SiteHeader } from "@/components/site/site-header";
import { organizationJsonLd } from "@/lib/json-ld";
import { parseLocaleSegment } from "@/lib/experiments";
import { copyFor } from "@/server/experiments";
import { siteConfig } from "@/server/kernel/site-config";

export default async function SiteLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const site = siteConfig();
  // The header's call to action: its own copy, or an A/B experiment variant's (docs/decisions/0107).
  const cta = await copyFor("header-cta", parseLocaleSegment((await params).locale)?.variant ?? null);
  return (
    <>
      <JsonLdScript
        data={organizationJsonLd({
          name: site.name,
          url: site.url,
          description: site.description,
          email: site.email,
          phone: site.phone,
          tagline: site.tagline,
          rating: site.rating,
          sameAs: site.social.map((s) => s.href),
        })}
      />
      {site.measurement.ga4 || site.measurement.pixel ? (
        <ConsentBanner ga4={site.measurement.ga4} pixel={site.measurement.pixel} bookingUrl={site.bookingUrl} whatsappUrl={site.whatsappUrl} />
      ) : null}
      <SiteHeader cta={{ label: cta.ctaText, href: cta.ctaHref }} />
      <main id="main" className="min-h-[60vh]">
        {children}
      </main>
      <SiteFooter />
      <FloatingActions
        whatsappUrl={site.whatsappUrl}
        bookingUrl={site.bookingUrl}
        bookingIsExternal={site.bookingIsExternal}
        whatsappIcon={<MessageCircle className="size-6" aria-hidden="true" />}
        bookIcon={<CalendarDays className="size-4" aria-hidden="true" />}
      />
      <AttributionTracker />
      <LiveMarker />
    </>
  );
}
