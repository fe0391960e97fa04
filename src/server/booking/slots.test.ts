import { describe, expect, it } from "vitest";
import { groupSlotsByDay } from "@/lib/booking";
import { freeHostsAt, nearestSlots, openSlots, type HostAvailability, type SlotInput } from "./slots";

const weekdays = (start: string, end: string) => [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start, end }));

function host(userId: string, extra: Partial<HostAvailability> = {}): HostAvailability {
  return { userId, weeklyHours: weekdays("10:00", "12:00"), bufferMinutes: 0, noticeMinutes: 0, maxPerDay: 10, daysOff: [], lastAssignedAt: null, ...extra };
}

// Monday 2 November 2026, 00:00 India time (IST is UTC+05:30 all year).
const MONDAY = new Date("2026-11-01T18:30:00Z");
const ist = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00+05:30`);
const iso = (slots: { start: Date }[]) => slots.map((s) => s.start.toISOString());

function input(extra: Partial<SlotInput> = {}): SlotInput {
  return { hosts: [host("a")], bookings: [], busy: [], now: MONDAY, days: 1, ...extra };
}

describe("open slots", () => {
  it("offers every half hour of the weekly hours, the last one ending at the stretch's end", () => {
    expect(iso(openSlots(input()))).toEqual(["10:00", "10:30", "11:00", "11:30"].map((t) => ist("2026-11-02", t).toISOString()));
  });

  it("offers nothing on a weekend, a day off, or a day without hours", () => {
    const saturday = new Date("2026-11-06T18:30:00Z");
    expect(openSlots(input({ now: saturday, days: 2 }))).toEqual([]);
    expect(openSlots(input({ hosts: [host("a", { daysOff: ["2026-11-02"] })] }))).toEqual([]);
    expect(openSlots(input({ hosts: [host("a", { weeklyHours: [] })] }))).toEqual([]);
  });

  it("keeps the minimum notice: nothing starts sooner than that after now", () => {
    const now = ist("2026-11-02", "09:45");
    expect(iso(openSlots(input({ now, hosts: [host("a", { noticeMinutes: 60 })] })))).toEqual([
      ist("2026-11-02", "11:00").toISOString(),
      ist("2026-11-02", "11:30").toISOString(),
    ]);
  });

  it("keeps the buffer clear on both sides of a booked call and of a busy time", () => {
    const booked = [{ userId: "a", start: ist("2026-11-02", "10:30"), end: ist("2026-11-02", "11:00") }];
    // Buffer 15: 10:00 ends at 10:30 (needs clear until 10:45: the call is there), 11:00 starts 0 min after.
    expect(iso(openSlots(input({ hosts: [host("a", { bufferMinutes: 15 })], bookings: booked })))).toEqual([ist("2026-11-02", "11:30").toISOString()]);
    expect(iso(openSlots(input({ hosts: [host("a")], bookings: booked })))).toEqual(["10:00", "11:00", "11:30"].map((t) => ist("2026-11-02", t).toISOString()));
    const busy = [{ userId: "a", start: ist("2026-11-02", "11:40"), end: ist("2026-11-02", "11:50") }];
    expect(iso(openSlots(input({ busy })))).toEqual(["10:00", "10:30", "11:00"].map((t) => ist("2026-11-02", t).toISOString()));
    // Another member's call or busy time changes nothing for this one.
    expect(openSlots(input({ busy: busy.map((b) => ({ ...b, userId: "b" })) }))).toHaveLength(4);
  });

  it("stops at the maximum a day, counted on the site's calendar day", () => {
    const booked = [
      { userId: "a", start: ist("2026-11-02", "15:00"), end: ist("2026-11-02", "15:30") },
      // 00:15 on the 3rd in India: another day there, though the same UTC day as the 2nd's evening.
      { userId: "a", start: ist("2026-11-03", "00:15"), end: ist("2026-11-03", "00:45") },
    ];
    expect(openSlots(input({ hosts: [host("a", { maxPerDay: 1 })], bookings: booked }))).toEqual([]);
    expect(openSlots(input({ hosts: [host("a", { maxPerDay: 2 })], bookings: booked }))).toHaveLength(4);
  });

  it("lists who is free at each slot, least recently assigned first", () => {
    const hosts = [host("b", { lastAssignedAt: new Date("2026-10-01") }), host("a", { lastAssignedAt: new Date("2026-10-05") }), host("c")];
    const [first] = openSlots(input({ hosts }));
    expect(first!.hostIds).toEqual(["c", "b", "a"]);
    const booked = [{ userId: "c", start: ist("2026-11-02", "10:00"), end: ist("2026-11-02", "10:30") }];
    expect(freeHostsAt(input({ hosts, bookings: booked }), ist("2026-11-02", "10:00")).map((h) => h.userId)).toEqual(["b", "a"]);
  });

  it("refuses a start that is not on the half-hour grid of the weekly hours", () => {
    expect(freeHostsAt(input(), ist("2026-11-02", "10:10"))).toEqual([]);
    expect(freeHostsAt(input(), ist("2026-11-02", "12:00"))).toEqual([]);
    expect(freeHostsAt(input(), ist("2026-11-02", "11:30"))).toHaveLength(1);
  });

  it("offers the nearest open slots around a taken time", () => {
    const slots = openSlots(input({ days: 2 }));
    expect(iso(nearestSlots(slots, ist("2026-11-02", "11:00"), 3))).toEqual(["10:30", "11:00", "11:30"].map((t) => ist("2026-11-02", t).toISOString()));
  });
});

describe("daylight saving", () => {
  it("hours written in a zone with daylight saving follow its clock across the change", () => {
    // New York leaves daylight saving on Sunday 1 November 2026: 10:00 there is 14:00 UTC before, 15:00 after.
    const hosts = [host("a", { weeklyHours: [5, 1].map((weekday) => ({ weekday, start: "10:00", end: "10:30" })) })];
    const slots = openSlots({ hosts, bookings: [], busy: [], now: new Date("2026-10-30T04:00:00Z"), timeZone: "America/New_York", days: 4 });
    expect(iso(slots)).toEqual(["2026-10-30T14:00:00.000Z", "2026-11-02T15:00:00.000Z"]);
  });

  it("a wall-clock hour the change skips is not offered, and no instant twice", () => {
    // London skips 01:00-02:00 on Sunday 29 March 2026: 00:30 GMT to 02:30 BST is one real hour.
    const hosts = [host("a", { weeklyHours: [{ weekday: 7, start: "00:30", end: "02:30" }] })];
    const slots = openSlots({ hosts, bookings: [], busy: [], now: new Date("2026-03-28T12:00:00Z"), timeZone: "Europe/London", days: 2 });
    // 00:30 GMT and 02:00 BST (01:00 UTC): two calls fit, whatever the clock on the wall said.
    expect(iso(slots)).toEqual(["2026-03-29T00:30:00.000Z", "2026-03-29T01:00:00.000Z"]);
  });

  it("shows India's slots in the visitor's zone on the right day, before and after the visitor's change", () => {
    const before = ist("2026-10-30", "09:00"); // New York on daylight time (UTC-4): 23:30 on the 29th
    const after = ist("2026-11-02", "09:00"); // standard time (UTC-5): 22:30 on the 1st
    const days = groupSlotsByDay([before.toISOString(), after.toISOString()], "America/New_York");
    expect(days.map((d) => d.day)).toEqual(["2026-10-29", "2026-11-01"]);
    expect(days[0]!.slots[0]).toMatchObject({ time: "23:30", indiaTime: "09:00", label: "23:30 EDT (09:00 India time)" });
    expect(days[1]!.slots[0]).toMatchObject({ time: "22:30", indiaTime: "09:00", label: "22:30 EST (09:00 India time)" });
    const india = groupSlotsByDay([before.toISOString()], "Asia/Kolkata");
    expect(india[0]!.slots[0]!.label).toBe("09:00 India time");
  });
});
