import Link from "next/link";
import { formatPaise, PROPOSAL_STATUS_LABELS, proposalLabel, type ProposalStatus } from "@/lib/proposals";
import { dashboardHref } from "@/lib/routes";
import { NewProposalForm } from "./proposal-forms";

export interface LeadProposalRow {
  id: string;
  number: string;
  version: number;
  title: string;
  status: ProposalStatus;
  totalPaise: number;
}

/** A lead's proposals on its page, and "New proposal": a draft priced from the lead's package (docs/decisions/0108). */
export function LeadProposalsSection({ leadId, proposals, mayWrite }: { leadId: string; proposals: readonly LeadProposalRow[]; mayWrite: boolean }) {
  return (
    <section aria-labelledby="lead-proposals" className="mt-6 max-w-3xl rounded-card border border-line bg-surface p-5" data-testid="lead-proposals">
      <h2 id="lead-proposals" className="text-lg font-bold">
        Proposals
      </h2>
      {proposals.length === 0 ? (
        <p className="mt-2 text-sm text-ink-soft">No proposal for this lead yet.</p>
      ) : (
        <ul className="mt-2 grid gap-1 text-sm">
          {proposals.map((p) => (
            <li key={p.id}>
              <Link href={`${dashboardHref("proposals")}/${p.id}`} className="font-semibold text-brand-700 hover:underline">
                {proposalLabel(p)}
              </Link>{" "}
              {p.title} · {PROPOSAL_STATUS_LABELS[p.status]} · {formatPaise(p.totalPaise)}
            </li>
          ))}
        </ul>
      )}
      {mayWrite ? (
        <div className="mt-3">
          <NewProposalForm leadId={leadId} />
        </div>
      ) : null}
    </section>
  );
}
