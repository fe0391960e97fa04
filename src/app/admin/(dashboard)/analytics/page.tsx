import { AnalyticsView } from "@/components/admin/analytics-view";
import { DashboardNav } from "@/components/admin/dashboard-nav";
import { navCounts, navSearch, one, openScreen, readSeen, type SearchParams } from "@/server/admin/dashboard";
import { ANALYTICS_PERIODS, loadAnalytics, type AnalyticsFilters, type AnalyticsPeriod } from "@/server/data/analytics-report";

/** A filter's value as typed: trimmed, bounded, or left out when empty. */
function filterValue(raw: SearchParams, name: keyof AnalyticsFilters): string | undefined {
  const value = one(raw[name])?.trim().slice(0, 300);
  return value ? value : undefined;
}

/** The site's own visit counts, tied to the leads they became (docs/decisions/0056). */
export default async function AnalyticsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const gate = await openScreen("analytics");
  if (gate.kind === "denied") return gate.page;
  const raw = await searchParams;
  const asked = Number(one(raw.days));
  const days: AnalyticsPeriod = (ANALYTICS_PERIODS as readonly number[]).includes(asked) ? (asked as AnalyticsPeriod) : 30;
  const filters: AnalyticsFilters = { page: filterValue(raw, "page"), source: filterValue(raw, "source"), campaign: filterValue(raw, "campaign") };
  const q = navSearch(raw);
  const [counts, report] = await Promise.all([navCounts(gate.screens, q), loadAnalytics(days, filters)]);
  return (
    <>
      <DashboardNav screens={gate.screens} current="analytics" counts={counts} q={q} seen={readSeen(raw)} />
      <AnalyticsView report={report} />
    </>
  );
}
