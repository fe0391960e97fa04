import { createHmac } from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { invoices, paymentEvents } from "@/server/kernel/db/schema";
import { setUpTestDatabase } from "./helpers/test-db";

// Razorpay's payment events applied to invoices (docs/decisions/0106), as the webhook route will
// receive them: the signature checked on the raw bytes, then the event applied once by its id.

vi.mock("server-only", () => ({}));

const { applyPaymentEvent, billingConfig, cancelInvoice, invoiceByNumber, issueInvoice, verifyRazorpaySignature } = await import("@/server/billing");

const handle = setUpTestDatabase();

const SECRET = "kinetic-razorpay-webhook-secret";
const config = billingConfig({
  BILLING_LEGAL_NAME: "Kinetic Growth Private Limited",
  BILLING_ADDRESS: "4th Floor, 12 Marine Drive, Mumbai 400002",
  BILLING_GSTIN: "27AAKCK2468G1ZA",
  BILLING_SIGNATORY: "Asha Menon, Director",
});
const DECEMBER = new Date("2026-12-15T11:00:00+05:30");
const PAID_AT = 1_797_400_000; // 2026-12-16T05:46:40Z: Razorpay gives created_at in seconds

async function issue() {
  return issueInvoice(
    {
      recipient: { name: "Rangoli Foods Private Limited", address: "88 Residency Road, Bengaluru 560025", gstin: "29AABCR1357H1ZC" },
      lines: [{ description: "Paid Advertising: campaign management, December 2026", sac: "998361", quantity: 1, unitPricePaise: 4_000_000 }],
      issuedAt: DECEMBER,
    },
    { config },
  );
}

/** A payment_link.paid event's body as Razorpay sends it (the fields billing reads, and a few more). */
function linkPaid(invoiceNumber: string, amountPaise: number, paymentId = "pay_NkR1") {
  return {
    entity: "event",
    account_id: "acc_K1",
    event: "payment_link.paid",
    contains: ["payment_link", "order", "payment"],
    created_at: PAID_AT,
    payload: {
      payment_link: {
        entity: { id: "plink_NkQ9", reference_id: invoiceNumber, amount: amountPaise, amount_paid: amountPaise, currency: "INR", status: "paid" },
      },
      payment: { entity: { id: paymentId, amount: amountPaise, currency: "INR", status: "captured", method: "upi" } },
    },
  };
}

const sign = (raw: Buffer, secret = SECRET) => createHmac("sha256", secret).update(raw).digest("hex");

/** What the route will do: refuse an unsigned body, apply a signed one by its event id. */
async function deliver(raw: Buffer, signature: string, eventId: string) {
  if (!verifyRazorpaySignature(raw, signature, SECRET)) return { status: "refused" as const };
  return applyPaymentEvent({ eventId, body: JSON.parse(raw.toString("utf8")) });
}

const eventRows = () => handle.db.select().from(paymentEvents).orderBy(paymentEvents.id);

beforeEach(async () => {
  await handle.db.execute(sql`truncate payment_events, credit_notes, invoices, invoice_series restart identity cascade`);
});

