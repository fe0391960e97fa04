import { ActivityView } from "@/components/admin/activity-view";
import { DashboardShell } from "@/components/admin/dashboard-nav";
import { ACTIVITY_TAB, ActivityFilterSchema } from "@/lib/admin-tables/activity";
import { navCounts, navSearch, one, openScreen, readSeen, screenMetadata, type SearchParams } from "@/app/admin/dashboard-gate";
import { activityFilterOptions, listActivity } from "@/server/dashboard/data/activity-events";

export const generateMetadata = () => screenMetadata("activity");

/** The activity trail (docs/decisions/0037), filtered by member, action, table, record and dates. */
export default async function ActivityPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const gate = await openScreen(ACTIVITY_TAB.id);
  if (gate.kind === "denied") return gate.page;
  const raw = await searchParams;
  const filter = ActivityFilterSchema.parse(Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, one(v)])));
  const q = navSearch(raw);
  const [counts, list, options] = await Promise.all([navCounts(gate.screens), listActivity(filter), activityFilterOptions()]);
  return (
    <DashboardShell screens={gate.screens} current={ACTIVITY_TAB.id} counts={counts} q={q} seen={readSeen(raw)}>
      <ActivityView filter={filter} list={list} options={options} />
    </DashboardShell>
  );
}
