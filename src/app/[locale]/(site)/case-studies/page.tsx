import { caseStudiesCta, caseStudiesHero, headlineStats } from "@/content/case-studies-page";
import { CaseStudyArticle } from "@/components/marketing/case-study-article";
import { CtaBand } from "@/components/marketing/cta-band";
import { PageHero } from "@/components/site/page-hero";
import { pageMetadata } from "@/lib/metadata";
import { listFeaturedCaseStudies } from "@/server/data/case-studies";

// Served from the cache; an edit revalidates it at once, and this bounds how long a fallback
// rendered during a database outage can stay (docs/decisions/0003).
export const revalidate = 300;

export const metadata = pageMetadata({
  title: "Case Studies",
  description: "How D2C and eCommerce brands grew revenue with our SEO, paid ads and CRO programmes: challenges, solutions and the numbers behind them.",
  path: "/case-studies",
});

export default async function CaseStudiesPage() {
  const studies = await listFeaturedCaseStudies();
  return (
    <>
      <PageHero
        eyebrow={caseStudiesHero.eyebrow}
        title={caseStudiesHero.headline}
        lead={caseStudiesHero.text}
        breadcrumbs={[{ name: "Case Studies", path: "/case-studies" }]}
      >
        <dl className="mt-12 grid grid-cols-2 gap-px overflow-hidden rounded-card bg-white/10 lg:grid-cols-4" data-testid="headline-stats">
          {headlineStats.map((stat) => (
            <div key={stat.label} className="flex flex-col-reverse justify-end bg-brand-950/80 p-5 sm:p-6">
              <dt className="mt-1 text-sm text-brand-200">{stat.label}</dt>
              <dd className="text-2xl font-extrabold tracking-tight text-white sm:text-3xl md:text-4xl">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </PageHero>

      <div className="container-page space-y-10 py-16 md:space-y-14 md:py-24">
        {studies.map((study) => (
          <CaseStudyArticle key={study.id} study={study} />
        ))}
      </div>

      <CtaBand headline={caseStudiesCta.headline} text={caseStudiesCta.text} primary={caseStudiesCta.primaryCta} secondary={caseStudiesCta.secondaryCta} />
    </>
  );
}
