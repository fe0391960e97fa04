import Link from "next/link";
import { Star } from "lucide-react";
import { hero } from "@/content/home";
import { buttonVariants } from "@/components/ui/button";
import { pageMetadata } from "@/lib/metadata";
import { headlineMetric, listHomeCaseStudies } from "@/server/data/case-studies";
import { listFeaturedTestimonials } from "@/server/data/testimonials";

export const revalidate = 300;

export const metadata = pageMetadata({
  title: "Growth Marketing Agency in Mumbai | Acquire, Convert, Scale",
  description:
    "We scale revenue for D2C, eCommerce and startup brands with SEO, paid ads, CRO, WhatsApp automation and retention marketing. Get a free growth audit.",
  path: "/",
  absoluteTitle: true,
});

export default async function HomePage() {
  const [studies, testimonials] = await Promise.all([listHomeCaseStudies(), listFeaturedTestimonials()]);
  return (
    <>
      <section className="relative overflow-hidden bg-brand-950 text-white">
        <div className="container-page py-20 md:py-28">
          <p className="text-sm font-semibold tracking-widest text-accent-300 uppercase">{hero.tagline}</p>
          <h1 className="mt-4 max-w-3xl text-4xl font-extrabold tracking-tight text-balance md:text-6xl">{hero.headline}</h1>
          <p className="mt-6 max-w-2xl text-lg text-brand-100">{hero.subheadline}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link href="/free-audit" className={buttonVariants({ variant: "accent", size: "lg" })}>
              Get Free Growth Audit
            </Link>
            <Link href="/case-studies" className={buttonVariants({ variant: "inverse", size: "lg" })}>
              View Case Studies
            </Link>
          </div>
        </div>
      </section>
      <section className="container-page py-16" aria-labelledby="home-case-studies">
        <h2 id="home-case-studies" className="text-2xl font-bold">
          Success stories
        </h2>
        <div className="mt-6 grid gap-6 md:grid-cols-2">
          {studies.map((study) => (
            <Link key={study.id} href="/case-studies" className="rounded-card border border-line bg-surface p-6 shadow-card">
              <p className="font-semibold">{study.companyName}</p>
              <p className="mt-2 text-3xl font-extrabold text-brand-700">{headlineMetric(study.metrics)}</p>
              <p className="mt-2 text-ink-soft">{study.solution || study.challenge}</p>
            </Link>
          ))}
        </div>
      </section>
      <section className="container-page pb-16" aria-labelledby="home-testimonials">
        <h2 id="home-testimonials" className="text-2xl font-bold">
          What our clients say
        </h2>
        <ul className="mt-6 grid gap-6 md:grid-cols-3">
          {testimonials.map((t) => (
            <li key={`${t.clientName}-${t.company}`} className="rounded-card border border-line bg-surface p-6 shadow-card">
              <p className="flex gap-0.5 text-accent-500" aria-label={`Rated ${t.rating} out of 5`}>
                {Array.from({ length: t.rating }, (_, i) => (
                  <Star key={i} className="size-4 fill-current" aria-hidden="true" />
                ))}
              </p>
              <blockquote className="mt-3 text-ink-soft">{t.content}</blockquote>
              <p className="mt-4 font-semibold">{t.clientName}</p>
              <p className="text-sm text-muted">
                {t.role ? `${t.role}, ` : ""}
                {t.company}
              </p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
