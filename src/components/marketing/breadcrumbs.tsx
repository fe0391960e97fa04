import Link from "next/link";
import { ChevronRight } from "@/components/ui/icons";
import { breadcrumbJsonLd, type Crumb } from "@/lib/json-ld";
import { siteConfig } from "@/server/kernel/site-config";
import { JsonLdScript } from "./json-ld";

const TONES = {
  // On the dark band (PageHero).
  dark: { list: "text-brand-200", chevron: "text-brand-300", current: "text-white", link: "hover:text-white" },
  // On the light openings (service, case studies, contact: docs/design.md).
  light: { list: "text-muted", chevron: "text-brand-400", current: "text-ink", link: "hover:text-brand-700" },
} as const;

/**
 * The trail from Home to the current page, visible and as a BreadcrumbList. `trail` leaves out
 * Home; its last entry is the current page.
 */
export function Breadcrumbs({ trail, tone = "dark" }: { trail: Crumb[]; tone?: keyof typeof TONES }) {
  const crumbs: Crumb[] = [{ name: "Home", path: "/" }, ...trail];
  const colours = TONES[tone];
  return (
    <>
      <nav aria-label="Breadcrumb">
        <ol className={`flex flex-wrap items-center gap-1 text-sm ${colours.list}`}>
          {crumbs.map((crumb, index) => {
            const isCurrent = index === crumbs.length - 1;
            return (
              <li key={crumb.path} className="flex items-center gap-1">
                {index > 0 && <ChevronRight aria-hidden="true" className={`size-3.5 ${colours.chevron}`} />}
                {isCurrent ? (
                  <span aria-current="page" className={`font-medium ${colours.current}`}>
                    {crumb.name}
                  </span>
                ) : (
                  <Link href={crumb.path} className={`inline-flex min-h-6 items-center hover:underline ${colours.link}`}>
                    {crumb.name}
                  </Link>
                )}
              </li>
            );
          })}
        </ol>
      </nav>
      <JsonLdScript data={breadcrumbJsonLd(crumbs, siteConfig().url)} />
    </>
  );
}
