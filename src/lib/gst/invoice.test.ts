import { describe, expect, it } from "vitest";
import { computeInvoice, InvoiceInputError, placeOfSupply, type InvoiceComputation, type InvoiceInput, type InvoiceLineInput } from "./invoice";

// A supplier in Maharashtra (27). Recipients: registered in Maharashtra, registered in Karnataka (29),
// unregistered in Delhi (07).
const IN_STATE = { gstin: "27ABCDE1234F1Z0" };
const OTHER_STATE = { gstin: "29AAACK4321M1ZF" };
const SEO_RETAINER: InvoiceLineInput = {
  description: "SEO Optimization: Growth retainer, December 2026",
  sac: "998361",
  quantity: 1,
  unitPricePaise: 5_000_000,
};

const invoice = (input: Partial<InvoiceInput>) => computeInvoice({ supplierStateCode: "27", recipient: IN_STATE, lines: [SEO_RETAINER], ...input });

describe("computeInvoice: where the tax goes", () => {
  it("within the supplier's state: 18 % as CGST 9 % and SGST 9 %", () => {
    const result = invoice({});
    expect(result.placeOfSupply).toEqual({ code: "27", name: "Maharashtra" });
    expect(result.supply).toBe("intra-state");
    expect(result.stateTax).toBe("SGST");
    expect(result.totals).toEqual({
      grossPaise: 5_000_000,
      discountPaise: 0,
      taxablePaise: 5_000_000,
      cgstPaise: 450_000,
      sgstPaise: 450_000,
      igstPaise: 0,
      taxPaise: 900_000,
      grandTotalPaise: 5_900_000,
    });
    expect(result.amountInWords).toBe("Rupees Fifty-Nine Thousand Only");
  });

  it("to another state: IGST 18 %, no CGST or SGST", () => {
    const result = invoice({ recipient: OTHER_STATE });
    expect(result.placeOfSupply).toEqual({ code: "29", name: "Karnataka" });
    expect(result.supply).toBe("inter-state");
    expect(result.totals).toMatchObject({ cgstPaise: 0, sgstPaise: 0, igstPaise: 900_000, grandTotalPaise: 5_900_000 });
  });

  it("an unregistered recipient is taxed by the state they give, not by any GSTIN", () => {
    expect(invoice({ recipient: { stateCode: "07" } })).toMatchObject({ placeOfSupply: { code: "07", name: "Delhi" }, supply: "inter-state" });
    expect(invoice({ recipient: { gstin: null, stateCode: "27" } })).toMatchObject({ supply: "intra-state" });
  });

  it("a registered recipient's place of supply is its GSTIN's state, whatever else is given", () => {
    expect(placeOfSupply({ gstin: "29AAACK4321M1ZF" }).code).toBe("29");
    // A state given beside a GSTIN is ignored: the registration decides.
    expect(placeOfSupply({ gstin: "29AAACK4321M1ZF", stateCode: "27" } as never).code).toBe("29");
  });

  it("in a union territory without a legislature the second half is UTGST", () => {
    const result = invoice({ supplierStateCode: "04", recipient: { gstin: "04AACCC1212C1ZQ" } });
    expect(result).toMatchObject({ supply: "intra-state", stateTax: "UTGST", totals: { cgstPaise: 450_000, sgstPaise: 450_000 } });
  });
});

