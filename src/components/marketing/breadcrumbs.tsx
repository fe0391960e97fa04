import Link from "next/link";
import { ChevronRight } from "lucide-react";
import { breadcrumbJsonLd, type Crumb } from "@/lib/json-ld";
import { siteConfig } from "@/server/site-config";
import { JsonLdScript } from "./json-ld";

/**
 * The trail from Home to the current page, visible and as a BreadcrumbList. `trail` leaves out
 * Home; its last entry is the current page.
 */
export function Breadcrumbs({ trail }: { trail: Crumb[] }) {
  const crumbs: Crumb[] = [{ name: "Home", path: "/" }, ...trail];
  return (
    <>
      <nav aria-label="Breadcrumb">
        <ol className="flex flex-wrap items-center gap-1 text-sm text-brand-200">
          {crumbs.map((crumb, index) => {
            const isCurrent = index === crumbs.length - 1;
            return (
              <li key={crumb.path} className="flex items-center gap-1">
                {index > 0 && <ChevronRight aria-hidden="true" className="size-3.5 text-brand-300" />}
                {isCurrent ? (
                  <span aria-current="page" className="font-medium text-white">
                    {crumb.name}
                  </span>
                ) : (
                  <Link href={crumb.path} className="inline-flex min-h-6 items-center hover:text-white hover:underline">
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
