import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startFakeRazorpay, type FakeRazorpay } from "./helpers/fake-razorpay";
import { request } from "./helpers/next-mocks";
import { setUpTestDatabase } from "./helpers/test-db";
import { setUpJobQueue } from "./helpers/job-queue";

// From an accepted proposal to its invoice and payment link: the invoice's lines and totals are the
// accepted proposal's (one month of the monthly lines), a second invoice and an unaccepted proposal
// are refused, the link is asked of (a local fake of) Razorpay and kept, and the client's page shows
// the link to pay and then the payment once Razorpay's event is applied.

vi.mock("server-only", () => ({}));
vi.mock("next/headers", () => import("./helpers/next-mocks").then((m) => m.nextHeaders));
vi.mock("next/cache", () => import("./helpers/next-mocks").then((m) => m.nextCache));
vi.mock("next/navigation", () => import("./helpers/next-mocks").then((m) => m.nextNavigation));
request.headers = new Headers({ host: "localhost:3999", origin: "http://localhost:3999", "x-forwarded-for": "198.51.100.77" });

const handle = setUpTestDatabase();
setUpJobQueue();

const { activityEvents, invoices, leads, paymentLinks, profiles, users } = await import("@/server/kernel/db/schema");
const billing = await import("@/server/billing");
const p = await import("@/server/proposals");
const { getLead, listLeads } = await import("@/server/integrations/api-leads");
const { leadSummary } = await import("@/server/integrations/mcp-desk-tools");
const { openApiDocument } = await import("@/server/integrations/openapi");
const exportRoute = await import("@/app/admin/export/[table]/route");
const { signedInMember } = await import("./helpers/signed-in");
const actions = await import("@/server/proposals/proposal-actions");
type ProposalLine = import("@/lib/proposals").ProposalLine;

const BILLING_ENV = {
  BILLING_LEGAL_NAME: "Kinetic Growth Private Limited",
  BILLING_ADDRESS: "4th Floor, 12 Marine Drive\\nMumbai 400002",
  BILLING_GSTIN: "27AAKCK2468G1ZA",
  BILLING_SIGNATORY: "Asha Menon, Director",
};
const config = billing.billingConfig(BILLING_ENV);
const KEYS = { keyId: "rzp_test_Kinetic0001", keySecret: "fakeSecretForDealToCash" };
let fake: FakeRazorpay;
beforeAll(async () => {
  fake = await startFakeRazorpay(KEYS);
});
afterAll(async () => {
  await fake.close();
});

// 15 December 2026 in India: sent; accepted the next day; invoiced the day after.
const NOW = new Date("2026-12-15T11:00:00+05:30");
const LATER = new Date("2026-12-16T11:00:00+05:30");
const INVOICED = new Date("2026-12-17T11:00:00+05:30");
const SALES = { id: "sales-1", email: "sales@agency.test" };

const LINES: ProposalLine[] = [
  { description: "SEO Optimization: Growth", sacCode: "998361", quantity: 1, unitPricePaise: 4_000_000, discount: null, billing: "monthly" },
  { description: "One-time setup", sacCode: "998361", quantity: 1, unitPricePaise: 1_500_000, discount: { percent: 10 }, billing: "one-time" },
];

/** A proposal for a new lead with LINES, sent, and accepted unless told otherwise. */
async function proposal(options: { accept?: boolean; address?: string; lines?: ProposalLine[] } = {}) {
  const [lead] = await handle.db
    .insert(leads)
    .values({ name: "Ravi Kumar", email: "ravi@rangoli.test", mobileNumber: "+919876543210", ownerId: SALES.id })
    .returning({ id: leads.id });
  const made = await p.createProposalForLead(lead!.id, SALES, { config, now: NOW });
  if (!made.ok) throw new Error(made.message);
  const saved = await p.updateDraft(
    made.id,
    {
      title: "Growth retainer",
      lines: options.lines ?? LINES,
      validUntil: "2026-12-31",
      terms: "Net 15.",
      recipient: {
        name: "Ravi Kumar",
        company: "Rangoli Foods",
        email: "ravi@rangoli.test",
        stateCode: "27",
        ...(options.address === "" ? {} : { address: options.address ?? "14 Hill Road, Pune 411001" }),
      },
    },
    SALES,
    { config, now: NOW },
  );
  if (!saved.ok) throw new Error(saved.message);
  const sent = await p.sendProposal(made.id, SALES, { config, now: NOW });
  if (!sent.ok) throw new Error(sent.message);
  if (options.accept !== false) {
    const page = await p.publicProposal(sent.token, { now: LATER });
    const accepted = await p.acceptProposal({
      token: sent.token,
      name: "Ravi Kumar",
      agreed: true,
      documentSha256: page!.documentSha256,
      ip: "198.51.100.77",
      userAgent: "Test/1.0",
      now: LATER,
    });
    if (!accepted.ok) throw new Error(accepted.message);
  }
  return { id: made.id, token: sent.token, leadId: lead!.id };
}

