import { AnalyticsView } from "@/components/admin/analytics-view";
import { DashboardShell } from "@/components/admin/dashboard-nav";
import { navCounts, navSearch, openScreen, readSeen, screenMetadata, type SearchParams } from "@/app/admin/dashboard-gate";
import { analyticsQuery, loadAnalytics } from "@/server/analytics/data/analytics-report";

export const generateMetadata = () => screenMetadata("analytics");

/** The site's own visit counts, tied to the leads they became (docs/decisions/0056). */
export default async function AnalyticsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const gate = await openScreen("analytics");
  if (gate.kind === "denied") return gate.page;
  const raw = await searchParams;
  const { days, filters } = analyticsQuery(new URLSearchParams(Object.entries(raw).flatMap(([k, v]) => (typeof v === "string" ? [[k, v]] : []))));
  const q = navSearch(raw);
  const [counts, report] = await Promise.all([navCounts(gate.screens), loadAnalytics(days, filters)]);
  return (
    <DashboardShell screens={gate.screens} current="analytics" counts={counts} q={q} seen={readSeen(raw)}>
      <AnalyticsView report={report} />
    </DashboardShell>
  );
}
