import { DashboardNav } from "@/components/admin/dashboard-nav";
import { DUE_OWNERS, DueView, type DueOwner } from "@/components/admin/due-view";
import { navCounts, navSearch, one, openScreen, readSeen, type SearchParams } from "@/server/admin/dashboard";
import { listDue, siteToday } from "@/server/data/follow-up";

/** Follow-ups due today or earlier (docs/decisions/0050), mine, everyone's or nobody's. */
export default async function DuePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const gate = await openScreen("due");
  if (gate.kind === "denied") return gate.page;
  const raw = await searchParams;
  const wanted = one(raw.owner) ?? "me";
  const owner: DueOwner = wanted in DUE_OWNERS ? (wanted as DueOwner) : "me";
  const q = navSearch(raw);
  const [counts, due] = await Promise.all([navCounts(gate.screens), listDue({ owner: owner === "all" ? undefined : owner === "none" ? null : gate.user.id })]);
  return (
    <>
      <DashboardNav screens={gate.screens} current="due" counts={counts} q={q} seen={readSeen(raw)} />
      <DueView items={due} owner={owner} today={siteToday()} />
    </>
  );
}
