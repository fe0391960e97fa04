import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { Download, Search } from "lucide-react";
import { AccessDenied } from "@/components/admin/access-denied";
import { ActivityView } from "@/components/admin/activity-view";
import { AdminList } from "@/components/admin/admin-list";
import { NotificationBanner } from "@/components/admin/notification-banner";
import { SignOutButton } from "@/components/admin/sign-out-button";
import { NoticeToast, Toasts } from "@/components/admin/sonner-toasts";
import { LogoMark } from "@/components/site/logo";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { ACTIVITY_TAB, ActivityFilterSchema } from "@/lib/admin-tables/activity";
import { ADMIN_TABLES, adminTable } from "@/lib/admin-tables/registry";
import { LEAD_DESK, TEAM_DESK } from "@/lib/admin-tables/definition";
import { OverviewView } from "@/components/admin/overview-view";
import { DUE_OWNERS, DueView, type DueOwner } from "@/components/admin/due-view";
import { listDeskMembers, listDue, siteToday } from "@/server/data/follow-up";
import { OVERVIEW_PERIODS, loadOverview } from "@/server/data/overview";
import { AccountPanel } from "@/components/admin/account-panel";
import { TeamPanel } from "@/components/admin/team-panel";
import { AccessDeniedError, getViewer } from "@/server/auth-guard";
import type { ListParams } from "@/server/data/admin-list";
import { countRecords, listRecords, matchingSet } from "@/server/data/admin-records";
import { BulkActions } from "@/components/admin/bulk-actions";
import { auditFilterOptions, listAuditEvents } from "@/server/data/audit-events";
import { notificationHealth } from "@/server/data/notification-health";
import { takeInboxSeenAt } from "@/server/data/profiles";
import { isTwoFactorRequired } from "@/server/data/team-settings";
import { siteConfig } from "@/server/site-config";

export const metadata: Metadata = {
  title: "Admin Dashboard",
  description: "Manage leads, contact messages, case studies, testimonials and blog posts.",
  robots: { index: false, follow: false },
};

type SearchParams = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (typeof v === "string" ? v : undefined);

function href(base: Record<string, string | undefined>, change: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...base, ...change })) if (v) params.set(k, v);
  const query = params.toString();
  return query ? `/admin?${query}` : "/admin";
}