describe("a Razorpay payment event", () => {
  it("marks its invoice paid, at the event's time, and records the event as applied", async () => {
    const invoice = await issue();
    const raw = Buffer.from(JSON.stringify(linkPaid(invoice.number, invoice.totalPaise)));
    expect(await deliver(raw, sign(raw), "evt_paid_1")).toEqual({ status: "applied", invoiceNumber: invoice.number });
    const paid = (await invoiceByNumber(invoice.number))!;
    expect(paid.status).toBe("paid");
    expect(paid.paidAt?.toISOString()).toBe(new Date(PAID_AT * 1000).toISOString());
    expect(await eventRows()).toMatchObject([
      {
        provider: "razorpay",
        eventId: "evt_paid_1",
        eventType: "payment_link.paid",
        invoiceId: invoice.id,
        paymentId: "pay_NkR1",
        amountPaise: 4_720_000,
        applied: true,
        outcome: null,
      },
    ]);
  });

  it("delivered again changes nothing: one row, the invoice as the first delivery left it", async () => {
    const invoice = await issue();
    const raw = Buffer.from(JSON.stringify(linkPaid(invoice.number, invoice.totalPaise)));
    await deliver(raw, sign(raw), "evt_paid_1");
    const [before] = await handle.db.select().from(invoices);
    expect(await deliver(raw, sign(raw), "evt_paid_1")).toEqual({ status: "duplicate" });
    expect(await handle.db.select().from(invoices)).toEqual([before]);
    expect(await eventRows()).toHaveLength(1);
  });

  it("delivered five times at once is applied once", async () => {
    const invoice = await issue();
    const raw = Buffer.from(JSON.stringify(linkPaid(invoice.number, invoice.totalPaise)));
    const results = await Promise.all(Array.from({ length: 5 }, () => deliver(raw, sign(raw), "evt_paid_1")));
    expect(results.filter((r) => r.status === "applied")).toHaveLength(1);
    expect(results.filter((r) => r.status === "duplicate")).toHaveLength(4);
    expect(await eventRows()).toHaveLength(1);
  });

  it("with its body tampered with after signing is refused, and nothing is written", async () => {
    const invoice = await issue();
    const genuine = Buffer.from(JSON.stringify(linkPaid(invoice.number, 100)));
    const signature = sign(genuine);
    // The amount raised to the invoice's total, under the signature of the real one-rupee payment.
    const tampered = Buffer.from(
      genuine.toString("utf8").replaceAll('"amount":100,"amount_paid":100', `"amount":${invoice.totalPaise},"amount_paid":${invoice.totalPaise}`),
    );
    expect(tampered.equals(genuine)).toBe(false);
    expect(await deliver(tampered, signature, "evt_tampered")).toEqual({ status: "refused" });
    expect(await eventRows()).toEqual([]);
    expect((await invoiceByNumber(invoice.number))?.status).toBe("issued");
  });

  it("with a wrong signature is refused: another secret's, a truncated one, none", async () => {
    const invoice = await issue();
    const raw = Buffer.from(JSON.stringify(linkPaid(invoice.number, invoice.totalPaise)));
    for (const signature of [sign(raw, "someone-elses-secret"), sign(raw).slice(0, 40), ""]) {
      expect(await deliver(raw, signature, "evt_forged")).toEqual({ status: "refused" });
    }
    expect(await eventRows()).toEqual([]);
    expect((await invoiceByNumber(invoice.number))?.status).toBe("issued");
  });

  it("for the same payment under another event id (payment.captured after payment_link.paid) is recorded, not applied again", async () => {
    const invoice = await issue();
    await applyPaymentEvent({ eventId: "evt_paid_1", body: linkPaid(invoice.number, invoice.totalPaise) });
    const [before] = await handle.db.select().from(invoices);
    const captured = {
      event: "payment.captured",
      created_at: PAID_AT + 5,
      payload: { payment: { entity: { id: "pay_NkR1", amount: invoice.totalPaise, currency: "INR", notes: { invoice_number: invoice.number } } } },
    };
    expect(await applyPaymentEvent({ eventId: "evt_captured_1", body: captured })).toMatchObject({ status: "ignored", outcome: "the invoice is already paid" });
    expect(await handle.db.select().from(invoices)).toEqual([before]);
  });

  it("paying a captured payment's invoice from its notes", async () => {
    const invoice = await issue();
    const captured = {
      event: "payment.captured",
      payload: { payment: { entity: { id: "pay_X", amount: invoice.totalPaise, currency: "INR", notes: { invoice_number: invoice.number } } } },
    };
    expect(await applyPaymentEvent({ eventId: "evt_captured_2", body: captured })).toEqual({ status: "applied", invoiceNumber: invoice.number });
  });

  it.each([
    ["of another amount", (n: string, total: number) => linkPaid(n, total - 1), /is not the invoice's total/],
    ["for an invoice that does not exist", (_: string, total: number) => linkPaid("INV/26-27/09999", total), /there is no invoice INV\/26-27\/09999/],
    ["that names no invoice", (_: string, total: number) => linkPaid("", total), /names no invoice/],
    [
      "in another currency",
      (n: string, total: number) => ({
        ...linkPaid(n, total),
        payload: { payment_link: { entity: { reference_id: n, amount_paid: total, currency: "USD" } } },
      }),
      /in USD, not INR/,
    ],
    ["of a kind that pays nothing", (n: string, total: number) => ({ ...linkPaid(n, total), event: "payment.failed" }), /payment.failed pays no invoice/],
  ])("%s is recorded with why, and the invoice stays unpaid", async (_, body, outcome) => {
    const invoice = await issue();
    const result = await applyPaymentEvent({ eventId: "evt_odd", body: body(invoice.number, invoice.totalPaise) });
    expect(result.status).toBe("ignored");
    expect(result.status === "ignored" ? result.outcome : "").toMatch(outcome);
    const [row] = await eventRows();
    expect(row).toMatchObject({ eventId: "evt_odd", applied: false });
    expect(row!.outcome).toMatch(outcome);
    expect((await invoiceByNumber(invoice.number))?.status).toBe("issued");
  });

  it("without an event id, or with one too long to be Razorpay's, is refused before anything is written", async () => {
    const invoice = await issue();
    const body = linkPaid(invoice.number, invoice.totalPaise);
    await expect(applyPaymentEvent({ eventId: " ", body })).rejects.toThrow(/applied by its id/);
    await expect(applyPaymentEvent({ eventId: `evt_${"x".repeat(100)}`, body })).rejects.toThrow(/at most 100 characters/);
    expect(await eventRows()).toEqual([]);
  });

  it("for a cancelled invoice is recorded for a refund, and the invoice stays cancelled", async () => {
    const invoice = await issue();
    await cancelInvoice(invoice.number, "Billed twice", { at: DECEMBER });
    const result = await applyPaymentEvent({ eventId: "evt_late", body: linkPaid(invoice.number, invoice.totalPaise) });
    expect(result).toMatchObject({ status: "ignored", outcome: "the invoice is cancelled: the payment is to be refunded" });
    expect((await invoiceByNumber(invoice.number))?.status).toBe("cancelled");
  });
});
