import Link from "next/link";
import { DashboardShell } from "@/components/admin/dashboard-nav";
import { dashboardHref } from "@/lib/routes";
import { navCounts, openScreen } from "@/app/admin/dashboard-gate";

export const metadata = { title: "Person erased" };

/** Where an erasure lands (its person's page is gone): what was done, and where the record of it is. */
export default async function PersonErasedPage() {
  const gate = await openScreen("people");
  if (gate.kind === "denied") return gate.page;
  const counts = await navCounts(gate.screens);
  return (
    <DashboardShell screens={gate.screens} current="people" counts={counts}>
      <div className="mt-6 max-w-prose" role="status">
        <h2 className="text-xl font-bold">Erased</h2>
        <p className="mt-2 text-sm text-ink-soft">
          Every row that named this person was removed or anonymised in one step. The activity trail records how many rows of each table went, without their
          data.
        </p>
        <p className="mt-4 flex flex-wrap gap-4 text-sm">
          <Link href={dashboardHref("people")} className="font-semibold text-brand-700 hover:underline">
            All people
          </Link>
          <Link href={dashboardHref("leads")} className="font-semibold text-brand-700 hover:underline">
            Leads
          </Link>
        </p>
      </div>
    </DashboardShell>
  );
}
