import { Gift } from "@/components/ui/icons";
import {
  freeAuditFormSection,
  freeAuditStats,
  benefits,
  benefitsHeading,
  bonusNote,
  freeAuditHero,
  whatIsIncluded,
  whatIsIncludedHeading,
  whatIsIncludedIntro,
} from "@/content/free-audit";
import { FreeAuditForm } from "@/components/forms/free-audit-form";
import { packageChoices } from "@/content/services";
import { ContentIcon } from "@/components/marketing/content-icon";
import { riseDelay } from "@/components/marketing/motion";
import { PageHero } from "@/components/site/page-hero";
import { CheckList } from "@/components/ui/check-list";
import type { VariantCopy } from "@/server/kernel/db/schema";

/**
 * The free audit page; `chosen` is the package a pricing card's link named (`<service slug>/<package
 * name>`), already selected in the form. /free-audit itself never reads the query, so that it stays
 * cached: next.config.ts sends an address with `?package=` to /free-audit-package, rendered per request.
 * `copy` is the opening's headline and lead as the page part's own copy or an experiment's variant
 * gives them (docs/decisions/0110); each one left out is the static copy's.
 */
export function FreeAuditView({ chosen, copy = {} }: { chosen?: string; copy?: VariantCopy }) {
  return (
    <>
      <PageHero
        eyebrow={freeAuditHero.eyebrow}
        title={copy.headline ?? freeAuditHero.headline}
        lead={copy.subheadline ?? freeAuditHero.text}
        breadcrumbs={[{ name: "Free Growth Audit", path: "/free-audit" }]}
        aside={
          <section
            id="audit-form"
            aria-labelledby="audit-form-title"
            data-testid="form-region"
            className="rounded-card bg-surface p-6 text-ink shadow-2xl shadow-black/30 sm:p-8"
          >
            <h2 id="audit-form-title" className="text-2xl font-extrabold tracking-tight">
              {freeAuditFormSection.heading}
            </h2>
            <div className="mt-6">
              <FreeAuditForm packages={packageChoices()} chosen={chosen} />
            </div>
          </section>
        }
      >
        <dl className="mt-10 grid max-w-xl grid-cols-3 gap-px overflow-hidden rounded-card bg-white/10" data-testid="audit-stats">
          {freeAuditStats.map((stat) => (
            <div key={stat.label} className="flex flex-col-reverse justify-end bg-brand-950/80 p-4 sm:p-5">
              <dt className="mt-1 text-xs text-brand-200 sm:text-sm">{stat.label}</dt>
              <dd className="text-2xl font-extrabold tracking-tight text-white sm:text-3xl">{stat.value}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-6 flex max-w-xl gap-4 rounded-card border border-accent-300/40 bg-accent-300/10 p-5">
          <span className="flex size-11 shrink-0 items-center justify-center rounded-2xl bg-accent-400 text-ink">
            <Gift aria-hidden="true" className="size-5" />
          </span>
          <div>
            <p className="font-bold text-accent-300" data-testid="bonus-note">
              {bonusNote.title}
            </p>
            <p className="mt-1 text-sm leading-relaxed text-brand-100">{bonusNote.text}</p>
          </div>
        </div>
      </PageHero>

      <section aria-labelledby="included" className="container-page grid gap-10 py-20 md:py-24 lg:grid-cols-[0.8fr_1.2fr] lg:gap-16">
        <div>
          <p className="text-xs font-bold tracking-[0.18em] text-brand-600 uppercase">{whatIsIncludedIntro.eyebrow}</p>
          <h2 id="included" className="mt-3 text-3xl font-extrabold tracking-tight text-balance md:text-4xl">
            {whatIsIncludedHeading}
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-ink-soft">{whatIsIncludedIntro.text}</p>
        </div>
        <div className="rounded-card border border-line bg-surface p-7 shadow-card sm:p-8">
          <CheckList items={whatIsIncluded} />
        </div>
      </section>

      <section aria-labelledby="benefits" className="bg-surface">
        <div className="container-page py-20 md:py-24">
          <h2 id="benefits" className="text-center text-3xl font-extrabold tracking-tight text-balance md:text-4xl">
            {benefitsHeading}
          </h2>
          <ul className="mt-12 grid gap-6 md:grid-cols-3">
            {benefits.map((benefit, index) => (
              <li key={benefit.title} className="animate-rise rounded-card border border-line bg-canvas p-7" style={riseDelay(index * 100)}>
                <span className="flex size-12 items-center justify-center rounded-2xl bg-brand-600 text-white">
                  <ContentIcon name={benefit.icon} className="size-6" />
                </span>
                <h3 className="mt-5 text-lg font-bold">{benefit.title}</h3>
                <p className="mt-2 leading-relaxed text-ink-soft">{benefit.description}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
