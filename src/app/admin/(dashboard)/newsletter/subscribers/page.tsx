import Link from "next/link";
import { notFound } from "next/navigation";
import { DashboardShell } from "@/components/admin/dashboard-nav";
import { SubscriberRowActions } from "@/components/admin/subscriber-row-actions";
import { buttonVariants } from "@/components/ui/button";
import { SUBSCRIBER_SOURCES, SUBSCRIBER_STATUS_LABELS, SUBSCRIBER_STATUSES, type SubscriberStatus } from "@/lib/newsletter";
import { navCounts, navSearch, one, openDashboard, readSeen, type SearchParams } from "@/app/admin/dashboard-gate";
import { SUBSCRIBERS_PAGE_SIZE, type SubscriberFilter } from "@/server/newsletter/data/newsletter-subscribers";
import { NEWSLETTER_DESK, listSubscribersForDashboard, publishedTopics } from "@/server/newsletter/subscribe";
import { formatAdminDate } from "@/lib/format";

export const metadata = { title: "Newsletter subscribers" };

const PATH = "/admin/newsletter/subscribers";

/** The filter of an address: search (e-mail), topic, status; anything else is ignored. */
function readFilter(raw: SearchParams): { filter: SubscriberFilter; page: number } {
  const status = one(raw.status);
  const page = Number(one(raw.page) ?? "1");
  return {
    filter: {
      q: one(raw.email)?.trim().slice(0, 254) || undefined,
      topic: one(raw.topic)?.slice(0, 100) || undefined,
      status: (SUBSCRIBER_STATUSES as readonly string[]).includes(status ?? "") ? (status as SubscriberStatus) : undefined,
    },
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

function query(filter: SubscriberFilter, page?: number): string {
  const params = new URLSearchParams();
  if (filter.q) params.set("email", filter.q);
  if (filter.topic) params.set("topic", filter.topic);
  if (filter.status) params.set("status", filter.status);
  if (page && page > 1) params.set("page", String(page));
  const s = params.toString();
  return s ? `?${s}` : "";
}

/**
 * The newsletter's list (docs/newsletter.md, "Subscribing"): owners, admins and editors, as the
 * content desk (sales works on leads, not on the list). Search, filters, paging, CSV export, a
 * person's data as JSON, delete and erase.
 */
export default async function SubscribersPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const gate = await openDashboard();
  if (gate.kind === "denied") return gate.page;
  if (!NEWSLETTER_DESK.read.includes(gate.user.role)) notFound();
  const raw = await searchParams;
  const { filter, page } = readFilter(raw);
  const [counts, list, topics] = await Promise.all([navCounts(gate.screens), listSubscribersForDashboard(filter, page), publishedTopics()]);
  const pages = Math.max(1, Math.ceil(list.total / SUBSCRIBERS_PAGE_SIZE));
  const field = "min-h-10 rounded-lg border border-line bg-surface px-3 text-sm";
  return (
    <DashboardShell screens={gate.screens} current="newsletter" title="Subscribers" counts={counts} q={navSearch(raw)} seen={readSeen(raw)}>
      <div className="mt-6 space-y-5">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <p className="text-sm">
              <Link href="/admin/newsletter" className="text-brand-700 hover:underline">
                Newsletter
              </Link>{" "}
              / Subscribers
            </p>
          </div>
          <a href={`/admin/export/newsletter-subscribers${query(filter)}`} className={buttonVariants({ variant: "outline", size: "sm" })} download>
            Export CSV
          </a>
        </div>
        <form method="get" action={PATH} className="flex flex-wrap items-end gap-3" role="search" aria-label="Filter subscribers">
          <label className="grid gap-1 text-sm font-medium">
            E-mail
            <input type="search" name="email" defaultValue={filter.q} className={field} placeholder="Search addresses" />
          </label>
          <label className="grid gap-1 text-sm font-medium">
            Topic
            <select name="topic" defaultValue={filter.topic ?? ""} className={field}>
              <option value="">Any topic</option>
              {topics.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          </label>
          <label className="grid gap-1 text-sm font-medium">
            Status
            <select name="status" defaultValue={filter.status ?? ""} className={field}>
              <option value="">Any status</option>
              {SUBSCRIBER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {SUBSCRIBER_STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={buttonVariants({ size: "sm" })}>
            Filter
          </button>
        </form>
        <p className="text-sm text-ink-soft" data-testid="subscriber-count">
          {list.total} subscriber{list.total === 1 ? "" : "s"}
          {filter.q || filter.topic || filter.status ? " match" : ""}
        </p>
        {list.rows.length === 0 ? (
          <p className="rounded-xl border border-dashed border-line p-6 text-center text-ink-soft">No subscribers match.</p>
        ) : (
          <div className="overflow-x-auto rounded-xl border border-line">
            <table className="w-full text-left text-sm" data-testid="subscribers">
              <thead className="bg-surface text-xs tracking-wide text-muted uppercase">
                <tr>
                  <th className="px-3 py-2">E-mail</th>
                  <th className="px-3 py-2">Status</th>
                  <th className="px-3 py-2">Topics</th>
                  <th className="px-3 py-2">Source</th>
                  <th className="px-3 py-2">Signed up</th>
                  <th className="px-3 py-2">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.rows.map((row) => (
                  <tr key={row.id} className="border-t border-line align-top">
                    <td className="px-3 py-2 font-medium break-all">{row.email}</td>
                    <td className="px-3 py-2">
                      {SUBSCRIBER_STATUS_LABELS[row.status]}
                      {row.paused ? " (paused)" : ""}
                    </td>
                    <td className="px-3 py-2">{row.topics.length ? row.topics.join(", ") : "Every topic"}</td>
                    <td className="px-3 py-2">{SUBSCRIBER_SOURCES.includes(row.source) ? row.source : ""}</td>
                    <td className="px-3 py-2 whitespace-nowrap">{formatAdminDate(row.createdAt)}</td>
                    <td className="px-3 py-2">
                      <div className="flex flex-wrap items-start justify-end gap-2">
                        <a href={`/admin/export/newsletter-subscribers/${row.id}`} className={buttonVariants({ variant: "ghost", size: "sm" })} download>
                          Export this person&apos;s data
                        </a>
                        <SubscriberRowActions id={row.id} email={row.email} />
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {pages > 1 && (
          <nav aria-label="Pages" className="flex items-center gap-3 text-sm">
            {page > 1 && (
              <Link href={`${PATH}${query(filter, page - 1)}`} className={buttonVariants({ variant: "outline", size: "sm" })}>
                Previous
              </Link>
            )}
            <span>
              Page {Math.min(page, pages)} of {pages}
            </span>
            {page < pages && (
              <Link href={`${PATH}${query(filter, page + 1)}`} className={buttonVariants({ variant: "outline", size: "sm" })}>
                Next
              </Link>
            )}
          </nav>
        )}
      </div>
    </DashboardShell>
  );
}