beforeEach(async () => {
  await handle.db.execute(sql`truncate payment_events, payment_links, credit_notes, invoices, invoice_series, proposals, leads, profiles, users cascade`);
  await handle.db.insert(users).values({ id: SALES.id, name: "Sana Sales", email: SALES.email, emailVerified: true });
  await handle.db.insert(profiles).values({ userId: SALES.id, role: "sales" });
  fake.requests.length = 0;
});

describe("an invoice from an accepted proposal", () => {
  it("bills the one-time lines and the first month of the monthly ones, to the proposal's client, linked to the lead and the proposal", async () => {
    const { id, leadId } = await proposal();
    const issued = await p.issueInvoiceForProposal(id, SALES, { config, now: INVOICED });
    if (!issued.ok) throw new Error(issued.message);
    const invoice = issued.invoice;
    expect(invoice.number).toBe("INV/26-27/00001");
    expect(invoice.leadId).toBe(leadId);
    expect(invoice.proposalId).toBe(id);
    expect(invoice.recipient).toMatchObject({
      name: "Rangoli Foods",
      address: "14 Hill Road, Pune 411001",
      gstin: null,
      stateCode: "27",
      email: "ravi@rangoli.test",
    });
    // Maharashtra to Maharashtra: CGST 9 % + SGST 9 % per line, half up to the paisa.
    expect(invoice.lines.map((l) => [l.description, l.taxablePaise, l.cgstPaise, l.sgstPaise, l.igstPaise])).toEqual([
      ["SEO Optimization: Growth (first month)", 4_000_000, 360_000, 360_000, 0],
      ["One-time setup", 1_350_000, 121_500, 121_500, 0],
    ]);
    expect([invoice.taxablePaise, invoice.cgstPaise, invoice.sgstPaise, invoice.igstPaise, invoice.totalPaise]).toEqual([
      5_350_000, 481_500, 481_500, 0, 6_313_000,
    ]);
    const trail = await handle.db.select().from(activityEvents).where(eq(activityEvents.action, "proposal.invoice"));
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ userId: SALES.id, tableName: "proposals", recordId: id });
  });

  it("bills each later month of the monthly lines alone, one invoice per month, clicks at once taking a month each", async () => {
    const { id, token } = await proposal();
    const first = await p.issueInvoiceForProposal(id, SALES, { config, now: INVOICED });
    expect(first.ok && first.invoice.billingMonth).toBe(1);
    const second = await p.issueInvoiceForProposal(id, SALES, { config, now: INVOICED });
    if (!second.ok) throw new Error(second.message);
    expect(second.invoice).toMatchObject({ number: "INV/26-27/00002", billingMonth: 2, proposalId: id, totalPaise: 4_720_000 });
    expect(second.invoice.lines.map((l) => [l.description, l.taxablePaise, l.cgstPaise, l.sgstPaise])).toEqual([
      ["SEO Optimization: Growth (month 2)", 4_000_000, 360_000, 360_000],
    ]);
    // Three clicks at once: the proposal's row is locked, so each takes the next month and a number of its own.
    const together = await Promise.all([1, 2, 3].map(() => p.issueInvoiceForProposal(id, SALES, { config, now: INVOICED })));
    expect(together.map((r) => r.ok && r.invoice.billingMonth).sort()).toEqual([3, 4, 5]);
    expect(new Set(together.map((r) => r.ok && r.invoice.number)).size).toBe(3);
    // A cancelled month is billed again before the next one.
    await billing.cancelInvoice("INV/26-27/00002", "Wrong month", { at: INVOICED });
    const again = await p.issueInvoiceForProposal(id, SALES, { config, now: INVOICED });
    expect(again.ok && [again.invoice.billingMonth, again.invoice.number]).toEqual([2, "INV/26-27/00006"]);
    // The client is shown the first invoice still to pay.
    expect((await p.publicProposal(token, { now: INVOICED }))!.payment).toMatchObject({ invoiceNumber: "INV/26-27/00001", totalPaise: 6_313_000 });
    expect((await p.proposalInvoices(id)).map((b) => b.invoice.billingMonth)).toEqual([1, 2, 3, 4, 5]);
  });

  it("is refused a second time when there are no monthly lines, and the unique index refuses a second row for a month even past the check", async () => {
    const { id } = await proposal({ lines: [LINES[1]!] });
    expect((await p.issueInvoiceForProposal(id, SALES, { config, now: INVOICED })).ok).toBe(true);
    expect(await p.issueInvoiceForProposal(id, SALES, { config, now: INVOICED })).toEqual({
      ok: false,
      message: "Invoice INV/26-27/00001 was issued for this proposal already, and it has no monthly lines to bill again.",
    });
    await expect(
      billing.issueInvoice(
        {
          recipient: { name: "X", address: "Y", stateCode: "27" },
          lines: [{ description: "Z", sac: "998361", quantity: 1, unitPricePaise: 100 }],
          proposalId: id,
          issuedAt: INVOICED,
        },
        { config },
      ),
    ).rejects.toThrow();
    expect(await handle.db.select().from(invoices)).toHaveLength(1);
    // The failed insert rolled its number back: the next invoice is 00002.
    const next = await billing.issueInvoice(
      {
        recipient: { name: "X", address: "Y", stateCode: "27" },
        lines: [{ description: "Z", sac: "998361", quantity: 1, unitPricePaise: 100 }],
        issuedAt: INVOICED,
      },
      { config },
    );
    expect(next.number).toBe("INV/26-27/00002");
  });

  it("is refused for a proposal not accepted, and asks for the address a proposal lacks", async () => {
    const open = await proposal({ accept: false });
    expect(await p.issueInvoiceForProposal(open.id, SALES, { config, now: INVOICED })).toEqual({
      ok: false,
      message: "Only an accepted proposal is invoiced.",
    });
    const bare = await proposal({ address: "" });
    expect(await p.issueInvoiceForProposal(bare.id, SALES, { config, now: INVOICED })).toEqual({
      ok: false,
      message: "Enter the client's address: a tax invoice carries it.",
    });
    const given = await p.issueInvoiceForProposal(bare.id, SALES, { config, now: INVOICED, address: "2 Lake View, Pune" });
    expect(given.ok && given.invoice.recipient.address).toBe("2 Lake View, Pune");
    expect(await handle.db.select().from(invoices)).toHaveLength(1);
  });

  it("may be issued again once the first is cancelled by a credit note", async () => {
    const { id } = await proposal();
    const first = await p.issueInvoiceForProposal(id, SALES, { config, now: INVOICED });
    await billing.cancelInvoice(first.ok ? first.invoice.number : "", "Wrong address", { at: INVOICED });
    const second = await p.issueInvoiceForProposal(id, SALES, { config, now: INVOICED });
    expect(second.ok && second.invoice.number).toBe("INV/26-27/00002");
  });
});

