import "server-only";
import { createHash } from "node:crypto";
import { gstState } from "@/lib/gst/states";
import { computeProposal, type ProposalBilling, type ProposalPart, type ProposalRecipient } from "@/lib/proposals";
import { storedTotals, type ComputedLine, type InvoiceSupplier } from "@/lib/gst/invoice";
import type { ProposalRow } from "../kernel/db/schema";
import { canonicalJson } from "../billing";

/**
 * A sent proposal as one document: every figure and line, the terms, the validity and both parties,
 * as canonical JSON (billing's: keys sorted), and its SHA-256. The public page renders this object and
 * prints this hash; sending stores the hash, and acceptance stores the hash of the document the page
 * showed, so what the client agreed to can be told from any later change of the row.
 */

export interface ProposalDocument {
  kind: "proposal";
  number: string;
  version: number;
  title: string;
  supplier: InvoiceSupplier;
  recipient: ProposalRecipient;
  placeOfSupply: { code: string; name: string };
  supply: "intra-state" | "inter-state";
  stateTax: "SGST" | "UTGST";
  lines: (ComputedLine & { billing: ProposalBilling; serviceSlug?: string })[];
  totals: { taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number; totalPaise: number };
  oneTime: ProposalPart;
  monthly: ProposalPart;
  amountInWords: string;
  validUntil: string;
  terms: string;
}

type DocumentSource = Pick<ProposalRow, "number" | "version" | "title" | "recipient" | "lines" | "validUntil" | "terms"> & { supplier: InvoiceSupplier };

/** The document of a proposal from its stored particulars and supplier (throws InvoiceInputError for figures that cannot be made). */
export function proposalDocument(source: DocumentSource): ProposalDocument {
  const figures = computeProposal({ supplierStateCode: source.supplier.stateCode, recipient: source.recipient, lines: source.lines });
  const { computation } = figures;
  return {
    kind: "proposal",
    number: source.number,
    version: source.version,
    title: source.title,
    supplier: source.supplier,
    recipient: source.recipient,
    placeOfSupply: { code: computation.placeOfSupply.code, name: gstState(computation.placeOfSupply.code)?.name ?? computation.placeOfSupply.name },
    supply: computation.supply,
    stateTax: computation.stateTax,
    lines: figures.lines,
    totals: storedTotals(computation.totals),
    oneTime: figures.oneTime,
    monthly: figures.monthly,
    amountInWords: computation.amountInWords,
    validUntil: source.validUntil,
    terms: source.terms,
  };
}

/** The canonical text of a proposal's document. */
export function proposalDocumentText(document: ProposalDocument): string {
  return canonicalJson(document);
}

/** SHA-256 of the document's canonical text, as 64 hex digits. */
export function proposalDocumentSha256(document: ProposalDocument): string {
  return createHash("sha256").update(proposalDocumentText(document), "utf8").digest("hex");
}
