import { computeInvoice, type ComputedLine, type Discount, type InvoiceComputation, type InvoiceSupplier } from "./gst/invoice";

/**
 * A proposal's words and figures (docs/decisions/0108-proposals.md), pure so the editor and the public
 * page show what the server stores. Its figures are a tax invoice's (src/lib/gst/invoice.ts): whole
 * paise, GST per line and head, rounded half up; a proposal is priced as the invoice it would become.
 */

/** What is stored. "expired" is never stored: it is read from the validity date (`shownStatus`). */
export const STORED_PROPOSAL_STATUSES = ["draft", "sent", "viewed", "accepted", "declined", "superseded"] as const;
export type StoredProposalStatus = (typeof STORED_PROPOSAL_STATUSES)[number];
export const PROPOSAL_STATUSES = [...STORED_PROPOSAL_STATUSES, "expired"] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

export const PROPOSAL_STATUS_LABELS: Record<ProposalStatus, string> = {
  draft: "Draft",
  sent: "Sent",
  viewed: "Viewed",
  accepted: "Accepted",
  declined: "Declined",
  expired: "Expired",
  superseded: "Superseded",
};

/** The statuses in which the client may still answer. */
export const OPEN_PROPOSAL_STATUSES = ["sent", "viewed"] as const;

export const PROPOSAL_BILLING = ["one-time", "monthly"] as const;
export type ProposalBilling = (typeof PROPOSAL_BILLING)[number];

export const PROPOSAL_LIMITS = {
  title: 200,
  terms: 20_000,
  lines: 50,
  recipientText: 500,
  declineReason: 1_000,
  acceptedName: 200,
  userAgent: 500,
  /** The longest validity a proposal is given, in days from today. */
  validityDays: 365,
} as const;

/** One line as staff write it: a monthly line's figures are per month, a one-time line's once. */
export interface ProposalLine {
  serviceSlug?: string;
  description: string;
  sacCode: string;
  quantity: number;
  unitPricePaise: number;
  discount: Discount | null;
  billing: ProposalBilling;
}

/** Who the proposal is for, copied in when it is written: the lead's details may change afterwards. */
export interface ProposalRecipient {
  name: string;
  company: string;
  email: string;
  address?: string;
  gstin?: string;
  /** The place of supply: a registered client's GSTIN's state, else the state they are in. */
  stateCode: string;
}

export interface ProposalLineFigures extends ComputedLine {
  billing: ProposalBilling;
  serviceSlug?: string;
}

/** The part of the total paid once and the part paid every month, each with its tax. */
export interface ProposalPart {
  taxablePaise: number;
  taxPaise: number;
  totalPaise: number;
}

export interface ProposalFigures {
  computation: InvoiceComputation;
  lines: ProposalLineFigures[];
  oneTime: ProposalPart;
  monthly: ProposalPart;
}

/**
 * The figures of a proposal, through the invoice's own computation (throws InvoiceInputError with
 * the line named). The totals are of every line as written: the one-time lines plus one month of the
 * monthly ones, which is how a package's price counts as a deal's value (src/content/services.ts,
 * packageDealValue: a month's retainer plus the setup fee).
 */
export function computeProposal(input: { supplierStateCode: string; recipient: ProposalRecipient; lines: readonly ProposalLine[] }): ProposalFigures {
  const computation = computeInvoice({
    supplierStateCode: input.supplierStateCode,
    recipient: input.recipient.gstin ? { gstin: input.recipient.gstin } : { stateCode: input.recipient.stateCode },
    lines: input.lines.map((line) => ({
      description: line.description,
      sac: line.sacCode,
      quantity: line.quantity,
      unitPricePaise: line.unitPricePaise,
      discount: line.discount,
    })),
  });
  const lines = computation.lines.map((line, index) => ({
    ...line,
    billing: input.lines[index]!.billing,
    ...(input.lines[index]!.serviceSlug ? { serviceSlug: input.lines[index]!.serviceSlug } : {}),
  }));
  const part = (billing: ProposalBilling): ProposalPart => {
    const chosen = lines.filter((line) => line.billing === billing);
    const taxable = chosen.reduce((sum, line) => sum + line.taxablePaise, 0);
    const total = chosen.reduce((sum, line) => sum + line.totalPaise, 0);
    return { taxablePaise: taxable, taxPaise: total - taxable, totalPaise: total };
  };
  return { computation, lines, oneTime: part("one-time"), monthly: part("monthly") };
}

/**
 * The deal's value a proposal's acceptance sets on the lead: the leads' deal value is whole rupees
 * before tax (src/lib/deal-value.ts), so the taxable total in paise, rounded half up to the rupee.
 */
export function dealValueRupees(taxablePaise: number): number {
  return Math.floor((taxablePaise + 50) / 100);
}

/** The status shown: a sent or viewed proposal past its last valid day (site time) has expired. */
export function shownStatus(row: { status: StoredProposalStatus; validUntil: string }, today: string): ProposalStatus {
  if ((row.status === "sent" || row.status === "viewed") && row.validUntil < today) return "expired";
  return row.status;
}

/** Rupees with paise, Indian grouping: ₹1,18,000.00. */
export function formatPaise(paise: number): string {
  const negative = paise < 0;
  const whole = Math.abs(paise);
  const rupees = Math.floor(whole / 100);
  const rest = String(whole % 100).padStart(2, "0");
  return `${negative ? "-" : ""}₹${new Intl.NumberFormat("en-IN").format(rupees)}.${rest}`;
}

/** A proposal's number as printed: P-2026-0007, and "v2" after it from the second version on. */
export function proposalLabel(row: { number: string; version: number }): string {
  return row.version > 1 ? `${row.number} v${row.version}` : row.number;
}

export type { InvoiceSupplier };
