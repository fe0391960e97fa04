import Link from "next/link";
import { ArrowRight } from "@/components/ui/icons";
import { buttonVariants } from "@/components/ui/button";
import { DotGrid, KineticArcs } from "./decor";

interface CtaLink {
  label: string;
  href: string;
}

/** The closing call to action of a page: the free audit first, then a conversation. */
export function CtaBand({
  id = "closing-cta",
  headline,
  text,
  primary,
  secondary,
}: {
  id?: string;
  headline: string;
  text: string;
  primary: CtaLink;
  secondary: CtaLink;
}) {
  return (
    <section aria-labelledby={id} className="container-page py-16 md:py-24">
      <div className="relative isolate overflow-hidden rounded-[2rem] bg-brand-900 px-6 py-14 text-center text-white shadow-lift sm:px-12 md:py-20">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top,rgb(124_78_240/0.55),transparent_60%),radial-gradient(ellipse_at_bottom_right,rgb(245_158_11/0.22),transparent_55%)]"
        />
        <DotGrid className="-z-10" />
        <KineticArcs className="absolute -top-40 -left-56 -z-10 hidden w-[36rem] -scale-x-100 text-brand-300 opacity-60 md:block" />
        <h2 id={id} className="mx-auto max-w-2xl text-3xl font-extrabold tracking-tight text-balance md:text-5xl">
          {headline}
        </h2>
        <p className="mx-auto mt-5 max-w-xl text-lg leading-relaxed text-brand-100">{text}</p>
        <div className="mt-9 flex flex-col justify-center gap-3 sm:flex-row">
          <Link href={primary.href} className={buttonVariants({ variant: "accent", size: "lg" })}>
            {primary.label}
            <ArrowRight aria-hidden="true" />
          </Link>
          <Link href={secondary.href} className={buttonVariants({ variant: "inverse", size: "lg" })}>
            {secondary.label}
          </Link>
        </div>
      </div>
    </section>
  );
}
