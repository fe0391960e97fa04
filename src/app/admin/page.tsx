import type { Metadata } from "next";
import { permanentRedirect, redirect } from "next/navigation";
import { isScreenId } from "@/lib/admin-tables/screens";
import { dashboardHref } from "@/lib/routes";
import { one, openDashboard, type SearchParams } from "@/app/admin/dashboard-gate";
import { takeInboxSeenAt } from "@/server/kernel/session/data/profiles";

/** Someone without a team role reads Access Denied here, in the tab's title too. */
export async function generateMetadata(): Promise<Metadata> {
  const gate = await openDashboard();
  return { title: gate.kind === "denied" ? "Access Denied" : "Dashboard", robots: { index: false, follow: false } };
}

/** The query as it came, every value of a repeated key kept. */
function queryOf(raw: SearchParams, without: string): URLSearchParams {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(raw)) {
    if (key === without || value === undefined) continue;
    for (const v of typeof value === "string" ? [value] : value) query.append(key, v);
  }
  return query;
}

/**
 * /admin has no screen of its own (docs/decisions/0052). An address from before the screens were
 * routes (/admin?tab=leads&q=...) moves for good to /admin/leads?q=..., whoever asks: links in
 * mails already sent keep working. Otherwise the member goes to the first screen their role may
 * read (the lead desk's Overview), and opening the dashboard this way is what marks as new what
 * arrived since the previous visit: the previous mark travels in ?seen= through the visit.
 */
export default async function AdminIndex({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const raw = await searchParams;
  const tab = one(raw.tab);
  if (tab && isScreenId(tab)) permanentRedirect(dashboardHref(tab, queryOf(raw, "tab")));

  const gate = await openDashboard();
  if (gate.kind === "denied") return gate.page;
  // An unknown ?tab= opened the first screen before; it still does.
  const query = queryOf(raw, "tab");
  const isFreshVisit = !raw.page && !raw.q && !raw.sort && !raw.status && !raw.tab;
  if (isFreshVisit) {
    const previous = await takeInboxSeenAt(gate.user.id);
    query.delete("seen");
    if (previous) query.set("seen", previous.toISOString());
  }
  redirect(dashboardHref(gate.screens[0]!.id, query));
}