describe("its payment link and the client's page", () => {
  it("asks the provider for the invoice's total under its number, keeps the link with a trail row, and the page offers it, then says paid", async () => {
    const { id, token } = await proposal();
    const issued = await p.issueInvoiceForProposal(id, SALES, { config, now: INVOICED });
    if (!issued.ok) throw new Error(issued.message);
    const before = await p.publicProposal(token, { now: INVOICED });
    expect(before!.payment).toEqual({ invoiceNumber: "INV/26-27/00001", totalPaise: 6_313_000, payUrl: null, paidAt: null });

    const provider = billing.razorpayProvider({ ...KEYS, apiBase: fake.base });
    // Three clicks at once (a double click, two members): one link is made and all three answer it.
    const atOnce = await Promise.all([1, 2, 3].map(() => billing.createPaymentLink(issued.invoice.id, provider, SALES)));
    expect(atOnce.filter((r) => r.created)).toHaveLength(1);
    const made = atOnce.find((r) => r.created)!;
    expect(atOnce.map((r) => r.link.id)).toEqual([made.link.id, made.link.id, made.link.id]);
    expect(made.link).toMatchObject({ invoiceId: issued.invoice.id, provider: "razorpay", amountPaise: 6_313_000, status: "created" });
    expect(made.link.url).toMatch(/^https:\/\/rzp\.io\//);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.body).toMatchObject({
      amount: 6_313_000,
      currency: "INR",
      reference_id: "INV/26-27/00001",
      customer: { name: "Rangoli Foods", email: "ravi@rangoli.test" },
    });
    const trail = await handle.db.select().from(activityEvents).where(eq(activityEvents.action, "invoice.payment-link"));
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ userId: SALES.id, tableName: "invoices", recordId: String(issued.invoice.id) });
    // A later click keeps the open link rather than asking for another.
    expect((await billing.createPaymentLink(issued.invoice.id, provider, SALES)).created).toBe(false);
    expect(fake.requests).toHaveLength(1);

    const open = await p.publicProposal(token, { now: INVOICED });
    expect(open!.payment).toEqual({ invoiceNumber: "INV/26-27/00001", totalPaise: 6_313_000, payUrl: made.link.url, paidAt: null });

    const paidAt = Math.floor(new Date("2026-12-18T10:00:00+05:30").getTime() / 1000);
    const result = await billing.applyPaymentEvent({
      eventId: "evt_DealToCash1",
      body: {
        entity: "event",
        event: "payment_link.paid",
        created_at: paidAt,
        payload: {
          payment_link: {
            entity: {
              id: made.link.providerLinkId,
              reference_id: "INV/26-27/00001",
              amount: 6_313_000,
              amount_paid: 6_313_000,
              currency: "INR",
              status: "paid",
            },
          },
          payment: { entity: { id: "pay_DealToCash1", amount: 6_313_000, currency: "INR", status: "captured" } },
        },
      },
    });
    expect(result).toEqual({ status: "applied", invoiceNumber: "INV/26-27/00001" });
    const paid = await p.publicProposal(token, { now: INVOICED });
    expect(paid!.payment).toEqual({ invoiceNumber: "INV/26-27/00001", totalPaise: 6_313_000, payUrl: null, paidAt: new Date(paidAt * 1000) });
    expect((await handle.db.select().from(paymentLinks))[0]!.status).toBe("paid");
    await expect(billing.createPaymentLink(issued.invoice.id, provider, SALES)).rejects.toThrow("Invoice INV/26-27/00001 is paid already.");
    // The desk's list of the proposal's months reads each month's own link (one query for all): month 2 has none yet.
    const month2 = await p.issueInvoiceForProposal(id, SALES, { config, now: INVOICED });
    if (!month2.ok) throw new Error(month2.message);
    expect((await p.proposalInvoices(id)).map((b) => [b.invoice.billingMonth, b.link?.id ?? null])).toEqual([
      [1, made.link.id],
      [2, null],
    ]);
  });

  it("is not made when the provider refuses, and nothing is kept", async () => {
    const { id } = await proposal();
    const issued = await p.issueInvoiceForProposal(id, SALES, { config, now: INVOICED });
    if (!issued.ok) throw new Error(issued.message);
    fake.failNext(400, "The api key provided is invalid");
    await expect(billing.createPaymentLink(issued.invoice.id, billing.razorpayProvider({ ...KEYS, apiBase: fake.base }), SALES)).rejects.toThrow(
      "Razorpay refused the payment link: The api key provided is invalid",
    );
    expect(await handle.db.select().from(paymentLinks)).toHaveLength(0);
  });
});

