import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv";

describe("CSV export (Excel-safe)", () => {
  it.each([
    ["plain", "plain"],
    ["a,b", '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ["line\nbreak", '"line\nbreak"'],
    ['=HYPERLINK("http://evil")', '"\'=HYPERLINK(""http://evil"")"'],
    ["+919876543210", "'+919876543210"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tindent", "'\tindent"],
    ["\r=cmd", '"\'\r=cmd"'],
    ["Rāhul ₹50,000", '"Rāhul ₹50,000"'],
  ])("%j -> %j", (input, output) => {
    expect(csvCell(input)).toBe(output);
  });

  it("writes empty cells for null and JSON for objects", () => {
    expect(csvCell(null)).toBe("");
    expect(csvCell({ a: 1 })).toBe('"{""a"":1}"');
    // A time in the site's zone with its offset, as the dashboard shows it.
    expect(csvCell(new Date("2026-01-02T03:04:05Z"))).toBe("2026-01-02T08:34:05+05:30");
    expect(csvCell(new Date("2026-12-31T19:00:00Z"))).toBe("2027-01-01T00:30:00+05:30");
  });

  it("starts with a BOM and ends rows with CRLF", () => {
    expect(toCsv(["a", "b"], [[1, 2]])).toBe("\uFEFFa,b\r\n1,2\r\n");
  });
});