describe("computeInvoice: amounts in whole paise", () => {
  it("takes a percentage discount off the line's value before tax, rounded half up to the paisa", () => {
    // 3 x ₹12,345.67 = ₹37,037.01; 10 % = ₹3,703.701 -> ₹3,703.70; taxable ₹33,333.31.
    // Inter-state 18 % = ₹5,999.9958 -> ₹6,000.00. Intra-state 9 % = ₹2,999.9979 -> ₹3,000.00 each.
    const line = { ...SEO_RETAINER, quantity: 3, unitPricePaise: 1_234_567, discount: { percent: 10 } };
    const inter = invoice({ recipient: OTHER_STATE, lines: [line] });
    expect(inter.lines[0]).toMatchObject({ grossPaise: 3_703_701, discountPaise: 370_370, taxablePaise: 3_333_331, igstPaise: 600_000, totalPaise: 3_933_331 });
    const intra = invoice({ lines: [line] });
    expect(intra.lines[0]).toMatchObject({ cgstPaise: 300_000, sgstPaise: 300_000, igstPaise: 0, totalPaise: 3_933_331 });
  });

  it("takes a discount in paise as given, and refuses one larger than the line", () => {
    const result = invoice({ lines: [{ ...SEO_RETAINER, discount: { paise: 500_000 } }] });
    expect(result.totals).toMatchObject({ grossPaise: 5_000_000, discountPaise: 500_000, taxablePaise: 4_500_000, cgstPaise: 405_000 });
    expect(() => invoice({ lines: [{ ...SEO_RETAINER, discount: { paise: 5_000_001 } }] })).toThrow(/more than the line's value/);
  });

  it("rounds half up, each tax head on its own: CGST + SGST may differ from IGST by a paisa", () => {
    // 25 paise taxable: 9 % = 2.25 -> 2 each (4 in all); 18 % = 4.5 -> 5.
    const tiny = [{ ...SEO_RETAINER, unitPricePaise: 25 }];
    expect(invoice({ lines: tiny }).totals).toMatchObject({ cgstPaise: 2, sgstPaise: 2, taxPaise: 4, grandTotalPaise: 29 });
    expect(invoice({ lines: tiny, recipient: OTHER_STATE }).totals).toMatchObject({ igstPaise: 5, grandTotalPaise: 30 });
    // 50 paise: 9 % = 4.5 -> 5 (half up, not to even).
    expect(invoice({ lines: [{ ...SEO_RETAINER, unitPricePaise: 50 }] }).totals).toMatchObject({ cgstPaise: 5, sgstPaise: 5 });
  });

  it("rounds per line, and the totals are exactly the sums of the lines' rounded amounts", () => {
    // Three lines of 25 paise: per line 2 + 2, so 12 in all (per invoice it would be 75 x 9 % = 6.75 -> 7, 14).
    const result = invoice({ lines: [1, 2, 3].map((n) => ({ ...SEO_RETAINER, description: `Item ${n}`, unitPricePaise: 25 })) });
    expect(result.totals).toMatchObject({ taxablePaise: 75, cgstPaise: 6, sgstPaise: 6, grandTotalPaise: 87 });
  });

  it("adds up exactly on many random invoices: lines to totals, totals to the grand total, CGST equal to SGST", () => {
    let seed = 42;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    for (let run = 0; run < 500; run++) {
      const lines = Array.from({ length: 1 + random(12) }, (_, i) => ({
        description: `Item ${i}`,
        sac: "998361",
        quantity: 1 + random(20),
        unitPricePaise: random(10_000_000),
        discount: random(3) === 0 ? { percent: random(10_001) / 100 } : random(2) === 0 ? { paise: random(1_000) } : null,
      }));
      const recipient = random(2) === 0 ? IN_STATE : OTHER_STATE;
      let result: InvoiceComputation;
      try {
        result = invoice({ lines, recipient });
      } catch (error) {
        // A paise discount above a small line's value is refused; anything else is a failure.
        expect((error as Error).message).toMatch(/more than the line's value/);
        continue;
      }
      const { totals } = result;
      const lineList = result.lines;
      const sum = (pick: (l: (typeof lineList)[number]) => number) => lineList.reduce((s, l) => s + pick(l), 0);
      expect(totals.taxablePaise).toBe(sum((l) => l.taxablePaise));
      expect(totals.taxPaise).toBe(sum((l) => l.cgstPaise + l.sgstPaise + l.igstPaise));
      expect(totals.grandTotalPaise).toBe(sum((l) => l.totalPaise));
      expect(totals.grandTotalPaise).toBe(totals.grossPaise - totals.discountPaise + totals.taxPaise);
      for (const line of result.lines) {
        expect(line.cgstPaise).toBe(line.sgstPaise);
        expect(Number.isInteger(line.taxablePaise) && Number.isInteger(line.igstPaise)).toBe(true);
        // The head's exact share, within half a paisa.
        const exact = (line.taxablePaise * 18) / 100;
        if (recipient === OTHER_STATE) expect(Math.abs(line.igstPaise - exact)).toBeLessThanOrEqual(0.5);
        else expect(Math.abs(line.cgstPaise - exact / 2)).toBeLessThanOrEqual(0.5);
      }
    }
  });

  it("stays exact on large amounts: 10 x ₹9,90,00,000.01 at 18 %", () => {
    const big = invoice({ recipient: OTHER_STATE, lines: [{ ...SEO_RETAINER, quantity: 10, unitPricePaise: 99_000_000_01 }] });
    expect(big.totals).toMatchObject({ taxablePaise: 99_000_000_010, igstPaise: 17_820_000_002, grandTotalPaise: 116_820_000_012 });
  });
});

describe("computeInvoice: what is refused, and why", () => {
  it.each<[string, Partial<InvoiceInput>, RegExp]>([
    ["no lines", { lines: [] }, /at least one line/],
    ["an empty description", { lines: [{ ...SEO_RETAINER, description: "  " }] }, /Line 1: describe the service/],
    ["a SAC that is not six digits of chapter 99", { lines: [{ ...SEO_RETAINER, sac: "9983" }] }, /six digits starting 99/],
    ["a quantity of 0", { lines: [{ ...SEO_RETAINER, quantity: 0 }] }, /whole number from 1/],
    ["a quantity of 1.5", { lines: [{ ...SEO_RETAINER, quantity: 1.5 }] }, /whole number from 1/],
    ["a price with a fraction of a paisa", { lines: [{ ...SEO_RETAINER, unitPricePaise: 10.5 }] }, /whole paise/],
    ["a negative price", { lines: [{ ...SEO_RETAINER, unitPricePaise: -1 }] }, /whole paise/],
    ["a discount of 12.345 %", { lines: [{ ...SEO_RETAINER, discount: { percent: 12.345 } }] }, /at most two decimals/],
    ["a discount of 101 %", { lines: [{ ...SEO_RETAINER, discount: { percent: 101 } }] }, /0 to 100/],
    ["a recipient's invalid GSTIN", { recipient: { gstin: "27ABCDE1234F1Z1" } }, /recipient's GSTIN: The last character/],
    ["an unregistered recipient without a state", { recipient: { stateCode: "" } }, /Choose the recipient's state/],
    ["the Centre's jurisdiction as a place", { recipient: { stateCode: "99" } }, /not a GST state/],
    ["a supplier state that is no state", { supplierStateCode: "42" }, /supplier's state code "42"/],
    ["a rate GST does not have", { rateBasisPoints: 1600 as never }, /16 % is not a GST rate/],
    ["an invoice beyond ₹10,000 crore", { lines: [{ ...SEO_RETAINER, quantity: 100_000, unitPricePaise: 1_000_000_000 }] }, /larger than one invoice/],
  ])("%s", (_, input, message) => {
    expect(() => invoice(input)).toThrow(InvoiceInputError);
    expect(() => invoice(input)).toThrow(message);
  });
});
