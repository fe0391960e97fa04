import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

/** Eyebrow, heading and lead of a page section; the heading id labels the section. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  text,
  align = "left",
  tone = "light",
  level = 2,
  className,
  children,
}: {
  id?: string;
  eyebrow?: string;
  title: string;
  text?: string;
  align?: "left" | "center";
  tone?: "light" | "dark";
  level?: 2 | 3;
  className?: string;
  children?: ReactNode;
}) {
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <div className={cn("max-w-2xl", align === "center" && "mx-auto text-center", className)}>
      {eyebrow && <p className={cn("text-xs font-bold tracking-[0.18em] uppercase", tone === "dark" ? "text-accent-300" : "text-brand-600")}>{eyebrow}</p>}
      <Heading id={id} className={cn("mt-3 text-3xl font-extrabold tracking-tight text-balance md:text-4xl", tone === "dark" ? "text-white" : "text-ink")}>
        {title}
      </Heading>
      {text && <p className={cn("mt-4 text-lg leading-relaxed text-pretty", tone === "dark" ? "text-brand-100" : "text-ink-soft")}>{text}</p>}
      {children}
    </div>
  );
}
