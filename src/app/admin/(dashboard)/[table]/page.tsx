import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { Download, Search } from "lucide-react";
import { createHash } from "node:crypto";
import { AdminList, DeletePage } from "@/components/admin/admin-list";
import { BulkActions, BulkConfirmPage } from "@/components/admin/bulk-actions";
import { BULK_QUERY, isBulkAction } from "@/lib/admin-tables/bulk";
import { DashboardShell } from "@/components/admin/dashboard-nav";
import { RecordPage } from "@/components/admin/record-page";
import { LeadProposalsSection } from "@/components/admin/lead-proposals-section";
import { LEAD_DESK } from "@/lib/admin-tables/definition";
import { listProposals } from "@/server/proposals";
import { AnswerBox } from "@/components/ui/answer-box";
import { buttonVariants } from "@/components/ui/button";
import { dashboardHref, deskRecordLinks, writingRoomHref } from "@/lib/routes";
import { MarkDonePage } from "@/components/admin/mark-done-page";
import { navCounts, navSearch, one, openScreen, readSeen, screenMetadata, type SearchParams } from "@/app/admin/dashboard-gate";
import type { ListParams } from "@/server/kernel/db/admin-list";
import { listRecords, matchingSet, readRecord, readStatusOptions } from "@/server/dashboard/data/admin-records";
import { listDeskMembers } from "@/server/leads/data/follow-up";
import { siteConfig } from "@/server/kernel/site-config";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A table of the registry (src/lib/admin-tables/registry.ts): its list, search, filters, paging, bulk bar. */
/** The tab's title names the table, as the heading does. */
export async function generateMetadata({ params }: { params: Promise<{ table: string }> }) {
  return screenMetadata((await params).table);
}

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
  // The list's address as shown (search, filter, sort, page, mark): the record forms' addresses add
  // ?new=1 or ?edit=<id> to it, and their Cancel comes back to it.
  const listHref = dashboardHref(tab.id, { ...base, page: (listParams.page ?? 1) > 1 ? listParams.page : undefined, seen: seenIso });
  // A record's own addresses: its form (?new=1, ?edit=<id>) and its delete confirmation (?delete=<id>).
  const deleteId = one(raw.delete);
  const editId = one(raw.edit);
  const opened =
    deleteId !== undefined ? "delete" : tab.readOnly ? null : editId !== undefined ? "edit" : one(raw.new) === "1" && tab.canCreate !== false ? "new" : null;
  // A table with a writing room is written there: the form's old addresses (bookmarks, links in
  // mails and activity) arrive in it.
  if (tab.writingRoom && (opened === "new" || (opened === "edit" && UUID.test(editId!)))) redirect(writingRoomHref(tab.id, opened === "new" ? null : editId!));
  const target = opened === "delete" ? deleteId! : editId;
  const record = opened === "edit" || opened === "delete" ? (UUID.test(target!) ? await readRecord(tab, target!) : undefined) : null;
  // A link to a record deleted since (a colleague's, an old tab's) opens the list and says so.
  const gone = opened === "edit" && record === undefined;
  if (opened === "delete" || (opened && record !== undefined)) {
    const members = hasMembers && opened !== "delete" ? await listDeskMembers() : [];
    const statuses = tab.filter && opened !== "delete" ? await readStatusOptions(tab) : undefined;
    const counts = await navCounts(gate.screens);
    return (
      <DashboardShell screens={gate.screens} current={tab.id} counts={counts} q={q} seen={newSince}>
        {opened === "delete" ? (
          <DeletePage tableId={tab.id} id={target!} title={record ? tab.summary(record as never).title : null} listHref={listHref} />
        ) : (
          <RecordPage
            // Not a key of the page: the answer to a post without JavaScript finds its form by the
            // position of the components above it, keys included.
            version={record ? createHash("sha256").update(JSON.stringify(record)).digest("base64url") : "new"}
            tableId={tab.id}
            record={record ?? null}
            listHref={listHref}
            siteName={siteConfig().name}
            members={members}
            statuses={statuses}
          />
        )}
        {opened === "edit" && record && tab.id === "leads" ? (
          <LeadProposalsSection
            leadId={record.id}
            proposals={await listProposals({ leadId: record.id, limit: 50 })}
            mayWrite={LEAD_DESK.write.includes(gate.user.role)}
          />
        ) : null}
      </DashboardShell>
    );
  }
  // A desk mail's "Mark contacted" ("Mark replied"): the record and one button; opening it changes nothing.
  const markId = one(raw.mark);
  if (markId !== undefined && (tab.id === "leads" || tab.id === "messages")) {
    const [marked, counts, options] = await Promise.all([
      UUID.test(markId) ? readRecord(tab, markId) : undefined,
      navCounts(gate.screens),
      tab.filter ? readStatusOptions(tab) : undefined,
    ]);
    const row = marked as { name: string; email: string; mobileNumber: string; status: string } | undefined;
    return (
      <DashboardShell screens={gate.screens} current={tab.id} counts={counts} q={q} seen={newSince}>
        <MarkDonePage
          tableId={tab.id}
          id={markId}
          record={row ? { name: row.name, email: row.email, phone: row.mobileNumber, status: row.status } : null}
          statusLabel={row ? (options?.find((o) => o.value === row.status)?.label ?? null) : null}
          openHref={deskRecordLinks(tab.id, markId).open}
          listHref={listHref}
        />
      </DashboardShell>
    );
  }
  const [counts, list, members, matching, statuses] = await Promise.all([
    navCounts(gate.screens),
    listRecords<never>(tab, listParams),
    hasMembers ? listDeskMembers() : [],
    tab.inbox ? matchingSet(tab, listParams) : null,
    tab.filter ? readStatusOptions(tab) : undefined,
  ]);
  // The bulk bar's confirmation, as its GET form opens it without JavaScript.
  const bulk = one(raw[BULK_QUERY.action]);
  if (matching && isBulkAction(bulk)) {
    const value = bulk === "status" ? (one(raw[BULK_QUERY.status]) ?? "") : bulk === "assign" ? (one(raw[BULK_QUERY.owner]) ?? "") : "";
    return (
      <DashboardShell screens={gate.screens} current={tab.id} counts={counts} q={q} seen={newSince}>
        <BulkConfirmPage
          tableId={tab.id}
          filter={{ q, status: listParams.status }}
          count={matching.count}
          fingerprint={matching.fingerprint}
          action={bulk}
          value={value}
          valueLabel={value ? (members.find((m) => m.id === value)?.label ?? "the chosen member") : "nobody"}
          statusLabel={bulk === "status" ? statuses?.find((s) => s.value === value)?.label : undefined}
          listHref={listHref}
        />
      </DashboardShell>
    );
  }
  const emptyText = q || listParams.status ? `No ${tab.noun.many} match your search.` : `No ${tab.noun.many} yet.`;

  return (
    <DashboardShell screens={gate.screens} current={tab.id} counts={counts} q={q} seen={newSince}>
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
        {/* On a phone the menus share one row, so the list starts on the first screen. */}
        <div className={`grid w-full gap-2 sm:flex sm:w-auto sm:gap-3 ${tab.filter ? "grid-cols-3" : "grid-cols-2"}`}>
          {tab.filter && (
            <label className="flex min-w-0 flex-col gap-1 text-sm font-semibold">
              Status
              <select
                name="status"
                defaultValue={listParams.status ?? ""}
                className="min-h-11 w-full rounded-xl border border-line bg-surface px-3 font-normal"
              >
                <option value="">All</option>
                {(statuses ?? []).map(({ value, label }) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </label>
          )}
          <label className="flex min-w-0 flex-col gap-1 text-sm font-semibold">
            Sort by
            <select name="sort" defaultValue={list.sort} className="min-h-11 w-full rounded-xl border border-line bg-surface px-3 font-normal">
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
          <label className="flex min-w-0 flex-col gap-1 text-sm font-semibold">
            Order
            <select name="dir" defaultValue={list.dir} className="min-h-11 w-full rounded-xl border border-line bg-surface px-3 font-normal">
              <option value="desc">Newest / Z-A first</option>
              <option value="asc">Oldest / A-Z first</option>
            </select>
          </label>
        </div>
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
          statusOptions={statuses}
          exportHref={exportHref}
          listPath={dashboardHref(tab.id)}
          listQuery={Object.fromEntries(Object.entries({ q, status: listParams.status, seen: seenIso }).filter((e): e is [string, string] => Boolean(e[1])))}
        />
      )}
      {gone && (
        <AnswerBox
          state={{ status: "error", title: "Not found", message: `This ${tab.noun.one} no longer exists. It may have been deleted.` }}
          className="mt-6"
        />
      )}
      <section aria-label={tab.label} className="mt-6">
        <AdminList
          countLine={
            <p className="text-sm text-ink-soft" role="status">
              {list.total} {list.total === 1 ? tab.noun.one : tab.noun.many}
              {list.pageCount > 1 ? ` · page ${list.page} of ${list.pageCount}` : ""}
            </p>
          }
          key={`${tab.id}-${list.page}-${q ?? ""}`}
          tableId={tab.id}
          rows={list.rows}
          newSince={seenIso ?? null}
          emptyText={emptyText}
          siteName={siteConfig().name}
          members={members}
          statuses={statuses}
          groupBy={tab.sorts[list.sort]?.group ? tab.sorts[list.sort]!.column : undefined}
          listHref={listHref}
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
    </DashboardShell>
  );
}
