import { describe, expect, it } from "vitest";
import { parseBusinessHours } from "./business-hours";

describe("parseBusinessHours", () => {
  it("reads the default setting as Monday to Friday, 09:00 to 19:00", () => {
    expect(parseBusinessHours("Mon-Fri 9 AM-7 PM IST")).toEqual([1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: "09:00", end: "19:00" })));
  });
  it("reads 24-hour times, several groups and a week that wraps round", () => {
    expect(parseBusinessHours("Mon-Tue 10:00-18:30; Sat 10am-2pm")).toEqual([
      { weekday: 1, start: "10:00", end: "18:30" },
      { weekday: 2, start: "10:00", end: "18:30" },
      { weekday: 6, start: "10:00", end: "14:00" },
    ]);
    expect(parseBusinessHours("Sat–Mon 9:15 am – 1 pm")?.map((s) => s.weekday)).toEqual([6, 7, 1]);
  });
  it("gives null for text it cannot read, so the caller falls back", () => {
    for (const text of ["", "Always open", "Mon-Fri 7 PM-9 AM", "Mon-Fri 13 PM-14 PM", "Funday 9-5", "24/7 Support"]) {
      expect(parseBusinessHours(text), text).toBeNull();
    }
  });
});
