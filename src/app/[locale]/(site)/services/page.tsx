import Link from "next/link";
import { services } from "@/content/services";
import { PageHero } from "@/components/site/page-hero";
import { formatRupees } from "@/lib/format";
import { pageMetadata } from "@/lib/metadata";

export const metadata = pageMetadata({
  title: "Growth Marketing Services",
  description: "SEO, paid advertising, growth consulting, CRO, WhatsApp automation and retention marketing for D2C and eCommerce brands, with transparent starting prices.",
  path: "/services",
});

export default function ServicesPage() {
  return (
    <>
      <PageHero eyebrow="Services" title="Everything you need to acquire, convert and scale" lead="Six services, one growth team." />
      <section className="container-page grid gap-6 py-16 md:grid-cols-2 lg:grid-cols-3">
        {services.map((service) => (
          <article key={service.slug} className="rounded-card border border-line bg-surface p-6 shadow-card">
            <h2 className="text-xl font-bold">
              <Link href={`/services/${service.slug}`} className="hover:text-brand-700">
                {service.title}
              </Link>
            </h2>
            <p className="mt-2 text-ink-soft">{service.subtitle}</p>
            <p className="mt-4 text-sm font-semibold text-brand-700">Starting at {formatRupees(service.cardPrice)}/month</p>
          </article>
        ))}
      </section>
    </>
  );
}
