import "server-only";
import { proposalLabel } from "@/lib/proposals";
import { indianDate, inr, lineAdder, percent, textPdf, type Line } from "../billing";
import type { ProposalDocument } from "./document";

/**
 * A proposal as a PDF (docs/decisions/0108): the same document object the client's page renders and
 * whose canonical text is hashed, so the file carries the hash the acceptance records and says
 * nothing the page does not. Written by billing's text PDF writer, as the tax invoice is.
 */

export interface ProposalPdfSource {
  document: ProposalDocument;
  sha256: string;
  /** Printed under the document when the client has accepted it. */
  accepted?: { name: string; at: Date } | null;
}

/** The proposal's lines of text, top to bottom. */
export function proposalTextLines({ document, sha256, accepted }: ProposalPdfSource): Line[] {
  const { supplier, recipient, totals } = document;
  const intra = document.supply === "intra-state";
  const lines: Line[] = [];
  const { add, gap } = lineAdder(lines);

  add(`PROPOSAL ${proposalLabel(document)}`, { bold: true, size: 16 });
  add(document.title, { bold: true });
  add(`Valid until ${indianDate(new Date(`${document.validUntil}T12:00:00+05:30`))} (inclusive)`);
  gap();
  add("From", { bold: true });
  add(supplier.legalName);
  add(supplier.address);
  add(`GSTIN: ${supplier.gstin}`);
  gap();
  add("To", { bold: true });
  add(recipient.company ? `${recipient.name}, ${recipient.company}` : recipient.name);
  if (recipient.address) add(recipient.address);
  add(recipient.email);
  if (recipient.gstin) add(`GSTIN: ${recipient.gstin}`);
  add(`Place of supply: ${document.placeOfSupply.name} (${document.placeOfSupply.code})`);
  gap();
  add("Services", { bold: true });
  document.lines.forEach((line, index) => {
    add(`${index + 1}. ${line.description} (${line.billing === "monthly" ? "every month" : "one-time"})`);
    add(`    SAC ${line.sac} | Quantity ${line.quantity} | Unit price ${inr(line.unitPricePaise)} | Discount ${inr(line.discountPaise)}`);
    const tax = intra ? `CGST ${inr(line.cgstPaise)} + ${document.stateTax} ${inr(line.sgstPaise)}` : `IGST ${inr(line.igstPaise)}`;
    add(`    Taxable value ${inr(line.taxablePaise)} | ${tax} (${percent(line.rateBasisPoints)}) | Line total ${inr(line.totalPaise)}`);
  });
  gap();
  add(`Taxable value: ${inr(totals.taxablePaise)}`);
  if (intra) {
    add(`CGST: ${inr(totals.cgstPaise)}`);
    add(`${document.stateTax}: ${inr(totals.sgstPaise)}`);
  } else {
    add(`IGST: ${inr(totals.igstPaise)}`);
  }
  add(`Total: ${inr(totals.totalPaise)}`, { bold: true });
  if (document.oneTime.totalPaise > 0) add(`  of which one-time: ${inr(document.oneTime.totalPaise)}`);
  if (document.monthly.totalPaise > 0) {
    add(`  of which every month: ${inr(document.monthly.totalPaise)}`);
    add("Monthly lines are charged every month at the amounts shown; one-time lines once.");
  }
  add(`In words: ${document.amountInWords}`);
  if (document.terms) {
    gap();
    add("Terms", { bold: true });
    add(document.terms);
  }
  gap();
  add(`Document SHA-256: ${sha256}`);
  if (accepted) add(`Accepted online by ${accepted.name} on ${indianDate(accepted.at)}.`);
  return lines;
}

/** The proposal as a PDF file's bytes and a file name for it. */
export function proposalPdf(source: ProposalPdfSource): { filename: string; bytes: Buffer } {
  const label = proposalLabel(source.document);
  return {
    filename: `${label.replaceAll(/[^A-Za-z0-9-]+/g, "-")}.pdf`,
    bytes: textPdf(proposalTextLines(source), { title: `Proposal ${label}: ${source.document.title}`, author: source.document.supplier.legalName, label }),
  };
}
