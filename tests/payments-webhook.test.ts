import { createHmac } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { activityEvents, invoices, leads, paymentEvents, paymentLinks } from "@/server/kernel/db/schema";
import { setUpTestDatabase } from "./helpers/test-db";

// Razorpay's webhook route, POST /api/payments/razorpay (docs/decisions/0109), called as Razorpay
// calls it: the raw body signed with the webhook's secret, the event's id in x-razorpay-event-id.

const SECRET = "kinetic-razorpay-webhook-secret";
// Read by the route through the configuration, before anything reads it.
process.env.RAZORPAY_WEBHOOK_SECRET = SECRET;

vi.mock("server-only", () => ({}));

const { POST } = await import("@/app/api/payments/razorpay/route");
const { billingConfig, issueInvoice, razorpayWebhookPost } = await import("@/server/billing");

const handle = setUpTestDatabase();

const config = billingConfig({
  BILLING_LEGAL_NAME: "Kinetic Growth Private Limited",
  BILLING_ADDRESS: "4th Floor, 12 Marine Drive, Mumbai 400002",
  BILLING_GSTIN: "27AAKCK2468G1ZA",
  BILLING_SIGNATORY: "Asha Menon, Director",
});
const PAID_AT = 1_797_400_000;

async function wonLeadWithInvoice() {
  const [lead] = await handle.db
    .insert(leads)
    .values({ name: "Rangoli Foods", email: "owner@rangoli.example", mobileNumber: "+919876543210", status: "won", dealValue: 40_000 })
    .returning();
  const invoice = await issueInvoice(
    {
      recipient: { name: "Rangoli Foods Private Limited", address: "88 Residency Road, Bengaluru 560025", gstin: "29AABCR1357H1ZC" },
      lines: [{ description: "Paid Advertising: campaign management, December 2026", sac: "998361", quantity: 1, unitPricePaise: 4_000_000 }],
      leadId: lead!.id,
      issuedAt: new Date("2026-12-15T11:00:00+05:30"),
    },
    { config },
  );
  await handle.db
    .insert(paymentLinks)
    .values({ invoiceId: invoice.id, provider: "razorpay", providerLinkId: "plink_NkQ9", url: "https://rzp.io/i/NkQ9", amountPaise: invoice.totalPaise });
  return { lead: lead!, invoice };
}

function linkPaidBody(invoiceNumber: string, amountPaise: number): Buffer {
  return Buffer.from(
    JSON.stringify({
      entity: "event",
      account_id: "acc_K1",
      event: "payment_link.paid",
      contains: ["payment_link", "order", "payment"],
      created_at: PAID_AT,
      payload: {
        payment_link: {
          entity: { id: "plink_NkQ9", reference_id: invoiceNumber, amount: amountPaise, amount_paid: amountPaise, currency: "INR", status: "paid" },
        },
        payment: { entity: { id: "pay_NkR1", amount: amountPaise, currency: "INR", status: "captured", method: "upi", email: "payer@rangoli.example" } },
      },
    }),
  );
}

const sign = (raw: Buffer, secret = SECRET) => createHmac("sha256", secret).update(raw).digest("hex");

function post(raw: Buffer | string, headers: Record<string, string>): Request {
  return new Request("http://localhost:3999/api/payments/razorpay", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof raw === "string" ? raw : new Uint8Array(raw),
  });
}

/** Every row the webhook may write, as text: what "nothing changed" is compared on. */
async function written() {
  return {
    invoices: await handle.db.select().from(invoices).orderBy(invoices.id),
    events: await handle.db.select().from(paymentEvents).orderBy(paymentEvents.id),
    links: await handle.db.select().from(paymentLinks).orderBy(paymentLinks.id),
    // The trail is never truncated (only its retention prunes it): this test's rows are those since it began.
    trail: await handle.db
      .select()
      .from(activityEvents)
      .where(and(sql`${activityEvents.action} in ('invoice.paid', 'lead.paid')`, sql`${activityEvents.at} >= ${since.toISOString()}::timestamptz`)),
  };
}

let since = new Date();
beforeEach(async () => {
  await handle.db.execute(sql`truncate payment_links, payment_events, credit_notes, invoices, invoice_series, leads restart identity cascade`);
  since = new Date();
});

