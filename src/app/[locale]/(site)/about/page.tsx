import Link from "next/link";
import { MapPin } from "@/components/ui/icons";
import {
  aboutCta,
  aboutHero,
  coreValues,
  coreValuesIntro,
  headquartersLabel,
  story,
  storyEyebrow,
  storyHeading,
  teamHeading,
  teamIntro,
  trackRecord,
  trackRecordHeading,
} from "@/content/about";
import { ContentIcon } from "@/components/marketing/content-icon";
import { TeamGrid } from "@/components/marketing/team-grid";
import { buttonVariants } from "@/components/ui/button";
import { HOME_TEAM_LIMIT as ABOUT_TEAM_LIMIT, teamLinkLabel } from "@/content/home";
import { listTeam } from "@/server/content/data/authors";
import { CtaBand } from "@/components/marketing/cta-band";
import { DotGrid } from "@/components/marketing/decor";
import { riseDelay } from "@/components/marketing/motion";
import { PageHero } from "@/components/site/page-hero";
import { CheckList } from "@/components/ui/check-list";
import { SectionHeading } from "@/components/ui/section-heading";
import { pageMetadata } from "@/lib/metadata";
import { siteConfig } from "@/server/kernel/site-config";
import { COMPANY_FACTS } from "@/content/company-facts";

// Served from the cache; a change to a person revalidates it at once (docs/decisions/0003, 0103).
export const revalidate = 300;

export const metadata = pageMetadata({
  title: "About Us",
  description: `Meet the Mumbai growth-marketing team behind ${COMPANY_FACTS.projects} projects: our story, values, track record and the people who will scale your brand.`,
  path: "/about",
});

export default async function AboutPage() {
  const site = siteConfig();
  const people = await listTeam();
  return (
    <>
      <PageHero eyebrow={aboutHero.eyebrow} title={aboutHero.headline} lead={aboutHero.text} breadcrumbs={[{ name: "About", path: "/about" }]}>
        <p className="mt-6 inline-flex items-center gap-2 text-sm text-brand-100">
          <MapPin aria-hidden="true" className="size-4 text-accent-300" />
          {headquartersLabel} {site.office}
        </p>
      </PageHero>

      <div className="container-page grid gap-12 py-20 md:py-24 lg:grid-cols-[1.25fr_0.75fr] lg:gap-16">
        <section aria-labelledby="story">
          <SectionHeading id="story" eyebrow={storyEyebrow} title={storyHeading} />
          <div className="mt-6 space-y-5 text-lg leading-relaxed text-ink-soft">
            {story.map((p, index) => (
              <p key={p.slice(0, 24)} className={index === 0 ? "text-xl text-ink" : undefined}>
                {p}
              </p>
            ))}
          </div>
        </section>
        <section
          aria-labelledby="track-record"
          className="relative isolate self-start overflow-hidden rounded-card bg-brand-950 p-8 text-white shadow-lift lg:sticky lg:top-24"
        >
          <DotGrid className="-z-10" />
          <h2 id="track-record" className="text-2xl font-extrabold tracking-tight">
            {trackRecordHeading}
          </h2>
          <CheckList items={trackRecord} tone="dark" className="mt-6" />
        </section>
      </div>

      <section aria-labelledby="values" className="bg-surface">
        <div className="container-page py-20 md:py-24">
          <SectionHeading id="values" align="center" eyebrow={coreValuesIntro.eyebrow} title={coreValuesIntro.heading} text={coreValuesIntro.text} />
          <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {coreValues.map((value, index) => (
              <li key={value.title} className="animate-rise rounded-card border border-line bg-canvas p-6" style={riseDelay(index * 100)}>
                <span className="flex size-12 items-center justify-center rounded-2xl bg-brand-600 text-white">
                  <ContentIcon name={value.icon} className="size-6" />
                </span>
                <h3 className="mt-5 text-lg font-bold">{value.title}</h3>
                <p className="mt-2 leading-relaxed text-ink-soft">{value.description}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      {/* The same people as /team and home's section (docs/decisions/0103): one list, edited in the dashboard. */}
      <section aria-labelledby="team" className="container-page py-20 md:py-24" data-testid="about-team">
        <div className="flex flex-col gap-6 md:flex-row md:items-end md:justify-between">
          <SectionHeading id="team" eyebrow={teamIntro.eyebrow} title={teamHeading} text={teamIntro.text} />
          <Link href="/team" className={buttonVariants({ variant: "outline", className: "self-start md:self-auto" })}>
            {teamLinkLabel}
          </Link>
        </div>
        <TeamGrid members={people.slice(0, ABOUT_TEAM_LIMIT)} className="mt-12" />
      </section>

      <CtaBand headline={aboutCta.headline} text={aboutCta.text} primary={aboutCta.primaryCta} secondary={aboutCta.secondaryCta} />
    </>
  );
}
