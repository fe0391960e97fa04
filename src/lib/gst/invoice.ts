import { amountInWords } from "./amount-in-words";
import { checkGstin } from "./gstin";
import { gstState, isPlaceOfSupplyCode, type GstState } from "./states";

/**
 * A tax invoice's figures from its lines, in whole paise (docs/decisions/0106-gst-invoices.md).
 * Pure, so the dashboard can show the same figures while a member types that the server stores.
 *
 * Each line: gross = quantity x unit price; discount (paise, or a percentage of the gross);
 * taxable value = gross - discount; then the tax, per line and per tax head, each rounded half up to
 * the paisa. The invoice's totals are the sums of its lines' rounded amounts, so the lines always
 * add up to the totals exactly. Within one state (place of supply = the supplier's state) the rate
 * is split in halves, CGST and SGST (UTGST in a union territory without a legislature); between
 * states it is IGST whole.
 *
 * Products are worked in BigInt: quantity x price x rate would pass 2^53 on large invoices.
 */

/** GST's rates on services, in basis points (1800 = 18 %); the agency's services are all at 18 %. */
export const GST_RATES_BASIS_POINTS = [0, 500, 1200, 1800, 2800] as const;
export type GstRateBasisPoints = (typeof GST_RATES_BASIS_POINTS)[number];
export const DEFAULT_RATE_BASIS_POINTS: GstRateBasisPoints = 1800;

export const MAX_LINES = 100;
export const DESCRIPTION_MAX = 300; // the e-invoice schema's limit on an item's description
export const MAX_QUANTITY = 100_000;
/** ₹10,000 crore: far above any invoice of the agency, and far below 2^53 paise. */
export const MAX_INVOICE_PAISE = 10_000_000_000_000;

export type Discount = { paise: number } | { percent: number };

export interface InvoiceLineInput {
  description: string;
  /** Services Accounting Code, six digits of chapter 99 (998361 advertising services). */
  sac: string;
  /** Whole units (months of a retainer, a project); a fraction is billed by pricing the unit. */
  quantity: number;
  unitPricePaise: number;
  discount?: Discount | null;
}

/** Who receives the supply: a registered recipient by GSTIN, an unregistered one by the state they give. */
export type RecipientTaxId = { gstin: string } | { gstin?: null; stateCode: string };

export interface InvoiceInput {
  /** The supplier's own state code (BILLING_STATE_CODE). */
  supplierStateCode: string;
  recipient: RecipientTaxId;
  lines: readonly InvoiceLineInput[];
  rateBasisPoints?: GstRateBasisPoints;
}

export interface ComputedLine {
  description: string;
  sac: string;
  quantity: number;
  unitPricePaise: number;
  /** Quantity x unit price: Rule 46's "total value" of the line. */
  grossPaise: number;
  discountPaise: number;
  /** The value tax is charged on: gross less discount. */
  taxablePaise: number;
  rateBasisPoints: GstRateBasisPoints;
  cgstPaise: number;
  /** SGST, or UTGST when the invoice's stateTax says so. */
  sgstPaise: number;
  igstPaise: number;
  /** Taxable value plus this line's tax. */
  totalPaise: number;
}

export interface InvoiceTotals {
  grossPaise: number;
  discountPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  taxPaise: number;
  grandTotalPaise: number;
}

export interface InvoiceComputation {
  placeOfSupply: { code: string; name: string };
  /** Intra-state: CGST + SGST/UTGST; inter-state: IGST. */
  supply: "intra-state" | "inter-state";
  /** Which law the second half of an intra-state tax is levied under. */
  stateTax: "SGST" | "UTGST";
  rateBasisPoints: GstRateBasisPoints;
  lines: ComputedLine[];
  totals: InvoiceTotals;
  amountInWords: string;
}

