import type { ReactNode } from "react";

export function PageHero({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow?: string;
  title: string;
  lead?: string;
  children?: ReactNode;
}) {
  return (
    <section className="relative overflow-hidden bg-brand-950 text-white">
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgb(124_78_240/0.45),transparent_55%),radial-gradient(ellipse_at_bottom_left,rgb(245_158_11/0.18),transparent_50%)]"
      />
      <div className="container-page relative py-16 md:py-24">
        {eyebrow && <p className="text-sm font-semibold tracking-widest text-accent-300 uppercase">{eyebrow}</p>}
        <h1 className="mt-3 max-w-3xl text-4xl font-extrabold tracking-tight text-balance md:text-5xl">{title}</h1>
        {lead && <p className="mt-5 max-w-2xl text-lg leading-relaxed text-brand-100">{lead}</p>}
        {children}
      </div>
    </section>
  );
}
