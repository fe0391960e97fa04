import { describe, expect, it } from "vitest";
import { computeInvoice, invoiceFigures } from "@/lib/gst/invoice";
import { missingRule46Particulars, rule46Particulars, type Rule46Record } from "./rule46";

// Rule 46 of the CGST Rules as a checklist on an issued invoice's record: a complete record carries
// every particular, and taking any one away is caught by name, the others still present.

const supplier = {
  legalName: "Kinetic Growth Private Limited",
  address: "4th Floor, 12 Marine Drive, Mumbai 400002",
  stateCode: "27",
  gstin: "27AAKCK2468G1ZA",
  signatory: "Asha Menon, Director",
};

function record(recipient: Rule46Record["recipient"]): Rule46Record {
  const computed = computeInvoice({
    supplierStateCode: "27",
    recipient: recipient.gstin ? { gstin: recipient.gstin } : { stateCode: recipient.stateCode },
    lines: [
      { description: "Paid Advertising: campaign management, December 2026", sac: "998361", quantity: 1, unitPricePaise: 4_000_000, discount: { percent: 5 } },
      { description: "Growth Consulting: quarterly plan", sac: "998311", quantity: 2, unitPricePaise: 1_500_000 },
    ],
  });
  return {
    number: "INV/26-27/00001",
    issuedAt: new Date("2026-12-15T11:00:00+05:30"),
    supplier,
    recipient,
    ...invoiceFigures(computed),
    reverseCharge: false,
  };
}

const REGISTERED = record({ name: "Rangoli Foods Private Limited", address: "88 Residency Road, Bengaluru 560025", gstin: "29AABCR1357H1ZC", stateCode: "29" });
const UNREGISTERED = record({ name: "Meera Shah", address: "Flat 3, Pali Hill, Mumbai 400050", gstin: null, stateCode: "27" });

const ALL = [
  "supplier-name",
  "supplier-address",
  "supplier-gstin",
  "serial-number",
  "date",
  "recipient-name",
  "recipient-address",
  "recipient-gstin-or-state",
  "sac",
  "description",
  "quantity",
  "total-value",
  "taxable-value",
  "tax-rate",
  "tax-amounts",
  "place-of-supply",
  "reverse-charge",
  "signature",
];

const absent = (r: Rule46Record) =>
  rule46Particulars(r)
    .filter((p) => !p.present)
    .map((p) => p.key);

type Change = (r: Rule46Record) => Rule46Record;
const line = (r: Rule46Record, change: Record<string, unknown>) => ({ ...r, lines: r.lines.map((l, i) => (i === 1 ? { ...l, ...change } : l)) });

// One way of losing each particular; each must be reported by its own key and no other.
const REMOVALS: [string, Change][] = [
  ["supplier-name", (r) => ({ ...r, supplier: { ...r.supplier, legalName: "" } })],
  ["supplier-address", (r) => ({ ...r, supplier: { ...r.supplier, address: "  " } })],
  ["supplier-gstin", (r) => ({ ...r, supplier: { ...r.supplier, gstin: "" } })],
  ["serial-number", (r) => ({ ...r, number: "" })],
  ["date", (r) => ({ ...r, issuedAt: undefined as never })],
  ["recipient-name", (r) => ({ ...r, recipient: { ...r.recipient, name: "" } })],
  ["recipient-address", (r) => ({ ...r, recipient: { ...r.recipient, address: "" } })],
  ["recipient-gstin-or-state", (r) => ({ ...r, recipient: { ...r.recipient, gstin: "" } })],
  ["sac", (r) => line(r, { sac: "" })],
  ["description", (r) => line(r, { description: "" })],
  ["quantity", (r) => line(r, { quantity: undefined })],
  ["total-value", (r) => line(r, { grossPaise: undefined })],
  ["taxable-value", (r) => line(r, { taxablePaise: undefined })],
  ["tax-rate", (r) => line(r, { rateBasisPoints: undefined })],
  ["tax-amounts", (r) => line(r, { igstPaise: undefined })],
  ["place-of-supply", (r) => ({ ...r, placeOfSupply: "" })],
  ["reverse-charge", (r) => ({ ...r, reverseCharge: undefined as never })],
  ["signature", (r) => ({ ...r, supplier: { ...r.supplier, signatory: "" } })],
];

describe("Rule 46 particulars", () => {
  it("a complete invoice to a registered recipient carries all 18", () => {
    expect(rule46Particulars(REGISTERED).map((p) => p.key)).toEqual(ALL);
    expect(missingRule46Particulars(REGISTERED)).toEqual([]);
  });

  it("a complete invoice to an unregistered recipient carries all 18, with the state's name and code in place of a GSTIN", () => {
    expect(missingRule46Particulars(UNREGISTERED)).toEqual([]);
    expect(absent({ ...UNREGISTERED, recipient: { ...UNREGISTERED.recipient, stateCode: "" } })).toEqual(["recipient-gstin-or-state"]);
    expect(absent({ ...UNREGISTERED, recipient: { ...UNREGISTERED.recipient, stateCode: "99" } })).toEqual(["recipient-gstin-or-state"]);
  });

  it("every particular has a check of its own below", () => {
    expect(REMOVALS.map(([key]) => key)).toEqual(ALL);
  });

  it.each(REMOVALS)("without %s, that particular and only it is missing", (key, remove) => {
    expect(absent(remove(REGISTERED))).toEqual([key]);
  });

  it("takes a malformed particular as missing: a GSTIN failing its check, a 17-character number, an unknown state, a SAC not of chapter 99", () => {
    expect(absent({ ...REGISTERED, supplier: { ...supplier, gstin: "27AAKCK2468G1ZB" } })).toEqual(["supplier-gstin"]);
    expect(absent({ ...REGISTERED, number: "INV/2026-27/00001" })).toEqual(["serial-number"]);
    expect(absent({ ...REGISTERED, placeOfSupply: "42" })).toEqual(["place-of-supply"]);
    expect(absent(line(REGISTERED, { sac: "123456" }))).toEqual(["sac"]);
    expect(absent({ ...REGISTERED, issuedAt: new Date("not a date") })).toEqual(["date"]);
  });

  it("takes tax split the wrong way for the place of supply as missing: CGST on a supply to another state", () => {
    expect(absent(line(REGISTERED, { cgstPaise: 100, sgstPaise: 100 }))).toEqual(["tax-amounts"]);
    expect(absent(line(UNREGISTERED, { igstPaise: 100 }))).toEqual(["tax-amounts"]);
  });

  it("names each missing particular in words with its clause", () => {
    const missing = rule46Particulars({ ...REGISTERED, reverseCharge: undefined as never }).find((p) => !p.present)!;
    expect(missing).toEqual({ key: "reverse-charge", clause: "46(o)", label: "Whether tax is payable on reverse charge", present: false });
    expect(missingRule46Particulars({ ...REGISTERED, supplier: { ...supplier, signatory: "" } })).toEqual([
      "Signature of the supplier or its authorised representative",
    ]);
  });
});
