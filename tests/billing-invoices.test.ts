import { getTableConfig } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { creditNotes, invoices, invoiceSeries, leads, paymentEvents } from "@/server/kernel/db/schema";
import { setUpTestDatabase } from "./helpers/test-db";

// Issuing and cancelling GST invoices on the migrated database (docs/decisions/0106): the numbers
// are consecutive per financial year under concurrency, a failed issue leaves no gap, a credit note
// cancels an invoice in its own series, and the stored record carries every Rule 46 particular.

vi.mock("server-only", () => ({}));

const { billingConfig, cancelInvoice, documentSha256, invoiceByNumber, invoiceParticulars, issueInvoice, missingRule46Particulars } =
  await import("@/server/billing");
const { InvoiceInputError } = await import("@/lib/gst/invoice");

const handle = setUpTestDatabase();

const config = billingConfig({
  BILLING_LEGAL_NAME: "Kinetic Growth Private Limited",
  BILLING_ADDRESS: "4th Floor, 12 Marine Drive\\nMumbai 400002",
  BILLING_GSTIN: "27AAKCK2468G1ZA",
  BILLING_STATE_CODE: "27",
  BILLING_SIGNATORY: "Asha Menon, Director",
});

// 15 December 2026, 11:00 in India: financial year 2026-27.
const DECEMBER = new Date("2026-12-15T11:00:00+05:30");
const RETAINER = { description: "SEO Optimization: Growth retainer, December 2026", sac: "998361", quantity: 1, unitPricePaise: 5_000_000 };
const KARNATAKA_CLIENT = { name: "Rangoli Foods Private Limited", address: "88 Residency Road, Bengaluru 560025", gstin: "29AABCR1357H1ZC" };

const issue = (at = DECEMBER, recipient: Parameters<typeof issueInvoice>[0]["recipient"] = KARNATAKA_CLIENT) =>
  issueInvoice({ recipient, lines: [RETAINER], issuedAt: at }, { config });

beforeEach(async () => {
  await handle.db.execute(sql`truncate payment_events, credit_notes, invoices, invoice_series, leads restart identity cascade`);
});

describe("the billing tables", () => {
  it("are in the migrated database as the schema declares them, column for column", async () => {
    for (const table of [invoiceSeries, invoices, creditNotes, paymentEvents]) {
      const { name, columns } = getTableConfig(table);
      const result = await handle.db.execute<{ column_name: string; is_nullable: string; data_type: string }>(
        sql`select column_name, is_nullable, data_type from information_schema.columns where table_schema = 'public' and table_name = ${name} order by column_name`,
      );
      const stored = result.rows.map((r) => [r.column_name, r.is_nullable === "NO", r.data_type]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));
      // information_schema names a bigserial by its storage type; every other type reads as declared.
      const declared = columns
        .map((c) => [c.name, c.notNull, c.getSQLType() === "bigserial" ? "bigint" : c.getSQLType()])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
      expect(stored, name).toEqual(declared);
    }
  });
});