describe("paid beside won in the REST API, its OpenAPI document, the MCP tools and the leads' export", () => {
  it("carry paidPaise from the lead's paid invoices: 0 before the payment, the invoice's total after", async () => {
    const { id, leadId } = await proposal();
    const [other] = await handle.db
      .insert(leads)
      .values({ name: "Unbilled Lead", email: "none@brand.test", mobileNumber: "+919876543211" })
      .returning({ id: leads.id });
    const issued = await p.issueInvoiceForProposal(id, SALES, { config, now: INVOICED });
    if (!issued.ok) throw new Error(issued.message);
    const key = { id: "test", name: "crm", scopes: ["leads:read"] } as never;
    expect(await getLead(key, leadId)).toMatchObject({ paidPaise: 0, dealValue: 53_500 });

    await billing.applyPaymentEvent({
      eventId: "evt_DealToCash2",
      body: {
        event: "payment_link.paid",
        payload: {
          payment_link: { entity: { id: "plink_X", reference_id: issued.invoice.number, amount: 6_313_000, currency: "INR", status: "paid" } },
          payment: { entity: { id: "pay_X", amount: 6_313_000, currency: "INR", status: "captured" } },
        },
      },
    });
    // Won is the deal's value in rupees before tax; paid is the paise received, GST included.
    expect(await getLead(key, leadId)).toMatchObject({ dealValue: 53_500, paidPaise: 6_313_000 });
    const page = await listLeads(key, {});
    expect(page.data.find((l) => l.id === leadId)).toMatchObject({ paidPaise: 6_313_000 });
    expect(page.data.find((l) => l.id === other!.id)).toMatchObject({ paidPaise: 0 });
    expect(leadSummary(await getLead(key, leadId))).toMatchObject({ dealValue: 53_500, paidPaise: 6_313_000 });
    const schemas = (openApiDocument() as { components: { schemas: Record<string, { properties: Record<string, object> }> } }).components.schemas;
    expect(schemas.Lead!.properties.paidPaise).toMatchObject({ type: "integer", minimum: 0 });

    const member = await signedInMember(handle.db, "owner", { prefix: "deal-to-cash" });
    request.headers = new Headers({ host: "localhost:3999", origin: "http://localhost:3999", cookie: member.cookie });
    const response = await exportRoute.GET(new Request("http://localhost:3999/admin/export/leads"), { params: Promise.resolve({ table: "leads" }) });
    expect(response.status).toBe(200);
    const [head, ...lines] = (await response.text()).trim().split(/\r?\n/);
    const paid = head!.split(",").indexOf("Paid (INR incl. GST)");
    expect(paid).toBeGreaterThan(-1);
    expect(lines.find((l) => l.includes(",Ravi Kumar,"))!.split(",")[paid]).toBe("63130");
    expect(lines.find((l) => l.includes(",Unbilled Lead,"))!.split(",")[paid]).toBe("0");
  });
});

