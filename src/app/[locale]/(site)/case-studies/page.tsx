import { caseStudiesHero } from "@/content/case-studies-page";
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
      <PageHero eyebrow={caseStudiesHero.eyebrow} title={caseStudiesHero.headline} lead={caseStudiesHero.text} />
      <section className="container-page space-y-6 py-16">
        {studies.map((study) => (
          <article key={study.id} className="rounded-card border border-line bg-surface p-6 shadow-card">
            <p className="text-sm font-semibold text-brand-700">{study.industry}</p>
            <h2 className="mt-1 text-2xl font-bold">{study.companyName}</h2>
            <p className="mt-3 text-ink-soft">{study.challenge}</p>
          </article>
        ))}
      </section>
    </>
  );
}
