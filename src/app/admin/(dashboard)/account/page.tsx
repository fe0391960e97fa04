import { AccountPanel } from "@/components/admin/account-panel";
import { CalendarPanel } from "@/components/admin/calendar-panel";
import { DashboardShell } from "@/components/admin/dashboard-nav";
import { navCounts, navSearch, openScreen, readSeen, screenMetadata, type SearchParams } from "@/app/admin/dashboard-gate";

export const generateMetadata = () => screenMetadata("account");

/** The member's own sessions, password and calendar; every role has it. */
export default async function AccountPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const gate = await openScreen("account");
  if (gate.kind === "denied") return gate.page;
  const raw = await searchParams;
  const q = navSearch(raw);
  const counts = await navCounts(gate.screens);
  return (
    <DashboardShell screens={gate.screens} current="account" counts={counts} q={q} seen={readSeen(raw)}>
      <div className="mt-6 space-y-10">
        <AccountPanel />
        <CalendarPanel />
      </div>
    </DashboardShell>
  );
}
