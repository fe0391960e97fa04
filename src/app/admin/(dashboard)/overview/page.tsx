import { DashboardShell } from "@/components/admin/dashboard-nav";
import { NoCallsNotice } from "@/components/admin/no-calls-notice";
import { OverviewView } from "@/components/admin/overview-view";
import { navCounts, navSearch, one, openScreen, readSeen, screenMetadata, type SearchParams } from "@/app/admin/dashboard-gate";
import { OVERVIEW_PERIODS, loadOverview } from "@/server/dashboard/data/overview";
import { hasCallHosts } from "@/server/booking/data/bookings";

export const generateMetadata = () => screenMetadata("overview");

/** The lead desk's first screen (docs/decisions/0049): arrivals by channel, funnel, first contact. */
export default async function OverviewPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const gate = await openScreen("overview");
  if (gate.kind === "denied") return gate.page;
  const raw = await searchParams;
  const weeks = (OVERVIEW_PERIODS as readonly number[]).includes(Number(one(raw.weeks))) ? Number(one(raw.weeks)) : 12;
  const q = navSearch(raw);
  const [counts, overview, takesCalls] = await Promise.all([navCounts(gate.screens), loadOverview(weeks), hasCallHosts()]);
  return (
    <DashboardShell screens={gate.screens} current="overview" counts={counts} q={q} seen={readSeen(raw)}>
      {!takesCalls && <NoCallsNotice />}
      <OverviewView overview={overview} />
    </DashboardShell>
  );
}
