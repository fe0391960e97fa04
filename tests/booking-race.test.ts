import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { bookingHosts, bookings, leads, notifications, profiles, users } from "@/server/kernel/db/schema";
import { setUpTestDatabase } from "./helpers/test-db";
import { setUpJobQueue } from "./helpers/job-queue";

// The no-double-booking guarantee (docs/decisions/0065): many visitors ask for the same slot at
// once. On PostgreSQL the requests run on the pool's real connections side by side; on PGlite they
// are interleaved on its one connection. Either way each host gets the slot once, and everyone else
// is told to pick another time with the nearest free ones listed.

vi.mock("server-only", () => ({}));

const { bookStrategyCall, SLOT_TAKEN_TITLE } = await import("@/server/booking/book");
const { FieldError } = await import("@/server/kernel/forms/form-action");

const handle = setUpTestDatabase();
setUpJobQueue();

// Monday 4 January 2027, 08:00 India time; the slot asked for is 11:00 that day.
const NOW = new Date("2027-01-04T02:30:00Z");
const SLOT = new Date("2027-01-04T05:30:00Z");
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: "09:00", end: "18:00" }));

async function addHost(id: string): Promise<void> {
  await handle.db.insert(users).values({ id, name: `Host ${id}`, email: `${id}@agency.test`, emailVerified: true });
  await handle.db.insert(profiles).values({ userId: id, role: "sales" });
  await handle.db.insert(bookingHosts).values({ userId: id, offersCalls: true, weeklyHours: EVERY_DAY, bufferMinutes: 15, noticeMinutes: 60, maxPerDay: 8 });
}

function request(i: number) {
  return {
    start: SLOT,
    timeZone: "Europe/London",
    name: `Visitor ${i}`,
    email: `visitor${i}@example.com`,
    mobileNumber: "+919876543210",
    company: null,
    topic: "Growing repeat orders",
    submissionKey: null,
    attribution: {},
    visitorId: null,
  };
}

async function race(count: number) {
  const results = await Promise.allSettled(Array.from({ length: count }, (_, i) => bookStrategyCall(request(i), NOW)));
  const booked = results.filter((r) => r.status === "fulfilled");
  const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
  return { booked, refused };
}

beforeEach(async () => {
  await handle.db.execute(sql`truncate bookings, booking_hosts, booking_days_off, notifications, leads, profiles, users cascade`);
});

describe("fifty visitors ask for one slot at once", () => {
  it("with one host offering calls: exactly one booking, 49 told to pick another time with the nearest free ones", async () => {
    await addHost("host-a");
    const { booked, refused } = await race(50);
    console.log(`[${handle.label}] one host: ${booked.length} booked, ${refused.length} refused`);
    expect(booked).toHaveLength(1);
    expect(refused).toHaveLength(49);
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(FieldError);
      const error = r.reason as InstanceType<typeof FieldError>;
      expect(error.title).toBe(SLOT_TAKEN_TITLE);
      // The nearest free times in the visitor's zone with India's beside: the booked 11:00-11:30
      // and its 15-minute buffer leave 10:00 before it and 12:00 after it.
      expect(error.fields.start).toMatch(/pick another time/);
      expect(error.fields.start).toContain("04:30 GMT (10:00 India time)");
      expect(error.fields.start).toContain("06:30 GMT (12:00 India time)");
      expect(error.fields.start).not.toContain("(10:30 India time)");
    }
    const rows = await handle.db.select().from(bookings);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.hostId).toBe("host-a");
    // The one call is held until its visitor confirms it (docs/decisions/0077): its one mail, no lead
    // yet; nothing of the refused ones.
    expect(rows[0]!.confirmedAt).toBeNull();
    expect(await handle.db.select().from(leads)).toHaveLength(0);
    expect((await handle.db.select().from(notifications)).map((n) => n.kind).sort()).toEqual(["booking-held"]);
  });

  it("with two hosts offering calls: exactly two bookings, one each", async () => {
    await addHost("host-a");
    await addHost("host-b");
    const { booked, refused } = await race(50);
    console.log(`[${handle.label}] two hosts: ${booked.length} booked, ${refused.length} refused`);
    expect(booked).toHaveLength(2);
    expect(refused).toHaveLength(48);
    const rows = await handle.db.select().from(bookings);
    expect(rows.map((r) => r.hostId).sort()).toEqual(["host-a", "host-b"]);
    expect(new Set(rows.map((r) => r.startsAt.getTime()))).toEqual(new Set([SLOT.getTime()]));
  });

  it("requests for two different times too close together for one host's buffer: only one is booked (the lock, not the index, decides)", async () => {
    await addHost("host-a");
    // 11:00 and 11:30 with a 15-minute buffer: whichever is booked first leaves no room for the other.
    const later = new Date(SLOT.getTime() + 30 * 60_000);
    const results = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => bookStrategyCall({ ...request(i), start: i % 2 ? later : SLOT }, NOW)));
    const booked = results.filter((r) => r.status === "fulfilled");
    console.log(`[${handle.label}] two starts within one buffer: ${booked.length} booked`);
    expect(booked).toHaveLength(1);
    expect(await handle.db.select().from(bookings)).toHaveLength(1);
  });

  it("the unique index refuses a second booked row for one host and start, whatever the code does", async () => {
    await addHost("host-a");
    const row = {
      hostId: "host-a",
      startsAt: SLOT,
      endsAt: new Date(SLOT.getTime() + 30 * 60_000),
      name: "A",
      email: "a@example.com",
      phone: "+919876543210",
      topic: "x",
      timeZone: "Asia/Kolkata",
      confirmedAt: new Date(),
    };
    await handle.db.insert(bookings).values(row);
    await expect(handle.db.insert(bookings).values({ ...row, email: "b@example.com" })).rejects.toThrow();
    // A cancelled call frees its start for someone else.
    await handle.db.execute(sql`update bookings set status = 'cancelled', cancelled_at = now()`);
    await handle.db.insert(bookings).values({ ...row, email: "c@example.com" });
  });
});
