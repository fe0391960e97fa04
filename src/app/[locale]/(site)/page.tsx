import Link from "next/link";
import { Fragment, type ReactNode } from "react";
import { ArrowRight, ExternalLink, Sparkles, TrendingUp } from "@/components/ui/icons";
import {
  caseStudiesIntro,
  caseStudiesLinkLabel,
  caseStudyCardLinkLabel,
  heroStudyEyebrow,
  closingCta,
  hero,
  heroStats,
  HOME_TEAM_LIMIT,
  partners,
  partnersIntro,
  retentionHighlight,
  reviewBadge,
  servicesIntro,
  statsBand,
  statsBandHeading,
  teamIntro,
  teamLinkLabel,
  testimonialsIntro,
  viewAllServicesLabel,
  whyWeStarted,
  whyWeStartedIntro,
} from "@/content/home";
import { getService, homeServiceTeasers, type Service } from "@/content/services";
import { CtaBand } from "@/components/marketing/cta-band";
import { ContentIcon } from "@/components/marketing/content-icon";
import { DotGrid } from "@/components/marketing/decor";
import { DisclosureList } from "@/components/marketing/disclosure-list";
import { HeroStudy } from "@/components/marketing/hero-study";
import { riseDelay } from "@/components/marketing/motion";
import { PartnerStrip } from "@/components/marketing/partner-strip";
import { CaseStudyCard } from "@/components/marketing/case-study-card";
import { TeamGrid } from "@/components/marketing/team-grid";
import { StatGrid } from "@/components/marketing/stat-grid";
import { TestimonialCard } from "@/components/marketing/testimonial-card";
import { buttonVariants } from "@/components/ui/button";
import { SectionHeading } from "@/components/ui/section-heading";
import { StarRating } from "@/components/ui/star-rating";
import { pageMetadata } from "@/lib/metadata";
import { listTeam } from "@/server/content/data/authors";
import { listHomeCaseStudies } from "@/server/content/data/case-studies";
import { listFeaturedTestimonials } from "@/server/content/data/testimonials";
import { siteConfig } from "@/server/kernel/site-config";
import { HERO_IMAGES, homeSections, parseLocaleSegment, type HomeSectionName } from "@/lib/experiments";
import { PostCover } from "@/components/blog/post-cover";
import { copyFor } from "@/server/experiments";

export const revalidate = 300;

export const metadata = pageMetadata({
  title: "Growth Marketing Agency in Mumbai | Acquire, Convert, Scale",
  description:
    "We scale revenue for D2C, eCommerce and startup brands with SEO, paid ads, CRO, WhatsApp automation and retention marketing. Get a free growth audit.",
  path: "/",
  absoluteTitle: true,
});

const teaserServices = homeServiceTeasers.map((slug) => getService(slug)).filter((s): s is Service => Boolean(s));

