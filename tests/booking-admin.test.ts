import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { request } from "./helpers/next-mocks";
import { setUpTestDatabase } from "./helpers/test-db";
import { setUpJobQueue } from "./helpers/job-queue";

// The Calls screen's changes (docs/decisions/0065): a member's own availability (owners and admins
// anyone's), days off, a call's outcome and a cancel, each with its activity row in its transaction,
// and bad input answered beside its field with nothing changed. The role is a variable here: the
// permission matrix replays every action as every role.

const SITE = "http://localhost:3999";
vi.mock("next/headers", () => import("./helpers/next-mocks").then((m) => m.nextHeaders));
vi.mock("next/cache", () => import("./helpers/next-mocks").then((m) => m.nextCache));
request.headers = new Headers({ host: "localhost:3999", origin: SITE });
let signedIn = { id: "sales-1", role: "sales" };
vi.mock("@/server/kernel/session/auth-guard", () => {
  class AccessDeniedError extends Error {
    reason = "role";
  }
  return {
    AccessDeniedError,
    requireRole: async (roles: readonly string[]) => {
      if (!roles.includes(signedIn.role)) throw new AccessDeniedError("denied");
      return { id: signedIn.id, email: `${signedIn.id}@agency.test`, name: signedIn.id, emailVerified: true, twoFactorEnabled: false, role: signedIn.role };
    },
  };
});

const { saveAvailabilityAction, dayOffAction, bookingOutcomeAction, staffCancelBookingAction } = await import("@/server/booking/booking-admin-actions");
const { currentSlots } = await import("@/server/booking/book");
const { activityEvents, bookingDaysOff, bookingHosts, bookings, notifications, profiles, users } = await import("@/server/kernel/db/schema");

const handle = setUpTestDatabase();
setUpJobQueue();

function form(values: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(values)) f.set(k, v);
  return f;
}
const weekdays = Object.fromEntries(
  [1, 2, 3, 4, 5, 6, 7].flatMap((d) => [
    [`day${d}Start`, "10:00"],
    [`day${d}End`, "12:00"],
  ]),
);
const availability = (userId: string, extra: Record<string, string> = {}) =>
  form({ userId, offersCalls: "on", bufferMinutes: "10", noticeMinutes: "0", maxPerDay: "3", ...weekdays, ...extra });

async function member(id: string, role: string) {
  await handle.db.insert(users).values({ id, name: id, email: `${id}@agency.test`, emailVerified: true });
  await handle.db.insert(profiles).values({ userId: id, role });
}

async function call(hostId: string, minutesFromNow: number) {
  const start = new Date(Date.now() + minutesFromNow * 60_000);
  const [row] = await handle.db
    .insert(bookings)
    .values({
      hostId,
      startsAt: start,
      endsAt: new Date(start.getTime() + 30 * 60_000),
      name: "Asha",
      email: "asha@example.com",
      phone: "+919876543210",
      topic: "t",
      timeZone: "Asia/Kolkata",
    })
    .returning();
  return row!;
}

// The trail cannot be emptied (only pruned by age): each test reads the rows written since it began.
let since = new Date();
const trail = async (action: string) => (await handle.db.select().from(activityEvents)).filter((e) => e.action === action && e.at >= since);

beforeEach(async () => {
  await handle.db.execute(sql`truncate bookings, booking_hosts, booking_days_off, notifications, profiles, users cascade`);
  await member("sales-1", "sales");
  await member("sales-2", "sales");
  await member("admin-1", "admin");
  await member("editor-1", "editor");
  signedIn = { id: "sales-1", role: "sales" };
  since = new Date();
});

