import { DashboardShell } from "@/components/admin/dashboard-nav";
import { OverviewView } from "@/components/admin/overview-view";
import { TodayView } from "@/components/admin/today-view";
import { navCounts, navSearch, one, openScreen, readSeen, screenMetadata, type SearchParams } from "@/app/admin/dashboard-gate";
import { adminTable } from "@/lib/admin-tables/registry";
import { OVERVIEW_PERIODS, loadOverview } from "@/server/dashboard/data/overview";
import { readStatusOptions } from "@/server/dashboard/data/admin-records";
import { TODAY_WHOSE, loadTodayWork, type TodayWhose } from "@/server/dashboard/data/today";
import { hasCallHosts } from "@/server/booking/data/bookings";

export const generateMetadata = () => screenMetadata("overview");

/**
 * The lead desk's first screen: today's work first (docs/decisions/0102), then the reports
 * (docs/decisions/0049): arrivals by channel, funnel, first contact, pipeline.
 */
export default async function OverviewPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const gate = await openScreen("overview");
  if (gate.kind === "denied") return gate.page;
  const raw = await searchParams;
  const weeks = (OVERVIEW_PERIODS as readonly number[]).includes(Number(one(raw.weeks))) ? Number(one(raw.weeks)) : 12;
  const wanted = one(raw.whose);
  const whose = wanted !== undefined && wanted in TODAY_WHOSE ? (wanted as TodayWhose) : undefined;
  const q = navSearch(raw);
  const [counts, overview, work, stages, takesCalls] = await Promise.all([
    navCounts(gate.screens),
    loadOverview(weeks),
    loadTodayWork({ whose }),
    readStatusOptions(adminTable("leads")!),
    hasCallHosts(),
  ]);
  return (
    <DashboardShell screens={gate.screens} current="overview" counts={counts} q={q} seen={readSeen(raw)}>
      <TodayView work={work} stages={stages} takesCalls={takesCalls} />
      <section aria-labelledby="reports-heading" className="mt-10 border-t border-line pt-6">
        <h2 id="reports-heading" className="text-lg font-bold">
          Reports
        </h2>
        <OverviewView overview={overview} />
      </section>
    </DashboardShell>
  );
}
