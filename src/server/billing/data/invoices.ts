import "server-only";
import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import { checkGstin } from "@/lib/gst/gstin";
import { documentNumber, financialYearOf, type DocumentKind } from "@/lib/gst/financial-year";
import { computeInvoice, invoiceFigures, InvoiceInputError, type InvoiceLineInput, type InvoiceRecipient } from "@/lib/gst/invoice";
import { db, type Executor, type Transaction } from "../../kernel/db/client";
import { creditNotes, invoices, invoiceSeries, type CreditNoteRow, type InvoiceRow } from "../../kernel/db/schema";
import { billingConfig, type BillingConfig } from "../config";
import { documentSha256, invoiceParticulars } from "../document";

// Issuing and cancelling invoices (docs/decisions/0106). A document's number is taken in the
// transaction that stores it, so the series has no gaps and no repeats whatever runs at once.

export interface IssueInvoiceInput {
  recipient: {
    name: string;
    address: string;
    /** A registered recipient's GSTIN; its state is the place of supply. */
    gstin?: string | null;
    /** An unregistered recipient's state code, which they give; ignored beside a GSTIN. */
    stateCode?: string | null;
    email?: string | null;
  };
  lines: readonly InvoiceLineInput[];
  /** The won lead the invoice bills. */
  leadId?: string | null;
  /** The accepted proposal the invoice is issued from; one invoice stands for each of its months at most. */
  proposalId?: string | null;
  /** Which month of the proposal it bills (1 when not given): see the invoices table. */
  billingMonth?: number;
  /** When it is issued; now unless given. */
  issuedAt?: Date;
}

const RECIPIENT_TEXT_MAX = 500;

/**
 * The next serial number of a kind of document in a financial year: one statement that creates the
 * year's series at 1 or adds 1 to it and returns the result. The row stays locked until the calling
 * transaction ends, so a second issuer waits for the first to commit (and takes the next number) or
 * to roll back (and takes the same one): no gap, no duplicate.
 */
export async function takeSerial(tx: Executor, kind: DocumentKind, financialYear: number): Promise<number> {
  const [row] = await tx
    .insert(invoiceSeries)
    .values({ kind, financialYear, last: 1 })
    .onConflictDoUpdate({ target: [invoiceSeries.kind, invoiceSeries.financialYear], set: { last: sql`${invoiceSeries.last} + 1` } })
    .returning({ last: invoiceSeries.last });
  return row!.last;
}

function recipientOf(input: IssueInvoiceInput["recipient"]): InvoiceRecipient {
  const name = input.name?.trim() ?? "";
  const address = input.address?.trim() ?? "";
  if (!name) throw new InvoiceInputError("Enter the recipient's name.");
  if (!address) throw new InvoiceInputError("Enter the recipient's address.");
  if (name.length > RECIPIENT_TEXT_MAX || address.length > RECIPIENT_TEXT_MAX)
    throw new InvoiceInputError(`The recipient's name and address are at most ${RECIPIENT_TEXT_MAX} characters each.`);
  const email = input.email?.trim() || null;
  if (input.gstin?.trim()) {
    const checked = checkGstin(input.gstin);
    if (!checked.ok) throw new InvoiceInputError(`The recipient's GSTIN: ${checked.error}`);
    return { name, address, gstin: checked.gstin, stateCode: checked.stateCode, email };
  }
  return { name, address, gstin: null, stateCode: input.stateCode?.trim() ?? "", email };
}

/**
 * Issues a tax invoice: computes its figures, takes its number in the year of its date and stores it
 * with its document's hash, in one transaction. Throws InvoiceInputError for what cannot be invoiced
 * and BillingConfigError when the supplier is not configured.
 */
export async function issueInvoice(input: IssueInvoiceInput, options: { config?: BillingConfig } = {}): Promise<InvoiceRow> {
  return db().transaction((tx) => issueInvoiceIn(tx, input, options));
}

/**
 * issueInvoice inside the caller's transaction, so what issues it (an accepted proposal) writes its
 * own rows beside it and the number is rolled back with them if any of them fails.
 */
