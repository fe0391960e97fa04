import { describe, expect, it, vi } from "vitest";
import { computeInvoice, invoiceFigures, type InvoiceRecipient } from "@/lib/gst/invoice";

// An invoice's PDF (docs/decisions/0109): a file a reader opens (the header, objects at the offsets
// its cross-reference table gives, the trailer), carrying every particular of Rule 46 as text.

vi.mock("server-only", () => ({}));

const { billingConfig, formatPaise, invoicePdf, rule46Particulars } = await import("@/server/billing");
type InvoicePdfRecord = Parameters<typeof invoicePdf>[0];

const { supplier } = billingConfig({
  BILLING_LEGAL_NAME: "Kinetic Growth Private Limited",
  BILLING_ADDRESS: "4th Floor, 12 Marine Drive\\nMumbai 400002",
  BILLING_GSTIN: "27AAKCK2468G1ZA",
  BILLING_SIGNATORY: "Asha Menon (Director)",
});

function record(recipient: InvoiceRecipient, number = "INV/26-27/00007"): InvoicePdfRecord {
  const computed = computeInvoice({
    supplierStateCode: supplier.stateCode,
    recipient: recipient.gstin ? { gstin: recipient.gstin } : { stateCode: recipient.stateCode },
    lines: [
      { description: "SEO Optimization: Growth retainer, December 2026", sac: "998361", quantity: 1, unitPricePaise: 5_000_000 },
      { description: "Growth consulting: two workshops", sac: "998311", quantity: 2, unitPricePaise: 1_250_050, discount: { paise: 50_000 } },
    ],
  });
  return {
    number,
    issuedAt: new Date("2026-12-15T11:00:00+05:30"),
    supplier,
    recipient,
    ...invoiceFigures(computed),
    reverseCharge: false,
  };
}

const KARNATAKA = { name: "Rangoli Foods Private Limited", address: "88 Residency Road, Bengaluru 560025", gstin: "29AABCR1357H1ZC", stateCode: "29" };
const MUMBAI_UNREGISTERED = { name: "Meher Bakes", address: "7 Hill Road, Bandra (West), Mumbai 400050", gstin: null, stateCode: "27" };

/** The file's text as a reader shows it: each string shown with Tj, unescaped, one per line. */
function shownText(pdf: Buffer): string {
  const file = pdf.toString("latin1");
  const lines: string[] = [];
  for (const [, literal] of file.matchAll(/\(((?:\\.|[^\\)])*)\) Tj/g)) {
    lines.push(literal!.replace(/\\([0-7]{3}|.)/g, (_, c: string) => (c.length === 3 ? String.fromCharCode(parseInt(c, 8)) : c)));
  }
  return lines.join("\n");
}

