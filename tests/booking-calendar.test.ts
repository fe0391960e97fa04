import { describe, expect, it, beforeAll, afterAll, vi } from "vitest";
import ical, { type VEvent } from "node-ical";
import { getObject, putObject, radicaleMissing, startRadicale, type Radicale, type RadicaleUser } from "./helpers/radicale";
import { setUpTestDatabase } from "./helpers/test-db";
import { setUpJobQueue } from "./helpers/job-queue";
import { calendarWritesSettled, startCalendarWrites, writeJobStates } from "./helpers/calendar-writes";

// A booking and the member's own calendar (docs/decisions/0065, 0066), against a real CalDAV server
// (Radicale): a time the member is busy in their calendar is neither offered nor bookable; a booked
// call is written into their calendar, moved there with a higher SEQUENCE when the visitor moves it,
// and taken out when it is cancelled.

vi.mock("next/cache", () => ({ revalidatePath: () => {}, revalidateTag: () => {}, updateTag: () => {}, refresh: () => {} }));

const missing = radicaleMissing();
if (missing) console.warn(`booking-calendar tests skipped: ${missing}`);

const { bookStrategyCall, confirmWithToken, currentSlots, rescheduleWithToken, cancelWithToken } = await import("@/server/booking/book");
const { bookingToken } = await import("@/server/booking/tokens");
const { bookingUid } = await import("@/server/booking/mails");
const sync = await import("@/server/booking/calendar-sync/sync");
const data = await import("@/server/booking/data/calendar");
const { encryptPassword } = await import("@/server/booking/calendar-sync/secret");
const { bookingHosts, calendarBusy, calendarConnections, profiles, users } = await import("@/server/kernel/db/schema");
const { eq } = await import("drizzle-orm");
const { stopQueue } = await import("@/server/kernel/jobs/queue");

const handle = setUpTestDatabase();
setUpJobQueue();
const CAROL: RadicaleUser = { name: "carol", password: "Cardamom-Orbit-2026" };
const HTTP = { allowPrivate: true, timeoutMs: 5_000 };
const HOUR = 60 * 60_000;
const HOST = "host-carol";
let radicale: Radicale;

beforeAll(async () => {
  if (missing) return;
  radicale = await startRadicale([CAROL]);
  await startCalendarWrites(HTTP);
  await handle.db.insert(users).values({ id: HOST, name: "Carol Host", email: "carol@agency.test", emailVerified: true });
  await handle.db.insert(profiles).values({ userId: HOST, role: "sales" });
  await handle.db.insert(bookingHosts).values({
    userId: HOST,
    offersCalls: true,
    weeklyHours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: "09:00", end: "18:00" })),
    bufferMinutes: 0,
    noticeMinutes: 0,
    maxPerDay: 8,
  });
  await data.saveCalendarConnection(
    {
      userId: HOST,
      serverUrl: radicale.url,
      username: CAROL.name,
      passwordEncrypted: encryptPassword(CAROL.password),
      calendarUrl: radicale.calendarUrl(CAROL.name),
      calendarName: "calendar",
    },
    handle.db,
  );
});

afterAll(async () => {
  await stopQueue();
  await radicale?.stop();
});

const icsUtc = (d: Date) => `${d.toISOString().slice(0, 19).replace(/[-:]/g, "")}Z`;
const offered = async (start: Date) => (await currentSlots()).some((s) => s.start.getTime() === start.getTime());
const objectName = (uid: string) => `${encodeURIComponent(uid)}.ics`;

function request(start: Date, email: string) {
  return {
    start,
    timeZone: "Asia/Kolkata",
    name: "Meera Iyer",
    email,
    mobileNumber: "+919876543210",
    company: "Iyer Foods",
    topic: "Launching in Pune",
    submissionKey: null,
    attribution: {},
    visitorId: null,
  };
}

/** The one VEVENT of a stored calendar object. */
function eventOf(ics: string): VEvent {
  const events = Object.values(ical.sync.parseICS(ics)).filter((c): c is VEvent => c?.type === "VEVENT");
  expect(events).toHaveLength(1);
  return events[0]!;
}

