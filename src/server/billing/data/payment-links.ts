import "server-only";
import { desc, eq, inArray } from "drizzle-orm";
import { InvoiceInputError } from "@/lib/gst/invoice";
import { recordActivity, type ActivityActor } from "../../kernel/activity/activity";
import { db, type Executor } from "../../kernel/db/client";
import { invoices, paymentLinks, type PaymentLinkRow } from "../../kernel/db/schema";
import type { PaymentProvider } from "../payment-provider";

// An invoice's payment link (docs/decisions/0109): asked of the provider for the invoice's total,
// with its number as the reference the paid event names, and kept in payment_links. The provider
// is called before the transaction that stores the link, so no row stays locked while Razorpay is
// asked; an invoice has one open link, so a second request while one is open returns that one.

/** The invoice's newest link that is not cancelled or expired, if any. */
export async function openPaymentLink(invoiceId: number, exec: Executor = db()): Promise<PaymentLinkRow | undefined> {
  return (await openPaymentLinks([invoiceId], exec)).get(invoiceId);
}

/** Each invoice's open link (as openPaymentLink), for several invoices in one query: a proposal's months. */
export async function openPaymentLinks(invoiceIds: readonly number[], exec: Executor = db()): Promise<Map<number, PaymentLinkRow>> {
  const open = new Map<number, PaymentLinkRow>();
  if (invoiceIds.length === 0) return open;
  const rows = await exec
    .select()
    .from(paymentLinks)
    .where(inArray(paymentLinks.invoiceId, [...invoiceIds]))
    .orderBy(desc(paymentLinks.createdAt), desc(paymentLinks.id));
  for (const row of rows) if ((row.status === "created" || row.status === "paid") && !open.has(row.invoiceId)) open.set(row.invoiceId, row);
  return open;
}

/**
 * A payment link for an issued invoice: the provider is asked for a link to pay its total, which is
 * stored with its activity row. An invoice that is paid or cancelled is refused (InvoiceInputError);
 * one that has an open link keeps it. Throws PaymentProviderError when the provider refuses.
 */
export async function createPaymentLink(
  invoiceId: number,
  provider: PaymentProvider,
  actor: ActivityActor | null,
  options: { callbackUrl?: string | null } = {},
): Promise<{ link: PaymentLinkRow; created: boolean }> {
  // The invoice's row stays locked while the provider answers (at most its timeout): a second
  // request for this invoice (a double click, two members at once) waits, then finds this link,
  // so the client is never sent two payable links for one invoice.
  return db().transaction(async (tx) => {
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for("update");
    if (!invoice) throw new InvoiceInputError("This invoice no longer exists.");
    if (invoice.status === "paid") throw new InvoiceInputError(`Invoice ${invoice.number} is paid already.`);
    if (invoice.status === "cancelled") throw new InvoiceInputError(`Invoice ${invoice.number} is cancelled: it is not to be paid.`);
    const existing = await openPaymentLink(invoice.id, tx);
    if (existing) return { link: existing, created: false };

    const made = await provider.createLink({
      reference: invoice.number,
      amountPaise: invoice.totalPaise,
      description: `Invoice ${invoice.number}`,
      customer: { name: invoice.recipient.name, email: invoice.recipient.email ?? null },
      callbackUrl: options.callbackUrl ?? null,
    });
    const [link] = await tx
      .insert(paymentLinks)
      .values({ invoiceId: invoice.id, provider: provider.name, providerLinkId: made.id, url: made.url, amountPaise: invoice.totalPaise })
      .returning();
    await recordActivity(
      { action: "invoice.payment-link", actor, table: "invoices", recordId: String(invoice.id), after: { paymentLinkId: link!.id, url: link!.url, amountPaise: link!.amountPaise } },
      tx,
    );
    return { link: link!, created: true };
  });
}

/** The links of an invoice, newest first. */
export async function paymentLinksOfInvoice(invoiceId: number, exec: Executor = db()): Promise<PaymentLinkRow[]> {
  return exec.select().from(paymentLinks).where(eq(paymentLinks.invoiceId, invoiceId)).orderBy(desc(paymentLinks.createdAt), desc(paymentLinks.id));
}
