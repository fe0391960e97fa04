import "server-only";
import { createHash } from "node:crypto";
import { amountInWords } from "@/lib/gst/amount-in-words";
import type { InvoiceFigures, InvoiceRecipient, InvoiceSupplier } from "@/lib/gst/invoice";
import { gstState } from "@/lib/gst/states";

/**
 * An issued document's particulars as one canonical JSON text (keys sorted, no spaces), and its
 * SHA-256. The stored row keeps the hash of the text made when the document was issued; remaking
 * the text from the row and hashing it again tells whether anything printed on it has changed since.
 * The PDF and the e-invoice JSON are to be made from these same particulars.
 */

export interface DocumentParticulars extends InvoiceFigures {
  kind: "invoice" | "credit_note";
  number: string;
  issuedAt: Date;
  supplier: InvoiceSupplier;
  recipient: InvoiceRecipient;
  reverseCharge?: boolean;
  /** A credit note's invoice, by number, and why it is issued. */
  invoiceNumber?: string;
  reason?: string;
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === "object" && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/**
 * Any document's particulars as canonical JSON: keys sorted at every depth, undefined left out, no
 * spaces; the same particulars always give the same text, whatever order they were written in.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(canonical(value));
}

/** The document as the canonical JSON text its hash is taken of. */
export function documentText(particulars: DocumentParticulars): string {
  const place = gstState(particulars.placeOfSupply);
  return JSON.stringify(
    canonical({
      ...particulars,
      issuedAt: particulars.issuedAt.toISOString(),
      placeOfSupply: { code: particulars.placeOfSupply, name: place?.name ?? null },
      amountInWords: amountInWords(particulars.totalPaise),
    }),
  );
}

/** SHA-256 of the document's canonical text, as 64 hex digits. */
export function documentSha256(particulars: DocumentParticulars): string {
  return createHash("sha256").update(documentText(particulars), "utf8").digest("hex");
}

/** The particulars of a stored invoice, as they were hashed when it was issued. */
export function invoiceParticulars(row: Omit<DocumentParticulars, "kind" | "invoiceNumber" | "reason">): DocumentParticulars {
  return {
    kind: "invoice",
    number: row.number,
    issuedAt: row.issuedAt,
    supplier: row.supplier,
    recipient: row.recipient,
    placeOfSupply: row.placeOfSupply,
    lines: row.lines,
    taxablePaise: row.taxablePaise,
    cgstPaise: row.cgstPaise,
    sgstPaise: row.sgstPaise,
    igstPaise: row.igstPaise,
    totalPaise: row.totalPaise,
    reverseCharge: row.reverseCharge,
  };
}