describe.skipIf(missing !== null)("a booking and the member's CalDAV calendar", () => {
  it("keeps a time the member is busy in their calendar off the page and unbookable", async () => {
    const busyStart = (await currentSlots()).find((s) => s.start.getTime() >= Date.now() + 48 * HOUR)!.start;
    expect(await offered(busyStart)).toBe(true);
    await putObject(
      radicale,
      CAROL,
      "dentist.ics",
      [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//test//EN",
        "BEGIN:VEVENT",
        "UID:dentist@test",
        `DTSTAMP:${icsUtc(new Date())}`,
        `DTSTART:${icsUtc(busyStart)}`,
        `DTEND:${icsUtc(new Date(busyStart.getTime() + HOUR))}`,
        "SUMMARY:Dentist",
        "END:VEVENT",
        "END:VCALENDAR",
        "",
      ].join("\r\n"),
    );
    expect(await sync.syncDueCalendars({ http: HTTP })).toBe(1);

    expect(await offered(busyStart)).toBe(false);
    expect(await offered(new Date(busyStart.getTime() + HOUR / 2))).toBe(false);
    await expect(bookStrategyCall(request(busyStart, "busy@example.com"))).rejects.toThrow(/another time|taken|no longer free/i);
  });

  it("writes the call into the member's calendar, moves it there, and takes it out when cancelled", async () => {
    const slots = (await currentSlots()).filter((s) => s.start.getTime() >= Date.now() + 96 * HOUR);
    const first = slots[0]!.start;
    const later = slots.find((s) => s.start.getTime() >= first.getTime() + 3 * HOUR)!.start;

    const { booking } = await bookStrategyCall(request(first, "meera@example.com"));
    const uid = bookingUid(booking);
    // Held until the visitor confirms it (docs/decisions/0077): nothing goes into the member's calendar yet.
    expect(await writeJobStates(handle, HOST, uid)).toEqual([]);
    expect(await getObject(radicale, CAROL, objectName(uid))).toBeNull();
    expect(await confirmWithToken(bookingToken(booking))).toMatchObject({ kind: "done" });
    await calendarWritesSettled(handle);
    expect(await writeJobStates(handle, HOST, uid)).toEqual(["completed"]);
    const written = await getObject(radicale, CAROL, objectName(uid));
    const event = eventOf(written!.ics);
    expect(event.uid).toBe(uid);
    expect(new Date(event.start).getTime()).toBe(first.getTime());
    expect(written!.ics).toContain("Meera Iyer");
    expect(written!.ics).not.toContain("METHOD:");

    expect(await rescheduleWithToken(bookingToken(booking), later)).toMatchObject({ kind: "done" });
    await calendarWritesSettled(handle);
    const moved = eventOf((await getObject(radicale, CAROL, objectName(uid)))!.ics);
    expect(new Date(moved.start).getTime()).toBe(later.getTime());
    expect(Number(moved.sequence)).toBeGreaterThan(Number(event.sequence ?? 0));

    const current = { ...booking, tokenVersion: booking.tokenVersion + 1 };
    expect(await cancelWithToken(bookingToken(current))).toMatchObject({ kind: "done" });
    await calendarWritesSettled(handle);
    expect(await getObject(radicale, CAROL, objectName(uid))).toBeNull();
    expect(await writeJobStates(handle, HOST, uid)).toEqual(["completed", "completed", "completed"]);
  });

  it("does not read the calls it wrote back as the member's busy times: a cancelled call's time is offered again at once", async () => {
    const start = (await currentSlots()).find((s) => s.start.getTime() >= Date.now() + 144 * HOUR)!.start;
    const { booking } = await bookStrategyCall(request(start, "own@example.com"), new Date(), { hold: false });
    await calendarWritesSettled(handle);
    expect(await getObject(radicale, CAROL, objectName(bookingUid(booking)))).not.toBeNull();

    const [connection] = await handle.db.select().from(calendarConnections).where(eq(calendarConnections.userId, HOST));
    expect(await sync.syncConnection(connection!, { http: HTTP })).toBe(true);
    const busy = await handle.db.select().from(calendarBusy).where(eq(calendarBusy.userId, HOST));
    // The sync still read the member's own events (the dentist above), only not the call.
    expect(busy.length).toBeGreaterThan(0);
    expect(busy.filter((b) => b.startsAt < booking.endsAt && b.endsAt > booking.startsAt)).toEqual([]);

    // Cancelled: the time is free before the calendar's copy is deleted and the calendar read again.
    expect(await cancelWithToken(bookingToken(booking))).toMatchObject({ kind: "done" });
    expect(await offered(start)).toBe(true);
  });
});
