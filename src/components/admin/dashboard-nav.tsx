import Link from "next/link";
import { Menu } from "lucide-react";
import { cn } from "@/lib/cn";
import { SCREEN_GROUPS, type DashboardScreen } from "@/lib/admin-tables/screens";
import { dashboardHref } from "@/lib/routes";
import { LinkPending } from "./link-pending";

interface NavProps {
  screens: DashboardScreen[];
  current: string;
  counts: Record<string, number>;
  q?: string;
  seen?: Date | null;
}

/**
 * The dashboard's sidebar (docs/decisions/0072): the screens this role may read, grouped (Leads,
 * Content, Team, You), the current one marked, each table with its count of records, which no search
 * changes. Each page renders it (the page, not the layout, since a layout receives no query and is not
 * re-rendered when only the query changes: docs/decisions/0052). Table links carry the search and the
 * visit's "new since" mark, so both follow from table to table. While a clicked screen loads, its
 * link says so and the current screen stays: a screen has no streamed loading state, since the
 * streamed content of one is only revealed by script and the dashboard works without JavaScript.
 *
 * On a narrow screen the same list is a `<details>` menu, which opens and closes without script; from
 * the `lg` breakpoint up the list is always shown and the menu's button hidden (globals.css,
 * `.dashboard-menu`). One list, not two copies, so each link and count is on the page once.
 */
function DashboardNav({ screens, current, counts, q, seen }: NavProps) {
  const currentLabel = screens.find((s) => s.id === current)?.label;
  return (
    // Keyed by screen so that a navigation with JavaScript shows the new screen with the menu closed.
    <details key={current} className="dashboard-menu group rounded-card border border-line bg-surface lg:border-0 lg:bg-transparent">
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 px-4 text-sm font-semibold [&::-webkit-details-marker]:hidden">
        <Menu className="size-4" aria-hidden="true" />
        Menu
        {currentLabel && <span className="truncate font-normal text-ink-soft">· {currentLabel}</span>}
      </summary>
      <nav aria-label="Dashboard sections" className="border-t border-line px-2 pt-2 pb-3 lg:border-0 lg:p-0">
        {SCREEN_GROUPS.map((group) => {
          const inGroup = screens.filter((s) => s.group === group);
          if (inGroup.length === 0) return null;
          const headingId = `dashboard-group-${group.toLowerCase()}`;
          return (
            <div key={group} className="mt-3 first:mt-0">
              <p id={headingId} className="px-3 pb-1 text-xs font-bold tracking-wide text-ink-soft uppercase">
                {group}
              </p>
              <ul aria-labelledby={headingId} className="space-y-0.5">
                {inGroup.map((screen) => {
                  const active = screen.id === current;
                  const count = screen.table ? counts[screen.id] : undefined;
                  return (
                    <li key={screen.id}>
                      <Link
                        href={screen.table ? dashboardHref(screen.id, { q, seen: seen?.toISOString() }) : dashboardHref(screen.id)}
                        aria-current={active ? "page" : undefined}
                        className={cn(
                          "flex min-h-11 items-center gap-2 rounded-lg border-l-4 px-3 text-sm font-semibold",
                          active ? "border-brand-600 bg-brand-50 text-brand-800" : "border-transparent text-ink-soft hover:bg-canvas hover:text-ink",
                        )}
                      >
                        <span className="min-w-0 flex-1 truncate">{screen.label}</span>
                        <LinkPending label={screen.label} />
                        {count !== undefined && (
                          <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs text-brand-800 tabular-nums" data-testid={`count-${screen.id}`}>
                            {count}
                          </span>
                        )}
                      </Link>
                    </li>
                  );
                })}
                {group === "You" && (
                  <li>
                    {/* Outside the dashboard's screens (its own page under /admin/security), open to every member. */}
                    <Link
                      href="/admin/security"
                      className="flex min-h-11 items-center rounded-lg border-l-4 border-transparent px-3 text-sm font-semibold text-ink-soft hover:bg-canvas hover:text-ink"
                    >
                      Security
                    </Link>
                  </li>
                )}
              </ul>
            </div>
          );
        })}
      </nav>
    </details>
  );
}

/**
 * A dashboard screen's frame: the sidebar beside (on a phone, the menu above) the screen, whose
 * heading is the screen's name. `title` replaces that name where a screen has pages of its own (a
 * person, a send, the subscribers).
 */
export function DashboardShell({ title, children, ...nav }: NavProps & { title?: string; children: React.ReactNode }) {
  const heading = title ?? nav.screens.find((s) => s.id === nav.current)?.label ?? "Dashboard";
  return (
    <div className="lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-8">
      {/* Not a scrolling box of its own: the page scrolls, so every link is reached as the page is. */}
      <aside>
        <DashboardNav {...nav} />
      </aside>
      <div className="mt-6 min-w-0 lg:mt-0">
        <h1 className="text-2xl font-extrabold tracking-tight">{heading}</h1>
        {children}
      </div>
    </div>
  );
}
