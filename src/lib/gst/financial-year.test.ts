import { describe, expect, it } from "vitest";
import { documentNumber, financialYearLabel, financialYearOf } from "./financial-year";

describe("the financial year", () => {
  it("runs 1 April to 31 March on India's clock", () => {
    expect(financialYearOf(new Date("2026-04-01T00:00:00+05:30"))).toBe(2026);
    expect(financialYearOf(new Date("2027-03-31T23:59:59+05:30"))).toBe(2026);
    expect(financialYearOf(new Date("2027-04-01T00:00:00+05:30"))).toBe(2027);
    expect(financialYearOf(new Date("2026-12-15T12:00:00+05:30"))).toBe(2026);
    expect(financialYearOf(new Date("2027-01-01T00:00:00+05:30"))).toBe(2026);
  });

  it("turns at midnight in India, not in UTC: 18:30 UTC on 31 March is already April there", () => {
    expect(financialYearOf(new Date("2027-03-31T18:29:59Z"))).toBe(2026);
    expect(financialYearOf(new Date("2027-03-31T18:30:00Z"))).toBe(2027);
  });

  it("is named by its two years", () => {
    expect(financialYearLabel(2026)).toBe("26-27");
    expect(financialYearLabel(2099)).toBe("99-00");
    expect(financialYearLabel(2009)).toBe("09-10");
  });
});

describe("documentNumber", () => {
  it("makes INV/26-27/00001 and CN/26-27/00001, within Rule 46's 16 characters of letters, digits, '/' and '-'", () => {
    expect(documentNumber("invoice", 2026, 1)).toBe("INV/26-27/00001");
    expect(documentNumber("credit_note", 2026, 1)).toBe("CN/26-27/00001");
    expect(documentNumber("invoice", 2026, 123_456)).toBe("INV/26-27/123456");
    for (const number of [documentNumber("invoice", 2026, 99_999), documentNumber("invoice", 2026, 999_999)]) {
      expect(number).toMatch(/^[A-Za-z0-9/-]{1,16}$/);
    }
  });

  it("refuses a serial that would pass 16 characters, and one below 1", () => {
    expect(() => documentNumber("invoice", 2026, 1_000_000)).toThrow(/longer than the 16 characters/);
    expect(() => documentNumber("invoice", 2026, 0)).toThrow(/counts from 1/);
  });
});
