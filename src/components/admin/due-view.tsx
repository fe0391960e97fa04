import Link from "next/link";
import { buttonVariants } from "@/components/ui/button";
import { dashboardHref } from "@/lib/routes";
import { formatAdminDay } from "@/lib/format";
import { daysOverdue, type DueItem } from "@/server/leads/data/follow-up";

// The lead desk's "Due" view (docs/decisions/0050): every open lead and message whose follow-up day
// is today or past, oldest first; a plain GET form chooses whose. Rendered on the server, no script.

export const DUE_OWNERS = { me: "Mine", all: "Everyone's", none: "Nobody's (unassigned)" } as const;
export type DueOwner = keyof typeof DUE_OWNERS;

function when(item: DueItem, today: string): string {
  const late = daysOverdue(item.followUpOn, today);
  return late <= 0 ? "Due today" : `${late} day${late === 1 ? "" : "s"} overdue`;
}

export function DueView({ items, owner, today }: { items: DueItem[]; owner: DueOwner; today: string }) {
  const overdue = items.filter((i) => daysOverdue(i.followUpOn, today) > 0).length;
  return (
    <section aria-labelledby="due-heading" className="mt-6">
      <h2 id="due-heading" className="text-lg font-bold">
        Follow-ups due
      </h2>
      <form method="get" action={dashboardHref("due")} className="mt-3 flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm font-semibold">
          Whose
          <select name="owner" defaultValue={owner} className="min-h-11 rounded-xl border border-line bg-surface px-3 font-normal">
            {Object.entries(DUE_OWNERS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={buttonVariants({ variant: "outline" })}>
          Show
        </button>
      </form>
      <p className="mt-4 mb-2 text-sm text-ink-soft" role="status">
        {items.length === 0
          ? "Nothing is due. Set a follow-up date on a lead or message to see it here on that day."
          : `${items.length} due: ${overdue} overdue, ${items.length - overdue} today.`}
      </p>
      {items.length > 0 && (
        <div className="overflow-x-auto rounded-card border border-line bg-surface">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">Follow-ups due by {today}, oldest first</caption>
            <thead className="border-b border-line bg-canvas text-ink-soft">
              <tr>
                <th scope="col" className="px-4 py-2 font-semibold">
                  When
                </th>
                <th scope="col" className="px-4 py-2 font-semibold">
                  Who wrote
                </th>
                <th scope="col" className="px-4 py-2 font-semibold">
                  Form
                </th>
                <th scope="col" className="px-4 py-2 font-semibold">
                  Status
                </th>
                <th scope="col" className="px-4 py-2 font-semibold">
                  Owner
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {items.map((item) => (
                <tr key={item.id}>
                  <td className={daysOverdue(item.followUpOn, today) > 0 ? "px-4 py-2 font-semibold text-red-700" : "px-4 py-2 font-semibold"}>
                    {when(item, today)}
                    <span className="block text-xs font-normal text-muted">{formatAdminDay(item.followUpOn)}</span>
                  </td>
                  <td className="px-4 py-2">
                    <Link
                      href={dashboardHref(item.kind === "lead" ? "leads" : "messages", { q: item.email })}
                      className="font-semibold text-brand-800 hover:underline"
                    >
                      {item.name}
                    </Link>
                    <span className="block text-xs text-muted">{item.email}</span>
                  </td>
                  <td className="px-4 py-2">{item.kind === "lead" ? "Growth audit" : "Contact message"}</td>
                  <td className="px-4 py-2">{item.statusLabel}</td>
                  <td className="px-4 py-2">{item.ownerLabel ?? "Nobody"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
