import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { recordActivityMany, type ActivityEntry } from "../../kernel/activity/activity";
import { db } from "../../kernel/db/client";
import { invoices, paymentEvents, paymentLinks } from "../../kernel/db/schema";
import { enqueueWebhookEvent } from "../../kernel/events/events";
import { PAYMENT_EVENT_TYPES, readRazorpayEvent } from "../razorpay";

// Razorpay's payment events applied to invoices (docs/decisions/0106). Razorpay delivers an event at
// least once and retries it with the same x-razorpay-event-id, so the event's row is claimed first,
// by its unique id, in the transaction that marks the invoice paid: a second delivery finds the id
// taken and changes nothing, whichever process receives it and however close together they come.

export interface PaymentEventInput {
  /** x-razorpay-event-id. */
  eventId: string;
  /** The webhook's body, parsed, once its signature has been verified on the raw bytes. */
  body: unknown;
  /** When it was received; now unless given. */
  receivedAt?: Date;
}

export type PaymentEventResult =
  | { status: "applied"; invoiceNumber: string }
  | { status: "duplicate" }
  | { status: "ignored"; outcome: string; invoiceNumber: string | null };

/** Applies a payment event once: the invoice it pays is marked paid when the amount is its total. */
export async function applyPaymentEvent(input: PaymentEventInput): Promise<PaymentEventResult> {
  const eventId = input.eventId?.trim();
  if (!eventId) throw new Error("A payment event is applied by its id (x-razorpay-event-id); it has none.");
  // Razorpay's ids are short (evt_ and 14 characters); the column holds 100.
  if (eventId.length > 100) throw new Error("A payment event's id is at most 100 characters.");
  const notice = readRazorpayEvent(input.body);
  const receivedAt = input.receivedAt ?? new Date();
  return db().transaction(async (tx) => {
    const [claimed] = await tx
      .insert(paymentEvents)
      .values({
        provider: "razorpay",
        eventId,
        eventType: notice.eventType || "(none)",
        receivedAt,
        paymentId: notice.paymentId,
        amountPaise: notice.amountPaise,
      })
      .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
      .returning({ id: paymentEvents.id });
    if (!claimed) return { status: "duplicate" } as const;

    const ignore = async (outcome: string, invoiceId: number | null = null): Promise<PaymentEventResult> => {
      await tx.update(paymentEvents).set({ outcome, invoiceId }).where(eq(paymentEvents.id, claimed.id));
      return { status: "ignored", outcome, invoiceNumber: notice.invoiceNumber };
    };
    if (!(PAYMENT_EVENT_TYPES as readonly string[]).includes(notice.eventType)) return ignore(`${notice.eventType || "an event without a type"} pays no invoice`);
    if (!notice.invoiceNumber) return ignore("the payment names no invoice (reference_id or notes.invoice_number)");
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.number, notice.invoiceNumber)).for("update");
    if (!invoice) return ignore(`there is no invoice ${notice.invoiceNumber}`);
    if (invoice.status === "paid") return ignore("the invoice is already paid", invoice.id);
    if (invoice.status === "cancelled") return ignore("the invoice is cancelled: the payment is to be refunded", invoice.id);
    if (notice.currency !== "INR") return ignore(`the payment is in ${notice.currency ?? "no currency"}, not INR`, invoice.id);
    if (notice.amountPaise !== invoice.totalPaise)
      return ignore(`the payment of ${notice.amountPaise ?? "no"} paise is not the invoice's total of ${invoice.totalPaise}`, invoice.id);

    const paidAt = notice.at ?? receivedAt;
    const [paid] = await tx.update(invoices).set({ status: "paid", paidAt }).where(eq(invoices.id, invoice.id)).returning();
    await tx.update(paymentEvents).set({ applied: true, invoiceId: invoice.id, outcome: sql`null` }).where(eq(paymentEvents.id, claimed.id));
    if (notice.linkId) {
      await tx
        .update(paymentLinks)
        .set({ status: "paid" })
        .where(and(eq(paymentLinks.invoiceId, invoice.id), eq(paymentLinks.provider, "razorpay"), eq(paymentLinks.providerLinkId, notice.linkId)));
    }
    // The deal is paid when its invoice is: a lead's payments are the sum of its paid invoices
    // (paidPaiseSql, docs/decisions/0109), so the lead row itself does not change; the trail says
    // so on the invoice and on the lead, in this transaction, as a dashboard change would.
    const trail: ActivityEntry[] = [
      {
        action: "invoice.paid",
        actor: null,
        table: "invoices",
        recordId: String(invoice.id),
        before: { status: invoice.status, paidAt: null },
        after: { status: "paid", paidAt, paymentId: notice.paymentId, totalPaise: invoice.totalPaise },
      },
    ];
    if (invoice.leadId) {
      trail.push({
        action: "lead.paid",
        actor: null,
        table: "leads",
        recordId: invoice.leadId,
        before: null,
        after: { invoiceNumber: invoice.number, paidPaise: invoice.totalPaise, paidAt, paymentId: notice.paymentId },
      });
    }
    await recordActivityMany(trail, tx);
    await enqueueWebhookEvent(tx, "invoice.paid", "invoices", String(invoice.id), { ...paid!, paymentId: notice.paymentId });
    return { status: "applied", invoiceNumber: invoice.number } as const;
  });
}
