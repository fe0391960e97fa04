import Link from "next/link";
import { buttonVariants } from "@/components/ui/button";
import { ACTIVITY_TAB, type ActivityFilter } from "@/lib/admin-tables/activity";
import { activityActionLabel, activityActionWords, activityFieldLabel, activityRecordName, activityTableLabel, activityValueWords } from "@/lib/activity-words";
import { formatAdminDate } from "@/lib/format";
import { dashboardHref } from "@/lib/routes";
import type { ActivityEvent } from "@/server/kernel/db/schema";
import type { ListResult } from "@/server/kernel/db/admin-list";

// The Activity tab (ADR 0037): a plain GET form of filters and a server-rendered list; no script.

// At most the screen's width: a select is as wide as its longest option (a long address, an action), and
// on a 390 px phone that widened the page (docs/decisions/0072).
const SELECT = "min-h-11 max-w-full rounded-xl border border-line bg-surface px-3 font-normal";

function activityHref(filter: ActivityFilter, page: number): string {
  return dashboardHref(ACTIVITY_TAB.id, { ...filter, page: page > 1 ? page : undefined });
}

/** The fields before and after, side by side; a creation has only "after", a deletion only "before". */
function Changes({ event, names }: { event: ActivityEvent; names: Readonly<Record<string, string>> }) {
  const keys = [...new Set([...Object.keys(event.before ?? {}), ...Object.keys(event.after ?? {})])];
  if (keys.length === 0) return null;
  return (
    <table className="mt-2 w-full table-fixed text-left text-xs">
      <thead className="text-muted">
        <tr>
          <th scope="col" className="w-1/5 py-1 pr-2 font-semibold">
            Field
          </th>
          <th scope="col" className="py-1 pr-2 font-semibold">
            Before
          </th>
          <th scope="col" className="py-1 font-semibold">
            After
          </th>
        </tr>
      </thead>
      <tbody>
        {keys.map((key) => (
          <tr key={key} className="border-t border-line align-top">
            <th scope="row" className="py-1 pr-2 font-normal break-words">
              {activityFieldLabel(event.tableName, key)}
            </th>
            <td className="py-1 pr-2 break-words whitespace-pre-wrap">
              {event.before ? activityValueWords(event.tableName, key, event.before[key], names) : ""}
            </td>
            <td className="py-1 break-words whitespace-pre-wrap">{event.after ? activityValueWords(event.tableName, key, event.after[key], names) : ""}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ActivityView({
  filter,
  list,
  options,
}: {
  filter: ActivityFilter;
  list: ListResult<ActivityEvent>;
  options: { members: string[]; actions: string[]; tables: string[]; names: Record<string, string> };
}) {
  // Each choice in words (a member by name, an action and a table as staff call them); the value sent is the stored key.
  const words = (name: "member" | "action" | "table", v: string) =>
    name === "action" ? activityActionLabel(v) : name === "table" ? activityTableLabel(v) : (options.names[v] ?? v);
  const choose = (name: "member" | "action" | "table", label: string, values: string[]) => (
    <label className="flex max-w-full min-w-0 flex-col gap-1 text-sm font-semibold">
      {label}
      <select name={name} defaultValue={filter[name] ?? ""} className={SELECT}>
        <option value="">All</option>
        {values.map((v) => (
          <option key={v} value={v}>
            {words(name, v)}
          </option>
        ))}
        {/* A value from a link (a record's history) that the trail does not name yet. */}
        {filter[name] && !values.includes(filter[name]) && <option value={filter[name]}>{filter[name]}</option>}
      </select>
    </label>
  );
  return (
    <>
      <form method="get" action={dashboardHref(ACTIVITY_TAB.id)} className="mt-5 flex flex-wrap items-end gap-3" role="search" aria-label="Filter activity">
        {filter.record && <input type="hidden" name="record" value={filter.record} />}
        {choose("member", "Member", options.members)}
        {choose("action", "Action", options.actions)}
        {choose("table", "Table", options.tables)}
        <label className="flex flex-col gap-1 text-sm font-semibold">
          From
          <input type="date" name="from" defaultValue={filter.from} className={SELECT} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold">
          To
          <input type="date" name="to" defaultValue={filter.to} className={SELECT} />
        </label>
        <button type="submit" className={buttonVariants({ variant: "outline" })}>
          Apply
        </button>
        {Object.values({ ...filter, page: undefined }).some(Boolean) && (
          <Link href={dashboardHref(ACTIVITY_TAB.id)} className={buttonVariants({ variant: "ghost" })}>
            Clear
          </Link>
        )}
      </form>

      <section aria-label={ACTIVITY_TAB.label} className="mt-6">
        <p className="mb-2 text-sm text-ink-soft" role="status">
          {list.total} {list.total === 1 ? ACTIVITY_TAB.noun.one : ACTIVITY_TAB.noun.many}
          {filter.record ? ` for record ${filter.record}` : ""}
          {list.pageCount > 1 ? ` · page ${list.page} of ${list.pageCount}` : ""}
        </p>
        {list.rows.length === 0 ? (
          <p className="rounded-card border border-dashed border-line bg-surface p-10 text-center text-ink-soft">No activity matches.</p>
        ) : (
          <ul className="divide-y divide-line overflow-hidden rounded-card border border-line bg-surface" aria-label="Activity list">
            {list.rows.map((event) => (
              // An id, an address or a value without spaces breaks anywhere rather than widen the page.
              <li key={event.id} className="p-4 [overflow-wrap:anywhere]" data-testid="activity-row">
                <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                  {/* In words, the stored action beside it for whoever filters or searches the log by it. */}
                  <span className="font-semibold">{activityActionWords(event.action, event.tableName)}</span>
                  {activityRecordName(event.before, event.after) && <span>“{activityRecordName(event.before, event.after)}”</span>}
                  <span className="font-mono text-xs text-muted" data-testid="activity-action">
                    {event.action}
                  </span>
                </p>
                <p className="text-xs text-muted">
                  {formatAdminDate(event.at)} · {event.email ?? "anonymous"}
                  {event.role ? ` (${event.role})` : ""}
                  {event.ip ? ` · ${event.ip}` : ""}
                  {event.requestId ? ` · request ${event.requestId}` : ""}
                </p>
                <Changes event={event} names={options.names} />
              </li>
            ))}
          </ul>
        )}
        {list.pageCount > 1 && (
          <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-3">
            {list.page > 1 ? (
              <Link className={buttonVariants({ variant: "outline", size: "sm" })} href={activityHref(filter, list.page - 1)}>
                Previous
              </Link>
            ) : (
              <span />
            )}
            {list.page < list.pageCount && (
              <Link className={buttonVariants({ variant: "outline", size: "sm" })} href={activityHref(filter, list.page + 1)}>
                Next
              </Link>
            )}
          </nav>
        )}
      </section>
    </>
  );
}
