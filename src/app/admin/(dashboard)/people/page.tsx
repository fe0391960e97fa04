import Link from "next/link";
import { DashboardShell } from "@/components/admin/dashboard-nav";
import { dashboardHref } from "@/lib/routes";
import { formatAdminDate } from "@/lib/format";
import { navCounts, one, openScreen, type SearchParams } from "@/app/admin/dashboard-gate";
import { findPeople } from "@/server/people/people";

export const metadata = { title: "People" };

/**
 * Everyone who sent a form, newest first, or those whose address or name matches the search: each
 * opens their page (docs/decisions/0068). A plain GET form, so it works without JavaScript.
 */
export default async function PeoplePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const gate = await openScreen("people");
  if (gate.kind === "denied") return gate.page;
  const q =
    one((await searchParams).find)
      ?.trim()
      .slice(0, 254) || undefined;
  const [counts, people] = await Promise.all([navCounts(gate.screens), findPeople(q)]);
  return (
    <DashboardShell screens={gate.screens} current="people" counts={counts}>
      <div className="mt-6 grid gap-6">
        <form method="get" action={dashboardHref("people")} role="search" className="flex flex-wrap items-end gap-2">
          <div>
            <label htmlFor="people-find" className="mb-1.5 block text-sm font-semibold">
              Find a person by e-mail or name
            </label>
            <input
              id="people-find"
              name="find"
              type="search"
              defaultValue={q}
              maxLength={254}
              className="min-h-11 w-80 max-w-full rounded-xl border border-line bg-surface px-3.5 text-base"
            />
          </div>
          <button type="submit" className="min-h-11 rounded-xl border border-line bg-surface px-4 text-sm font-semibold hover:bg-brand-50">
            Find
          </button>
        </form>
        {people.length === 0 ? (
          <p className="text-sm text-muted">{q ? "Nobody matches." : "Nobody has sent a form yet."}</p>
        ) : (
          // A wide table scrolls inside its box on a phone, never the page (docs/decisions/0072).
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">People, most recent first</caption>
              <thead>
                <tr className="border-b border-line text-muted">
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    Name
                  </th>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    E-mail
                  </th>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    Forms sent
                  </th>
                  <th scope="col" className="py-2 font-semibold">
                    Latest
                  </th>
                </tr>
              </thead>
              <tbody>
                {people.map((p) => (
                  <tr key={p.key} className="border-b border-line">
                    <td className="py-2 pr-4">
                      <Link href={`${dashboardHref("people")}/${p.key}`} className="font-semibold text-brand-700 hover:underline">
                        {p.name ?? p.email}
                      </Link>
                    </td>
                    <td className="py-2 pr-4 break-all">{p.email}</td>
                    <td className="py-2 pr-4">{p.submissions}</td>
                    <td className="py-2">{formatAdminDate(new Date(p.lastAt))}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </DashboardShell>
  );
}
