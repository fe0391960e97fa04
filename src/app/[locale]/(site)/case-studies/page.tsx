import { caseStudiesCta, caseStudiesHero, headlineStats } from "@/content/case-studies-page";
import { CaseStudyArticle } from "@/components/marketing/case-study-article";
import { CtaBand } from "@/components/marketing/cta-band";
import { Breadcrumbs } from "@/components/marketing/breadcrumbs";
import { pageMetadata } from "@/lib/metadata";
import { listFeaturedCaseStudies } from "@/server/content/data/case-studies";

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
      {/* Results first (docs/design.md): the figures lead, the title and text follow them. */}
      <header data-opening="case-studies" aria-labelledby="case-studies-title" className="border-b border-line bg-canvas">
        <div className="container-page py-12 md:py-16">
          <Breadcrumbs tone="light" trail={[{ name: "Case Studies", path: "/case-studies" }]} />
          <dl className="mt-8 grid grid-cols-2 gap-x-6 gap-y-8 border-y-2 border-ink py-8 lg:grid-cols-4" data-testid="headline-stats">
            {headlineStats.map((stat) => (
              <div key={stat.label} className="flex flex-col-reverse justify-end border-l-4 border-accent-400 pl-4">
                <dt className="mt-2 text-sm font-medium text-ink-soft">{stat.label}</dt>
                <dd className="text-4xl font-extrabold tracking-tight text-brand-700 tabular-nums md:text-5xl">{stat.value}</dd>
              </div>
            ))}
          </dl>
          <div className="mt-10 grid gap-6 lg:grid-cols-[minmax(0,0.9fr)_minmax(0,1.1fr)] lg:gap-16">
            <div>
              <p className="eyebrow text-brand-700">{caseStudiesHero.eyebrow}</p>
              <h1 id="case-studies-title" className="mt-3 opening-title text-ink">
                {caseStudiesHero.headline}
              </h1>
            </div>
            <p className="opening-lead text-ink-soft lg:pt-9">{caseStudiesHero.text}</p>
          </div>
        </div>
      </header>

      <div className="container-page space-y-10 py-16 md:space-y-14 md:py-24">
        {studies.map((study) => (
          <CaseStudyArticle key={study.id} study={study} />
        ))}
      </div>

      <CtaBand headline={caseStudiesCta.headline} text={caseStudiesCta.text} primary={caseStudiesCta.primaryCta} secondary={caseStudiesCta.secondaryCta} />
    </>
  );
}