/** The totals an issued document (or a proposal) stores: taxable value, each tax head and the total, in paise. */
export interface StoredTotals {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

/** What an issued document stores of its computation: the place of supply's code, its lines and its totals. */
export interface InvoiceFigures extends StoredTotals {
  placeOfSupply: string;
  lines: ComputedLine[];
}

export function storedTotals(totals: InvoiceTotals): StoredTotals {
  return {
    taxablePaise: totals.taxablePaise,
    cgstPaise: totals.cgstPaise,
    sgstPaise: totals.sgstPaise,
    igstPaise: totals.igstPaise,
    totalPaise: totals.grandTotalPaise,
  };
}

export function invoiceFigures(computation: InvoiceComputation): InvoiceFigures {
  return { placeOfSupply: computation.placeOfSupply.code, lines: computation.lines, ...storedTotals(computation.totals) };
}

/** An invoice that cannot be made as given; the message names the line or party and what is wrong. */
export class InvoiceInputError extends Error {
  override name = "InvoiceInputError";
}

/** a x b / c rounded half up, for a, b >= 0 and c > 0. */
function mulDivHalfUp(a: bigint, b: bigint, c: bigint): bigint {
  return (2n * a * b + c) / (2n * c);
}

/**
 * The place of supply of a service (IGST Act, section 12(2)): a registered recipient's location, read
 * from its GSTIN; for an unregistered one, the state on record for them, which they give.
 */
export function placeOfSupply(recipient: RecipientTaxId): GstState {
  if (recipient.gstin) {
    const checked = checkGstin(recipient.gstin);
    if (!checked.ok) throw new InvoiceInputError(`The recipient's GSTIN: ${checked.error}`);
    if (!isPlaceOfSupplyCode(checked.stateCode))
      throw new InvoiceInputError(`The recipient's GSTIN is of ${checked.stateCode}, which is no place of supply: enter their state instead.`);
    return gstState(checked.stateCode)!;
  }
  const code = "stateCode" in recipient ? recipient.stateCode : "";
  if (!isPlaceOfSupplyCode(code)) throw new InvoiceInputError(`Choose the recipient's state: "${code}" is not a GST state or territory code.`);
  return gstState(code)!;
}

function discountPaise(line: InvoiceLineInput, gross: bigint, where: string): bigint {
  const discount = line.discount;
  if (!discount) return 0n;
  if ("paise" in discount) {
    if (!Number.isSafeInteger(discount.paise) || discount.paise < 0) throw new InvoiceInputError(`${where}: a discount is whole paise, 0 or more.`);
    if (BigInt(discount.paise) > gross) throw new InvoiceInputError(`${where}: the discount is more than the line's value.`);
    return BigInt(discount.paise);
  }
  const basisPoints = Math.round(discount.percent * 100);
  if (!Number.isFinite(discount.percent) || Math.abs(basisPoints - discount.percent * 100) > 1e-6 || basisPoints < 0 || basisPoints > 10_000)
    throw new InvoiceInputError(`${where}: a discount percentage is 0 to 100 with at most two decimals.`);
  return mulDivHalfUp(gross, BigInt(basisPoints), 10_000n);
}

/** The figures of an invoice; throws InvoiceInputError for anything that cannot be invoiced. */
export function computeInvoice(input: InvoiceInput): InvoiceComputation {
  const supplier = gstState(input.supplierStateCode);
  if (!supplier || !isPlaceOfSupplyCode(supplier.code))
    throw new InvoiceInputError(`The supplier's state code "${input.supplierStateCode}" is not a GST state.`);
  const place = placeOfSupply(input.recipient);
  const rate = input.rateBasisPoints ?? DEFAULT_RATE_BASIS_POINTS;
  if (!GST_RATES_BASIS_POINTS.includes(rate)) throw new InvoiceInputError(`${rate / 100} % is not a GST rate.`);
  if (input.lines.length === 0) throw new InvoiceInputError("An invoice has at least one line.");
  if (input.lines.length > MAX_LINES) throw new InvoiceInputError(`An invoice has at most ${MAX_LINES} lines.`);
  const intra = place.code === supplier.code;
  const rateBig = BigInt(rate);

  const lines = input.lines.map((line, index): ComputedLine => {
    const where = `Line ${index + 1}`;
    const description = line.description.trim();
    if (!description) throw new InvoiceInputError(`${where}: describe the service.`);
    if (description.length > DESCRIPTION_MAX) throw new InvoiceInputError(`${where}: the description is longer than ${DESCRIPTION_MAX} characters.`);
    if (!/^99\d{4}$/.test(line.sac)) throw new InvoiceInputError(`${where}: a SAC is six digits starting 99 (998361); got "${line.sac}".`);
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1 || line.quantity > MAX_QUANTITY)
      throw new InvoiceInputError(`${where}: the quantity is a whole number from 1 to ${MAX_QUANTITY}.`);
    if (!Number.isSafeInteger(line.unitPricePaise) || line.unitPricePaise < 0 || line.unitPricePaise > MAX_INVOICE_PAISE)
      throw new InvoiceInputError(`${where}: the unit price is whole paise, 0 or more.`);
    const gross = BigInt(line.quantity) * BigInt(line.unitPricePaise);
    const discount = discountPaise(line, gross, where);
    const taxable = gross - discount;
    // Each head rounded on its own: CGST and SGST are separate taxes, each owed to the paisa.
    const half = intra ? mulDivHalfUp(taxable, rateBig, 20_000n) : 0n;
    const igst = intra ? 0n : mulDivHalfUp(taxable, rateBig, 10_000n);
    return {
      description,
      sac: line.sac,
      quantity: line.quantity,
      unitPricePaise: line.unitPricePaise,
      grossPaise: toPaise(gross),
      discountPaise: toPaise(discount),
      taxablePaise: toPaise(taxable),
      rateBasisPoints: rate,
      cgstPaise: toPaise(half),
      sgstPaise: toPaise(half),
      igstPaise: toPaise(igst),
      totalPaise: toPaise(taxable + half + half + igst),
    };
  });

