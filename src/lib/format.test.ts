import { describe, expect, it } from "vitest";
import { formatAdminDate, formatAdminTime } from "./format";

describe("one time format for staff", () => {
  const instant = new Date("2026-11-24T04:00:00Z"); // 09:30 in India
  it("writes a date and time the same way on every screen, in the site's zone, labelled", () => {
    expect(formatAdminDate(instant)).toMatch(/^24 Nov 2026, 09:30 am IST$/);
    expect(formatAdminDate(new Date("2026-11-24T10:34:00Z"))).toMatch(/^24 Nov 2026, 04:04 pm IST$/);
  });
  it("writes a time of day with its zone, whatever the browser's clock", () => {
    expect(formatAdminTime(instant)).toBe("09:30 am IST");
  });
});

describe("a calendar day for staff", () => {
  it("reads 2026-11-30 as 30 Nov 2026", async () => {
    const { formatAdminDay } = await import("./format");
    expect(formatAdminDay("2026-11-30")).toBe("30 Nov 2026");
  });
});