/** Checks the file's structure as a reader walks it; throws on the first thing wrong. */
function parse(pdf: Buffer) {
  const file = pdf.toString("latin1");
  expect(file.startsWith("%PDF-1.4\n")).toBe(true);
  expect(file.trimEnd().endsWith("%%EOF")).toBe(true);
  const startxref = Number(/startxref\n(\d+)\n%%EOF\s*$/.exec(file)?.[1]);
  expect(file.slice(startxref, startxref + 5)).toBe("xref\n");
  const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(file.slice(startxref))!;
  expect(Number(first)).toBe(0);
  const entries = file
    .slice(startxref)
    .split("\n")
    .slice(2, 2 + Number(count));
  entries.slice(1).forEach((entry, i) => {
    expect(entry).toMatch(/^\d{10} 00000 n $/);
    const offset = Number(entry.slice(0, 10));
    expect(file.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`);
  });
  expect(file).toMatch(new RegExp(`trailer\\n<< /Size ${count} /Root 1 0 R`));
  // Each content stream's declared length is its bytes exactly.
  for (const [, length, content] of file.matchAll(/<< \/Length (\d+) >>\nstream\n([\s\S]*?)\nendstream/g))
    expect(Buffer.byteLength(content!, "latin1")).toBe(Number(length));
  const pages = Number(/\/Type \/Pages \/Kids \[[^\]]*\] \/Count (\d+)/.exec(file)?.[1]);
  return { pages, text: shownText(pdf) };
}

describe("an invoice's PDF", () => {
  it.each([
    ["to a registered client in another state (IGST)", KARNATAKA],
    ["to an unregistered client in the supplier's state (CGST and SGST)", MUMBAI_UNREGISTERED],
  ])("%s parses and prints every Rule 46 particular by name and value", (_, recipient) => {
    const invoice = record(recipient);
    const { pages, text } = parse(invoicePdf(invoice));
    expect(pages).toBe(1);
    const intra = invoice.placeOfSupply === supplier.stateCode;
    const lines = invoice.lines;
    // What the page says for each particular; the keys are rule46.ts's, so a particular added
    // there without its text here fails below.
    const printed: Record<string, string[]> = {
      "supplier-name": ["Kinetic Growth Private Limited"],
      "supplier-address": ["4th Floor, 12 Marine Drive", "Mumbai 400002"],
      "supplier-gstin": ["GSTIN: 27AAKCK2468G1ZA"],
      "serial-number": ["Invoice number: INV/26-27/00007"],
      date: ["Date of issue: 15 December 2026"],
      "recipient-name": [recipient.name],
      "recipient-address": [recipient.address],
      "recipient-gstin-or-state": recipient.gstin ? [`GSTIN: ${recipient.gstin}`] : ["Unregistered recipient; state: Maharashtra (27)"],
      sac: ["SAC 998361", "SAC 998311"],
      description: lines.map((l) => l.description),
      quantity: ["Quantity 1", "Quantity 2"],
      "total-value": [`Unit price INR ${formatPaise(1_250_050)}`, `Total value INR ${formatPaise(2_500_100)}`, `Discount INR ${formatPaise(50_000)}`],
      "taxable-value": [`Taxable value INR ${formatPaise(lines[1]!.taxablePaise)}`, `Taxable value: INR ${formatPaise(invoice.taxablePaise)}`],
      "tax-rate": ["Rate of tax 18%"],
      "tax-amounts": intra
        ? [
            `CGST 9% INR ${formatPaise(lines[0]!.cgstPaise)}`,
            `SGST 9% INR ${formatPaise(lines[0]!.sgstPaise)}`,
            `CGST: INR ${formatPaise(invoice.cgstPaise)}`,
            `SGST: INR ${formatPaise(invoice.sgstPaise)}`,
          ]
        : [`IGST 18% INR ${formatPaise(lines[0]!.igstPaise)}`, `IGST: INR ${formatPaise(invoice.igstPaise)}`],
      "place-of-supply": [intra ? "Place of supply: Maharashtra (27)" : "Place of supply: Karnataka (29)"],
      "reverse-charge": ["Tax payable on reverse charge: No"],
      signature: ["For Kinetic Growth Private Limited", "Authorised signatory: Asha Menon (Director)"],
    };
    expect(Object.keys(printed).sort()).toEqual(
      rule46Particulars(invoice)
        .map((p) => p.key)
        .sort(),
    );
    for (const [key, texts] of Object.entries(printed)) for (const t of texts) expect(text, key).toContain(t);
    // Not a Rule 46 particular of its own, but the total and in words, as every invoice shows them.
    expect(text).toContain(`Invoice total: INR ${formatPaise(invoice.totalPaise)}`);
    expect(text).toContain("Amount in words: Rupees ");
    expect(text).toContain("TAX INVOICE");
    // Intra-state carries no IGST line; inter-state no CGST or SGST.
    expect(text).not.toMatch(intra ? /IGST/ : /CGST|SGST/);
  });

  it("writes amounts with Indian grouping and two decimals", () => {
    expect(formatPaise(0)).toBe("0.00");
    expect(formatPaise(5)).toBe("0.05");
    expect(formatPaise(4_720_000)).toBe("47,200.00");
    expect(formatPaise(1_234_567_891)).toBe("1,23,45,678.91");
  });

  it("escapes the string delimiters, prints Latin-1 as itself and anything else as ?", () => {
    const text = parse(invoicePdf(record({ ...KARNATAKA, name: "Café (Bengaluru) \\ Ltd ₹ नमस्ते" }))).text;
    expect(text).toContain("Café (Bengaluru) \\ Ltd ? ?????");
  });

  it("runs on to further pages when the lines do not fit, each page numbered", () => {
    const long = record(KARNATAKA);
    long.lines = Array.from({ length: 40 }, () => long.lines[0]!);
    const { pages, text } = parse(invoicePdf(long));
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain(`INV/26-27/00007, page 1 of ${pages}`);
    expect(text).toContain("40. SEO Optimization");
  });
});

describe("a proposal's PDF", () => {
  it("is a file a reader opens, with the document's lines, totals, terms and the hash the acceptance records", async () => {
    const { proposalDocument, proposalDocumentSha256 } = await import("@/server/proposals/document");
    const { proposalPdf } = await import("@/server/proposals/proposal-pdf");
    const document = proposalDocument({
      number: "P-2026-0007",
      version: 2,
      title: "Growth plan (Q1)",
      supplier,
      recipient: { name: "Meher Rao", company: "Meher Bakes", email: "meher@example.in", stateCode: "29" },
      lines: [
        { description: "SEO Optimization: setup", sacCode: "998361", quantity: 1, unitPricePaise: 5_000_000, discount: null, billing: "one-time" },
        {
          description: "Paid advertising management",
          sacCode: "998366",
          quantity: 1,
          unitPricePaise: 2_500_000,
          discount: { paise: 100_000 },
          billing: "monthly",
        },
      ],
      validUntil: "2026-12-31",
      terms: "Work starts within 7 days of acceptance.",
    });
    const sha256 = proposalDocumentSha256(document);
    const file = proposalPdf({ document, sha256, accepted: { name: "Meher Rao", at: new Date("2026-12-20T10:00:00+05:30") } });
    parse(file.bytes);
    expect(file.filename).toBe("P-2026-0007-v2.pdf");
    const text = shownText(file.bytes);
    expect(text).toContain("PROPOSAL P-2026-0007 v2");
    expect(text).toContain("Valid until 31 December 2026 (inclusive)");
    expect(text).toContain("1. SEO Optimization: setup (one-time)");
    expect(text).toContain("2. Paid advertising management (every month)");
    // Karnataka from Maharashtra: IGST, on the taxable value after the discount.
    expect(text).toContain(`IGST: INR ${formatPaise(document.totals.igstPaise)}`);
    expect(text).not.toContain("CGST:");
    expect(text).toContain(`Total: INR ${formatPaise(document.totals.totalPaise)}`);
    expect(document.totals.totalPaise).toBe(Math.round((5_000_000 + 2_400_000) * 1.18));
    expect(text).toContain(`In words: ${document.amountInWords}`);
    expect(text).toContain("Work starts within 7 days of acceptance.");
    expect(text).toContain(`Document SHA-256: ${sha256}`);
    expect(text).toContain("Accepted online by Meher Rao on 20 December 2026.");
  });
});
