import type { Metadata } from "next";
import Link from "next/link";
import { cache } from "react";
import { caseStudiesCta, caseStudyPageCopy as copy, sectionLabels } from "@/content/case-studies-page";
import { Breadcrumbs } from "@/components/marketing/breadcrumbs";
import { JourneySteps, StudyTestimonial } from "@/components/marketing/case-study-article";
import { ClientLogo } from "@/components/marketing/client-logo";
import { CtaBand } from "@/components/marketing/cta-band";
import { JsonLdScript } from "@/components/marketing/json-ld";
import { ResultChart } from "@/components/marketing/result-chart";
import { PostCover } from "@/components/blog/post-cover";
import { NotFoundPage } from "@/components/site/not-found-page";
import { ArrowLeft, ArrowRight, CalendarClock } from "@/components/ui/icons";
import { caseStudyHref, CASE_STUDIES_PATH } from "@/lib/case-studies";
import { metricLabel } from "@/lib/display";
import { caseStudyJsonLd } from "@/lib/json-ld";
import { parseLocaleSegment } from "@/lib/experiments";
import { pageMetadata } from "@/lib/metadata";
import { copyFor } from "@/server/experiments";
import { getCaseStudyPage } from "@/server/content/data/case-studies";
import { siteConfig } from "@/server/kernel/site-config";

// Rendered on its first request, then served from the cache until an edit revalidates the folder
// (docs/decisions/0003, 0103). Unknown and unpublished slugs answer the site's 404; a renamed
// study's old address never reaches this page: the host answers it from the redirect table.
export const revalidate = 300;

export function generateStaticParams(): { slug: string }[] {
  return [];
}

type Props = { params: Promise<{ locale: string; slug: string }> };

// generateMetadata and the page share one query per render.
const loadStudy = cache(getCaseStudyPage);

/** The search result's text: the results, else the challenge, cut at a word within 160 characters. */
function summary(text: string): string {
  if (text.length <= 160) return text;
  return `${text.slice(0, 157).replace(/\s+\S*$/, "")}…`;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const page = await loadStudy((await params).slug);
  if (!page) return { title: "Page Not Found", robots: { index: false } };
  const { study } = page;
  return pageMetadata({
    title: `${study.companyName} Case Study: ${study.title}`,
    description: summary(study.results ?? study.challenge ?? study.solution ?? copy.fallbackDescription(study.companyName)),
    path: caseStudyHref(study.slug),
    image: study.imageUrl ?? undefined,
    imageAlt: `${study.companyName}: ${study.title}`,
    type: "article",
    siteName: siteConfig().name,
  });
}