  const sum = (pick: (line: ComputedLine) => number) => lines.reduce((total, line) => total + pick(line), 0);
  const taxable = sum((l) => l.taxablePaise);
  const cgst = sum((l) => l.cgstPaise);
  const sgst = sum((l) => l.sgstPaise);
  const igst = sum((l) => l.igstPaise);
  const grand = taxable + cgst + sgst + igst;
  if (grand > MAX_INVOICE_PAISE) throw new InvoiceInputError("The invoice's total is larger than one invoice may be.");
  return {
    placeOfSupply: { code: place.code, name: place.name },
    supply: intra ? "intra-state" : "inter-state",
    stateTax: place.utgst ? "UTGST" : "SGST",
    rateBasisPoints: rate,
    lines,
    totals: {
      grossPaise: sum((l) => l.grossPaise),
      discountPaise: sum((l) => l.discountPaise),
      taxablePaise: taxable,
      cgstPaise: cgst,
      sgstPaise: sgst,
      igstPaise: igst,
      taxPaise: cgst + sgst + igst,
      grandTotalPaise: grand,
    },
    amountInWords: amountInWords(grand),
  };
}

function toPaise(value: bigint): number {
  if (value > BigInt(MAX_INVOICE_PAISE)) throw new InvoiceInputError("A line's value is larger than one invoice may be.");
  return Number(value);
}

/** The supplier as an invoice names it: copied from the configuration when the invoice is issued, and kept. */
export interface InvoiceSupplier {
  legalName: string;
  address: string;
  stateCode: string;
  gstin: string;
  /** The authorised signatory who signs for the supplier (Rule 46(p)). */
  signatory: string;
}

/** The recipient as an invoice names them; a registered one by GSTIN, whose state is the GSTIN's. */
export interface InvoiceRecipient {
  name: string;
  address: string;
  gstin: string | null;
  stateCode: string;
  email?: string | null;
}
