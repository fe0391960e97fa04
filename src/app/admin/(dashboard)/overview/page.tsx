import { DashboardShell } from "@/components/admin/dashboard-nav";
import { OverviewView } from "@/components/admin/overview-view";
import { navCounts, navSearch, one, openScreen, readSeen, screenMetadata, type SearchParams } from "@/app/admin/dashboard-gate";
import { OVERVIEW_PERIODS, loadOverview } from "@/server/dashboard/data/overview";

export const generateMetadata = () => screenMetadata("overview");

/** The lead desk's first screen (docs/decisions/0049): arrivals by channel, funnel, first contact. */
export default async function OverviewPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const gate = await openScreen("overview");
  if (gate.kind === "denied") return gate.page;
  const raw = await searchParams;
  const weeks = (OVERVIEW_PERIODS as readonly number[]).includes(Number(one(raw.weeks))) ? Number(one(raw.weeks)) : 12;
  const q = navSearch(raw);
  const [counts, overview] = await Promise.all([navCounts(gate.screens), loadOverview(weeks)]);
  return (
    <DashboardShell screens={gate.screens} current="overview" counts={counts} q={q} seen={readSeen(raw)}>
      <OverviewView overview={overview} />
    </DashboardShell>
  );
}
