import Link from "next/link";
import { ArrowRight } from "@/components/ui/icons";
import { caseStudyHref } from "@/lib/case-studies";
import { headlineMetricKey, headlineMetricLabel, metricLabel } from "@/lib/display";
import { headlineMetric, type PublicCaseStudy } from "@/server/content/data/case-studies";
import { ClientLogo } from "./client-logo";

/**
 * The home hero's right half: the newest published case study, its client and its own figures, as a
 * link to its page. The hero leads with a client's real result; no drawn chart stands in for data.
 */
export function HeroStudy({ study, eyebrow, linkLabel }: { study: PublicCaseStudy; eyebrow: string; linkLabel: string }) {
  const figure = headlineMetric(study.metrics);
  // The figure shown large is the headline's; the rest below it.
  const headlineKey = headlineMetricKey(study.metrics);
  const others = Object.entries(study.metrics)
    .filter(([key]) => key !== headlineKey)
    .slice(0, 3);
  return (
    <figure
      data-testid="hero-study"
      className="group relative mx-auto w-full max-w-[34rem] rounded-[1.75rem] border border-white/15 bg-white/[0.07] p-6 shadow-2xl shadow-black/30 sm:p-8"
    >
      <p className="text-xs font-semibold tracking-widest text-brand-200 uppercase">{eyebrow}</p>
      <div className="mt-4 flex items-center gap-3">
        {study.logoUrl && <ClientLogo name={study.companyName} src={study.logoUrl} decorative />}
        <div>
          <p className="text-lg font-bold text-white">{study.companyName}</p>
          {study.industry && <p className="text-sm text-brand-200">{study.industry}</p>}
        </div>
      </div>
      {figure && (
        <p className="mt-7">
          <span className="block text-5xl font-extrabold tracking-tight text-accent-300 sm:text-6xl">{figure}</span>
          <span className="mt-1 block text-sm font-medium text-brand-100">{headlineMetricLabel(study.metrics)}</span>
        </p>
      )}
      {others.length > 0 && (
        <dl className="mt-6 grid grid-cols-3 divide-x divide-white/15 border-t border-white/15 pt-5">
          {others.map(([key, value]) => (
            <div key={key} className="flex flex-col-reverse justify-end px-3 first:pl-0">
              <dt className="mt-1 text-xs text-brand-200">{metricLabel(key)}</dt>
              <dd className="text-xl font-extrabold text-white tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      )}
      <figcaption className="mt-6">
        <Link
          href={caseStudyHref(study.slug)}
          className="inline-flex items-center gap-2 text-sm font-semibold text-accent-300 underline-offset-4 after:absolute after:inset-0 after:rounded-[1.75rem] hover:underline focus-visible:outline-none focus-visible:after:outline-3 focus-visible:after:outline-accent-300"
        >
          {linkLabel}: {study.title}
          <ArrowRight aria-hidden="true" className="size-4 shrink-0 transition-transform group-hover:translate-x-1 motion-reduce:transition-none" />
        </Link>
      </figcaption>
    </figure>
  );
}
