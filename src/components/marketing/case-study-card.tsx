import Link from "next/link";
import { ArrowRight } from "@/components/ui/icons";
import { PostCover } from "@/components/blog/post-cover";
import { caseStudyHref } from "@/lib/case-studies";
import { headlineMetricLabel } from "@/lib/display";
import { headlineMetric, type PublicCaseStudy } from "@/server/content/data/case-studies";
import { ClientLogo } from "./client-logo";
import { DotGrid } from "./decor";
import { ResultChart } from "./result-chart";

/**
 * A case study as a card that leads to its own page (home, the service pages): the client's logo and
 * name, the headline figure when the study has one, its cover or its own percentages drawn, and what
 * was done. The whole card is the link, named by the company.
 */
export function CaseStudyCard({ study, linkLabel, level = 3 }: { study: PublicCaseStudy; linkLabel: string; level?: 2 | 3 }) {
  const Heading = level === 2 ? "h2" : "h3";
  const figure = headlineMetric(study.metrics);
  return (
    <li
      data-testid="home-case-study"
      className="group relative flex flex-col overflow-hidden rounded-card border border-line bg-surface shadow-card transition hover:shadow-lift motion-reduce:transition-none"
    >
      <div className="relative isolate overflow-hidden bg-gradient-to-br from-brand-800 to-brand-950 p-7 text-white">
        <DotGrid className="-z-10" />
        <div className="flex items-center gap-3">
          {study.logoUrl && <ClientLogo name={study.companyName} src={study.logoUrl} decorative />}
          <div>
            <Heading className="text-lg font-bold">
              <Link
                href={caseStudyHref(study.slug)}
                className="after:absolute after:inset-0 after:rounded-card focus-visible:outline-none focus-visible:after:outline-3 focus-visible:after:outline-brand-500"
              >
                {study.companyName}
              </Link>
            </Heading>
            {study.industry && <p className="text-sm text-brand-200">{study.industry}</p>}
          </div>
        </div>
        {figure && (
          <>
            <p className="mt-8 text-5xl font-extrabold tracking-tight text-accent-300 md:text-6xl">{figure}</p>
            <p className="mt-1 text-sm font-medium text-brand-100">{headlineMetricLabel(study.metrics)}</p>
          </>
        )}
      </div>
      {study.imageUrl ? (
        <PostCover src={study.imageUrl} alt="" sizes="(min-width: 768px) 50vw, 100vw" />
      ) : (
        <ResultChart metrics={study.metrics} className="px-7 pt-7" />
      )}
      <div className="flex flex-1 flex-col p-7">
        <p className="flex-1 leading-relaxed text-ink-soft">{study.solution || study.challenge}</p>
        <p aria-hidden="true" className="mt-6 inline-flex items-center gap-2 text-sm font-semibold text-brand-700">
          {linkLabel}
          <ArrowRight className="size-4 transition-transform group-hover:translate-x-1 motion-reduce:transition-none" />
        </p>
      </div>
    </li>
  );
}
