import type { ProposalDocument } from "@/server/proposals";
import { formatAdminDay } from "@/lib/format";
import { formatPaise, proposalLabel } from "@/lib/proposals";

/**
 * A proposal's document as the client reads it and prints it (docs/decisions/0108): rendered from
 * the same object whose canonical text is hashed, so what is shown is what the hash is of. The
 * dashboard shows a sent version the same way.
 */
export function ProposalDocumentView({ document, sha256 }: { document: ProposalDocument; sha256: string }) {
  const { supplier, recipient, totals } = document;
  const intra = document.supply === "intra-state";
  const rate = (basisPoints: number) => `${basisPoints / 100} %`;
  return (
    <article data-print-document className="grid gap-6 text-sm" aria-labelledby="proposal-title">
      <div>
        <p className="text-xs tracking-wide text-ink-soft uppercase">Proposal {proposalLabel(document)}</p>
        <h1 id="proposal-title" className="mt-1 text-2xl font-bold">
          {document.title}
        </h1>
        <p className="mt-1 text-ink-soft">Valid until {formatAdminDay(document.validUntil)} (inclusive).</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <section aria-label="From">
          <h2 className="font-semibold">From</h2>
          <p>{supplier.legalName}</p>
          <p className="whitespace-pre-line text-ink-soft">{supplier.address}</p>
          <p className="text-ink-soft">GSTIN {supplier.gstin}</p>
        </section>
        <section aria-label="To">
          <h2 className="font-semibold">To</h2>
          <p>{recipient.company ? `${recipient.name}, ${recipient.company}` : recipient.name}</p>
          {recipient.address ? <p className="whitespace-pre-line text-ink-soft">{recipient.address}</p> : null}
          <p className="text-ink-soft">{recipient.email}</p>
          {recipient.gstin ? <p className="text-ink-soft">GSTIN {recipient.gstin}</p> : null}
          <p className="text-ink-soft">
            Place of supply: {document.placeOfSupply.name} ({document.placeOfSupply.code})
          </p>
        </section>
      </div>
      <div className="overflow-x-auto">
        <table className="w-full text-left" data-testid="proposal-lines">
          <thead>
            <tr className="border-b border-line text-xs text-ink-soft">
              <th className="py-2 pr-3">Service</th>
              <th className="py-2 pr-3">SAC</th>
              <th className="py-2 pr-3">Billed</th>
              <th className="py-2 pr-3 text-right">Qty</th>
              <th className="py-2 pr-3 text-right">Unit price</th>
              <th className="py-2 pr-3 text-right">Discount</th>
              <th className="py-2 pr-3 text-right">Taxable</th>
              <th className="py-2 pr-3 text-right">{intra ? `CGST + ${document.stateTax}` : "IGST"}</th>
              <th className="py-2 text-right">Total</th>
            </tr>
          </thead>
          <tbody>
            {document.lines.map((line, index) => (
              <tr key={index} className="border-b border-line align-top">
                <td className="py-2 pr-3">{line.description}</td>
                <td className="py-2 pr-3 tabular-nums">{line.sac}</td>
                <td className="py-2 pr-3">{line.billing === "monthly" ? "Monthly" : "One-time"}</td>
                <td className="py-2 pr-3 text-right tabular-nums">{line.quantity}</td>
                <td className="py-2 pr-3 text-right tabular-nums">{formatPaise(line.unitPricePaise)}</td>
                <td className="py-2 pr-3 text-right tabular-nums">{line.discountPaise ? formatPaise(line.discountPaise) : "—"}</td>
                <td className="py-2 pr-3 text-right tabular-nums">{formatPaise(line.taxablePaise)}</td>
                <td className="py-2 pr-3 text-right tabular-nums">
                  {intra ? `${formatPaise(line.cgstPaise)} + ${formatPaise(line.sgstPaise)}` : formatPaise(line.igstPaise)} ({rate(line.rateBasisPoints)})
                </td>
                <td className="py-2 text-right tabular-nums">{formatPaise(line.totalPaise)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="ml-auto grid w-full max-w-sm grid-cols-[1fr_auto] gap-x-4 gap-y-1 tabular-nums" data-testid="proposal-totals">
        <dt>Taxable value</dt>
        <dd className="text-right">{formatPaise(totals.taxablePaise)}</dd>
        {intra ? (
          <>
            <dt>CGST</dt>
            <dd className="text-right">{formatPaise(totals.cgstPaise)}</dd>
            <dt>{document.stateTax}</dt>
            <dd className="text-right">{formatPaise(totals.sgstPaise)}</dd>
          </>
        ) : (
          <>
            <dt>IGST</dt>
            <dd className="text-right">{formatPaise(totals.igstPaise)}</dd>
          </>
        )}
        <dt className="font-bold">Total</dt>
        <dd className="text-right font-bold">{formatPaise(totals.totalPaise)}</dd>
        {document.oneTime.totalPaise > 0 ? (
          <>
            <dt className="text-ink-soft">of which one-time</dt>
            <dd className="text-right text-ink-soft">{formatPaise(document.oneTime.totalPaise)}</dd>
          </>
        ) : null}
        {document.monthly.totalPaise > 0 ? (
          <>
            <dt className="text-ink-soft">of which every month</dt>
            <dd className="text-right text-ink-soft">{formatPaise(document.monthly.totalPaise)}</dd>
          </>
        ) : null}
      </dl>
      <p className="text-ink-soft">In words: {document.amountInWords}</p>
      {document.monthly.totalPaise > 0 ? (
        <p className="text-ink-soft">Monthly lines are charged every month at the amounts shown; one-time lines once.</p>
      ) : null}
      {document.terms ? (
        <section aria-labelledby="proposal-terms">
          <h2 id="proposal-terms" className="font-semibold">
            Terms
          </h2>
          <p className="mt-1 whitespace-pre-line">{document.terms}</p>
        </section>
      ) : null}
      <p className="text-xs break-all text-ink-soft" data-testid="proposal-hash">
        Document SHA-256: <span className="font-mono">{sha256}</span>
      </p>
    </article>
  );
}