describe("POST /api/payments/razorpay", () => {
  it("with a valid event: 200, the invoice paid once, its link paid, and the lead's payment on the trail in the same transaction", async () => {
    const { lead, invoice } = await wonLeadWithInvoice();
    const raw = linkPaidBody(invoice.number, invoice.totalPaise);
    const answer = await POST(post(raw, { "x-razorpay-signature": sign(raw), "x-razorpay-event-id": "evt_NkR1" }));
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe(`Applied: invoice ${invoice.number} is paid.`);

    const after = await written();
    expect(after.invoices).toMatchObject([{ id: invoice.id, status: "paid", paidAt: new Date(PAID_AT * 1000) }]);
    expect(after.events).toMatchObject([{ eventId: "evt_NkR1", applied: true, invoiceId: invoice.id, paymentId: "pay_NkR1" }]);
    expect(after.links).toMatchObject([{ providerLinkId: "plink_NkQ9", status: "paid" }]);
    const lines = after.trail.map((r) => ({ action: r.action, table: r.tableName, record: r.recordId, after: r.after, userId: r.userId }));
    expect(lines).toEqual(
      expect.arrayContaining([
        {
          action: "invoice.paid",
          table: "invoices",
          record: String(invoice.id),
          after: { status: "paid", paidAt: new Date(PAID_AT * 1000).toISOString(), paymentId: "pay_NkR1", totalPaise: invoice.totalPaise },
          userId: null,
        },
        {
          action: "lead.paid",
          table: "leads",
          record: lead.id,
          after: { invoiceNumber: invoice.number, paidPaise: invoice.totalPaise, paidAt: new Date(PAID_AT * 1000).toISOString(), paymentId: "pay_NkR1" },
          userId: null,
        },
      ]),
    );
    expect(lines).toHaveLength(2);
    // No payer's details are kept anywhere: the body's e-mail is not on the trail or the event.
    expect(JSON.stringify(after)).not.toContain("payer@rangoli.example");
  });

  it("replayed (the same event id, Razorpay's retry): 200 and nothing changes", async () => {
    const { invoice } = await wonLeadWithInvoice();
    const raw = linkPaidBody(invoice.number, invoice.totalPaise);
    const headers = { "x-razorpay-signature": sign(raw), "x-razorpay-event-id": "evt_NkR1" };
    expect((await POST(post(raw, headers))).status).toBe(200);
    const before = await written();
    const again = await POST(post(raw, headers));
    expect(again.status).toBe(200);
    expect(await again.text()).toBe("Already received: nothing changed.");
    expect(await written()).toEqual(before);
  });

  it("with its body tampered with after signing, or a wrong or missing signature: 401 and nothing written", async () => {
    const { invoice } = await wonLeadWithInvoice();
    const before = await written();
    const genuine = linkPaidBody(invoice.number, 100);
    const tampered = Buffer.from(genuine.toString("utf8").replaceAll("100", String(invoice.totalPaise)));
    const raw = linkPaidBody(invoice.number, invoice.totalPaise);
    for (const [body, signature] of [
      [tampered, sign(genuine)],
      [raw, sign(raw, "someone-elses-secret")],
      [raw, sign(raw).slice(0, 40)],
      [raw, ""],
    ] as const) {
      const answer = await POST(post(body, { ...(signature ? { "x-razorpay-signature": signature } : {}), "x-razorpay-event-id": "evt_forged" }));
      expect(answer.status).toBe(401);
    }
    expect(await written()).toEqual(before);
  });

  it("malformed but signed (not JSON, not an event, no event id): 400 and nothing written", async () => {
    await wonLeadWithInvoice();
    const before = await written();
    for (const [raw, eventId] of [
      [Buffer.from("{not json"), "evt_1"],
      [Buffer.from("[1,2,3]"), "evt_2"],
      [Buffer.from('{"payload":{}}'), "evt_3"],
      [Buffer.from('{"event":"payment_link.paid"}'), ""],
      [Buffer.from('{"event":"payment_link.paid"}'), `evt_${"x".repeat(100)}`],
    ] as const) {
      const answer = await POST(post(raw, { "x-razorpay-signature": sign(raw), ...(eventId ? { "x-razorpay-event-id": eventId } : {}) }));
      expect(answer.status, raw.toString()).toBe(400);
    }
    expect(await written()).toEqual(before);
  });

  it("a signed event that pays nothing (another amount) is answered 200, kept with why, and the invoice stays unpaid", async () => {
    const { invoice } = await wonLeadWithInvoice();
    const raw = linkPaidBody(invoice.number, invoice.totalPaise - 1);
    const answer = await POST(post(raw, { "x-razorpay-signature": sign(raw), "x-razorpay-event-id": "evt_short" }));
    expect(answer.status).toBe(200);
    expect(await answer.text()).toMatch(/^Received, nothing paid: the payment of .* is not the invoice's total/);
    const after = await written();
    expect(after.invoices[0]!.status).toBe("issued");
    expect(after.trail).toEqual([]);
  });

  it("unconfigured (no webhook secret): 503 naming RAZORPAY_WEBHOOK_SECRET, before reading anything", async () => {
    const { invoice } = await wonLeadWithInvoice();
    const before = await written();
    const raw = linkPaidBody(invoice.number, invoice.totalPaise);
    const answer = await razorpayWebhookPost(post(raw, { "x-razorpay-signature": sign(raw, ""), "x-razorpay-event-id": "evt_NkR1" }), { secret: "" });
    expect(answer.status).toBe(503);
    expect(await answer.text()).toContain("RAZORPAY_WEBHOOK_SECRET");
    expect(await written()).toEqual(before);
  });

  it("a body over 64 KB is refused with 413 without being read", async () => {
    const { bodyLimitFor } = await import("../host/request-guards");
    // The host refuses it first (413 before Next); the route holds the same limit when served another way.
    expect(bodyLimitFor("/api/payments/razorpay")!.bytes).toBe(64 * 1024);
    const raw = Buffer.alloc(64 * 1024 + 1, " ");
    const answer = await POST(post(raw, { "x-razorpay-signature": sign(raw), "x-razorpay-event-id": "evt_big" }));
    expect(answer.status).toBe(413);
    expect(
      await handle.db
        .select()
        .from(paymentEvents)
        .where(and(eq(paymentEvents.eventId, "evt_big"))),
    ).toEqual([]);
  });
});
