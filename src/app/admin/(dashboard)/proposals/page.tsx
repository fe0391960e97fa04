import Link from "next/link";
import { DashboardShell } from "@/components/admin/dashboard-nav";
import { Badge } from "@/components/ui/badge";
import { formatAdminDay } from "@/lib/format";
import { formatPaise, PROPOSAL_STATUS_LABELS, PROPOSAL_STATUSES, proposalLabel, type ProposalStatus } from "@/lib/proposals";
import { dashboardHref } from "@/lib/routes";
import { toSiteDateTimeInput } from "@/lib/site-time";
import { navCounts, navSearch, one, openScreen, readSeen, screenMetadata, type SearchParams } from "@/app/admin/dashboard-gate";
import { listProposals } from "@/server/proposals";

export const generateMetadata = () => screenMetadata("proposals");

const TONES: Partial<Record<ProposalStatus, "success" | "danger" | "muted" | "accent">> = {
  accepted: "success",
  declined: "danger",
  expired: "muted",
  superseded: "muted",
  viewed: "accent",
};

/** The filters offered: every status a client's answer or the calendar gives a proposal. */
const FILTERS: readonly ProposalStatus[] = ["draft", "sent", "viewed", "accepted", "declined", "expired", "superseded"];

/**
 * The proposals (docs/decisions/0108), newest first, with their status as it is today: a sent or
 * viewed one past its validity reads as expired. New ones are started from a lead's page.
 */
export default async function ProposalsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const gate = await openScreen("proposals");
  if (gate.kind === "denied") return gate.page;
  const raw = await searchParams;
  const wanted = one(raw.status);
  const status = (PROPOSAL_STATUSES as readonly string[]).includes(wanted ?? "") ? (wanted as ProposalStatus) : undefined;
  const [counts, rows] = await Promise.all([navCounts(gate.screens), listProposals({ status })]);
  const linkClass = (active: boolean) => `rounded-full px-3 py-1 text-sm ${active ? "bg-brand-700 font-semibold text-white" : "border border-line"}`;
  return (
    <DashboardShell screens={gate.screens} current="proposals" counts={counts} q={navSearch(raw)} seen={readSeen(raw)}>
      <div className="mt-6 grid gap-4">
        <p className="text-sm text-ink-soft">
          A proposal is started from its lead&apos;s page (New proposal) and answered by the client on the link it is sent.
        </p>
        <nav aria-label="Filter by status" className="flex flex-wrap gap-2">
          <Link href={dashboardHref("proposals")} className={linkClass(!status)} aria-current={!status ? "page" : undefined}>
            All
          </Link>
          {FILTERS.map((s) => (
            <Link key={s} href={dashboardHref("proposals", { status: s })} className={linkClass(status === s)} aria-current={status === s ? "page" : undefined}>
              {PROPOSAL_STATUS_LABELS[s]}
            </Link>
          ))}
        </nav>
        {rows.length === 0 ? (
          <p className="text-sm text-ink-soft">No proposal{status ? ` is ${PROPOSAL_STATUS_LABELS[status].toLowerCase()}` : " yet"}.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm" data-testid="proposals">
              <thead>
                <tr className="border-b border-line text-xs text-ink-soft">
                  {["Proposal", "Client", "Lead", "Status", "Total", "Of which monthly", "Valid until", "Sent"].map((name) => (
                    <th key={name} className="py-2 pr-4">
                      {name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.id} className="border-b border-line align-top" data-testid={`proposal-row-${r.id}`}>
                    <td className="py-2 pr-4">
                      <Link href={`${dashboardHref("proposals")}/${r.id}`} className="font-semibold text-brand-700 hover:underline">
                        {proposalLabel(r)}
                      </Link>
                      <div className="text-ink-soft">{r.title}</div>
                    </td>
                    <td className="py-2 pr-4">{r.recipientName}</td>
                    <td className="py-2 pr-4">
                      {r.leadId ? (
                        <Link href={dashboardHref("leads", { edit: r.leadId })} className="text-brand-700 hover:underline">
                          {r.leadName ?? "Lead"}
                        </Link>
                      ) : (
                        "—"
                      )}
                    </td>
                    <td className="py-2 pr-4">
                      <Badge tone={TONES[r.status] ?? "neutral"}>{PROPOSAL_STATUS_LABELS[r.status]}</Badge>
                    </td>
                    <td className="py-2 pr-4 tabular-nums">{formatPaise(r.totalPaise)}</td>
                    <td className="py-2 pr-4 tabular-nums">{r.monthlyTotalPaise ? formatPaise(r.monthlyTotalPaise) : "—"}</td>
                    <td className="py-2 pr-4">{formatAdminDay(r.validUntil)}</td>
                    <td className="py-2 pr-4">{r.sentAt ? formatAdminDay(toSiteDateTimeInput(r.sentAt).slice(0, 10)) : "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </DashboardShell>
  );
}
