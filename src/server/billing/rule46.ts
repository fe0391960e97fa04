import { checkGstin } from "@/lib/gst/gstin";
import { GST_RATES_BASIS_POINTS, type ComputedLine, type InvoiceFigures, type InvoiceRecipient, type InvoiceSupplier } from "@/lib/gst/invoice";
import { gstState, isPlaceOfSupplyCode } from "@/lib/gst/states";

/**
 * The particulars Rule 46 of the CGST Rules, 2017 asks a tax invoice to carry, checked on an issued
 * invoice's record: each answers present or not, so a change that drops one from what is stored (and
 * so from what the PDF and the e-invoice are made of) is seen by name. Rule 46(e)'s delivery address
 * and 46(n)'s are for goods; (q), the QR code, is for a B2C invoice of a business above the e-invoice
 * threshold and comes with e-invoicing.
 *
 * Each particular is judged on its own (present and well formed), so that one missing is reported
 * alone; that the figures agree with each other is computeInvoice's work and the document hash's.
 */

export interface Rule46Record extends InvoiceFigures {
  number: string;
  issuedAt: Date;
  supplier: InvoiceSupplier;
  recipient: InvoiceRecipient;
  reverseCharge: boolean;
}

export interface Rule46Particular {
  key: string;
  /** The clause of Rule 46(1). */
  clause: string;
  label: string;
  present: boolean;
}

const filled = (value: unknown): boolean => typeof value === "string" && value.trim() !== "";
const paise = (value: unknown): boolean => Number.isSafeInteger(value) && (value as number) >= 0;
const everyLine = (record: Rule46Record, test: (line: ComputedLine) => boolean) =>
  Array.isArray(record.lines) && record.lines.length > 0 && record.lines.every(test);

/** Each particular of Rule 46 and whether the record carries it. */
export function rule46Particulars(record: Rule46Record): Rule46Particular[] {
  const supplier = record.supplier ?? ({} as Partial<InvoiceSupplier>);
  const recipient = record.recipient ?? ({} as Partial<InvoiceRecipient>);
  const registered = recipient.gstin != null;
  const intra = record.placeOfSupply === supplier.stateCode;
  const item = (key: string, clause: string, label: string, present: boolean): Rule46Particular => ({ key, clause, label, present });
  return [
    item("supplier-name", "46(a)", "Supplier's name", filled(supplier.legalName)),
    item("supplier-address", "46(a)", "Supplier's address", filled(supplier.address)),
    item("supplier-gstin", "46(a)", "Supplier's GSTIN", filled(supplier.gstin) && checkGstin(supplier.gstin!).ok),
    item(
      "serial-number",
      "46(b)",
      "Consecutive serial number, at most 16 letters, digits, '/' and '-'",
      filled(record.number) && /^[A-Za-z0-9/-]{1,16}$/.test(record.number),
    ),
    item("date", "46(c)", "Date of issue", record.issuedAt instanceof Date && !Number.isNaN(record.issuedAt.getTime())),
    item("recipient-name", "46(d)", "Recipient's name", filled(recipient.name)),
    item("recipient-address", "46(d)", "Recipient's address", filled(recipient.address)),
    item(
      "recipient-gstin-or-state",
      "46(d), 46(e)",
      "Recipient's GSTIN if registered, else the name and code of their state",
      registered ? filled(recipient.gstin) && checkGstin(recipient.gstin!).ok : filled(recipient.stateCode) && isPlaceOfSupplyCode(recipient.stateCode!),
    ),
    item(
      "sac",
      "46(f)",
      "SAC of each service",
      everyLine(record, (l) => filled(l.sac) && /^99\d{4}$/.test(l.sac)),
    ),
    item(
      "description",
      "46(g)",
      "Description of each service",
      everyLine(record, (l) => filled(l.description)),
    ),
    item(
      "quantity",
      "46(h)",
      "Quantity",
      everyLine(record, (l) => Number.isSafeInteger(l.quantity) && l.quantity > 0),
    ),
    item(
      "total-value",
      "46(i)",
      "Total value of each supply",
      everyLine(record, (l) => paise(l.grossPaise) && paise(l.unitPricePaise)),
    ),
    item(
      "taxable-value",
      "46(j)",
      "Taxable value after discount",
      everyLine(record, (l) => paise(l.taxablePaise) && paise(l.discountPaise)) &&
        paise(record.taxablePaise) &&
        record.taxablePaise === record.lines.reduce((sum, l) => sum + l.taxablePaise, 0),
    ),
    item(
      "tax-rate",
      "46(k)",
      "Rate of tax",
      everyLine(record, (l) => (GST_RATES_BASIS_POINTS as readonly number[]).includes(l.rateBasisPoints)),
    ),
    item(
      "tax-amounts",
      "46(l)",
      intra ? "Amounts of CGST and SGST (or UTGST)" : "Amount of IGST",
      everyLine(
        record,
        (l) =>
          [l.cgstPaise, l.sgstPaise, l.igstPaise].every(paise) &&
          (intra ? l.igstPaise === 0 && l.cgstPaise === l.sgstPaise : l.cgstPaise === 0 && l.sgstPaise === 0),
      ) && [record.cgstPaise, record.sgstPaise, record.igstPaise].every(paise),
    ),
    item(
      "place-of-supply",
      "46(m)",
      "Place of supply, with the state's name and code",
      filled(record.placeOfSupply) && isPlaceOfSupplyCode(record.placeOfSupply) && !!gstState(record.placeOfSupply),
    ),
    item("reverse-charge", "46(o)", "Whether tax is payable on reverse charge", typeof record.reverseCharge === "boolean"),
    item("signature", "46(p)", "Signature of the supplier or its authorised representative", filled(supplier.signatory)),
  ];
}

/** The labels of the particulars the record lacks; empty when it carries them all. */
export function missingRule46Particulars(record: Rule46Record): string[] {
  return rule46Particulars(record)
    .filter((p) => !p.present)
    .map((p) => p.label);
}
