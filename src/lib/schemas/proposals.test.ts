import { describe, expect, it } from "vitest";
import { AcceptSchema, DraftSchema, linesOf, parseDiscount, rupeesToPaise } from "./proposals";

// The proposals' forms (docs/decisions/0108): rupees typed to whole paise, discounts as rupees or a
// percentage, a draft's rows to its lines, and a sentence for every refusal.

describe("amounts typed in rupees", () => {
  it("become whole paise, with Indian grouping and up to two decimals", () => {
    expect(rupeesToPaise("1,00,000")).toBe(10_000_000);
    expect(rupeesToPaise("₹ 50000.5")).toBe(5_000_050);
    expect(rupeesToPaise("0.05")).toBe(5);
    expect(rupeesToPaise("12.345")).toBeNull();
    expect(rupeesToPaise("-5")).toBeNull();
    expect(rupeesToPaise("")).toBeNull();
  });
  it("a discount is rupees or a percentage of at most 100, empty for none", () => {
    expect(parseDiscount("")).toBeNull();
    expect(parseDiscount("10%")).toEqual({ percent: 10 });
    expect(parseDiscount("12.5 %")).toEqual({ percent: 12.5 });
    expect(parseDiscount("5000")).toEqual({ paise: 500_000 });
    expect(parseDiscount("101%")).toBeUndefined();
    expect(parseDiscount("ten")).toBeUndefined();
  });
});

describe("the draft's form", () => {
  const base = {
    id: "7f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b",
    title: "SEO",
    validUntil: "2026-12-31",
    name: "Ravi",
    email: "ravi@rangoli.test",
    stateCode: "27",
  };
  it("reads its rows into lines, skipping rows without a description", () => {
    const parsed = DraftSchema.parse({
      ...base,
      "line0-description": "SEO: Growth",
      "line0-sacCode": "998361",
      "line0-quantity": "1",
      "line0-price": "1,00,000",
      "line0-discount": "10%",
      "line0-billing": "monthly",
      "line1-description": "",
      "line1-price": "nonsense",
    });
    expect(linesOf(parsed, ["seo-optimization"])).toEqual([
      {
        serviceSlug: "seo-optimization",
        description: "SEO: Growth",
        sacCode: "998361",
        quantity: 1,
        unitPricePaise: 10_000_000,
        discount: { percent: 10 },
        billing: "monthly",
      },
    ]);
  });
  it("names each wrong field of a line, and asks for a line and a state", () => {
    const refused = DraftSchema.safeParse({
      ...base,
      stateCode: "",
      "line2-description": "Setup",
      "line2-sacCode": "12",
      "line2-quantity": "0",
      "line2-price": "x",
      "line2-discount": "?",
      "line2-billing": "weekly",
    });
    expect(refused.success).toBe(false);
    const messages = Object.fromEntries(refused.error!.issues.map((i) => [String(i.path[0]), i.message]));
    expect(messages).toEqual({
      stateCode: "Choose the client's state, or enter their GSTIN.",
      "line2-sacCode": "A SAC is six digits starting 99, e.g. 998361.",
      "line2-quantity": "The quantity is a whole number from 1 to 100000.",
      "line2-price": "Enter the unit price in rupees, e.g. 50000 or 50000.50.",
      "line2-discount": "A discount is rupees (5000) or a percentage (10%), or empty.",
      "line2-billing": "Choose one-time or monthly.",
    });
    const empty = DraftSchema.safeParse(base);
    expect(empty.error!.issues.map((i) => i.message)).toEqual(["A proposal has at least one line: describe the service."]);
  });
});

describe("the accept form", () => {
  const form = { token: "t", document: "a".repeat(64), name: "Ravi Kumar", agree: "yes" };
  it("needs a typed name and the ticked box", () => {
    expect(AcceptSchema.safeParse(form).success).toBe(true);
    expect(AcceptSchema.safeParse({ ...form, name: "  " }).error!.issues[0]!.message).toBe("Type your full name to accept.");
    expect(AcceptSchema.safeParse({ ...form, agree: undefined }).error!.issues[0]!.message).toBe("Tick “I accept these terms” to accept.");
  });
});
