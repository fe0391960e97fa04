import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { setUpTestDatabase } from "./helpers/test-db";
import { signedInMember } from "./helpers/signed-in";

// Won and paid apart (docs/decisions/0109): one fixture, two won deals of the same value, one paid
// through Razorpay's webhook event and one not. Every screen that shows won value shows beside it
// what was paid, counted by one rule (billing's paidPaiseSql): the deal's paid invoices' totals.

const SITE = "http://localhost:3999";
let requestHeaders = new Headers({ host: "localhost:3999", origin: SITE });
vi.mock("next/headers", () => ({ headers: async () => requestHeaders, cookies: async () => ({ get: () => undefined, set: () => {}, getAll: () => [] }) }));
vi.mock("next/cache", () => ({ revalidatePath: () => {}, revalidateTag: () => {}, updateTag: () => {} }));
vi.mock("next/navigation", () => ({ redirect: () => {}, notFound: () => {} }));

const handle = setUpTestDatabase();
const { analyticsEvents, leads } = await import("@/server/kernel/db/schema");
const { applyPaymentEvent, billingConfig, cancelInvoice, issueInvoice, paidPaiseSql } = await import("@/server/billing");
const { overviewReport } = await import("@/server/dashboard/data/overview");
const { loadBoard } = await import("@/server/pipeline/data/pipeline");
const { readBoardFilters } = await import("@/lib/pipeline");
const { analyticsCsvRows, analyticsReport } = await import("@/server/analytics/data/analytics-report");
const { personHeader } = await import("@/server/people/data/people-rows");

const NOW = new Date();
const VALUE = 40_000; // rupees, before tax
const config = billingConfig({
  BILLING_LEGAL_NAME: "Kinetic Growth Private Limited",
  BILLING_ADDRESS: "4th Floor, 12 Marine Drive, Mumbai 400002",
  BILLING_GSTIN: "27AAKCK2468G1ZA",
  BILLING_SIGNATORY: "Asha Menon, Director",
});
const emails = { paid: `paid-${crypto.randomUUID()}@brand.in`, unpaid: `unpaid-${crypto.randomUUID()}@brand.in` };
const ids = { paid: "", unpaid: "" };
let paidTotal = 0;

async function invoiceFor(leadId: string) {
  return issueInvoice(
    {
      recipient: { name: "Rangoli Foods Private Limited", address: "88 Residency Road, Bengaluru 560025", gstin: "29AABCR1357H1ZC" },
      lines: [{ description: "Paid Advertising: campaign management", sac: "998361", quantity: 1, unitPricePaise: VALUE * 100 }],
      leadId,
    },
    { config },
  );
}

beforeAll(async () => {
  const member = await signedInMember(handle.db, "owner", { prefix: "won-paid" });
  requestHeaders = new Headers({ host: "localhost:3999", origin: SITE, cookie: member.cookie });
  await handle.db.execute(sql`truncate leads, analytics_events, payment_links, payment_events, credit_notes, invoices, invoice_series cascade`);
  const createdAt = new Date(NOW.getTime() - 20 * 60_000);
  const wonAt = new Date(NOW.getTime() - 10 * 60_000);
  const base = { mobileNumber: "+919876543210", status: "won", wonAt, createdAt, dealValue: VALUE };
  const rows = await handle.db
    .insert(leads)
    .values([
      { ...base, name: "Paid Deal", email: emails.paid, visitorId: "c".repeat(64) },
      { ...base, name: "Unpaid Deal", email: emails.unpaid, visitorId: "d".repeat(64) },
    ])
    .returning({ id: leads.id, name: leads.name });
  ids.paid = rows.find((r) => r.name === "Paid Deal")!.id;
  ids.unpaid = rows.find((r) => r.name === "Unpaid Deal")!.id;
  const at = new Date(createdAt.getTime() - 5 * 60_000);
  await handle.db.insert(analyticsEvents).values(
    ["c".repeat(64), "d".repeat(64)].map((visitorId) => ({
      at,
      day: at.toISOString().slice(0, 10),
      visitorId,
      path: "/free-audit",
      device: "desktop" as const,
      utmSource: "newsletter",
      utmMedium: "email",
    })),
  );
  // The paid deal: its invoice paid by Razorpay's event. The unpaid deal: an invoice issued and not
  // paid, and a second one paid and then cancelled (refunded), which counts nothing.
  const paid = await invoiceFor(ids.paid);
  paidTotal = paid.totalPaise;
  const pay = (number: string, total: number, eventId: string) =>
    applyPaymentEvent({
      eventId,
      body: {
        event: "payment_link.paid",
        payload: {
          payment_link: { entity: { id: `plink_${eventId}`, reference_id: number, amount_paid: total, currency: "INR" } },
          payment: { entity: { id: `pay_${eventId}` } },
        },
      },
    });
  expect(await pay(paid.number, paid.totalPaise, "evt_won_paid")).toMatchObject({ status: "applied" });
  await invoiceFor(ids.unpaid);
  const refunded = await invoiceFor(ids.unpaid);
  expect(await pay(refunded.number, refunded.totalPaise, "evt_refunded")).toMatchObject({ status: "applied" });
  await cancelInvoice(refunded.number, "Billed twice; the payment is refunded");
}, 120_000);

describe("won and paid, apart", () => {
  it("the rule: a lead's paid invoices' totals, GST included; an unpaid or cancelled invoice counts nothing", async () => {
    expect(paidTotal).toBe(4_720_000); // ₹40,000 and IGST 18 %
    const result = await handle.db.execute<{ id: string; paid: string }>(sql`select ${leads.id} as id, ${paidPaiseSql(leads.id)}::text as paid from ${leads}`);
    const byId = new Map(result.rows.map((r) => [r.id, Number(r.paid)]));
    expect(byId.get(ids.paid)).toBe(paidTotal);
    expect(byId.get(ids.unpaid)).toBe(0);
  });

  it("the Overview: two deals won, one paid", async () => {
    const overview = await overviewReport(4, new Date());
    expect(overview.won).toEqual({ count: 2, value: 2 * VALUE, paidPaise: paidTotal });
    expect(overview.pipeline.wonByMonth.at(-1)).toMatchObject({ count: 2, value: 2 * VALUE, paidPaise: paidTotal });
  });

  it("the pipeline's Won column and its cards", async () => {
    const won = (await loadBoard(readBoardFilters({}))).columns.find((c) => c.key === "won")!;
    expect(won).toMatchObject({ count: 2, total: 2 * VALUE, paidPaise: paidTotal });
    expect(won.cards.find((c) => c.id === ids.paid)).toMatchObject({ dealValue: VALUE, paidPaise: paidTotal });
    expect(won.cards.find((c) => c.id === ids.unpaid)).toMatchObject({ dealValue: VALUE, paidPaise: 0 });
  });

  it("Analytics' funnel and its CSV", async () => {
    const report = await analyticsReport(7, {}, NOW);
    expect(report.funnelByChannel.find((r) => r.key === "email")).toMatchObject({ won: 2, wonValue: 2 * VALUE, paidPaise: paidTotal });
    expect(analyticsCsvRows(report)).toContainEqual(["Funnel by channel", "E-mail", "Paid (INR incl. GST)", paidTotal / 100]);
  });

  it("the person page", async () => {
    expect(await personHeader(emails.paid)).toMatchObject({ dealValue: VALUE, paidPaise: paidTotal });
    expect(await personHeader(emails.unpaid)).toMatchObject({ dealValue: VALUE, paidPaise: 0 });
  });
});