export default async function CaseStudyPage({ params }: Props) {
  const { locale, slug } = await params;
  const page = await loadStudy(slug);
  // The 404 page in the HTML, answered with its status by the host (src/components/site/not-found-page.tsx).
  if (!page) return <NotFoundPage />;
  const { study, previous, next } = page;
  // The opening's title: the study's own, or an A/B experiment variant's on this page (docs/decisions/0110).
  // The search result's title and the structured data keep the study's title.
  const opening = await copyFor("case-study-hero", parseLocaleSegment(locale)?.variant ?? null, caseStudyHref(study.slug));
  const site = siteConfig();
  const metrics = Object.entries(study.metrics);
  return (
    <>
      <JsonLdScript data={caseStudyJsonLd(study, site.url, site.name)} />
      {/* A study's own opening (docs/design.md): the client, the title, then its own figures between two rules. */}
      <header data-opening="case-study" aria-labelledby="case-study-title" className="border-b border-line bg-canvas">
        <div className="container-page py-12 md:py-16">
          <Breadcrumbs
            tone="light"
            trail={[
              { name: "Case Studies", path: CASE_STUDIES_PATH },
              { name: study.companyName, path: caseStudyHref(study.slug) },
            ]}
          />
          <div className="mt-8 flex flex-wrap items-center gap-4">
            {study.logoUrl && <ClientLogo name={study.companyName} src={study.logoUrl} className="border border-line" />}
            <div className="mr-auto">
              <p className="eyebrow text-brand-700">{study.companyName}</p>
              {study.industry && <p className="text-sm text-muted">{study.industry}</p>}
            </div>
            {study.timeframe && (
              <p className="inline-flex items-center gap-2 rounded-full border border-line bg-surface px-3.5 py-1.5 text-sm font-medium text-ink">
                <CalendarClock aria-hidden="true" className="size-4 text-brand-600" />
                <span className="sr-only">{sectionLabels.timeframe}: </span>
                {study.timeframe}
              </p>
            )}
          </div>
          <h1 id="case-study-title" className="mt-6 max-w-4xl opening-title text-ink">
            {opening.headline ?? study.title}
          </h1>
          {metrics.length > 0 && (
            <section aria-labelledby="case-study-results" className="mt-10">
              <h2 id="case-study-results" className="sr-only">
                {sectionLabels.keyResults}
              </h2>
              <dl className="grid grid-cols-2 gap-x-6 gap-y-8 border-y-2 border-ink py-8 lg:grid-cols-4" data-testid="case-study-metrics">
                {metrics.map(([key, value]) => (
                  <div key={key} data-testid="metric" className="flex flex-col-reverse justify-end border-l-4 border-accent-400 pl-4">
                    <dt className="mt-2 text-sm font-medium text-ink-soft">{metricLabel(key)}</dt>
                    <dd className="text-3xl font-extrabold tracking-tight text-brand-700 tabular-nums md:text-4xl">{value}</dd>
                  </div>
                ))}
              </dl>
            </section>
          )}
        </div>
      </header>

      {study.imageUrl && (
        <div className="container-page pt-12">
          <PostCover src={study.imageUrl} alt={`${study.companyName}: ${study.title}`} sizes="(min-width: 1280px) 1216px, 100vw" />
        </div>
      )}

      <div className="container-page grid gap-12 py-16 md:py-20 lg:grid-cols-[minmax(0,1.15fr)_minmax(0,0.85fr)] lg:gap-16">
        <div className="space-y-10">
          {study.challenge && (
            <section aria-labelledby="study-challenge">
              <h2 id="study-challenge" className="text-sm font-bold tracking-widest text-danger uppercase">
                {sectionLabels.challenge}
              </h2>
              <p className="mt-3 text-lg leading-relaxed text-ink-soft">{study.challenge}</p>
            </section>
          )}
          {study.solution && (
            <section aria-labelledby="study-solution">
              <h2 id="study-solution" className="text-sm font-bold tracking-widest text-brand-700 uppercase">
                {sectionLabels.solution}
              </h2>
              <p className="mt-3 text-lg leading-relaxed text-ink-soft">{study.solution}</p>
            </section>
          )}
          {study.journey.length > 0 && (
            <section aria-labelledby="study-journey">
              <h2 id="study-journey" className="text-sm font-bold tracking-widest text-ink uppercase">
                {sectionLabels.growthJourney}
              </h2>
              <JourneySteps steps={study.journey} className="mt-4" />
            </section>
          )}
        </div>

        <div className="space-y-8">
          {(study.results || metrics.length > 0) && (
            <section aria-labelledby="study-results" className="rounded-card border border-line bg-surface p-6 shadow-card sm:p-7">
              <h2 id="study-results" className="text-sm font-bold tracking-widest text-success uppercase">
                {copy.resultsHeading}
              </h2>
              {study.results && <p className="mt-3 leading-relaxed font-medium text-ink">{study.results}</p>}
              {/* The study's own percentages drawn to one scale; nothing when it has none. */}
              <ResultChart metrics={study.metrics} className="mt-6" />
            </section>
          )}
          {study.services.length > 0 && (
            <section aria-labelledby="study-services">
              <h2 id="study-services" className="text-sm font-bold tracking-widest text-ink uppercase">
                {sectionLabels.servicesUsed}
              </h2>
              <ul className="mt-3 flex flex-wrap gap-2">
                {study.services.map((service) => (
                  <li key={service} className="rounded-full bg-brand-50 px-3.5 py-1.5 text-sm font-semibold text-brand-800">
                    {service}
                  </li>
                ))}
              </ul>
            </section>
          )}
          {study.testimonialQuote && <StudyTestimonial study={study} className="rounded-card" testId="case-study-testimonial" />}
        </div>
      </div>

      {(previous || next) && (
        <nav aria-label={copy.moreStudiesLabel} className="container-page pb-16 md:pb-20">
          <ul className="grid gap-4 border-t border-line pt-8 sm:grid-cols-2">
            {previous && (
              <li>
                <Link
                  href={caseStudyHref(previous.slug)}
                  rel="prev"
                  className="group flex h-full flex-col rounded-card border border-line bg-surface p-6 shadow-card hover:border-brand-300 hover:shadow-lift"
                >
                  <span className="inline-flex items-center gap-2 text-sm font-semibold text-brand-700">
                    <ArrowLeft aria-hidden="true" className="size-4" />
                    {copy.previousLabel}
                  </span>
                  <span className="mt-2 font-bold text-ink">{previous.companyName}</span>
                  <span className="mt-1 text-sm text-ink-soft">{previous.title}</span>
                </Link>
              </li>
            )}
            {next && (
              <li className="sm:col-start-2">
                <Link
                  href={caseStudyHref(next.slug)}
                  rel="next"
                  className="group flex h-full flex-col items-end rounded-card border border-line bg-surface p-6 text-right shadow-card hover:border-brand-300 hover:shadow-lift"
                >
                  <span className="inline-flex items-center gap-2 text-sm font-semibold text-brand-700">
                    {copy.nextLabel}
                    <ArrowRight aria-hidden="true" className="size-4" />
                  </span>
                  <span className="mt-2 font-bold text-ink">{next.companyName}</span>
                  <span className="mt-1 text-sm text-ink-soft">{next.title}</span>
                </Link>
              </li>
            )}
          </ul>
        </nav>
      )}

      <CtaBand headline={caseStudiesCta.headline} text={caseStudiesCta.text} primary={caseStudiesCta.primaryCta} secondary={caseStudiesCta.secondaryCta} />
    </>
  );
}
