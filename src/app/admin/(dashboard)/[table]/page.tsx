import Link from "next/link";
import { notFound } from "next/navigation";
import { Download, Search } from "lucide-react";
import { AdminList } from "@/components/admin/admin-list";
import { BulkActions } from "@/components/admin/bulk-actions";
import { DashboardNav } from "@/components/admin/dashboard-nav";
import { buttonVariants } from "@/components/ui/button";
import { dashboardHref } from "@/lib/routes";
import { navCounts, navSearch, one, openScreen, readSeen, type SearchParams } from "@/server/admin/dashboard";
import type { ListParams } from "@/server/data/admin-list";
import { listRecords, matchingSet } from "@/server/data/admin-records";
import { listDeskMembers } from "@/server/data/follow-up";
import { siteConfig } from "@/server/site-config";

/** A table of the registry (src/lib/admin-tables/registry.ts): its list, search, filters, paging, bulk bar. */
export default async function TablePage({ params, searchParams }: { params: Promise<{ table: string }>; searchParams: Promise<SearchParams> }) {
  const gate = await openScreen((await params).table);
  if (gate.kind === "denied") return gate.page;
  const tab = gate.screen.table;
  // The other screens have folders of their own, which Next matches before this segment.
  if (!tab) notFound();

  const raw = await searchParams;
  const q = navSearch(raw);
  const listParams: ListParams = {
    q,
    sort: one(raw.sort),
    dir: one(raw.dir) === "asc" ? "asc" : "desc",
    page: Number(one(raw.page)) || 1,
    status: one(raw.status),
  };
  const base = { q, status: listParams.status, sort: one(raw.sort), dir: one(raw.dir) };
  const exportHref = tab.csv
    ? `/admin/export/${tab.id}?${new URLSearchParams({ ...(q ? { q } : {}), ...(listParams.status ? { status: listParams.status } : {}) })}`
    : undefined;
  // What arrived since this admin last opened the dashboard is marked new (the mark is taken when
  // /admin is opened and carried in ?seen=); paging and searching within a visit keep it.
  const newSince = readSeen(raw);
  const seenIso = newSince?.toISOString();
  const hasMembers = tab.fields.some((f) => f.control === "member");
  const [counts, list, members, matching] = await Promise.all([
    navCounts(gate.screens, q),
    listRecords<never>(tab, listParams),
    hasMembers ? listDeskMembers() : [],
    tab.inbox ? matchingSet(tab, listParams) : null,
  ]);
  const emptyText = q || listParams.status ? `No ${tab.noun.many} match your search.` : `No ${tab.noun.many} yet.`;

  return (
    <>
      <DashboardNav screens={gate.screens} current={tab.id} counts={counts} q={q} seen={newSince} />
      <form method="get" action={dashboardHref(tab.id)} className="mt-5 flex flex-wrap items-end gap-3" role="search">
        {seenIso && <input type="hidden" name="seen" value={seenIso} />}
        <label className="flex min-w-56 flex-1 flex-col gap-1 text-sm font-semibold">
          Search {tab.label.toLowerCase()}
          <span className="relative">
            <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" aria-hidden="true" />
            <input
              type="search"
              name="q"
              defaultValue={q}
              maxLength={200}
              className="min-h-11 w-full rounded-xl border border-line bg-surface pr-3 pl-9 text-base font-normal"
            />
          </span>
        </label>
        {tab.filter && (
          <label className="flex flex-col gap-1 text-sm font-semibold">
            Status
            <select name="status" defaultValue={listParams.status ?? ""} className="min-h-11 rounded-xl border border-line bg-surface px-3 font-normal">
              <option value="">All</option>
              {Object.entries(tab.filter.options).map(([v, { label }]) => (
                <option key={v} value={v}>
                  {label}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className="flex flex-col gap-1 text-sm font-semibold">
          Sort by
          <select name="sort" defaultValue={list.sort} className="min-h-11 rounded-xl border border-line bg-surface px-3 font-normal">
            {Object.entries(tab.sorts).flatMap(([v, { label }]) =>
              label
                ? [
                    <option key={v} value={v}>
                      {label}
                    </option>,
                  ]
                : [],
            )}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold">
          Order
          <select name="dir" defaultValue={list.dir} className="min-h-11 rounded-xl border border-line bg-surface px-3 font-normal">
            <option value="desc">Newest / Z-A first</option>
            <option value="asc">Oldest / A-Z first</option>
          </select>
        </label>
        <button type="submit" className={buttonVariants({ variant: "outline" })}>
          Apply
        </button>
        {exportHref && (
          <a href={exportHref} className={buttonVariants({ variant: "ghost" })}>
            <Download aria-hidden="true" />
            Export CSV
          </a>
        )}
      </form>

      {matching && matching.count > 0 && (
        <BulkActions
          key={matching.fingerprint}
          tableId={tab.id}
          filter={{ q, status: listParams.status }}
          count={matching.count}
          fingerprint={matching.fingerprint}
          members={members}
          exportHref={exportHref}
        />
      )}
      <section aria-label={tab.label} className="mt-6">
        <p className="mb-2 text-sm text-ink-soft" role="status">
          {list.total} {list.total === 1 ? tab.noun.one : tab.noun.many}
          {list.pageCount > 1 ? ` · page ${list.page} of ${list.pageCount}` : ""}
        </p>
        <AdminList
          key={`${tab.id}-${list.page}-${q ?? ""}`}
          tableId={tab.id}
          rows={list.rows}
          newSince={seenIso ?? null}
          emptyText={emptyText}
          siteName={siteConfig().name}
          members={members}
          groupBy={tab.sorts[list.sort]?.group ? tab.sorts[list.sort]!.column : undefined}
        />
        {list.pageCount > 1 && (
          <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-3">
            {list.page > 1 ? (
              <Link
                className={buttonVariants({ variant: "outline", size: "sm" })}
                href={dashboardHref(tab.id, { ...base, page: list.page - 1, seen: seenIso })}
              >
                Previous
              </Link>
            ) : (
              <span />
            )}
            {list.page < list.pageCount && (
              <Link
                className={buttonVariants({ variant: "outline", size: "sm" })}
                href={dashboardHref(tab.id, { ...base, page: list.page + 1, seen: seenIso })}
              >
                Next
              </Link>
            )}
          </nav>
        )}
      </section>
    </>
  );
}
