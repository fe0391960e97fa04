import Link from "next/link";
import { DashboardShell } from "@/components/admin/dashboard-nav";
import { TeamPanel } from "@/components/admin/team-panel";
import { API_KEYS_PATH } from "@/lib/routes";
import { navCounts, navSearch, openScreen, readSeen, screenMetadata, type SearchParams } from "@/app/admin/dashboard-gate";

export const generateMetadata = () => screenMetadata("team");

/** Members, roles, invitations and public sign-up (owners and admins). */
export default async function TeamPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const gate = await openScreen("team");
  if (gate.kind === "denied") return gate.page;
  const raw = await searchParams;
  const q = navSearch(raw);
  const counts = await navCounts(gate.screens);
  return (
    <DashboardShell screens={gate.screens} current="team" counts={counts} q={q} seen={readSeen(raw)}>
      <p className="mt-6 text-sm">
        <Link href={API_KEYS_PATH} className="font-semibold underline">
          API keys
        </Link>{" "}
        for other systems that use the site&apos;s API.
      </p>
      <div className="mt-6">
        <TeamPanel viewer={gate.user} />
      </div>
    </DashboardShell>
  );
}
