import type { Metadata } from "next";
import { AcceptProposalForm, DeclineProposalForm } from "@/components/forms/proposal-answer-forms";
import { ProposalDocumentView } from "@/components/proposals/proposal-document";
import { formatAdminDay } from "@/lib/format";
import { formatPaise, PROPOSAL_STATUS_LABELS } from "@/lib/proposals";
import { toSiteDateTimeInput } from "@/lib/site-time";
import { publicProposal } from "@/server/proposals";

// A proposal's page, opened from its mail (docs/decisions/0108): no account, the link's token is the
// key. It shows the document whose hash it prints; the first open marks the proposal viewed. Never
// cached or indexed (next.config.ts), and its address goes to no other site (host/security-headers.ts).
export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Your proposal", robots: { index: false, follow: false } };

type Props = { params: Promise<{ token: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const DONE: Record<string, string> = {
  accepted: "Thank you: you have accepted this proposal. We have recorded your acceptance and will be in touch shortly.",
  declined: "You have declined this proposal. Thank you for telling us.",
};

const CLOSED: Record<string, string> = {
  accepted: "This proposal has been accepted.",
  declined: "This proposal was declined.",
  expired: "This proposal's validity has passed. Reply to our e-mail and we will send you a new one.",
  superseded: "A newer version of this proposal has been sent to you: please open the link in the latest e-mail.",
};

export default async function ProposalPage({ params, searchParams }: Props) {
  const token = decodeURIComponent((await params).token);
  const query = await searchParams;
  const proposal = await publicProposal(token);
  if (!proposal) {
    return (
      <div className="container-page max-w-2xl py-16">
        <h1 className="text-2xl font-bold">This link names no proposal</h1>
        <p className="mt-3" data-testid="proposal-unknown">
          Please open the link in our e-mail as it was sent. If it still does not work, reply to that e-mail and we will send a new one.
        </p>
      </div>
    );
  }
  const { row, document, documentSha256, status, open, payment } = proposal;
  const done = typeof query.done === "string" ? DONE[query.done] : undefined;
  return (
    <div className="container-page max-w-4xl space-y-8 py-12">
      {done ? (
        <p role="status" className="rounded-xl border border-success/40 bg-success/10 px-4 py-3 font-medium text-ink" data-testid="proposal-done">
          {done}
        </p>
      ) : null}
      {!open && !done ? (
        <p role="status" className="rounded-xl border border-line bg-surface px-4 py-3 font-medium" data-testid="proposal-closed">
          {CLOSED[status] ?? PROPOSAL_STATUS_LABELS[status]}
        </p>
      ) : null}
      {payment?.paidAt ? (
        <p role="status" className="rounded-xl border border-success/40 bg-success/10 px-4 py-3 font-medium text-ink" data-testid="proposal-paid">
          Paid on {formatAdminDay(toSiteDateTimeInput(payment.paidAt).slice(0, 10))}. Thank you.
        </p>
      ) : payment?.payUrl ? (
        // A plain link to Razorpay's page for the invoice: it works without JavaScript.
        <p className="print:hidden">
          <a
            href={payment.payUrl}
            rel="noopener noreferrer"
            className="inline-block rounded-xl bg-brand-600 px-5 py-3 font-bold text-white hover:bg-brand-700"
            data-testid="proposal-pay"
          >
            Pay {formatPaise(payment.totalPaise)} now
          </a>
          <span className="ml-3 text-sm text-ink-soft">Invoice {payment.invoiceNumber}, GST included.</span>
        </p>
      ) : null}
      <div className="rounded-card border border-line bg-surface p-6 print:border-0 print:p-0">
        <ProposalDocumentView document={document} sha256={documentSha256} />
      </div>
      {/* The same document as a file to keep or forward; the page itself prints as the document alone. */}
      <p className="text-sm print:hidden">
        <a href={`/proposal/${encodeURIComponent(token)}/pdf`} className="font-semibold text-brand-700 underline" data-testid="proposal-pdf">
          Download this proposal as a PDF
        </a>
      </p>
      {row.acceptedAt ? (
        <p className="text-sm text-ink-soft">
          Accepted by {row.acceptedName} on {formatAdminDay(toSiteDateTimeInput(row.acceptedAt).slice(0, 10))}.
        </p>
      ) : null}
      {open ? (
        <div className="grid gap-6 print:hidden md:grid-cols-[2fr_1fr]">
          <section aria-labelledby="accept-title" className="rounded-card border border-brand-600 bg-surface p-6">
            <h2 id="accept-title" className="text-xl font-bold">
              Accept the proposal
            </h2>
            <p className="mt-2 text-ink-soft">You accept the document above exactly as shown, identified by its SHA-256.</p>
            <div className="mt-4">
              <AcceptProposalForm token={token} documentSha256={documentSha256} />
            </div>
            <p className="mt-4 text-xs text-ink-soft">
              Accepting here is an electronic contract: under section 10A of the Information Technology Act, 2000, a contract formed by electronic means is not
              unenforceable for that reason alone. We record your typed name, the time, your network address without its last part, your browser and the
              document&apos;s SHA-256.
            </p>
          </section>
          <section aria-labelledby="decline-title" className="rounded-card border border-line bg-surface p-6">
            <h2 id="decline-title" className="text-xl font-bold">
              Decline
            </h2>
            <div className="mt-4">
              <DeclineProposalForm token={token} />
            </div>
          </section>
        </div>
      ) : null}
    </div>
  );
}