export default async function AdminPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const viewer = await getViewer();
  if (viewer.kind === "anonymous") redirect("/auth");
  if (viewer.kind === "denied") return <AccessDenied email={viewer.user.email} isVerified={viewer.user.emailVerified} />;
  // The team may require a second factor before any dashboard page (docs/decisions/0036).
  if (!viewer.user.secondFactor && (await isTwoFactorRequired())) redirect("/admin/security?required=1");

  const raw = await searchParams;
  // Only the tabs this role may read are shown (the data functions check the role again).
  const tables = ADMIN_TABLES.filter((t) => t.access.read.includes(viewer.user.role));
  const wanted = adminTable(one(raw.tab) ?? "");
  const tab = (wanted && tables.includes(wanted) ? wanted : tables[0])!;
  const seesTeam = TEAM_DESK.read.includes(viewer.user.role);
  // The lead desk opens on its overview (docs/decisions/0049).
  const seesOverview = LEAD_DESK.read.includes(viewer.user.role);
  const panels = [
    ...(seesOverview ? [{ id: "overview", label: "Overview" }, { id: "due", label: "Due" }] : []),
    ...(seesTeam ? [{ id: "team", label: "Team" }, { id: ACTIVITY_TAB.id, label: ACTIVITY_TAB.label }] : []),
    { id: "account", label: "Your account" },
  ];
  const panel = panels.find((p) => p.id === (one(raw.tab) ?? (seesOverview ? "overview" : undefined)));
  const weeks = (OVERVIEW_PERIODS as readonly number[]).includes(Number(one(raw.weeks))) ? Number(one(raw.weeks)) : 12;
  const isActivity = panel?.id === ACTIVITY_TAB.id;
  const activityFilter = ActivityFilterSchema.parse(Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, one(v)])));
  const q = one(raw.q)?.trim().slice(0, 200) || undefined;
  const params: ListParams = {
    q,
    sort: one(raw.sort),
    dir: one(raw.dir) === "asc" ? "asc" : "desc",
    page: Number(one(raw.page)) || 1,
    status: one(raw.status),
  };
  const base = { tab: tab.id, q, status: params.status, sort: one(raw.sort), dir: one(raw.dir) };
  const exportHref = tab.csv ? `/admin/export/${tab.id}?${new URLSearchParams({ ...(q ? { q } : {}), ...(params.status ? { status: params.status } : {}) })}` : undefined;

  // What arrived since this admin last opened the dashboard is marked new; paging and searching
  // within a visit keep the marks.
  const isFreshVisit = !raw.page && !raw.q && !raw.sort && !raw.status && !raw.tab;
  const dueOwner: DueOwner = (one(raw.owner) ?? "me") in DUE_OWNERS ? ((one(raw.owner) ?? "me") as DueOwner) : "me";
  const hasMembers = !panel && tab.fields.some((f) => f.control === "member");
  const [counts, list, newSince, activity, overview, health, due, members, matching] = await Promise.all([
    Promise.all(tables.map((t) => countRecords(t, { q }))),
    panel ? null : listRecords<never>(tab, params),
    isFreshVisit ? takeInboxSeenAt(viewer.user.id) : readSeen(raw),
    isActivity ? Promise.all([listAuditEvents(activityFilter), auditFilterOptions()]) : null,
    panel?.id === "overview" ? loadOverview(weeks) : null,
    // Staff who do not work on the lead desk see no banner about its mail.
    notificationHealth().catch((error: unknown) => {
      if (error instanceof AccessDeniedError) return null;
      throw error;
    }),
    panel?.id === "due" ? listDue({ owner: dueOwner === "all" ? undefined : dueOwner === "none" ? null : viewer.user.id }) : null,
    hasMembers ? listDeskMembers() : [],
    !panel && tab.inbox ? matchingSet(tab, params) : null,
  ]);
  const countById = Object.fromEntries(tables.map((t, i) => [t.id, counts[i]!]));
  const seenIso = newSince ? new Date(newSince).toISOString() : null;
  const emptyText = q || params.status ? `No ${tab.noun.many} match your search.` : `No ${tab.noun.many} yet.`;

  return (
    <div className="min-h-dvh bg-canvas">
      <Toasts />
      {raw.welcome && <NoticeToast title="Welcome Back!" message="You have been successfully logged in." />}
      <header className="border-b border-line bg-surface">
        <div className="container-page flex min-h-16 flex-wrap items-center justify-between gap-3 py-2">
          <Link href="/" className="flex min-h-11 items-center gap-2.5 font-bold">
            <LogoMark className="size-8" />
            <span>Kinetic Growth</span>
          </Link>
          <div className="flex items-center gap-3">
            <p className="hidden text-sm text-ink-soft sm:block">Welcome, {viewer.user.email}</p>
            <Link href="/admin/security" className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 hover:underline">
              Security
            </Link>
            <SignOutButton />
          </div>
        </div>
      </header>
      <main id="main" className="container-page py-8">
        <h1 className="text-2xl font-extrabold tracking-tight">Admin Dashboard</h1>
        <p className="mt-1 text-sm text-ink-soft sm:hidden">Welcome, {viewer.user.email}</p>
        {health && health.failed + health.retrying > 0 && (
          <NotificationBanner trouble={{ ...health, since: health.since ? health.since.toISOString() : null }} />
        )}

        <nav aria-label="Dashboard sections" className="mt-6 -mx-1 overflow-x-auto">
          <ul className="flex min-w-max gap-1 border-b border-line px-1">
            {[
              ...panels.filter((p) => p.id === "overview" || p.id === "due").map((p) => ({ id: p.id, label: p.label, to: `/admin?tab=${p.id}`, active: panel?.id === p.id, count: undefined })),
              ...tables.map((t) => ({ id: t.id, label: t.label, to: href({}, { tab: t.id, q, seen: seenIso ?? undefined }), active: !panel && t.id === tab.id, count: countById[t.id] })),
              ...panels.filter((p) => p.id !== "overview" && p.id !== "due").map((p) => ({ id: p.id, label: p.label, to: `/admin?tab=${p.id}`, active: panel?.id === p.id, count: undefined })),
            ].map((entry) => (
              <li key={entry.id}>
                <Link
                  href={entry.to}
                  aria-current={entry.active ? "page" : undefined}
                  className={cn(
                    "-mb-px inline-flex min-h-11 items-center gap-2 border-b-2 px-3 text-sm font-semibold",
                    entry.active ? "border-brand-600 text-brand-800" : "border-transparent text-ink-soft hover:text-ink",
                  )}
                >
                  {entry.label}
                  {entry.count !== undefined && (
                    <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs text-brand-800" data-testid={`count-${entry.id}`}>
                      {entry.count}
                    </span>
                  )}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        {panel?.id === "team" && (
          <div className="mt-6">
            <TeamPanel viewer={viewer.user} />
          </div>
        )}
        {panel?.id === "account" && (
          <div className="mt-6">
            <AccountPanel />
          </div>
        )}
        {overview && <OverviewView overview={overview} />}
        {due && <DueView items={due} owner={dueOwner} today={siteToday()} />}
        {isActivity && activity && <ActivityView filter={activityFilter} list={activity[0]} options={activity[1]} />}
        {!panel && list && (
          <>

        <form method="get" action="/admin" className="mt-5 flex flex-wrap items-end gap-3" role="search">
          <input type="hidden" name="tab" value={tab.id} />
          {newSince && <input type="hidden" name="seen" value={seenIso ?? ""} />}
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
              <select name="status" defaultValue={params.status ?? ""} className="min-h-11 rounded-xl border border-line bg-surface px-3 font-normal">
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
                  label ? [
                    <option key={v} value={v}>
                      {label}
                    </option>,
                  ] : [],
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
          <BulkActions key={matching.fingerprint} tableId={tab.id} filter={{ q, status: params.status }} count={matching.count} fingerprint={matching.fingerprint} members={members} exportHref={exportHref} />
        )}
        <section aria-label={tab.label} className="mt-6">
          <p className="mb-2 text-sm text-ink-soft" role="status">
            {list.total} {list.total === 1 ? tab.noun.one : tab.noun.many}
            {list.pageCount > 1 ? ` · page ${list.page} of ${list.pageCount}` : ""}
          </p>
          <AdminList key={`${tab.id}-${list.page}-${q ?? ""}`} tableId={tab.id} rows={list.rows} newSince={seenIso} emptyText={emptyText} siteName={siteConfig().name} members={members} groupBy={tab.sorts[list.sort]?.group ? tab.sorts[list.sort]!.column : undefined} />
          {list.pageCount > 1 && (
            <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-3">
              {list.page > 1 ? (
                <Link className={buttonVariants({ variant: "outline", size: "sm" })} href={href(base, { page: String(list.page - 1), seen: seenIso ?? undefined })}>
                  Previous
                </Link>
              ) : (
                <span />
              )}
              {list.page < list.pageCount && (
                <Link className={buttonVariants({ variant: "outline", size: "sm" })} href={href(base, { page: String(list.page + 1), seen: seenIso ?? undefined })}>
                  Next
                </Link>
              )}
            </nav>
          )}
        </section>
          </>
        )}
      </main>
    </div>
  );
}

/** The mark carried through paging and searching within one visit (?seen=...). */
function readSeen(raw: SearchParams): Promise<Date | null> {
  const seen = one(raw.seen);
  const date = seen ? new Date(seen) : null;
  return Promise.resolve(date && !Number.isNaN(date.getTime()) ? date : null);
}
