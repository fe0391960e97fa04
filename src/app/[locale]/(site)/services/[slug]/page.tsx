import Link from "next/link";
import type { Metadata } from "next";
import { NotFoundPage } from "@/components/site/not-found-page";
import { ArrowRight } from "@/components/ui/icons";
import { getService, serviceDetailCopy as copy, services } from "@/content/services";
import { ContentIcon } from "@/components/marketing/content-icon";
import { CtaBand } from "@/components/marketing/cta-band";
import { JsonLdScript } from "@/components/marketing/json-ld";
import { PackageCard } from "@/components/marketing/package-card";
import { Breadcrumbs } from "@/components/marketing/breadcrumbs";
import { buttonVariants } from "@/components/ui/button";
import { CheckList } from "@/components/ui/check-list";
import { SectionHeading } from "@/components/ui/section-heading";
import { anchorId, packagePrice } from "@/lib/display";
import { formatRupees } from "@/lib/format";
import { serviceJsonLd } from "@/lib/json-ld";
import { parseLocaleSegment } from "@/lib/experiments";
import { pageMetadata } from "@/lib/metadata";
import { copyFor } from "@/server/experiments";
import { siteConfig } from "@/server/kernel/site-config";
import { serviceStrategist } from "@/server/content/data/authors";
import { listServiceCaseStudies } from "@/server/content/data/case-studies";
import { strategistLabel } from "@/content/team";
import { CaseStudyCard } from "@/components/marketing/case-study-card";
import { PersonPicture } from "@/components/marketing/illustrated-avatar";

// Rendered on first request like every public page (docs/decisions/0003); unknown slugs 404. Served
// from the cache: a case study or a person written revalidates every service page.
export const revalidate = 300;

export function generateStaticParams(): { slug: string }[] {
  return [];
}

