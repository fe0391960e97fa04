import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { LOCALE_SEGMENT } from "@/lib/routes";

// No params at build time: every public page is rendered on its first request, then served from
// the cache until an edit revalidates it (docs/decisions/0003).
export function generateStaticParams(): { locale: string }[] {
  return [];
}

export default async function LocaleLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  if (locale !== LOCALE_SEGMENT) notFound();
  return children;
}
