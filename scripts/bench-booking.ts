// `npm run bench:booking`: what booking a strategy call costs (docs/decisions/0065, docs/benchmark.md),
// in this process, on the embedded database, or PostgreSQL when BENCH_DATABASE_URL or DATABASE_URL is
// set (a database of its own, dropped at the end).
//   1. The open slots of the booking page: 21 days of 09:00-18:00 for 1, 5 and 20 members, each with
//      60 calls already booked, computed by the pure slot function (no database).
//   2. Booking: 200 calls one after another (each its own transaction: hosts locked, slot checked,
//      lead, booking, two mails with their invitations), then 50 requests at once for one slot.
import os from "node:os";
import path from "node:path";
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { openPglite, openPostgres, setDatabase, type DatabaseHandle } from "../src/server/kernel/db/client";
import { bookingHosts, profiles, users } from "../src/server/kernel/db/schema";
import { createScratchDatabase, printTable, type ScratchDatabase } from "./bench-helpers";

process.env.DATA_DIR ??= path.join(os.tmpdir(), `bench-booking-${process.pid}`);
process.env.BETTER_AUTH_SECRET ??= crypto.randomBytes(32).toString("hex");
process.env.SITE_URL ??= "https://www.example.com";
process.env.LOG_LEVEL ??= "warn";

const ADMIN_URL = process.env.BENCH_DATABASE_URL?.trim() || process.env.DATABASE_URL?.trim();
const WEEKDAYS = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: "09:00", end: "18:00" }));

async function slotFigures() {
  const { openSlots } = await import("../src/server/booking/slots");
  const now = new Date();
  const rows: Record<string, unknown>[] = [];
  for (const count of [1, 5, 20]) {
    const hosts = Array.from({ length: count }, (_, i) => ({
      userId: `h${i}`,
      weeklyHours: WEEKDAYS,
      bufferMinutes: 15,
      noticeMinutes: 240,
      maxPerDay: 6,
      daysOff: [],
      lastAssignedAt: null,
    }));
    const bookings = hosts.flatMap((h) =>
      Array.from({ length: 60 }, (_, k) => {
        const start = new Date(now.getTime() + (k * 7 + 3) * 60 * 60_000);
        return { userId: h.userId, start, end: new Date(start.getTime() + 30 * 60_000) };
      }),
    );
    const input = { hosts, bookings, busy: [], now, days: 21 };
    openSlots(input); // warm
    const times: number[] = [];
    let slots = 0;
    for (let i = 0; i < 15; i++) {
      const t = performance.now();
      slots = openSlots(input).length;
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    rows.push({ members: count, booked: bookings.length, open: slots, median: `${times[7]!.toFixed(1)} ms`, worst: `${times.at(-1)!.toFixed(1)} ms` });
  }
  printTable("Open slots of 21 days (pure function, 15 runs)", rows, [
    ["members", "members"],
    ["booked", "calls booked"],
    ["open", "open slots"],
    ["median", "median"],
    ["worst", "slowest"],
  ]);
}

async function bookingFigures(handle: DatabaseHandle, label: string) {
  const { bookStrategyCall } = await import("../src/server/booking/book");
  const everyDay = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: "00:00", end: "23:30" }));
  for (const id of ["bench-a", "bench-b"]) {
    await handle.db.insert(users).values({ id, name: id, email: `${id}@agency.test`, emailVerified: true });
    await handle.db.insert(profiles).values({ userId: id, role: "sales" });
    await handle.db.insert(bookingHosts).values({ userId: id, offersCalls: true, weeklyHours: everyDay, bufferMinutes: 0, noticeMinutes: 0, maxPerDay: 24 });
  }
  // On the hour in India (UTC+05:30), two hours ahead: every call of the runs below is on the members' grid.
  const HALF = 30 * 60_000;
  const base = Math.ceil((Date.now() + 2 * 60 * 60_000 - HALF) / (2 * HALF)) * 2 * HALF + HALF;
  const request = (i: number, start: Date) => ({
    start,
    timeZone: "Asia/Kolkata",
    name: `Visitor ${i}`,
    email: `v${i}@example.com`,
    mobileNumber: "+919876543210",
    company: null,
    topic: "Growth",
    submissionKey: null,
    attribution: {},
    visitorId: null,
  });
  const sequential = 200;
  let t = performance.now();
  // An hour apart, the two members in turn: about 12 calls a day each, under their maximum.
  for (let i = 0; i < sequential; i++) await bookStrategyCall(request(i, new Date(base + i * 60 * 60_000)));
  const sequentialMs = performance.now() - t;
  const contested = new Date(base + (sequential + 1) * 60 * 60_000 + 30 * 60_000);
  t = performance.now();
  const results = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => bookStrategyCall(request(1000 + i, contested))));
  const contestedMs = performance.now() - t;
  const booked = results.filter((r) => r.status === "fulfilled").length;
  const count = Number((await handle.db.execute<{ n: string }>(sql`select count(*) as n from bookings`)).rows[0]!.n);
  printTable(
    `Booking on ${label}`,
    [
      {
        what: `${sequential} calls, one after another`,
        figure: `${((sequential / sequentialMs) * 1000).toFixed(0)} bookings/s (${(sequentialMs / sequential).toFixed(1)} ms each)`,
      },
      {
        what: "50 requests at once for one slot, two members",
        figure: `${booked} booked, ${50 - booked} refused with the nearest times, all answered in ${contestedMs.toFixed(0)} ms`,
      },
      { what: "rows in bookings", figure: String(count) },
    ],
    [
      ["what", "what"],
      ["figure", "figure"],
    ],
  );
}

async function main() {
  await slotFigures();
  let scratch: ScratchDatabase | null = null;
  let handle: DatabaseHandle;
  let label: string;
  if (ADMIN_URL) {
    scratch = await createScratchDatabase(ADMIN_URL, "bench_booking");
    handle = openPostgres(scratch.url);
    label = "PostgreSQL";
  } else {
    handle = openPglite();
    label = "the embedded database (PGlite)";
  }
  try {
    await handle.migrate();
    setDatabase(handle);
    await bookingFigures(handle, label);
  } finally {
    setDatabase(undefined);
    await handle.close();
    await scratch?.drop();
  }
}

await main();
