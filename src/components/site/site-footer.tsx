import Link from "next/link";
import { Mail, MapPin, Phone } from "@/components/ui/icons";
import { COMPANY_LINKS, LEGAL_LINKS } from "@/lib/routes";
import { services } from "@/content/services";
import { siteConfig } from "@/server/kernel/site-config";
import { LogoMark } from "./logo";
import { FooterSubscribe } from "./footer-subscribe";

function FooterList({ title, links }: { title: string; links: { href: string; label: string }[] }) {
  return (
    <div>
      <h2 className="text-sm font-semibold tracking-wide text-white">{title}</h2>
      <ul className="mt-4 space-y-1">
        {links.map((link) => (
          <li key={link.href}>
            <Link href={link.href} className="inline-flex min-h-8 items-center text-sm text-brand-100 hover:text-white hover:underline">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function SiteFooter() {
  const site = siteConfig();
  const serviceLinks = services.map((s) => ({ href: `/services/${s.slug}`, label: s.title }));
  return (
    <footer className="bg-brand-950 text-brand-100">
      <div className="container-page grid gap-10 py-14 md:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr_1.2fr]">
        <div>
          <Link href="/" className="inline-flex min-h-11 items-center gap-2.5 text-lg font-bold text-white">
            <LogoMark className="size-8" />
            {site.name}
          </Link>
          <p className="mt-3 text-sm font-semibold text-accent-300">{site.tagline}</p>
          <p className="mt-3 max-w-xs text-sm leading-relaxed">
            We scale revenue for D2C, eCommerce and startup brands through growth marketing, automation and data-driven optimisation.
          </p>
          {site.social.length > 0 && (
            <ul className="mt-5 flex flex-wrap gap-2" aria-label="Social media">
              {site.social.map((s) => (
                <li key={s.label}>
                  <a
                    href={s.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex min-h-9 items-center rounded-full border border-white/20 px-3 text-xs font-medium text-white hover:bg-white/10"
                  >
                    {s.label}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        <FooterList title="Services" links={serviceLinks} />
        <FooterList title="Company" links={COMPANY_LINKS} />
        <div>
          <h2 className="text-sm font-semibold tracking-wide text-white">Get in touch</h2>
          <ul className="mt-4 space-y-3 text-sm">
            <li>
              <a href={`mailto:${site.email}`} className="inline-flex min-h-8 items-center gap-2 hover:text-white hover:underline">
                <Mail className="size-4 shrink-0 text-accent-300" aria-hidden="true" />
                {site.email}
              </a>
            </li>
            <li>
              <a href={site.phoneHref} className="inline-flex min-h-8 items-center gap-2 hover:text-white hover:underline">
                <Phone className="size-4 shrink-0 text-accent-300" aria-hidden="true" />
                {site.phone}
              </a>
            </li>
            <li className="flex items-start gap-2">
              <MapPin className="mt-0.5 size-4 shrink-0 text-accent-300" aria-hidden="true" />
              <span>
                {site.office}
                <br />
                <span className="text-brand-200">Delhi office: {site.footerLocation}</span>
              </span>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="container-page py-8">
          <div className="max-w-xl">
            <FooterSubscribe />
          </div>
        </div>
      </div>
      <div className="border-t border-white/10">
        {/* Room below (phones) or to the right (wider) for the floating WhatsApp and Book Call buttons,
            so that at the end of the page they cover none of these links. */}
        <div className="container-page flex flex-col gap-3 pt-6 pb-36 text-xs sm:flex-row sm:items-center sm:justify-between sm:pr-48 sm:pb-6">
          <p>
            © {site.copyrightYear} {site.name}. All rights reserved.
          </p>
          <nav aria-label="Legal">
            <ul className="flex flex-wrap gap-x-5 gap-y-1">
              {LEGAL_LINKS.map((link) => (
                <li key={link.href}>
                  <Link href={link.href} className="inline-flex min-h-8 items-center hover:text-white hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
              {site.measurement.ga4 || site.measurement.pixel ? (
                <li>
                  {/* Opens the consent bar again (the consent script); without JavaScript the bar is always shown, at the top. */}
                  <a href="#cookie-consent" data-consent-open="" className="inline-flex min-h-8 items-center hover:text-white hover:underline">
                    Cookie settings
                  </a>
                </li>
              ) : null}
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}
