import Link from "next/link";
import { cn } from "@/lib/cn";
import type { DashboardScreen } from "@/lib/admin-tables/screens";
import { dashboardHref } from "@/lib/routes";
import { LinkPending } from "./link-pending";

/**
 * The dashboard's sections: the screens this role may read, the current one marked. Each page
 * renders it with each table's count of records, which no search changes (the page, not the
 * layout, since a layout receives no query and is not re-rendered when only the query changes:
 * docs/decisions/0052). Table links carry the search and
 * the visit's "new since" mark, so both follow from table to table. While a clicked screen loads,
 * its link says so and the current screen stays: a screen has no streamed loading state, since the
 * streamed content of one is only revealed by script and the dashboard works without JavaScript
 * (docs/decisions/0052).
 */
export function DashboardNav({
  screens,
  current,
  counts,
  q,
  seen,
}: {
  screens: DashboardScreen[];
  current: string;
  counts: Record<string, number>;
  q?: string;
  seen?: Date | null;
}) {
  return (
    <nav aria-label="Dashboard sections" className="mt-6 -mx-1 overflow-x-auto">
      <ul className="flex min-w-max gap-1 border-b border-line px-1">
        {screens.map((screen) => {
          const active = screen.id === current;
          const count = screen.table ? counts[screen.id] : undefined;
          return (
            <li key={screen.id}>
              <Link
                href={screen.table ? dashboardHref(screen.id, { q, seen: seen?.toISOString() }) : dashboardHref(screen.id)}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "-mb-px inline-flex min-h-11 items-center gap-2 border-b-2 px-3 text-sm font-semibold",
                  active ? "border-brand-600 text-brand-800" : "border-transparent text-ink-soft hover:text-ink",
                )}
              >
                {screen.label}
                <LinkPending label={screen.label} />
                {count !== undefined && (
                  <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs text-brand-800" data-testid={`count-${screen.id}`}>
                    {count}
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
