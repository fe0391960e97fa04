import Link from "next/link";
import { notFound } from "next/navigation";
import { DashboardShell } from "@/components/admin/dashboard-nav";
import { IssueInvoiceForm, PaymentLinkForm, ProposalEditor, ReviseProposalForm, SendProposalForm } from "@/components/admin/proposal-forms";
import { ProposalDocumentView } from "@/components/proposals/proposal-document";
import { Badge } from "@/components/ui/badge";
import { formatAdminDate } from "@/lib/format";
import { formatPaise, PROPOSAL_STATUS_LABELS, proposalLabel } from "@/lib/proposals";
import { dashboardHref } from "@/lib/routes";
import { navCounts, openScreen } from "@/app/admin/dashboard-gate";
import { PAYMENT_LINKS_OFF, paymentLinksEnabled } from "@/server/billing";
import { nextBillingMonth, proposalDocument, proposalDocumentSha256, proposalForDesk, proposalInvoices } from "@/server/proposals";

export const metadata = { title: "Proposal" };

const INVOICE_STATUS_LABELS = { issued: "Issued, unpaid", paid: "Paid", cancelled: "Cancelled" } as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One proposal (docs/decisions/0108): a draft in its editor with Send; a sent version as the document
 * the client sees, with its answer, and Revise (the next version, a draft; this one stays as sent).
 */
