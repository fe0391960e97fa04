import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { parseLocaleSegment } from "@/lib/experiments";

// No params at build time: every public page is rendered on its first request, then served from
// the cache until an edit revalidates it (docs/decisions/0003).
export function generateStaticParams(): { locale: string }[] {
  return [];
}

export default async function LocaleLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  // The plain segment, or an A/B experiment variant's (docs/decisions/0107); anything else is no page.
  if (!parseLocaleSegment(locale)) notFound();
  return children;
}