describe("the desk's actions", () => {
  it("Issue invoice answers with the number; Create payment link, with the Razorpay keys unset, says payment links are off and asks nothing", async () => {
    const { id } = await proposal();
    const member = await signedInMember(handle.db, "sales", { prefix: "deal-to-cash-actions" });
    request.headers = new Headers({ host: "localhost:3999", origin: "http://localhost:3999", cookie: member.cookie });
    const form = (values: Record<string, string>) => {
      const data = new FormData();
      for (const [k, v] of Object.entries(values)) data.set(k, v);
      return data;
    };
    const idle = { status: "idle" } as never;
    // Unconfigured billing is refused with the settings named, and takes no number.
    expect(await actions.issueInvoiceAction(idle, form({ id }))).toMatchObject({ status: "refused", title: "Billing is not configured" });
    expect(await handle.db.select().from(invoices)).toHaveLength(0);
    Object.assign(process.env, BILLING_ENV);
    expect(await actions.issueInvoiceAction(idle, form({ id }))).toMatchObject({
      status: "success",
      message: expect.stringMatching(/^Invoice INV\/\d{2}-\d{2}\/00001 issued\.$/),
    });
    // Again: the retainer's next month, with a number of its own.
    expect(await actions.issueInvoiceAction(idle, form({ id }))).toMatchObject({
      status: "success",
      message: expect.stringMatching(/^Invoice INV\/\d{2}-\d{2}\/00002 issued\.$/),
    });
    expect(billing.paymentLinksEnabled()).toBe(false);
    expect(await actions.paymentLinkAction(idle, form({ id }))).toMatchObject({
      status: "refused",
      message: "Payment links are off: set RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET",
    });
    expect(fake.requests).toHaveLength(0);
    expect(await handle.db.select().from(paymentLinks)).toHaveLength(0);

    // A link is asked for the invoice named, and only for an invoice of this proposal.
    const other = await proposal();
    const foreign = await p.issueInvoiceForProposal(other.id, SALES, { config, now: INVOICED });
    if (!foreign.ok) throw new Error(foreign.message);
    const mine = await p.proposalInvoices(id);
    expect(await p.invoiceToPay(id, foreign.invoice.id)).toBeUndefined();
    expect((await p.invoiceToPay(id, mine[1]!.invoice.id))!.billingMonth).toBe(2);
    expect((await p.invoiceToPay(id))!.billingMonth).toBe(1);
    for (const name of Object.keys(BILLING_ENV)) delete process.env[name];
  });
});
