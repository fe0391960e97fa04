import Link from "next/link";
import { ArrowRight, CalendarClock, Quote } from "@/components/ui/icons";
import { PostCover } from "@/components/blog/post-cover";
import { caseStudyPageCopy, sectionLabels } from "@/content/case-studies-page";
import { caseStudyHref } from "@/lib/case-studies";
import { cn } from "@/lib/cn";
import { anchorId, metricLabel, splitJourneyStep } from "@/lib/display";
import type { PublicCaseStudy } from "@/server/content/data/case-studies";
import { ClientLogo } from "./client-logo";
import { DotGrid } from "./decor";
import { ResultChart } from "./result-chart";

const HEADLINE_KEYS = ["revenue_growth", "monthly_revenue"];

/**
 * One case study in full: its logo, timeframe, company, industry, cover or result chart, challenge,
 * solution, key results from its metrics, services, the numbered growth journey and the client's
 * words, and the link to the study's own page. Each part shows only when the study has it: nothing
 * stands in for a missing one.
 */
export function CaseStudyArticle({ study }: { study: PublicCaseStudy }) {
  const headingId = `study-${anchorId(study.companyName)}-${study.id.slice(0, 8)}`;
  // The headline figure (the one the home card shows) leads; the rest keep their stored order.
  const metrics = Object.entries(study.metrics).sort(([a], [b]) => Number(HEADLINE_KEYS.includes(b)) - Number(HEADLINE_KEYS.includes(a)));
  return (
    <article aria-labelledby={headingId} data-testid="case-study" className="overflow-hidden rounded-[1.75rem] border border-line bg-surface shadow-card">
      <header className="relative isolate overflow-hidden bg-gradient-to-br from-brand-800 via-brand-900 to-brand-950 p-7 text-white sm:p-10">
        <DotGrid className="-z-10" />
        <div className="flex flex-wrap items-center gap-3">
          {study.logoUrl && <ClientLogo name={study.companyName} src={study.logoUrl} decorative />}
          <div className="mr-auto">
            <h2 id={headingId} className="text-2xl font-extrabold tracking-tight md:text-3xl">
              {study.companyName}
            </h2>
            {study.industry && <p className="text-sm text-brand-200">{study.industry}</p>}
          </div>
          {study.timeframe && (
            <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3.5 py-1.5 text-sm font-medium">
              <CalendarClock aria-hidden="true" className="size-4 text-accent-300" />
              <span className="sr-only">{sectionLabels.timeframe}: </span>
              {study.timeframe}
            </p>
          )}
        </div>
        <p className="mt-6 max-w-3xl text-lg font-semibold text-balance text-brand-50 md:text-xl">{study.title}</p>
        <Link
          href={caseStudyHref(study.slug)}
          className="mt-4 inline-flex min-h-11 items-center gap-2 font-semibold text-accent-300 underline-offset-4 hover:underline"
        >
          {caseStudyPageCopy.readLabel(study.companyName)}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
        {/* The visual: the study's cover, else its own figures drawn; neither when it has no figure to draw. */}
        {!study.imageUrl && <ResultChart metrics={study.metrics} tone="dark" className="mt-8 max-w-xl" />}
      </header>
      {study.imageUrl && <PostCover src={study.imageUrl} alt={`${study.companyName}: ${study.title}`} sizes="(min-width: 1152px) 1088px, 100vw" />}

      <div className="grid gap-10 p-7 sm:p-10 lg:grid-cols-[1.1fr_0.9fr] lg:gap-14">
        <div className="space-y-8">
          {study.challenge && (
            <section>
              <h3 className="text-sm font-bold tracking-widest text-danger uppercase">{sectionLabels.challenge}</h3>
              <p className="mt-2 leading-relaxed text-ink-soft">{study.challenge}</p>
            </section>
          )}
          {study.solution && (
            <section>
              <h3 className="text-sm font-bold tracking-widest text-brand-700 uppercase">{sectionLabels.solution}</h3>
              <p className="mt-2 leading-relaxed text-ink-soft">{study.solution}</p>
            </section>
          )}
          {study.results && <p className="rounded-xl border-l-4 border-success bg-canvas px-5 py-4 font-medium text-ink">{study.results}</p>}
          {study.services.length > 0 && (
            <section>
              <h3 className="text-sm font-bold tracking-widest text-ink uppercase">{sectionLabels.servicesUsed}</h3>
              <ul className="mt-3 flex flex-wrap gap-2">
                {study.services.map((service) => (
                  <li key={service} className="rounded-full bg-brand-50 px-3.5 py-1.5 text-sm font-semibold text-brand-800">
                    {service}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>

        {metrics.length > 0 && (
          <section>
            <h3 className="text-sm font-bold tracking-widest text-ink uppercase">{sectionLabels.keyResults}</h3>
            <dl className="mt-3 grid grid-cols-2 gap-3">
              {metrics.map(([key, value]) => (
                <div key={key} data-testid="metric" className="flex flex-col-reverse justify-end rounded-2xl bg-canvas p-4">
                  <dt className="mt-1 text-sm font-medium text-muted">{metricLabel(key)}</dt>
                  <dd className="text-2xl font-extrabold tracking-tight text-brand-700 md:text-3xl">{value}</dd>
                </div>
              ))}
            </dl>
          </section>
        )}
      </div>

      {(study.journey.length > 0 || study.testimonialQuote) && (
        <div className="grid gap-10 border-t border-line p-7 sm:p-10 lg:grid-cols-[1.1fr_0.9fr] lg:gap-14">
          {study.journey.length > 0 && (
            <section>
              <h3 className="text-sm font-bold tracking-widest text-ink uppercase">{sectionLabels.growthJourney}</h3>
              <JourneySteps steps={study.journey} className="mt-4" />
            </section>
          )}
          {study.testimonialQuote && <StudyTestimonial study={study} className="relative self-start rounded-2xl" />}
        </div>
      )}
    </article>
  );
}

/** A study's growth journey, one numbered step a line ("Month 1-2: ..." has its period set in bold). */
export function JourneySteps({ steps, className }: { steps: readonly string[]; className?: string }) {
  return (
    <ol className={cn("space-y-4", className)}>
      {steps.map((step, index) => {
        const { period, text } = splitJourneyStep(step);
        return (
          <li key={step} className="flex gap-4">
            <span aria-hidden="true" className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white">
              {index + 1}
            </span>
            <p className="pt-1 leading-relaxed text-ink-soft">
              {period && <span className="font-semibold text-ink">{period}: </span>}
              {text}
            </p>
          </li>
        );
      })}
    </ol>
  );
}

/** The client's words on a dark card, signed with their name and company. */
export function StudyTestimonial({
  study,
  className,
  testId,
}: {
  study: Pick<PublicCaseStudy, "testimonialQuote" | "testimonialAuthor" | "companyName">;
  className?: string;
  testId?: string;
}) {
  return (
    <figure className={cn("bg-brand-950 p-7 text-white", className)} data-testid={testId}>
      <Quote aria-hidden="true" className="size-8 text-accent-400" />
      <blockquote className="mt-3 text-lg leading-relaxed text-brand-50">
        <p>{study.testimonialQuote}</p>
      </blockquote>
      {study.testimonialAuthor && (
        <figcaption className="mt-5 text-sm font-semibold text-accent-300">
          {study.testimonialAuthor}, {study.companyName}
        </figcaption>
      )}
    </figure>
  );
}