type Props = { params: Promise<{ locale: string; slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const service = getService((await params).slug);
  if (!service) return { title: "Page Not Found", robots: { index: false } };
  const lowest = Math.min(...service.detail.packages.map((p) => p.price));
  return pageMetadata({
    title: `${service.title} Services`,
    description: `${service.subtitle}. ${service.title} packages for D2C and eCommerce brands from ${formatRupees(lowest)}: process, timeline and results.`,
    path: `/services/${service.slug}`,
  });
}

export default async function ServiceDetailPage({ params }: Props) {
  const { locale, slug } = await params;
  const service = getService(slug);
  // The 404 page in the HTML, answered with its status by the host (src/components/site/not-found-page.tsx).
  if (!service) return <NotFoundPage />;
  const { detail } = service;
  const path = `/services/${service.slug}`;
  // The hero's copy: this service's own, or an A/B experiment variant's on this page (docs/decisions/0110).
  const [studies, strategist, hero] = await Promise.all([
    listServiceCaseStudies(service),
    serviceStrategist(service.slug),
    copyFor("service-hero", parseLocaleSegment(locale)?.variant ?? null, path),
  ]);
  const cta = { label: hero.ctaText ?? copy.heroCta.label, href: hero.ctaHref ?? copy.heroCta.href };
  const others = services.filter((s) => s.slug !== service.slug);
  // The opening's "from" price: the least expensive package, as its card shows it.
  const from = packagePrice(detail.packages.reduce((low, pkg) => (pkg.price < low.price ? pkg : low)));
  const crumbs = [
    { name: "Services", path: "/services" },
    { name: service.title, path: `/services/${service.slug}` },
  ];
  return (
    <>
      <JsonLdScript data={serviceJsonLd(service, siteConfig().url)} />
      {/* The service's own opening (docs/design.md): what it is and who it is for beside the title, the CTA under it. */}
      <header data-opening="service" aria-labelledby="service-title" className="relative border-b border-line bg-surface">
        <div aria-hidden="true" className="h-1.5 bg-gradient-to-r from-brand-600 via-brand-400 to-accent-400" />
        <div className="container-page grid gap-10 py-12 md:py-16 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] lg:items-start lg:gap-16">
          <div>
            <Breadcrumbs tone="light" trail={crumbs} />
            <p className="mt-8 flex items-center gap-3 text-brand-700">
              <span className="flex size-10 items-center justify-center rounded-xl bg-brand-50">
                <ContentIcon name={service.icon} className="size-5" />
              </span>
              <span className="eyebrow">{service.title}</span>
            </p>
            <h1 id="service-title" className="mt-5 max-w-3xl opening-title text-ink">
              {hero.headline ?? detail.heroHeadline}
            </h1>
            <p className="mt-5 max-w-2xl opening-lead text-ink-soft">{hero.subheadline ?? detail.heroText}</p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Link href={cta.href} className={buttonVariants({ size: "lg" })}>
                {cta.label}
                <ArrowRight aria-hidden="true" />
              </Link>
              <a href="#pricing" className={buttonVariants({ variant: "outline", size: "lg" })}>
                {copy.pricingCta}
              </a>
            </div>
          </div>
          <section aria-labelledby="service-glance" className="rounded-card border border-line bg-canvas p-6 sm:p-7">
            <h2 id="service-glance" className="eyebrow text-muted">
              {copy.atAGlance}
            </h2>
            <dl className="mt-4 divide-y divide-line" data-testid="service-glance">
              <div className="pb-4">
                <dt className="text-sm font-semibold text-brand-700">{copy.whatItIs}</dt>
                <dd className="mt-1 leading-relaxed text-ink">{service.subtitle}.</dd>
              </div>
              <div className="py-4">
                <dt className="text-sm font-semibold text-brand-700">{copy.whoItIsFor}</dt>
                <dd className="mt-1 leading-relaxed text-ink">{service.audience}</dd>
              </div>
              <div className="pt-4">
                <dt className="text-sm font-semibold text-brand-700">{copy.startsAt}</dt>
                <dd className="mt-1 text-2xl font-extrabold tracking-tight text-ink">
                  {from.amount}
                  <span className="ml-1.5 text-sm font-medium text-muted">{from.cadence}</span>
                </dd>
              </div>
            </dl>
            {strategist && (
              <div data-testid="service-strategist" className="mt-5 flex items-center gap-4 border-t border-line pt-5">
                <PersonPicture name={strategist.name} photoUrl={strategist.photoUrl} size={56} className="size-14" />
                <p className="min-w-0">
                  <span className="block text-sm font-semibold text-brand-700">{strategistLabel}</span>
                  <Link href="/team" className="font-bold text-ink underline-offset-4 hover:text-brand-700 hover:underline">
                    {strategist.name}
                  </Link>
                  {strategist.role && <span className="block text-sm text-ink-soft">{strategist.role}</span>}
                </p>
              </div>
            )}
          </section>
        </div>
      </header>

      <section aria-labelledby="results" className="container-page pt-12 md:pt-16">
        <h2 id="results" className="sr-only">
          {copy.resultsHeading}
        </h2>
        <dl className="grid gap-px overflow-hidden rounded-card border border-line bg-line shadow-lift sm:grid-cols-3">
          {detail.results.map((r) => (
            <div
              key={r.label}
              data-testid="result"
              className="flex flex-row-reverse items-center justify-end gap-4 bg-surface px-6 py-4 sm:flex-col-reverse sm:items-stretch sm:justify-end sm:gap-0 sm:py-7 sm:text-center"
            >
              <dt className="font-medium text-ink-soft sm:mt-1">{r.label}</dt>
              <dd className="w-24 shrink-0 text-3xl font-extrabold tracking-tight text-brand-700 sm:w-auto sm:text-4xl md:text-5xl">{r.value}</dd>
            </div>
          ))}
        </dl>
        {detail.resultsNote && <p className="mt-3 text-center text-sm text-muted">{detail.resultsNote}</p>}
      </section>

      {studies.length > 0 && (
        <section aria-labelledby="service-work" className="container-page pt-20 md:pt-24">
          <div className="flex flex-col justify-between gap-6 md:flex-row md:items-end">
            <SectionHeading id="service-work" eyebrow={copy.workEyebrow} title={copy.workHeading(service)} />
            <Link href="/case-studies" className={buttonVariants({ variant: "outline", className: "self-start md:self-auto" })}>
              {copy.allWorkLabel}
              <ArrowRight aria-hidden="true" />
            </Link>
          </div>
          <ul className="mt-10 grid gap-6 md:grid-cols-2">
            {studies.map((study) => (
              <CaseStudyCard key={study.id} study={study} linkLabel={copy.workCardLabel} />
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="inclusions" className="container-page grid gap-10 py-20 md:py-24 lg:grid-cols-[0.9fr_1.1fr] lg:gap-16">
        <div>
          <span className="flex size-14 items-center justify-center rounded-2xl bg-brand-600 text-white shadow-lift">
            <ContentIcon name={service.icon} className="size-7" />
          </span>
          <SectionHeading
            id="inclusions"
            className="mt-6"
            eyebrow={copy.inclusionsEyebrow}
            title={copy.inclusionsHeading(service)}
            text={service.description}
          />
        </div>
        <div className="rounded-card border border-line bg-surface p-7 shadow-card sm:p-8">
          <CheckList items={detail.inclusions} columns={2} />
        </div>
      </section>

      <section aria-labelledby="process" className="bg-surface">
        <div className="container-page py-20 md:py-24">
          <SectionHeading id="process" eyebrow={copy.processEyebrow} title={copy.processHeading(service)} text={copy.processText} />
          <ol className="mt-12 grid gap-5 md:grid-cols-2 lg:grid-cols-3">
            {detail.process.map((step, index) => (
              <li key={step.title} className="rounded-card border border-line bg-canvas p-6">
                <span aria-hidden="true" className="text-sm font-extrabold tracking-widest text-brand-600">
                  {String(index + 1).padStart(2, "0")}
                </span>
                <h3 className="mt-2 text-lg font-bold">{step.title}</h3>
                <p className="mt-2 leading-relaxed text-ink-soft">{step.description}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="timeline" className="container-page py-20 md:py-24">
        <SectionHeading id="timeline" eyebrow={copy.timelineEyebrow} title={copy.timelineHeading} align="center" />
        <ol className="relative mx-auto mt-12 max-w-3xl">
          {detail.timeline.map((phase, index) => (
            <li key={phase.period} className="relative grid gap-x-6 pb-10 pl-12 last:pb-0 sm:grid-cols-[8rem_1fr] sm:pl-0">
              <span
                aria-hidden="true"
                className="absolute top-1 left-0 flex size-8 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white ring-4 ring-canvas sm:left-[9.5rem]"
              >
                {index + 1}
              </span>
              {index < detail.timeline.length - 1 && (
                <span aria-hidden="true" className="absolute top-10 bottom-1 left-4 w-0.5 bg-brand-200 sm:left-[10.5rem]" />
              )}
              <p className="text-sm font-bold tracking-wide text-brand-700 uppercase sm:pt-1.5 sm:text-right">{phase.period}</p>
              <div className="sm:pl-14">
                <h3 className="mt-1 text-lg font-bold sm:mt-0">{phase.title}</h3>
                <p className="mt-1 leading-relaxed text-ink-soft">{phase.description}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section id="pricing" aria-labelledby="pricing-title" className="bg-surface">
        <div className="container-page py-20 md:py-28">
          <SectionHeading id="pricing-title" align="center" eyebrow={copy.pricingEyebrow} title={copy.pricingHeading(service)} text={copy.pricingText} />
          <div className="mt-16 grid items-stretch gap-8 lg:grid-cols-3 lg:gap-6">
            {detail.packages.map((pkg) => (
              <PackageCard key={pkg.name} pkg={pkg} service={service.slug} headingId={`package-${anchorId(pkg.name)}`} />
            ))}
          </div>
        </div>
      </section>

      <CtaBand headline={detail.closing.headline} text={detail.closing.text} primary={copy.closingPrimaryCta} secondary={copy.closingSecondaryCta} />

      <nav aria-labelledby="other-services" className="container-page pb-20">
        <h2 id="other-services" className="text-lg font-bold">
          {copy.otherServicesHeading}
        </h2>
        <ul className="mt-4 flex flex-wrap gap-2">
          {others.map((s) => (
            <li key={s.slug}>
              <Link
                href={`/services/${s.slug}`}
                className="inline-flex min-h-10 items-center gap-2 rounded-full border border-line bg-surface px-4 text-sm font-medium text-ink-soft hover:border-brand-300 hover:text-brand-700"
              >
                <ContentIcon name={s.icon} className="size-4" />
                {s.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
