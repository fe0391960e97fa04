import Link from "next/link";
import { ArrowRight, TrendingUp } from "@/components/ui/icons";
import { processSteps, services, servicesPage, whyChooseUs } from "@/content/services";
import { ContentIcon } from "@/components/marketing/content-icon";
import { CtaBand } from "@/components/marketing/cta-band";
import { DotGrid, KineticArcs } from "@/components/marketing/decor";
import { PageHero } from "@/components/site/page-hero";
import { CheckList } from "@/components/ui/check-list";
import { SectionHeading } from "@/components/ui/section-heading";
import { formatRupees } from "@/lib/format";
import { pageMetadata } from "@/lib/metadata";

export const metadata = pageMetadata({
  title: "Growth Marketing Services",
  description:
    "SEO, paid advertising, growth consulting, CRO, WhatsApp automation and retention marketing for D2C and eCommerce brands, with transparent starting prices.",
  path: "/services",
});

export default function ServicesPage() {
  const { hero, processIntro, whyChooseIntro, closing } = servicesPage;
  return (
    <>
      <PageHero eyebrow={hero.eyebrow} title={hero.headline} lead={hero.text} breadcrumbs={[{ name: "Services", path: "/services" }]} />

      <section aria-labelledby="services-list" className="container-page py-20 md:py-24">
        <h2 id="services-list" className="sr-only">
          {servicesPage.servicesHeading}
        </h2>
        <ul className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
          {services.map((service) => (
            <li
              key={service.slug}
              data-testid="service-card"
              className="group relative flex flex-col rounded-card border border-line bg-surface p-7 shadow-card transition hover:-translate-y-0.5 hover:border-brand-300 hover:shadow-lift motion-reduce:transition-none motion-reduce:hover:translate-y-0"
            >
              <div className="flex items-start justify-between gap-4">
                <span className="flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-700 transition-colors group-hover:bg-brand-600 group-hover:text-white">
                  <ContentIcon name={service.icon} className="size-7" />
                </span>
                <p className="text-right text-sm text-muted">
                  Starting at
                  <span className="block text-xl font-extrabold text-ink" data-testid="card-price">
                    {formatRupees(service.cardPrice)}
                    <span className="text-sm font-semibold text-muted">/month</span>
                  </span>
                </p>
              </div>
              <h3 className="mt-6 text-xl font-bold">
                <Link
                  href={`/services/${service.slug}`}
                  className="after:absolute after:inset-0 after:rounded-card focus-visible:outline-none focus-visible:after:outline-3 focus-visible:after:outline-brand-500"
                >
                  {service.title}
                </Link>
              </h3>
              <p className="mt-2 font-medium text-ink-soft">{service.subtitle}</p>
              <CheckList items={service.features} className="mt-6 flex-1 text-sm" />
              <p className="mt-6 flex items-center gap-2 rounded-xl bg-canvas px-4 py-3 text-sm font-semibold text-success">
                <TrendingUp aria-hidden="true" className="size-4 shrink-0" />
                {service.averageResult}
              </p>
              <p aria-hidden="true" className="mt-5 inline-flex items-center gap-2 text-sm font-semibold text-brand-700">
                See packages and pricing
                <ArrowRight className="size-4 transition-transform group-hover:translate-x-1 motion-reduce:transition-none" />
              </p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="process" className="bg-surface">
        <div className="container-page py-20 md:py-24">
          <SectionHeading id="process" align="center" eyebrow={processIntro.eyebrow} title={processIntro.heading} text={processIntro.text} />
          <div className="relative mt-14">
            <div
              aria-hidden="true"
              className="absolute top-7 right-[12%] left-[12%] hidden h-0.5 bg-gradient-to-r from-brand-200 via-brand-400 to-accent-400 lg:block"
            />
            <ol className="relative grid gap-8 md:grid-cols-2 lg:grid-cols-4 lg:gap-6">
              {processSteps.map((step) => (
                <li key={step.step} className="relative text-center">
                  <span className="relative mx-auto flex size-14 items-center justify-center rounded-full border-4 border-surface bg-brand-600 text-xl font-extrabold text-white shadow-lift">
                    {step.step}
                  </span>
                  <h3 className="mt-5 text-lg font-bold">{step.title}</h3>
                  <p className="mx-auto mt-2 max-w-xs leading-relaxed text-ink-soft">{step.description}</p>
                </li>
              ))}
            </ol>
          </div>
        </div>
      </section>

      <section aria-labelledby="why-choose" className="relative isolate overflow-hidden bg-brand-950 text-white">
        <DotGrid className="-z-10" />
        <KineticArcs className="absolute -right-48 -bottom-56 -z-10 w-[38rem] text-brand-300 opacity-70" />
        <div className="container-page grid gap-10 py-20 md:py-24 lg:grid-cols-2 lg:items-center">
          <SectionHeading id="why-choose" tone="dark" eyebrow={whyChooseIntro.eyebrow} title={whyChooseIntro.heading} text={whyChooseIntro.text} />
          <CheckList items={whyChooseUs} tone="dark" className="text-lg" />
        </div>
      </section>

      <CtaBand headline={closing.headline} text={closing.text} primary={closing.primaryCta} secondary={closing.secondaryCta} />
    </>
  );
}