describe("issueInvoice", () => {
  it("stores an invoice numbered INV/26-27/00001 with its figures, both parties as issued, and its document's hash", async () => {
    const invoice = await issue();
    expect(invoice).toMatchObject({
      number: "INV/26-27/00001",
      financialYear: 2026,
      serial: 1,
      placeOfSupply: "29",
      taxablePaise: 5_000_000,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 900_000,
      totalPaise: 5_900_000,
      reverseCharge: false,
      status: "issued",
      supplier: {
        legalName: "Kinetic Growth Private Limited",
        address: "4th Floor, 12 Marine Drive\nMumbai 400002",
        stateCode: "27",
        gstin: "27AAKCK2468G1ZA",
      },
      recipient: { ...KARNATAKA_CLIENT, stateCode: "29", email: null },
    });
    expect(invoice.issuedAt.toISOString()).toBe(DECEMBER.toISOString());
    expect(invoice.documentSha256).toBe(documentSha256(invoiceParticulars(invoice)));
    expect(missingRule46Particulars(invoice)).toEqual([]);
    // Read back, it is the same record, and any change to what was issued shows in the hash.
    const stored = (await invoiceByNumber("INV/26-27/00001"))!;
    expect(documentSha256(invoiceParticulars(stored))).toBe(invoice.documentSha256);
    expect(documentSha256(invoiceParticulars({ ...stored, totalPaise: stored.totalPaise + 1 }))).not.toBe(invoice.documentSha256);
  });

  it("taxes an unregistered recipient in the supplier's state as CGST + SGST, by the state they give", async () => {
    const invoice = await issue(DECEMBER, { name: "Meera Shah", address: "Flat 3, Pali Hill, Mumbai 400050", stateCode: "27" });
    expect(invoice).toMatchObject({ placeOfSupply: "27", cgstPaise: 450_000, sgstPaise: 450_000, igstPaise: 0, recipient: { gstin: null, stateCode: "27" } });
    expect(missingRule46Particulars(invoice)).toEqual([]);
  });

  // On PGlite the 50 transactions run one after another on its one connection; on PostgreSQL
  // (npm run test:postgres) side by side on the pool's, where the series row's lock is what orders them.
  it("gives 50 invoices issued at once the numbers 1 to 50: none twice, none missing", async () => {
    const issued = await Promise.all(Array.from({ length: 50 }, () => issue()));
    const serials = issued.map((i) => i.serial).sort((a, b) => a - b);
    expect(serials).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(new Set(issued.map((i) => i.number)).size).toBe(50);
    expect(issued.map((i) => i.number).sort()).toContain("INV/26-27/00050");
    const [series] = await handle.db.select().from(invoiceSeries);
    expect(series).toEqual({ kind: "invoice", financialYear: 2026, last: 50 });
    console.log(`[${handle.label}] 50 invoices issued at once: serials 1-50, each once`);
  });

  it("starts a new series on 1 April in India, and the old year's keeps its own count", async () => {
    await issue(DECEMBER);
    await issue(new Date("2027-03-31T23:59:00+05:30"));
    const april = await issue(new Date("2027-04-01T00:05:00+05:30")); // still 31 March in UTC
    expect(april.number).toBe("INV/27-28/00001");
    expect((await issue(new Date("2027-04-02T10:00:00+05:30"))).number).toBe("INV/27-28/00002");
    const series = await handle.db.select().from(invoiceSeries).orderBy(invoiceSeries.financialYear);
    expect(series.map((s) => [s.financialYear, s.last])).toEqual([
      [2026, 2],
      [2027, 2],
    ]);
  });

  it("leaves no gap when an issue fails inside its transaction: the next invoice takes the number it gave back", async () => {
    await issue();
    // A lead that does not exist: the insert fails after the number was taken, and the transaction rolls back.
    await expect(
      issueInvoice({ recipient: KARNATAKA_CLIENT, lines: [RETAINER], issuedAt: DECEMBER, leadId: "00000000-0000-4000-8000-000000000000" }, { config }),
    ).rejects.toThrow();
    expect((await issue()).number).toBe("INV/26-27/00002");
  });

  it("links an invoice to its lead, and keeps the invoice when the lead is deleted", async () => {
    const [lead] = await handle.db.insert(leads).values({ name: "Rangoli Foods", email: "owner@rangoli.example", mobileNumber: "+919876543210" }).returning();
    const invoice = await issueInvoice({ recipient: KARNATAKA_CLIENT, lines: [RETAINER], issuedAt: DECEMBER, leadId: lead!.id }, { config });
    expect(invoice.leadId).toBe(lead!.id);
    await handle.db.execute(sql`delete from leads where id = ${lead!.id}`);
    expect((await invoiceByNumber(invoice.number))?.leadId).toBeNull();
  });

  it("refuses what cannot be invoiced before taking a number", async () => {
    await expect(issue(DECEMBER, { ...KARNATAKA_CLIENT, gstin: "29AABCR1357H1ZD" })).rejects.toThrow(/recipient's GSTIN: The last character/);
    await expect(issue(DECEMBER, { ...KARNATAKA_CLIENT, name: " " })).rejects.toThrow(InvoiceInputError);
    await expect(issueInvoice({ recipient: KARNATAKA_CLIENT, lines: [], issuedAt: DECEMBER }, { config })).rejects.toThrow(/at least one line/);
    expect(await handle.db.select().from(invoiceSeries)).toEqual([]);
  });

  it("is refused by the database too when a stored amount does not add up or a number is too long", async () => {
    const invoice = await issue();
    await expect(handle.db.execute(sql`update invoices set total_paise = total_paise + 1 where id = ${invoice.id}`)).rejects.toThrow();
    await expect(handle.db.execute(sql`update invoices set cgst_paise = 1, sgst_paise = 1 where id = ${invoice.id}`)).rejects.toThrow();
    await expect(handle.db.execute(sql`update invoices set number = 'INV/2026-2027/00001' where id = ${invoice.id}`)).rejects.toThrow();
  });
});

describe("cancelInvoice", () => {
  it("issues a credit note CN/26-27/00001 for the whole invoice, which keeps its number and is marked cancelled", async () => {
    const first = await issue();
    const { invoice, creditNote } = await cancelInvoice(first.number, "Billed to the wrong company", { at: new Date("2026-12-16T10:00:00+05:30") });
    expect(invoice).toMatchObject({ number: "INV/26-27/00001", status: "cancelled" });
    expect(invoice.cancelledAt?.toISOString()).toBe("2026-12-16T04:30:00.000Z");
    expect(creditNote).toMatchObject({
      number: "CN/26-27/00001",
      invoiceId: first.id,
      reason: "Billed to the wrong company",
      placeOfSupply: "29",
      taxablePaise: 5_000_000,
      igstPaise: 900_000,
      totalPaise: 5_900_000,
    });
    expect(creditNote.documentSha256).toMatch(/^[0-9a-f]{64}$/);
    // The next invoice takes the next number: the cancelled one's is not given again.
    expect((await issue()).number).toBe("INV/26-27/00002");
    // A second credit note is numbered in its own series.
    const third = await issue();
    expect((await cancelInvoice(third.number, "Duplicate", { at: DECEMBER })).creditNote.number).toBe("CN/26-27/00002");
  });

  it("refuses to cancel twice, an unknown invoice, no reason, or a date before the invoice's", async () => {
    const invoice = await issue();
    await expect(cancelInvoice(invoice.number, " ", { at: DECEMBER })).rejects.toThrow(/Say why/);
    await expect(cancelInvoice(invoice.number, "Early", { at: new Date("2026-12-01T00:00:00+05:30") })).rejects.toThrow(/before its invoice/);
    await cancelInvoice(invoice.number, "Wrong client", { at: DECEMBER });
    await expect(cancelInvoice(invoice.number, "Again", { at: DECEMBER })).rejects.toThrow(/already cancelled/);
    await expect(cancelInvoice("INV/26-27/09999", "Unknown", { at: DECEMBER })).rejects.toThrow(/no invoice INV\/26-27\/09999/);
    // Only the one credit note was numbered.
    const series = await handle.db.select().from(invoiceSeries);
    expect(series.find((s) => s.kind === "credit_note")?.last).toBe(1);
  });

  it("numbers 20 cancellations at once CN 1 to 20, beside invoices being issued", async () => {
    const issued = await Promise.all(Array.from({ length: 20 }, () => issue()));
    const [notes] = await Promise.all([
      Promise.all(issued.map((i) => cancelInvoice(i.number, "Reissued", { at: DECEMBER }))),
      Promise.all(Array.from({ length: 10 }, () => issue())),
    ]);
    expect(notes.map((n) => n.creditNote.serial).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const invoiceSerials = (await handle.db.select({ serial: invoices.serial }).from(invoices)).map((r) => r.serial).sort((a, b) => a - b);
    expect(invoiceSerials).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });
});
