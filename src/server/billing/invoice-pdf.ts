import "server-only";
import { amountInWords } from "@/lib/gst/amount-in-words";
import type { ComputedLine } from "@/lib/gst/invoice";
import { gstState, stateLabel } from "@/lib/gst/states";
import { indianDate, inr, lineAdder, percent, textPdf, type Line } from "./pdf";
import type { Rule46Record } from "./rule46";

/**
 * An issued invoice as a PDF (docs/decisions/0109, written by ./pdf.ts). It prints every particular
 * Rule 46 asks of a service invoice (rule46.ts lists them; the test checks each is on the page), the
 * amounts in words, CGST and SGST (or UTGST) within the state or IGST between states, and the
 * authorised signatory's line.
 */

export interface InvoicePdfRecord extends Rule46Record {
  totalPaise: number;
  status?: string;
  paidAt?: Date | null;
}

/** The invoice's lines of text, top to bottom, before they are cut into pages. */
export function invoiceTextLines(record: InvoicePdfRecord): Line[] {
  const { supplier, recipient } = record;
  const intra = record.placeOfSupply === supplier.stateCode;
  const stateTax = gstState(record.placeOfSupply)?.utgst ? "UTGST" : "SGST";
  const lines: Line[] = [];
  const { add, gap } = lineAdder(lines);

  add("TAX INVOICE", { bold: true, size: 16 });
  add("Original for recipient");
  gap();
  add(supplier.legalName, { bold: true });
  add(supplier.address);
  add(`GSTIN: ${supplier.gstin}`);
  add(`State: ${stateLabel(supplier.stateCode)}`);
  gap();
  add(`Invoice number: ${record.number}`, { bold: true });
  add(`Date of issue: ${indianDate(record.issuedAt)}`);
  gap();
  add("Bill to", { bold: true });
  add(recipient.name);
  add(recipient.address);
  if (recipient.gstin) add(`GSTIN: ${recipient.gstin}`);
  else add(`Unregistered recipient; state: ${stateLabel(recipient.stateCode)}`);
  add(`Place of supply: ${stateLabel(record.placeOfSupply)}`);
  add(`Tax payable on reverse charge: ${record.reverseCharge ? "Yes" : "No"}`);
  gap();
  add("Services", { bold: true });
  record.lines.forEach((line: ComputedLine, index) => {
    add(`${index + 1}. ${line.description}`);
    add(`    SAC ${line.sac} | Quantity ${line.quantity} | Unit price ${inr(line.unitPricePaise)}`);
    add(`    Total value ${inr(line.grossPaise)} | Discount ${inr(line.discountPaise)} | Taxable value ${inr(line.taxablePaise)}`);
    const tax = intra
      ? `CGST ${percent(line.rateBasisPoints / 2)} ${inr(line.cgstPaise)} | ${stateTax} ${percent(line.rateBasisPoints / 2)} ${inr(line.sgstPaise)}`
      : `IGST ${percent(line.rateBasisPoints)} ${inr(line.igstPaise)}`;
    add(`    Rate of tax ${percent(line.rateBasisPoints)} | ${tax}`);
    add(`    Line total ${inr(line.totalPaise)}`);
  });
  gap();
  add(`Taxable value: ${inr(record.taxablePaise)}`);
  if (intra) {
    add(`CGST: ${inr(record.cgstPaise)}`);
    add(`${stateTax}: ${inr(record.sgstPaise)}`);
  } else {
    add(`IGST: ${inr(record.igstPaise)}`);
  }
  add(`Invoice total: ${inr(record.totalPaise)}`, { bold: true });
  add(`Amount in words: ${amountInWords(record.totalPaise)}`);
  if (record.status === "paid" && record.paidAt) add(`Paid on ${indianDate(record.paidAt)}`);
  if (record.status === "cancelled") add("Cancelled by a credit note");
  gap();
  add(`For ${supplier.legalName}`);
  gap();
  gap();
  add(`Authorised signatory: ${supplier.signatory}`);
  return lines;
}

/** The invoice as a PDF file's bytes. */
export function invoicePdf(record: InvoicePdfRecord): Buffer {
  return textPdf(invoiceTextLines(record), { title: `Tax invoice ${record.number}`, author: record.supplier.legalName, label: record.number });
}
