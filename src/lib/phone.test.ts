import { describe, expect, it } from "vitest";
import { telHref, toE164, whatsAppHref } from "./phone";

describe("toE164", () => {
  it.each([
    ["98765 43210", "+919876543210"],
    ["098765-43210", "+919876543210"],
    ["+91 98765 43210", "+919876543210"],
    ["91 9876543210", "+919876543210"],
    ["(+91) 98765.43210", undefined],
    ["+44 7911 123456", "+447911123456"],
    ["0044 7911 123456", "+447911123456"],
    ["+1 (415) 555-2671", "+14155552671"],
  ])("%j -> %j", (input, expected) => {
    expect(toE164(input)).toBe(expected);
  });

  it.each(["", "12345", "abc", "+91 12345", "+0 1234567890", "5555555555", "+1234567890123456", "98765 43210 ext 2"])("rejects %j", (input) => {
    expect(toE164(input)).toBeUndefined();
  });
});

describe("the dashboard's one-tap links", () => {
  it("dial and open WhatsApp's chat on the number with its country code", () => {
    expect(telHref("98765 43210")).toBe("tel:+919876543210");
    expect(whatsAppHref("98765 43210")).toBe("https://wa.me/919876543210");
    expect(whatsAppHref("+44 20 7946 0958")).toBe("https://wa.me/442079460958");
  });

  it("a number that is none still dials as typed, and has no chat", () => {
    expect(telHref("12345")).toBe("tel:12345");
    expect(whatsAppHref("12345")).toBeNull();
  });
});