export default async function ProposalPage({ params }: { params: Promise<{ id: string }> }) {
  const gate = await openScreen("proposals");
  if (gate.kind === "denied") return gate.page;
  const { id } = await params;
  if (!UUID.test(id)) notFound();
  const [counts, found, billed] = await Promise.all([navCounts(gate.screens), proposalForDesk(id), proposalInvoices(id)]);
  if (!found) notFound();
  const { row, status, versions } = found;
  const sentDocument = row.status !== "draft" && row.supplier ? proposalDocument({ ...row, supplier: row.supplier }) : null;
  const mayRevise = row.status !== "draft" && !versions.some((v) => v.status === "accepted" || v.status === "draft");
  return (
    <DashboardShell screens={gate.screens} current="proposals" counts={counts}>
      <div className="mt-6 grid gap-6">
        <div>
          <Link href={dashboardHref("proposals")} className="text-sm font-semibold text-brand-700 hover:underline">
            ← All proposals
          </Link>
          <h2 className="mt-2 flex flex-wrap items-center gap-3 text-xl font-bold">
            {proposalLabel(row)} <Badge>{PROPOSAL_STATUS_LABELS[status]}</Badge>
          </h2>
          <p className="mt-1 text-sm text-ink-soft">
            {row.leadId ? (
              <Link href={dashboardHref("leads", { edit: row.leadId })} className="text-brand-700 hover:underline">
                Lead: {found.leadName ?? "open"}
              </Link>
            ) : (
              "No lead"
            )}{" "}
            · Total {formatPaise(row.totalPaise)}
            {row.monthlyTotalPaise ? `, of which ${formatPaise(row.monthlyTotalPaise)} every month` : ""}
          </p>
          {versions.length > 1 ? (
            <nav aria-label="Versions" className="mt-2 flex flex-wrap gap-3 text-sm">
              {versions.map((v) => (
                <Link
                  key={v.id}
                  href={`${dashboardHref("proposals")}/${v.id}`}
                  aria-current={v.id === row.id ? "page" : undefined}
                  className="text-brand-700 hover:underline"
                >
                  v{v.version}: {PROPOSAL_STATUS_LABELS[v.status]}
                </Link>
              ))}
            </nav>
          ) : null}
        </div>
        {row.status === "draft" ? (
          <>
            <section aria-label="Send" className="flex flex-wrap items-center gap-3 rounded-2xl border border-line bg-surface p-4">
              <p className="text-sm">Save your changes first: Send mails {row.recipient.email} the link to this version as it was last saved.</p>
              <SendProposalForm id={row.id} email={row.recipient.email} />
            </section>
            <ProposalEditor
              draft={{ id: row.id, title: row.title, validUntil: row.validUntil, terms: row.terms, recipient: row.recipient, lines: row.lines }}
            />
          </>
        ) : (
          <>
            <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]" data-testid="proposal-answer">
              {[
                ["Sent", row.sentAt ? formatAdminDate(row.sentAt) : "—"],
                ["First opened", row.viewedAt ? formatAdminDate(row.viewedAt) : "Not yet"],
                ...(row.acceptedAt
                  ? [
                      ["Accepted", `${formatAdminDate(row.acceptedAt)} by ${row.acceptedName ?? ""}`],
                      ["From", `${row.acceptedIp ?? "unknown network"}, ${row.acceptedUserAgent ?? "unknown browser"}`],
                      ["Document accepted", row.acceptedDocumentSha256 ?? ""],
                    ]
                  : []),
                ...(row.declinedAt ? [["Declined", `${formatAdminDate(row.declinedAt)}${row.declineReason ? `: ${row.declineReason}` : ""}`]] : []),
              ].map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="text-muted">{label}</dt>
                  <dd className="break-all">{value}</dd>
                </div>
              ))}
            </dl>
            {row.status === "accepted" ? (
              <section aria-label="Invoice" className="grid gap-3 rounded-2xl border border-line bg-surface p-4" data-testid="proposal-invoice">
                <h3 className="font-bold">{billed.length > 1 ? "Invoices" : "Invoice"}</h3>
                {billed.length > 0 ? (
                  <ul className="grid gap-3">
                    {billed.map(({ invoice, link }) => (
                      <li key={invoice.id} className="grid gap-1" data-testid={`proposal-invoice-${invoice.billingMonth}`}>
                        <p className="text-sm">
                          <a href={`/admin/invoices/${invoice.id}/pdf`} className="font-semibold text-brand-700 hover:underline">
                            {invoice.number} (PDF)
                          </a>{" "}
                          · {invoice.billingMonth === 1 ? "first month" : `month ${invoice.billingMonth}`} · {formatPaise(invoice.totalPaise)} ·{" "}
                          {INVOICE_STATUS_LABELS[invoice.status]}
                          {invoice.paidAt ? ` on ${formatAdminDate(invoice.paidAt)}` : ""}
                        </p>
                        {link ? (
                          <p className="text-sm break-all">
                            Payment link:{" "}
                            <a href={link.url} className="text-brand-700 hover:underline" rel="noopener noreferrer" target="_blank">
                              {link.url}
                            </a>
                          </p>
                        ) : invoice.status !== "issued" ? null : paymentLinksEnabled() ? (
                          <PaymentLinkForm id={row.id} invoice={invoice.id} />
                        ) : (
                          <p className="text-sm text-ink-soft">{PAYMENT_LINKS_OFF}</p>
                        )}
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="text-sm text-ink-soft">
                    The GST invoice bills the one-time lines and the first month of the monthly ones, as accepted, to{" "}
                    {row.recipient.company || row.recipient.name}.
                  </p>
                )}
                {billed.length === 0 ? (
                  <IssueInvoiceForm id={row.id} needsAddress={!row.recipient.address?.trim()} />
                ) : row.lines.some((line) => line.billing === "monthly") ? (
                  // A retainer: each later month of the monthly lines is invoiced on its own, when it is due.
                  <IssueInvoiceForm id={row.id} needsAddress={false} month={nextBillingMonth(billed.map((b) => b.invoice.billingMonth))} />
                ) : null}
              </section>
            ) : null}
            {mayRevise ? (
              <div className="flex flex-wrap items-center gap-3">
                <ReviseProposalForm id={row.id} />
                <p className="text-sm text-ink-soft">Revise writes the next version as a draft; this one stays as sent until the new one is sent.</p>
              </div>
            ) : null}
            {sentDocument ? (
              <div className="rounded-2xl border border-line bg-surface p-5">
                <p className="mb-4 text-sm">
                  <a href={`${dashboardHref("proposals")}/${row.id}/pdf`} className="font-semibold text-brand-700 underline" data-testid="proposal-pdf">
                    This version as a PDF
                  </a>
                </p>
                <ProposalDocumentView document={sentDocument} sha256={proposalDocumentSha256(sentDocument)} />
              </div>
            ) : null}
          </>
        )}
      </div>
    </DashboardShell>
  );
}