export async function issueInvoiceIn(tx: Transaction, input: IssueInvoiceInput, options: { config?: BillingConfig } = {}): Promise<InvoiceRow> {
  const { supplier } = options.config ?? billingConfig();
  const recipient = recipientOf(input.recipient);
  const computed = computeInvoice({
    supplierStateCode: supplier.stateCode,
    recipient: recipient.gstin ? { gstin: recipient.gstin } : { stateCode: recipient.stateCode },
    lines: input.lines,
  });
  const issuedAt = input.issuedAt ?? new Date();
  const financialYear = financialYearOf(issuedAt);
  const serial = await takeSerial(tx, "invoice", financialYear);
  const record = {
    number: documentNumber("invoice", financialYear, serial),
    financialYear,
    serial,
    issuedAt,
    supplier,
    recipient,
    ...invoiceFigures(computed),
    reverseCharge: false,
    leadId: input.leadId ?? null,
  };
  const [row] = await tx
    .insert(invoices)
    .values({ ...record, proposalId: input.proposalId ?? null, billingMonth: input.billingMonth ?? 1, documentSha256: documentSha256(invoiceParticulars(record)) })
    .returning();
  return row!;
}

/** The invoices standing for a proposal (not cancelled), by the month they bill. */
export async function invoicesOfProposal(proposalId: string, exec: Executor = db()): Promise<InvoiceRow[]> {
  return exec
    .select()
    .from(invoices)
    .where(and(eq(invoices.proposalId, proposalId), ne(invoices.status, "cancelled")))
    .orderBy(asc(invoices.billingMonth));
}

export async function invoiceById(id: number, exec: Executor = db()): Promise<InvoiceRow | undefined> {
  const [row] = await exec.select().from(invoices).where(eq(invoices.id, id));
  return row;
}

/** A lead's invoices, newest first: the deal's page lists them with their PDF and payment link. */
export async function invoicesOfLead(leadId: string, exec: Executor = db()): Promise<InvoiceRow[]> {
  return exec.select().from(invoices).where(eq(invoices.leadId, leadId)).orderBy(desc(invoices.issuedAt));
}

export async function invoiceByNumber(number: string, exec: Executor = db()): Promise<InvoiceRow | undefined> {
  const [row] = await exec.select().from(invoices).where(eq(invoices.number, number));
  return row;
}

/**
 * Cancels an invoice by a credit note of its whole value, numbered in the credit notes' own series
 * (CN/26-27/00001) in the year of the note's date. The invoice keeps its number and is marked
 * cancelled; a number is never given again. An invoice already cancelled is refused.
 */
export async function cancelInvoice(
  invoiceNumber: string,
  reason: string,
  options: { at?: Date } = {},
): Promise<{ invoice: InvoiceRow; creditNote: CreditNoteRow }> {
  const why = reason.trim();
  if (!why) throw new InvoiceInputError("Say why the invoice is cancelled: the credit note carries the reason.");
  const at = options.at ?? new Date();
  return db().transaction(async (tx) => {
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.number, invoiceNumber)).for("update");
    if (!invoice) throw new InvoiceInputError(`There is no invoice ${invoiceNumber}.`);
    if (invoice.status === "cancelled") throw new InvoiceInputError(`Invoice ${invoiceNumber} is already cancelled.`);
    if (at < invoice.issuedAt) throw new InvoiceInputError("A credit note cannot be dated before its invoice.");
    const financialYear = financialYearOf(at);
    const serial = await takeSerial(tx, "credit_note", financialYear);
    const note = {
      number: documentNumber("credit_note", financialYear, serial),
      financialYear,
      serial,
      issuedAt: at,
      invoiceId: invoice.id,
      reason: why,
      supplier: invoice.supplier,
      recipient: invoice.recipient,
      placeOfSupply: invoice.placeOfSupply,
      lines: invoice.lines,
      taxablePaise: invoice.taxablePaise,
      cgstPaise: invoice.cgstPaise,
      sgstPaise: invoice.sgstPaise,
      igstPaise: invoice.igstPaise,
      totalPaise: invoice.totalPaise,
    };
    const documentHash = documentSha256({ ...note, kind: "credit_note", invoiceNumber: invoice.number });
    const [creditNote] = await tx
      .insert(creditNotes)
      .values({ ...note, documentSha256: documentHash })
      .returning();
    const [cancelled] = await tx.update(invoices).set({ status: "cancelled", cancelledAt: at }).where(eq(invoices.id, invoice.id)).returning();
    return { invoice: cancelled!, creditNote: creditNote! };
  });
}