export default async function HomePage({ params }: { params: Promise<{ locale: string }> }) {
  const site = siteConfig();
  // The hero's copy, image and the order of the sections: its own, or an A/B experiment variant's
  // (docs/decisions/0107, 0110).
  const copy = await copyFor("home-hero", parseLocaleSegment((await params).locale)?.variant ?? null);
  const headline = copy.headline ?? hero.headline;
  const subheadline = copy.subheadline ?? hero.subheadline;
  const primaryCta = { label: copy.ctaText ?? hero.primaryCta.label, href: copy.ctaHref ?? hero.primaryCta.href };
  const [studies, testimonials, team] = await Promise.all([listHomeCaseStudies(), listFeaturedTestimonials(), listTeam()]);
  const people = team.slice(0, HOME_TEAM_LIMIT);
  // Home's sections by name, so that a variant can show them in another order (HOME_SECTION_ORDERS).
  const sections: Record<HomeSectionName, ReactNode> = {
    partners: <PartnerStrip title={partnersIntro} clients={partners} />,
    // The work first (docs/decisions/0103): the newest published studies, right after the clients' logos.
    "case-studies": studies.length > 0 && (
      <section aria-labelledby="home-case-studies" className="container-page py-20 md:py-28">
        <div className="flex flex-col justify-between gap-6 md:flex-row md:items-end">
          <SectionHeading id="home-case-studies" eyebrow={caseStudiesIntro.eyebrow} title={caseStudiesIntro.heading} text={caseStudiesIntro.text} />
          <Link href="/case-studies" className={buttonVariants({ variant: "outline", className: "self-start md:self-auto" })}>
            {caseStudiesLinkLabel}
            <ArrowRight aria-hidden="true" />
          </Link>
        </div>
        <ul className="mt-12 grid gap-6 md:grid-cols-2">
          {studies.map((study) => (
            <CaseStudyCard key={study.id} study={study} linkLabel={caseStudyCardLinkLabel} />
          ))}
        </ul>
      </section>
    ),
    services: (
      <section aria-labelledby="home-services" className="container-page py-20 md:py-28">
        <div className="flex flex-col justify-between gap-6 md:flex-row md:items-end">
          <SectionHeading id="home-services" eyebrow={servicesIntro.eyebrow} title={servicesIntro.heading} text={servicesIntro.text} />
          <Link href="/services" className={buttonVariants({ variant: "outline", className: "self-start md:self-auto" })}>
            {viewAllServicesLabel}
            <ArrowRight aria-hidden="true" />
          </Link>
        </div>
        <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {teaserServices.map((service) => (
            <li
              key={service.slug}
              className="group relative flex flex-col rounded-card border border-line bg-surface p-6 shadow-card transition hover:-translate-y-0.5 hover:border-brand-300 hover:shadow-lift motion-reduce:transition-none motion-reduce:hover:translate-y-0"
            >
              <span className="flex size-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-700 transition-colors group-hover:bg-brand-600 group-hover:text-white">
                <ContentIcon name={service.icon} className="size-6" />
              </span>
              <h3 className="mt-5 text-lg font-bold">
                <Link
                  href={`/services/${service.slug}`}
                  className="after:absolute after:inset-0 after:rounded-card focus-visible:outline-none focus-visible:after:outline-3 focus-visible:after:outline-brand-500"
                >
                  {service.title}
                </Link>
              </h3>
              <p className="mt-2 flex-1 text-sm leading-relaxed text-ink-soft">{service.description}</p>
              <p className="mt-5 inline-flex items-center gap-2 text-sm font-semibold text-success">
                <TrendingUp aria-hidden="true" className="size-4" />
                {service.averageResult}
              </p>
            </li>
          ))}
        </ul>
      </section>
    ),
    numbers: (
      <section aria-labelledby="home-numbers" className="relative isolate overflow-hidden bg-brand-950 py-16 text-white md:py-20">
        <DotGrid className="-z-10" />
        <div className="container-page">
          <h2 id="home-numbers" className="text-center text-2xl font-extrabold tracking-tight md:text-3xl">
            {statsBandHeading}
          </h2>
          <StatGrid stats={statsBand} tone="dark" className="mt-10 grid-cols-2 md:grid-cols-5 [&>div:last-child]:col-span-2 md:[&>div:last-child]:col-span-1" />
        </div>
      </section>
    ),
    why: (
      <section aria-labelledby="home-why" className="bg-surface">
        <div className="container-page grid gap-12 py-20 md:py-28 lg:grid-cols-[0.85fr_1.15fr] lg:gap-16">
          <div>
            <SectionHeading id="home-why" eyebrow={whyWeStartedIntro.eyebrow} title={whyWeStartedIntro.heading} text={whyWeStartedIntro.text} />
            <div className="mt-8 hidden rounded-card bg-canvas p-6 lg:block">
              <p className="text-5xl font-extrabold text-brand-700">{retentionHighlight.value}</p>
              <p className="mt-2 text-ink-soft">{retentionHighlight.label}</p>
            </div>
          </div>
          <DisclosureList name="why-we-started" items={whyWeStarted} defaultOpen={0} />
        </div>
      </section>
    ),
    team: people.length > 0 && (
      <section aria-labelledby="home-team" className="container-page py-20 md:py-28" data-testid="home-team">
        <div className="flex flex-col justify-between gap-6 md:flex-row md:items-end">
          <SectionHeading id="home-team" eyebrow={teamIntro.eyebrow} title={teamIntro.heading} text={teamIntro.text} />
          <Link href="/team" className={buttonVariants({ variant: "outline", className: "self-start md:self-auto" })}>
            {teamLinkLabel}
            <ArrowRight aria-hidden="true" />
          </Link>
        </div>
        <TeamGrid members={people} className="mt-12" />
      </section>
    ),
    testimonials: testimonials.length > 0 && (
      <section aria-labelledby="home-testimonials" className="bg-surface">
        <div className="container-page py-20 md:py-28">
          <SectionHeading
            id="home-testimonials"
            align="center"
            eyebrow={testimonialsIntro.eyebrow}
            title={testimonialsIntro.heading}
            text={testimonialsIntro.text}
          />
          <ul className="mt-12 grid gap-6 md:grid-cols-3">
            {testimonials.map((t, index) => (
              <li key={`${t.clientName}-${t.company}`} className="animate-rise" style={riseDelay(index * 200)}>
                <TestimonialCard testimonial={t} className="bg-canvas shadow-none" />
              </li>
            ))}
          </ul>
        </div>
      </section>
    ),
  };
  return (
    <>
      <section className="relative isolate overflow-hidden bg-brand-950 text-white">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_75%_35%,rgb(124_78_240/0.55),transparent_55%),radial-gradient(ellipse_at_bottom_left,rgb(245_158_11/0.16),transparent_50%)]"
        />
        <DotGrid className="-z-10" />
        <div className="container-page grid items-center gap-14 py-16 md:py-24 lg:grid-cols-[1.08fr_0.92fr] lg:gap-10 lg:py-28">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full border border-white/15 bg-white/5 px-3.5 py-1.5 text-xs font-medium text-brand-100 sm:text-sm">
              <Sparkles aria-hidden="true" className="size-4 text-accent-300" />
              {hero.eyebrow}
            </p>
            <p className="mt-6 text-sm font-bold tracking-[0.2em] text-accent-300 uppercase" data-testid="tagline">
              {hero.tagline}
            </p>
            <h1 className="mt-3 text-4xl leading-[1.08] font-extrabold tracking-tight text-balance sm:text-5xl xl:text-[3.6rem]">{headline}</h1>
            <p className="mt-6 max-w-xl text-lg leading-relaxed text-pretty text-brand-100">{subheadline}</p>
            <div className="mt-9 flex flex-col gap-3 sm:flex-row">
              <Link href={primaryCta.href} className={buttonVariants({ variant: "accent", size: "lg" })}>
                {primaryCta.label}
                <ArrowRight aria-hidden="true" />
              </Link>
              <Link href={hero.secondaryCta.href} className={buttonVariants({ variant: "inverse", size: "lg" })}>
                {hero.secondaryCta.label}
              </Link>
            </div>
            <dl className="mt-10 grid max-w-lg grid-cols-3 divide-x divide-white/15">
              {heroStats.map((stat) => (
                <div key={stat.label} className="flex flex-col-reverse justify-end px-4 first:pl-0">
                  <dt className="mt-1 text-xs text-brand-200 sm:text-sm">{stat.label}</dt>
                  <dd className="text-2xl font-extrabold text-white sm:text-3xl">{stat.value}</dd>
                </div>
              ))}
            </dl>
            <a
              href={site.reviewsUrl}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="reviews-link"
              className="group mt-8 inline-flex min-h-11 flex-wrap items-center gap-x-3 gap-y-1 rounded-2xl border border-white/15 bg-white/5 px-4 py-2 text-sm hover:bg-white/10"
            >
              <StarRating rating={5} />
              <span className="font-bold text-white">{reviewBadge.rating}</span>
              <span className="text-brand-100">{reviewBadge.label}</span>
              <span className="inline-flex items-center gap-1 font-semibold text-accent-300 underline-offset-4 group-hover:underline">
                {reviewBadge.linkLabel}
                <ExternalLink aria-hidden="true" className="size-3.5" />
                <span className="sr-only">(opens in a new tab)</span>
              </span>
            </a>
          </div>
          {copy.heroImage ? (
            <PostCover
              src={HERO_IMAGES[copy.heroImage].src}
              alt={HERO_IMAGES[copy.heroImage].alt}
              sizes="(min-width: 1024px) 34rem, 100vw"
              eager
              className="mx-auto max-w-[34rem] rounded-[1.75rem] shadow-2xl shadow-black/30"
            />
          ) : (
            studies[0] && <HeroStudy study={studies[0]} eyebrow={heroStudyEyebrow} linkLabel={caseStudyCardLinkLabel} />
          )}
        </div>
      </section>

      {homeSections(copy.sectionOrder).map((name) => (
        <Fragment key={name}>{sections[name]}</Fragment>
      ))}

      <CtaBand headline={closingCta.headline} text={closingCta.text} primary={closingCta.primaryCta} secondary={closingCta.secondaryCta} />
    </>
  );
}
