import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import type { Crumb } from "@/lib/json-ld";
import { Breadcrumbs } from "@/components/marketing/breadcrumbs";
import { DotGrid, KineticArcs } from "@/components/marketing/decor";

export function PageHero({
  eyebrow,
  title,
  lead,
  breadcrumbs,
  aside,
  children,
}: {
  eyebrow?: string;
  title: string;
  lead?: string;
  /** The trail after Home, ending with this page; also emitted as a BreadcrumbList. */
  breadcrumbs?: Crumb[];
  /** Shown beside the text from lg up (below it on small screens), e.g. a form card. */
  aside?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="relative isolate overflow-hidden bg-brand-950 text-white">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top_right,rgb(124_78_240/0.5),transparent_55%),radial-gradient(ellipse_at_bottom_left,rgb(245_158_11/0.16),transparent_50%)]"
      />
      <DotGrid className="-z-10" />
      {!aside && <KineticArcs className="absolute -right-40 -bottom-48 -z-10 hidden w-[40rem] text-brand-300 md:block lg:-right-16" />}
      <div
        className={cn("container-page relative py-14 md:py-20", aside && "grid gap-12 lg:grid-cols-[minmax(0,1fr)_minmax(0,30rem)] lg:items-start lg:gap-14")}
      >
        <div>
          {breadcrumbs && <Breadcrumbs trail={breadcrumbs} />}
          {eyebrow && <p className="mt-6 text-xs font-bold tracking-[0.18em] text-accent-300 uppercase first:mt-0">{eyebrow}</p>}
          <h1 className="mt-3 max-w-3xl text-4xl leading-[1.08] font-extrabold tracking-tight text-balance md:text-5xl xl:text-[3.5rem]">{title}</h1>
          {lead && <p className="mt-5 max-w-2xl text-lg leading-relaxed text-pretty text-brand-100">{lead}</p>}
          {children}
        </div>
        {aside}
      </div>
    </section>
  );
}
