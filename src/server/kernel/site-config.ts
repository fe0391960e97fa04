import "server-only";
import { toSiteDateTimeInput } from "@/lib/site-time";
import { env } from "./env";
import { COMPANY_FACTS, replyPromise } from "@/content/company-facts";

export interface SocialLink {
  label: string;
  href: string;
}

/** The one place contact details and outbound links come from: no page or content module writes its own. */
export function siteConfig() {
  const e = env();
  const social: SocialLink[] = [
    { label: "LinkedIn", href: e.SOCIAL_LINKEDIN_URL },
    { label: "Instagram", href: e.SOCIAL_INSTAGRAM_URL },
    { label: "X", href: e.SOCIAL_X_URL },
    { label: "YouTube", href: e.SOCIAL_YOUTUBE_URL },
  ].filter((s): s is SocialLink => typeof s.href === "string" && s.href.length > 0);
  return {
    name: e.SITE_NAME,
    tagline: "Acquire, Convert, Scale",
    description: "Growth marketing agency for D2C, eCommerce and startup brands: SEO, paid ads, CRO, WhatsApp automation and retention that scale revenue.",
    url: e.SITE_URL,
    email: e.CONTACT_EMAIL,
    phone: e.CONTACT_PHONE,
    phoneHref: `tel:${e.CONTACT_PHONE.replace(/[^+0-9]/g, "")}`,
    office: e.OFFICE_LOCATION,
    footerLocation: e.FOOTER_LOCATION,
    hours: e.BUSINESS_HOURS,
    replyPromise,
    /** "Book Call": the site's own /book, or the external scheduler BOOKING_URL names (opened in a new tab). */
    bookingUrl: e.BOOKING_URL ?? "/book",
    bookingIsExternal: e.BOOKING_URL !== undefined,
    whatsappUrl: `https://wa.me/${e.WHATSAPP_NUMBER}?text=${encodeURIComponent(e.WHATSAPP_MESSAGE)}`,
    reviewsUrl: e.REVIEWS_URL,
    rating: COMPANY_FACTS.rating,
    social,
    notifyEmails: e.NOTIFY_EMAILS,
    /** This year where the agency works (a cached page shows the year it was rendered in). */
    copyrightYear: Number(toSiteDateTimeInput(new Date()).slice(0, 4)),
    /** The measurement tags configured (docs/decisions/0051): neither, and the site asks for no consent. */
    measurement: { ga4: e.GA4_MEASUREMENT_ID, pixel: e.META_PIXEL_ID },
  };
}

export type SiteConfig = ReturnType<typeof siteConfig>;
