import Link from "next/link";
import type { ReactNode } from "react";
import { LogoMark } from "@/components/site/logo";

/** The card's heading; a form that switches mode in place renders it itself (title left out of AuthShell). */
export function AuthHeading({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <div className="mb-6">
      <h1 className="text-2xl font-extrabold tracking-tight">{title}</h1>
      {subtitle && <p className="mt-1.5 text-sm text-ink-soft">{subtitle}</p>}
    </div>
  );
}

/** The frame of the sign-in pages: the brand, a card, a way back to the site. */
export function AuthShell({ title, subtitle, children, footer }: { title?: string; subtitle?: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <main
      id="main"
      className="flex min-h-dvh flex-col items-center justify-center bg-[radial-gradient(ellipse_at_top,rgb(124_78_240/0.14),transparent_60%)] px-5 py-12"
    >
      <Link href="/" className="mb-8 flex min-h-11 items-center gap-2.5 text-lg font-bold text-ink">
        <LogoMark className="size-9" />
        Kinetic Growth
      </Link>
      <div className="w-full max-w-md rounded-card border border-line bg-surface p-6 shadow-card sm:p-8">
        {title && <AuthHeading title={title} subtitle={subtitle} />}
        {children}
      </div>
      {footer && <div className="mt-6 max-w-md text-center text-sm text-ink-soft">{footer}</div>}
      <Link href="/" className="mt-6 inline-flex min-h-11 items-center text-sm font-medium text-brand-700 hover:underline">
        ← Back to the website
      </Link>
    </main>
  );
}
