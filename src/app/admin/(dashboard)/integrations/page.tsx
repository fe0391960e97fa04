import { DashboardShell } from "@/components/admin/dashboard-nav";
import { IntegrationsPanel } from "@/components/admin/integrations-panel";
import { navCounts, navSearch, openScreen, readSeen, screenMetadata, type SearchParams } from "@/app/admin/dashboard-gate";

export const generateMetadata = () => screenMetadata("integrations");

/** Webhook endpoints and their deliveries (owners and admins; docs/integrations.md). */
export default async function IntegrationsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const gate = await openScreen("integrations");
  if (gate.kind === "denied") return gate.page;
  const raw = await searchParams;
  const q = navSearch(raw);
  const counts = await navCounts(gate.screens);
  return (
    <DashboardShell screens={gate.screens} current="integrations" counts={counts} q={q} seen={readSeen(raw)}>
      <div className="mt-6">
        <IntegrationsPanel />
      </div>
    </DashboardShell>
  );
}
