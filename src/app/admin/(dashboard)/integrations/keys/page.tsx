import { ApiKeysPanel } from "@/components/admin/api-keys-panel";
import { DashboardShell } from "@/components/admin/dashboard-nav";
import { navCounts, navSearch, openScreen, readSeen, type SearchParams } from "@/app/admin/dashboard-gate";

export const metadata = { title: "API keys" };

/** API keys (owners and admins, docs/decisions/0059), a page of the Integrations screen. */
export default async function ApiKeysPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const gate = await openScreen("integrations");
  if (gate.kind === "denied") return gate.page;
  const raw = await searchParams;
  const q = navSearch(raw);
  const counts = await navCounts(gate.screens);
  return (
    <DashboardShell screens={gate.screens} current="integrations" title="API keys" counts={counts} q={q} seen={readSeen(raw)}>
      <div className="mt-6">
        <div>
          <ApiKeysPanel />
        </div>
      </div>
    </DashboardShell>
  );
}