describe("availability", () => {
  it("a member saves their own hours: stored, offered on /book, recorded with before and after", async () => {
    expect(await currentSlots()).toEqual([]);
    const answer = await saveAvailabilityAction({ status: "idle" }, availability("sales-1"));
    expect(answer.status).toBe("success");
    const [row] = await handle.db.select().from(bookingHosts);
    expect(row).toMatchObject({ userId: "sales-1", offersCalls: true, bufferMinutes: 10, noticeMinutes: 0, maxPerDay: 3 });
    expect(row!.weeklyHours).toHaveLength(7);
    expect((await currentSlots()).length).toBeGreaterThan(0);
    const [event] = await trail("booking.availability");
    expect(event).toMatchObject({ userId: "sales-1", tableName: "booking_hosts", recordId: "sales-1" });
    expect(event!.after).toMatchObject({ offersCalls: true });
    // Switched off: nothing offered any more.
    await saveAvailabilityAction({ status: "idle" }, availability("sales-1", { offersCalls: "" }));
    expect(await currentSlots()).toEqual([]);
    expect(await trail("booking.availability")).toHaveLength(2);
  });

  it("sales may not change another member's availability; an admin may; an editor takes no calls", async () => {
    const refused = await saveAvailabilityAction({ status: "idle" }, availability("sales-2"));
    expect(refused.status).toBe("invalid");
    expect(refused.message).toMatch(/only your own/);
    signedIn = { id: "admin-1", role: "admin" };
    expect((await saveAvailabilityAction({ status: "idle" }, availability("sales-2"))).status).toBe("success");
    expect((await saveAvailabilityAction({ status: "idle" }, availability("editor-1"))).status).toBe("invalid");
    expect((await handle.db.select().from(bookingHosts)).map((h) => h.userId)).toEqual(["sales-2"]);
  });

  it("bad hours, numbers out of range and an end before its start: a message beside the field, nothing stored", async () => {
    await saveAvailabilityAction({ status: "idle" }, availability("sales-1"));
    const before = await handle.db.select().from(bookingHosts);
    const cases: [Record<string, string>, string][] = [
      [{ day1Start: "12:00", day1End: "11:00" }, "day1Start"],
      [{ day2Start: "10:00", day2End: "" }, "day2Start"],
      [{ day3Start: "25:00" }, "day3Start"],
      [{ day4Start: "10:00", day4End: "10:15" }, "day4Start"],
      [{ bufferMinutes: "-5" }, "bufferMinutes"],
      [{ maxPerDay: "0" }, "maxPerDay"],
      [{ noticeMinutes: "99999999" }, "noticeMinutes"],
    ];
    for (const [extra, field] of cases) {
      const answer = await saveAvailabilityAction({ status: "idle" }, availability("sales-1", extra));
      expect(answer.status, JSON.stringify(extra)).toBe("invalid");
      expect(answer.fieldErrors?.[field], JSON.stringify(extra)).toBeTruthy();
      expect(answer.values?.bufferMinutes).toBe(extra.bufferMinutes ?? "10");
    }
    expect(await handle.db.select().from(bookingHosts)).toEqual(before);
    expect(await trail("booking.availability")).toHaveLength(1);
  });

  it("a day off takes the day's slots away, and coming back returns them; each change recorded", async () => {
    await saveAvailabilityAction({ status: "idle" }, availability("sales-1", { noticeMinutes: "0" }));
    const firstDay = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format((await currentSlots())[0]!.start);
    const onDay = async () =>
      (await currentSlots()).filter((s) => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(s.start) === firstDay).length;
    expect(await onDay()).toBeGreaterThan(0);
    expect((await dayOffAction({ status: "idle" }, form({ userId: "sales-1", day: firstDay, intent: "add" }))).status).toBe("success");
    expect(await onDay()).toBe(0);
    expect(await handle.db.select().from(bookingDaysOff)).toHaveLength(1);
    expect((await dayOffAction({ status: "idle" }, form({ userId: "sales-1", day: "2027-02-30", intent: "add" }))).fieldErrors?.day).toBeTruthy();
    expect((await dayOffAction({ status: "idle" }, form({ userId: "sales-2", day: firstDay, intent: "add" }))).status).toBe("invalid");
    expect((await dayOffAction({ status: "idle" }, form({ userId: "sales-1", day: firstDay, intent: "remove" }))).status).toBe("success");
    expect(await onDay()).toBeGreaterThan(0);
    expect((await trail("booking.day-off")).map((e) => e.recordId)).toEqual([`sales-1:${firstDay}`]);
    expect(await trail("booking.day-off-removed")).toHaveLength(1);
  });
});

describe("a call's outcome and cancel", () => {
  it("the call's member records held or no-show once it has started; not before, not on another's call", async () => {
    const started = await call("sales-1", -45);
    const coming = await call("sales-1", 24 * 60);
    const others = await call("sales-2", -45);
    expect((await bookingOutcomeAction({ status: "idle" }, form({ bookingId: started.id, outcome: "no_show" }))).status).toBe("success");
    expect((await bookingOutcomeAction({ status: "idle" }, form({ bookingId: coming.id, outcome: "held" }))).status).toBe("invalid");
    expect((await bookingOutcomeAction({ status: "idle" }, form({ bookingId: others.id, outcome: "held" }))).message).toMatch(/own member/);
    expect((await bookingOutcomeAction({ status: "idle" }, form({ bookingId: started.id, outcome: "maybe" }))).status).toBe("invalid");
    const rows = await handle.db.select().from(bookings);
    expect(rows.find((r) => r.id === started.id)!.outcome).toBe("no_show");
    expect(rows.filter((r) => r.id !== started.id).every((r) => r.outcome === null)).toBe(true);
    const [event] = await trail("booking.outcome");
    expect(event).toMatchObject({ recordId: started.id, after: { outcome: "no_show" } });
  });

  it("a member cancels their coming call: cancelled, both told with METHOD:CANCEL, recorded", async () => {
    const coming = await call("sales-1", 24 * 60);
    expect((await staffCancelBookingAction({ status: "idle" }, form({ bookingId: coming.id }))).status).toBe("success");
    const [row] = await handle.db.select().from(bookings);
    expect(row).toMatchObject({ status: "cancelled", sequence: 1 });
    const mails = await handle.db.select().from(notifications);
    expect(mails.map((m) => m.kind).sort()).toEqual(["booking-cancelled", "booking-host-cancelled"]);
    expect(mails.every((m) => m.attachments?.[0]?.method === "CANCEL")).toBe(true);
    expect(await trail("booking.cancel")).toHaveLength(1);
    // Again: refused, nothing more sent.
    expect((await staffCancelBookingAction({ status: "idle" }, form({ bookingId: coming.id }))).status).toBe("invalid");
    expect(await handle.db.select().from(notifications)).toHaveLength(2);
  });
});
