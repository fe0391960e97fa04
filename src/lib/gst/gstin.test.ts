import { describe, expect, it } from "vitest";
import { checkGstin, gstinCheckCharacter, isValidGstin } from "./gstin";
import { GST_STATES, gstState, isPlaceOfSupplyCode, stateLabel } from "./states";

// Valid numbers: one publicly known (27AAPFU0939F1ZV), the others made from invented PANs with
// their check characters worked out by hand from the mod-36 rule.
const VALID = [
  "27AAPFU0939F1ZV",
  "27ABCDE1234F1Z0",
  "29AAACK4321M1ZF",
  "07AAGCK5678Q2ZK",
  "33BBBPK9876D1ZK",
  "97AAACZ1111A1ZW",
  "99AAAGM0289C1Z8",
  "04AACCC1212C1ZQ",
];

describe("the GSTIN check character", () => {
  it("is GSTN's mod-36 sum: the published number's V, and each fixture's own", () => {
    expect(gstinCheckCharacter("27AAPFU0939F1Z")).toBe("V");
    for (const gstin of VALID) expect(gstinCheckCharacter(gstin.slice(0, 14)), gstin).toBe(gstin[14]);
  });

  it("worked by hand for 27ABCDE1234F1Z: the sum of digits is 180, a multiple of 36, so the check is 0", () => {
    // value x factor -> div 36 + mod 36, left to right:
    // 2x1=2, 7x2=14, A 10x1=10, B 11x2=22, C 12x1=12, D 13x2=26, E 14x1=14, 1x2=2, 2x1=2, 3x2=6,
    // 4x1=4, F 15x2=30, 1x1=1, Z 35x2=70 -> 1 + 34 = 35; 2+14+10+22+12+26+14+2+2+6+4+30+1+35 = 180.
    // 180 mod 36 = 0 -> (36 - 0) mod 36 = 0.
    expect(gstinCheckCharacter("27ABCDE1234F1Z")).toBe("0");
  });

  it("refuses to compute over anything but 14 digits and capitals", () => {
    expect(() => gstinCheckCharacter("27abcde1234f1z")).toThrow(/14 characters/);
    expect(() => gstinCheckCharacter("27ABCDE1234F1")).toThrow(/14 characters/);
  });
});

describe("checkGstin", () => {
  it("accepts every valid fixture and gives its state code and PAN", () => {
    for (const gstin of VALID) expect(isValidGstin(gstin), gstin).toBe(true);
    expect(checkGstin("27AAPFU0939F1ZV")).toEqual({ ok: true, gstin: "27AAPFU0939F1ZV", stateCode: "27", pan: "AAPFU0939F" });
  });

  it("reads a number typed in lower case or with spaces as the same number", () => {
    expect(checkGstin(" 27aapfu0939f1zv ")).toMatchObject({ ok: true, gstin: "27AAPFU0939F1ZV" });
    expect(checkGstin("27 AAPFU0939F 1ZV")).toMatchObject({ ok: true, gstin: "27AAPFU0939F1ZV" });
  });

  it.each([
    ["", /Enter the GSTIN/],
    ["27AAPFU0939F1Z", /15 characters; this one has 14/],
    ["27AAPFU0939F1ZVV", /15 characters; this one has 16/],
    ["27AAPFU0939F1Z-", /only digits and letters/],
    ["2AAAPFU0939F1ZV", /starts with a two-digit state code/],
    ["00AAPFU0939F1ZV", /00 is not a GST state code/],
    ["39AAPFU0939F1ZV", /39 is not a GST state code/],
    ["98AAPFU0939F1ZV", /98 is not a GST state code/],
    ["27AAPF10939F1ZV", /PAN \(5 letters, 4 digits, 1 letter\); "AAPF10939F"/],
    ["27AAPFU093AF1ZV", /PAN/],
    ["27AAPFU093911ZV", /PAN/],
    ["27AAPFU0939F0ZV", /13th character .* never 0/],
    ["27AAPFU0939F1YV", /14th character of a regular registration is Z; this one has Y/],
    ["27AAPFU0939F1ZW", /does not match the rest/],
    ["27AAPFU9039F1ZV", /does not match the rest/], // two neighbours swapped
    ["29AAPFU0939F1ZV", /does not match the rest/], // another state's code on the same number
  ])("refuses %j with a message that says why", (input, message) => {
    const result = checkGstin(input);
    expect(result.ok).toBe(false);
    expect(result.ok ? "" : result.error).toMatch(message);
  });

  it("catches every single mistyped character of a valid number", () => {
    const base = "27AAPFU0939F1ZV";
    const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    for (let i = 0; i < 15; i++) {
      for (const c of alphabet) {
        if (c === base[i]) continue;
        const typo = base.slice(0, i) + c + base.slice(i + 1);
        expect(isValidGstin(typo), typo).toBe(false);
      }
    }
  });
});

describe("the GST state codes", () => {
  it("has the codes 01-38, 97 and 99 once each, with the names invoices use", () => {
    const codes = GST_STATES.map((s) => s.code);
    expect(codes).toEqual([...Array.from({ length: 38 }, (_, i) => String(i + 1).padStart(2, "0")), "97", "99"]);
    expect(gstState("27")?.name).toBe("Maharashtra");
    expect(gstState("29")?.name).toBe("Karnataka");
    expect(gstState("07")?.name).toBe("Delhi");
    expect(gstState("36")?.name).toBe("Telangana");
    expect(gstState("37")?.name).toBe("Andhra Pradesh");
    expect(gstState("97")?.name).toBe("Other Territory");
    expect(gstState("40")).toBeUndefined();
    expect(stateLabel("27")).toBe("Maharashtra (27)");
  });

  it("marks the union territories without a legislature, which levy UTGST instead of SGST", () => {
    expect(GST_STATES.filter((s) => s.utgst).map((s) => s.code)).toEqual(["04", "25", "26", "31", "35", "38", "97"]);
    expect(gstState("07")?.utgst).toBe(false); // Delhi has a legislature: SGST
  });

  it("lets every code but the Centre's jurisdiction be a place of supply", () => {
    expect(isPlaceOfSupplyCode("27")).toBe(true);
    expect(isPlaceOfSupplyCode("97")).toBe(true);
    expect(isPlaceOfSupplyCode("99")).toBe(false);
    expect(isPlaceOfSupplyCode("00")).toBe(false);
  });
});
