import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import ical, { ICalEventRepeatingFreq, ICalEventTransparency } from "ical-generator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getObject, putObject, radicaleMissing, startRadicale, type Radicale, type RadicaleUser } from "./helpers/radicale";
import { setUpTestDatabase } from "./helpers/test-db";
import { calendarWritesSettled, eventually, startCalendarWrites, writeJobStates } from "./helpers/calendar-writes";

// The calendar sync against a real CalDAV server (Radicale, started here): connecting (good and
// wrong password, an address that is not CalDAV, a private address refused without the switch, a
// server that never answers), busy times (a recurring event with a moved and a removed occurrence,
// an all-day event, a transparent and a cancelled one, a zone of its own), an event written as the
// booking writes it, read back, updated with a higher SEQUENCE against its ETag, deleted; the
// password encrypted at rest; failures kept as the connection's last error and retried.

const { calendarBusy, calendarConnections, calendarEvents, users } = await import("@/server/kernel/db/schema");
const caldav = await import("@/server/booking/calendar-sync/caldav");
const { encryptPassword, decryptPassword } = await import("@/server/booking/calendar-sync/secret");
const { checkCalendarUrl } = await import("@/server/booking/calendar-sync/address");
const sync = await import("@/server/booking/calendar-sync/sync");
const data = await import("@/server/booking/data/calendar");
const { calendarBusy: readCalendarBusy } = await import("@/server/booking/data/calendar-busy");
const { declareJobs, startQueue, stopQueue } = await import("@/server/kernel/jobs/queue");

const missing = radicaleMissing();
if (missing) console.warn(`calendar-sync tests skipped: ${missing}`);

const handle = setUpTestDatabase();
const ALICE: RadicaleUser = { name: "alice", password: "Tamarind-Kite-2026" };
const BOB: RadicaleUser = { name: "bob", password: "Monsoon-Ledger-2026" };
const HTTP = { allowPrivate: true, timeoutMs: 5_000 };

let radicale: Radicale;
const overlaps: string[] = [];
let notCaldav: http.Server;
let notCaldavUrl: string;
let silent: http.Server;
let silentUrl: string;

const listen = async (server: http.Server) => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
};

beforeAll(async () => {
  if (missing) return;
  radicale = await startRadicale([ALICE, BOB]);
  // The booking's writes run on the job queue: three at once here, and never two of one event.
  await startCalendarWrites(HTTP, { concurrency: 3, watch: (key, running) => void (running > 1 && overlaps.push(key)) });
  // A web server that is not CalDAV: every request gets a page.
  notCaldav = http.createServer((request, response) => {
    request.resume();
    response.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>Welcome</title><p>Our website");
  });
  notCaldavUrl = await listen(notCaldav);
  // A server that takes the connection and never answers.
  silent = http.createServer((request) => request.resume());
  silentUrl = await listen(silent);
});

afterAll(async () => {
  await stopQueue();
  await radicale?.stop();
  notCaldav?.closeAllConnections();
  silent?.closeAllConnections();
  await new Promise((r) => (notCaldav ? notCaldav.close(r) : r(null)));
  await new Promise((r) => (silent ? silent.close(r) : r(null)));
});

const credentials = (user: RadicaleUser) => ({ serverUrl: radicale.url, username: user.name, password: user.password });

async function kindOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "none";
  } catch (error) {
    expect(error).toBeInstanceOf(caldav.CalendarError);
    return (error as InstanceType<typeof caldav.CalendarError>).kind;
  }
}

/** Monday 00:00 UTC at least 8 days ahead: every test's events fall inside the sync's window. */
function baseDay(): Date {
  const d = new Date(Date.now() + 8 * 24 * 60 * 60_000);
  d.setUTCHours(0, 0, 0, 0);
  while (d.getUTCDay() !== 1) d.setUTCDate(d.getUTCDate() + 1);
  return d;
}
const at = (base: Date, days: number, hours: number, minutes = 0) => new Date(base.getTime() + ((days * 24 + hours) * 60 + minutes) * 60_000);
const isoDate = (d: Date) => d.toISOString().slice(0, 10);
const icsUtc = (d: Date) => `${d.toISOString().slice(0, 19).replace(/[-:]/g, "")}Z`;

async function addUser(id: string): Promise<string> {
  await handle.db.insert(users).values({ id, name: `Member ${id}`, email: `${id}@team.test`, emailVerified: true });
  return id;
}

async function connect(userId: string, user: RadicaleUser, password = user.password): Promise<void> {
  await data.saveCalendarConnection(
    {
      userId,
      serverUrl: radicale.url,
      username: user.name,
      passwordEncrypted: encryptPassword(password),
      calendarUrl: radicale.calendarUrl(user.name),
      calendarName: "calendar",
    },
    handle.db,
  );
}

describe.skipIf(missing !== null)("calendar sync against Radicale", () => {
  describe("connecting", () => {
    it("finds the account's calendar with the right password", async () => {
      const found = await caldav.discoverCalendars(credentials(ALICE), HTTP);
      expect(found).toEqual([{ url: radicale.calendarUrl("alice"), name: "alice's calendar" }]);
    });

    it("says the password is wrong when it is", async () => {
      expect(await kindOf(caldav.discoverCalendars({ ...credentials(ALICE), password: "wrong-password" }, HTTP))).toBe("auth");
      expect(await kindOf(caldav.discoverCalendars({ ...credentials(ALICE), username: "mallory" }, HTTP))).toBe("auth");
    });

    it("says a web server that is not CalDAV is not one", async () => {
      expect(await kindOf(caldav.discoverCalendars({ serverUrl: notCaldavUrl, username: "a", password: "b" }, HTTP))).toBe("not-caldav");
    });

    it("refuses a private or loopback address without the test switch, before any request", async () => {
      let requests = 0;
      const counting = http.createServer((request, response) => {
        requests++;
        response.end();
      });
      const url = await listen(counting);
      try {
        expect(await kindOf(caldav.discoverCalendars({ serverUrl: url, username: "a", password: "b" }, { allowPrivate: false }))).toBe("refused");
        // A public-looking name that resolves to loopback (DNS rebinding) is refused at connect time too.
        const rebinding = async () => [{ address: "127.0.0.1", family: 4 }];
        const named = `http://calendar.example.com:${new URL(url).port}/`;
        expect(await kindOf(caldav.discoverCalendars({ serverUrl: named, username: "a", password: "b" }, { allowPrivate: false, resolver: rebinding }))).toBe(
          "refused",
        );
        expect(requests).toBe(0);
      } finally {
        counting.close();
      }
      // And when the address is saved: the same words as the field shows.
      expect(checkCalendarUrl("http://127.0.0.1:5232/", { allowPrivate: false })).toEqual({ message: expect.stringContaining("not an IP address") });
      expect(checkCalendarUrl("https://calendar.local/", { allowPrivate: false })).toEqual({ message: expect.stringContaining("inside a network") });
      expect(checkCalendarUrl("https://user:pw@caldav.example.com/", { allowPrivate: false })).toEqual({ message: expect.stringContaining("user name") });
      expect(checkCalendarUrl("http://caldav.example.com/", { allowPrivate: false })).toEqual({ message: expect.stringContaining("https://") });
      expect(checkCalendarUrl(" https://caldav.fastmail.com/dav/ ", { allowPrivate: false })).toEqual({ url: "https://caldav.fastmail.com/dav/" });
      expect(checkCalendarUrl("http://127.0.0.1:5232/", { allowPrivate: true })).toEqual({ url: "http://127.0.0.1:5232/" });
    });

    it("says a server that never answers did not answer in time, within the request's limit", async () => {
      const started = Date.now();
      expect(await kindOf(caldav.discoverCalendars({ serverUrl: silentUrl, username: "a", password: "b" }, { allowPrivate: true, timeoutMs: 300 }))).toBe(
        "timeout",
      );
      const took = Date.now() - started;
      console.log(`a silent server was given up after ${took} ms (limit 300 ms a request)`);
      expect(took).toBeLessThan(10_000);
    });

    it("says a closed port is unreachable", async () => {
      const closed = http.createServer();
      const url = await listen(closed);
      await new Promise((r) => closed.close(r));
      expect(await kindOf(caldav.discoverCalendars({ serverUrl: url, username: "a", password: "b" }, HTTP))).toBe("unreachable");
    });

    it("does not read another member's calendar with one's own password", async () => {
      expect(
        await kindOf(caldav.readBusy({ ...credentials(BOB), calendarUrl: radicale.calendarUrl("alice") }, new Date(), new Date(Date.now() + 86_400_000), HTTP)),
      ).toBe("forbidden");
    });
  });

  describe("busy times", () => {
    it("expands a weekly event with a moved and a removed occurrence, and reads all-day, transparent, cancelled and zoned events", async () => {
      const base = baseDay();
      const weekly = ical({ prodId: "//Test//Calendar//EN" });
      // Mondays 10:00-11:00 UTC, four times; the second moved to Tuesday 15:00-16:00, the third removed.
      weekly.createEvent({
        id: "weekly-standup",
        start: at(base, 0, 10),
        end: at(base, 0, 11),
        summary: "Stand-up",
        repeating: { freq: ICalEventRepeatingFreq.WEEKLY, count: 4, exclude: [at(base, 14, 10)] },
      });
      weekly.createEvent({ id: "weekly-standup", recurrenceId: at(base, 7, 10), start: at(base, 8, 15), end: at(base, 8, 16), summary: "Stand-up (moved)" });
      await putObject(radicale, ALICE, "weekly.ics", weekly.toString());

      const allDay = ical({ prodId: "//Test//Calendar//EN" });
      allDay.createEvent({ id: "holiday", start: at(base, 2, 0), end: at(base, 3, 0), allDay: true, summary: "Holiday" });
      await putObject(radicale, ALICE, "holiday.ics", allDay.toString());

      const free = ical({ prodId: "//Test//Calendar//EN" });
      free.createEvent({
        id: "reminder",
        start: at(base, 1, 9),
        end: at(base, 1, 17),
        transparency: ICalEventTransparency.TRANSPARENT,
        summary: "Show as free",
      });
      await putObject(radicale, ALICE, "free.ics", free.toString());

      // Written by hand: one in Berlin time (CET, UTC+1 in winter, CEST in summer), and a cancelled one.
      const berlinStart = `${isoDate(at(base, 4, 0)).replace(/-/g, "")}T090000`;
      const berlinEnd = `${isoDate(at(base, 4, 0)).replace(/-/g, "")}T100000`;
      await putObject(
        radicale,
        ALICE,
        "zoned.ics",
        [
          "BEGIN:VCALENDAR",
          "VERSION:2.0",
          "PRODID:-//Test//Calendar//EN",
          "BEGIN:VEVENT",
          "UID:berlin",
          `DTSTAMP:${icsUtc(new Date())}`,
          `DTSTART;TZID=Europe/Berlin:${berlinStart}`,
          `DTEND;TZID=Europe/Berlin:${berlinEnd}`,
          "SUMMARY:Call with Berlin",
          "END:VEVENT",
          "END:VCALENDAR",
          "",
        ].join("\r\n"),
      );
      await putObject(
        radicale,
        ALICE,
        "cancelled.ics",
        [
          "BEGIN:VCALENDAR",
          "VERSION:2.0",
          "PRODID:-//Test//Calendar//EN",
          "BEGIN:VEVENT",
          "UID:cancelled",
          `DTSTAMP:${icsUtc(new Date())}`,
          `DTSTART:${icsUtc(at(base, 5, 12))}`,
          `DTEND:${icsUtc(at(base, 5, 13))}`,
          "STATUS:CANCELLED",
          "SUMMARY:Cancelled",
          "END:VEVENT",
          "END:VCALENDAR",
          "",
        ].join("\r\n"),
      );

      const { intervals, objects, unreadable } = await caldav.readBusy(
        { ...credentials(ALICE), calendarUrl: radicale.calendarUrl("alice") },
        at(base, -1, 0),
        at(base, 35, 0),
        HTTP,
      );
      expect(unreadable).toBe(0);
      expect(objects).toBe(5);
      const berlinOffset = new Intl.DateTimeFormat("en-US", { timeZone: "Europe/Berlin", timeZoneName: "shortOffset" })
        .formatToParts(at(base, 4, 9))
        .find((p) => p.type === "timeZoneName")!.value; // "GMT+1" or "GMT+2"
      const berlinHours = Number(berlinOffset.replace("GMT", ""));
      const got = intervals.map((i) => [i.startsAt.toISOString(), i.endsAt.toISOString()]);
      expect(got).toEqual(
        [
          [at(base, 0, 10), at(base, 0, 11)], // first Monday
          [at(base, 1, 18, 30), at(base, 2, 18, 30)], // the all-day event: its day in India (00:00 IST = 18:30 UTC the day before)
          [at(base, 4, 9 - berlinHours), at(base, 4, 10 - berlinHours)], // 09:00 Berlin time
          [at(base, 8, 15), at(base, 8, 16)], // the second Monday, moved to Tuesday 15:00
          [at(base, 21, 10), at(base, 21, 11)], // the fourth Monday (the third was removed)
        ]
          .sort((a, b) => a[0]!.getTime() - b[0]!.getTime())
          .map(([s, e]) => [s!.toISOString(), e!.toISOString()]),
      );
    });

    it("syncs a member's busy times into the database, replaced wholesale, and calendarBusy reads them by range", async () => {
      const alice = await addUser("sync-alice");
      await connect(alice, ALICE);
      const base = baseDay();
      const tried = await sync.syncDueCalendars({ http: HTTP });
      expect(tried).toBe(1);
      const [row] = await handle.db.select().from(calendarConnections).where(eq(calendarConnections.userId, alice));
      expect(row!.lastError).toBeNull();
      expect(row!.lastSyncedAt).not.toBeNull();
      expect(row!.syncDueAt.getTime()).toBeGreaterThan(Date.now() + 4 * 60_000);
      const busy = await readCalendarBusy([alice, "nobody"], at(base, 0, 0), at(base, 1, 0));
      expect(busy).toEqual([{ userId: alice, startsAt: at(base, 0, 10), endsAt: at(base, 0, 11) }]);
      // An interval that only overlaps the range's edge is still returned.
      expect(await readCalendarBusy([alice], at(base, 0, 10, 30), at(base, 0, 10, 45))).toHaveLength(1);
      expect(await readCalendarBusy([alice], at(base, 0, 11), at(base, 0, 12))).toHaveLength(0);

      // Not due again yet: a second round claims nothing.
      expect(await sync.syncDueCalendars({ http: HTTP })).toBe(0);
      // The member deletes the Monday event in their calendar app; the next sync drops its busy times.
      const gone = await fetch(`${radicale.calendarUrl("alice")}weekly.ics`, { method: "DELETE", headers: { authorization: radicale.auth(ALICE) } });
      expect(gone.status).toBe(200);
      expect(await sync.syncDueCalendars({ http: HTTP, now: () => new Date(Date.now() + 6 * 60_000) })).toBe(1);
      expect(await readCalendarBusy([alice], at(base, 0, 0), at(base, 1, 0))).toEqual([]);
      expect((await readCalendarBusy([alice], at(base, 0, 0), at(base, 35, 0))).length).toBe(2); // the holiday and Berlin
    });

    it("keeps the last good busy times and says why when a sync fails, and retries later", async () => {
      const bob = await addUser("sync-bob-wrong");
      await connect(bob, BOB);
      await sync.syncDueCalendars({ http: HTTP });
      await putObject(
        radicale,
        BOB,
        "busy.ics",
        ical({ prodId: "//T//T//EN", events: [{ id: "b1", start: at(baseDay(), 0, 9), end: at(baseDay(), 0, 10) }] }).toString(),
      );
      await sync.syncDueCalendars({ http: HTTP, now: () => new Date(Date.now() + 6 * 60_000) });
      expect(await readCalendarBusy([bob], at(baseDay(), 0, 0), at(baseDay(), 1, 0))).toHaveLength(1);
      // The password changes on the server's side: the stored one no longer works.
      await handle.db
        .update(calendarConnections)
        .set({ passwordEncrypted: encryptPassword("old-password"), syncDueAt: sql`now()` })
        .where(eq(calendarConnections.userId, bob));
      // (Every connection is due again 12 minutes on: the earlier test's too.)
      expect(await sync.syncDueCalendars({ http: HTTP, now: () => new Date(Date.now() + 12 * 60_000) })).toBeGreaterThanOrEqual(1);
      const [row] = await handle.db.select().from(calendarConnections).where(eq(calendarConnections.userId, bob));
      expect(row!.lastError).toMatch(/did not accept this user name and password/);
      expect(row!.syncFailures).toBe(1);
      expect(await readCalendarBusy([bob], at(baseDay(), 0, 0), at(baseDay(), 1, 0))).toHaveLength(1);
    });

    it("syncs each due connection once when three ticks run at once: a job per member, keyed by the member (ADR 0095)", async () => {
      const carol = await addUser("sync-carol");
      await connect(carol, ALICE);
      const settings = { http: HTTP, now: () => new Date(Date.now() + 60 * 60_000) };
      const job = sync.calendarSyncJob(settings);
      await declareJobs([job]);
      const added = await Promise.all([sync.enqueueDueSyncs(settings), sync.enqueueDueSyncs(settings), sync.enqueueDueSyncs(settings)]);
      // Every connection due at that time (the earlier tests' too) got one job among the three ticks.
      const [{ count }] = (await handle.db.execute<{ count: number }>(sql`select count(*)::int as count from calendar_connections`)).rows as [
        { count: number },
      ];
      expect(added.reduce((a, b) => a + b, 0)).toBe(count);
      const tried = new Map<string, number>();
      const counted: typeof job = {
        ...job,
        async handler(data) {
          if (await sync.syncMember(data, settings)) tried.set(data.userId, (tried.get(data.userId) ?? 0) + 1);
        },
      };
      await startQueue([counted], { pollSeconds: 0.5 });
      await eventually(async () => tried.size === count);
      // A tick after them finds nothing due: its jobs (the keys are free again) sync nobody twice.
      expect(await sync.enqueueDueSyncs(settings)).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect([...tried.values()].every((n) => n === 1)).toBe(true);
    });

    it("does not bring back busy times for a connection removed while it was being read", async () => {
      const dave = await addUser("sync-dave");
      await connect(dave, ALICE);
      const [connection] = await handle.db.select().from(calendarConnections).where(eq(calendarConnections.userId, dave));
      await data.deleteCalendarConnection(dave, handle.db);
      expect(await data.replaceBusy(connection!, [{ startsAt: new Date(), endsAt: new Date(Date.now() + 60_000) }], new Date())).toBe(false);
      expect(await handle.db.select().from(calendarBusy).where(eq(calendarBusy.userId, dave))).toEqual([]);
    });
  });

  describe("events the booking writes", () => {
    const booking = (uid: string, start: Date, sequence: number) =>
      ical({
        prodId: "//Kinetic Growth//Booking//EN",
        events: [{ id: uid, start, end: new Date(start.getTime() + 30 * 60_000), summary: "Strategy call", sequence }],
      }).toString();

    it("is written into the member's calendar, updated with a higher SEQUENCE against its ETag, and deleted", async () => {
      const erin = await addUser("write-erin");
      await connect(erin, BOB);
      const uid = "booking-1@kineticgrowth.in";
      const start = at(baseDay(), 2, 5);
      expect(await sync.putCalendarEvent(erin, uid, booking(uid, start, 0))).toBe("queued");
      await calendarWritesSettled(handle);
      const first = await getObject(radicale, BOB, `${encodeURIComponent(uid)}.ics`);
      expect(first!.ics).toContain(`UID:${uid}`);
      expect(first!.ics).toContain(`DTSTART:${icsUtc(start)}`);
      const row = await data.calendarEventOf(erin, uid);
      expect(row).toMatchObject({
        pendingAction: null,
        icsText: null,
        etag: first!.etag,
        objectUrl: `${radicale.calendarUrl("bob")}${encodeURIComponent(uid)}.ics`,
      });
      // The busy read sees it like any other event.
      const { intervals } = await caldav.readBusy(
        { ...credentials(BOB), calendarUrl: radicale.calendarUrl("bob") },
        at(baseDay(), 2, 0),
        at(baseDay(), 3, 0),
        HTTP,
      );
      expect(intervals).toEqual([{ startsAt: start, endsAt: new Date(start.getTime() + 30 * 60_000) }]);

      // Rescheduled: SEQUENCE 1, an hour later, sent with If-Match the stored ETag.
      const moved = new Date(start.getTime() + 60 * 60_000);
      expect(await sync.putCalendarEvent(erin, uid, booking(uid, moved, 1))).toBe("queued");
      await calendarWritesSettled(handle);
      const second = await getObject(radicale, BOB, `${encodeURIComponent(uid)}.ics`);
      expect(second!.ics).toContain("SEQUENCE:1");
      expect(second!.ics).toContain(`DTSTART:${icsUtc(moved)}`);
      expect(second!.etag).not.toBe(first!.etag);
      expect((await data.calendarEventOf(erin, uid))!.etag).toBe(second!.etag);

      // Cancelled: gone from the calendar and from the table.
      expect(await sync.removeCalendarEvent(erin, uid)).toBe("queued");
      await calendarWritesSettled(handle);
      expect(await getObject(radicale, BOB, `${encodeURIComponent(uid)}.ics`)).toBeNull();
      expect(await data.calendarEventOf(erin, uid)).toBeNull();
    });

    it("sends If-Match and rewrites over an edit made in the calendar app (the booking owns its event)", async () => {
      const frank = await addUser("write-frank");
      await connect(frank, BOB);
      const uid = "booking-2@kineticgrowth.in";
      const start = at(baseDay(), 3, 6);
      await sync.putCalendarEvent(frank, uid, booking(uid, start, 0));
      await calendarWritesSettled(handle);
      const stale = (await data.calendarEventOf(frank, uid))!.etag;
      // The member edits the event in their app: the object's ETag changes.
      await putObject(radicale, BOB, `${encodeURIComponent(uid)}.ics`, booking(uid, start, 0).replace("SUMMARY:Strategy call", "SUMMARY:Edited by me"));
      const edited = await getObject(radicale, BOB, `${encodeURIComponent(uid)}.ics`);
      expect(edited!.etag).not.toBe(stale);
      // A stale If-Match is refused by the server: the write proves it sends one.
      const refused = await fetch(`${radicale.calendarUrl("bob")}${encodeURIComponent(uid)}.ics`, {
        method: "PUT",
        headers: { authorization: radicale.auth(BOB), "if-match": stale!, "content-type": "text/calendar" },
        body: booking(uid, start, 5),
      });
      expect(refused.status).toBe(412);
      await sync.putCalendarEvent(frank, uid, booking(uid, start, 1));
      await calendarWritesSettled(handle);
      const after = await getObject(radicale, BOB, `${encodeURIComponent(uid)}.ics`);
      expect(after!.ics).toContain("SUMMARY:Strategy call");
      expect(after!.ics).toContain("SEQUENCE:1");
      // Deleted in the app meanwhile: the next write creates it again.
      await fetch(`${radicale.calendarUrl("bob")}${encodeURIComponent(uid)}.ics`, { method: "DELETE", headers: { authorization: radicale.auth(BOB) } });
      await sync.putCalendarEvent(frank, uid, booking(uid, start, 2));
      await calendarWritesSettled(handle);
      expect((await getObject(radicale, BOB, `${encodeURIComponent(uid)}.ics`))!.ics).toContain("SEQUENCE:2");
      expect(await writeJobStates(handle, frank, uid)).toEqual(["completed", "completed", "completed"]);
    });

    it("is a no-op for a member without a calendar", async () => {
      const gina = await addUser("write-gina");
      expect(await sync.putCalendarEvent(gina, "booking-3@kineticgrowth.in", booking("booking-3@kineticgrowth.in", new Date(), 0))).toBe("no-connection");
      expect(await sync.removeCalendarEvent(gina, "booking-3@kineticgrowth.in")).toBe("no-connection");
      expect(await handle.db.select().from(calendarEvents).where(eq(calendarEvents.userId, gina))).toEqual([]);
      expect(await writeJobStates(handle, gina, "booking-3@kineticgrowth.in")).toEqual([]);
    });

    it("refuses a UID that could name another path", async () => {
      await expect(sync.putCalendarEvent("x", "../alice/calendar/weekly", "")).rejects.toThrow(RangeError);
      await expect(sync.removeCalendarEvent("x", "a b")).rejects.toThrow(RangeError);
    });

    it("queued in the booking's transaction (a rolled-back one queues no job), one booking's writes run one at a time, the latest last", async () => {
      const hank = await addUser("write-hank");
      await connect(hank, BOB);
      const uid = "booking-4@kineticgrowth.in";
      // Rolled back with the booking: neither the write nor its job.
      await handle.db
        .transaction(async (tx) => {
          expect(await sync.putCalendarEvent(hank, uid, booking(uid, at(baseDay(), 4, 4), 0), tx)).toBe("queued");
          throw new Error("the booking failed");
        })
        .catch(() => {});
      expect(await data.calendarEventOf(hank, uid)).toBeNull();
      expect(await writeJobStates(handle, hank, uid)).toEqual([]);
      // Three changes in a row, each committed with its job: the jobs of one booking never overlap
      // (the worker here runs three at once), and the calendar ends with the last.
      for (const sequence of [0, 1, 2]) {
        await handle.db.transaction(async (tx) => {
          expect(await sync.putCalendarEvent(hank, uid, booking(uid, at(baseDay(), 4, 4 + sequence), sequence), tx)).toBe("queued");
        });
      }
      await calendarWritesSettled(handle);
      expect(overlaps).toEqual([]);
      expect(await writeJobStates(handle, hank, uid)).toEqual(["completed", "completed", "completed"]);
      const stored = (await getObject(radicale, BOB, `${encodeURIComponent(uid)}.ics`))!.ics;
      expect(stored).toContain(`UID:${uid}`);
      expect(stored).toContain("SEQUENCE:2");
      expect((await data.calendarEventOf(hank, uid))!.pendingAction).toBeNull();
    });

    it("keeps a failed write pending with its reason on the connection, and its job sends it after the back-off once the calendar works", async () => {
      const ivan = await addUser("write-ivan");
      await connect(ivan, BOB, "a-password-the-server-refuses");
      const uid = "booking-5@kineticgrowth.in";
      expect(await sync.putCalendarEvent(ivan, uid, booking(uid, at(baseDay(), 5, 5), 0))).toBe("queued");
      await eventually(async () => (await data.calendarEventOf(ivan, uid))!.attempts === 1);
      // The handler counts the attempt before it throws; the queue marks the job for a retry after.
      await eventually(async () => (await writeJobStates(handle, ivan, uid)).join() === "retry");
      const pending = await data.calendarEventOf(ivan, uid);
      expect(pending).toMatchObject({ pendingAction: "put", attempts: 1 });
      expect(pending!.lastError).toMatch(/did not accept/);
      const [connection] = await handle.db.select().from(calendarConnections).where(eq(calendarConnections.userId, ivan));
      expect(connection!.lastError).toMatch(/did not accept/);
      // The queue's back-off: the job waits to try again, not before about half a minute.
      const [job] = (
        await handle.db.execute<{ state: string; wait: number }>(
          sql`select state::text as state, extract(epoch from start_after - now())::float as wait from pgboss.job where name = 'calendar.write' and singleton_key = ${`${ivan}/${uid}`}`,
        )
      ).rows;
      expect(job!.state).toBe("retry");
      expect(Number(job!.wait)).toBeGreaterThan(10);
      // The member fixes the password (in place, the same calendar: the pending write stays).
      await connect(ivan, BOB);
      expect(await data.calendarEventOf(ivan, uid)).not.toBeNull();
      // The back-off over (brought forward here rather than waited for), the job sends it.
      await handle.db.execute(
        sql`update pgboss.job set start_after = now() where name = 'calendar.write' and singleton_key = ${`${ivan}/${uid}`} and state = 'retry'`,
      );
      await eventually(async () => (await data.calendarEventOf(ivan, uid))!.pendingAction === null);
      expect((await getObject(radicale, BOB, `${encodeURIComponent(uid)}.ics`))!.ics).toContain(`UID:${uid}`);
      await calendarWritesSettled(handle);
      expect(await writeJobStates(handle, ivan, uid)).toEqual(["completed"]);
    });

    it("gives a write up after its job's last try and says so", async () => {
      const jan = await addUser("write-jan");
      await connect(jan, BOB, "never-right");
      const uid = "booking-6@kineticgrowth.in";
      await sync.putCalendarEvent(jan, uid, booking(uid, at(baseDay(), 5, 6), 0));
      await eventually(async () => (await writeJobStates(handle, jan, uid)).join() === "retry");
      // Its job allowed one try more, and that one due now: it is the last.
      await handle.db.execute(
        sql`update pgboss.job set retry_limit = 1, start_after = now() where name = 'calendar.write' and singleton_key = ${`${jan}/${uid}`} and state = 'retry'`,
      );
      await eventually(async () => (await writeJobStates(handle, jan, uid)).join() === "failed");
      const row = await data.calendarEventOf(jan, uid);
      expect(row).toMatchObject({ pendingAction: null, attempts: 2 });
      const [connection] = await handle.db.select().from(calendarConnections).where(eq(calendarConnections.userId, jan));
      expect(connection!.lastError).toMatch(/given up after 2 attempts/);
    });

    it("adopts the writes queued before the queue ran them, once however many starts", async () => {
      const kim = await addUser("write-kim");
      await connect(kim, BOB);
      const uid = "booking-7@kineticgrowth.in";
      // A write as the table-claiming timer left it: pending, with no job.
      await handle.db.insert(calendarEvents).values({ userId: kim, uid, pendingAction: "put", icsText: booking(uid, at(baseDay(), 6, 3), 0) });
      expect(await data.adoptPendingCalendarWrites()).toBe(1);
      expect(await data.adoptPendingCalendarWrites()).toBe(0);
      await eventually(async () => (await data.calendarEventOf(kim, uid))!.pendingAction === null);
      expect((await getObject(radicale, BOB, `${encodeURIComponent(uid)}.ics`))!.ics).toContain(`UID:${uid}`);
      await calendarWritesSettled(handle);
      expect(await data.adoptPendingCalendarWrites()).toBe(0);
      expect(await writeJobStates(handle, kim, uid)).toEqual(["completed"]);
    });
  });

  it("keeps the password encrypted at rest", async () => {
    const rows = await handle.db.execute<Record<string, unknown>>(sql`select * from calendar_connections`);
    expect(rows.rows.length).toBeGreaterThan(0);
    for (const row of rows.rows) {
      const text = JSON.stringify(row);
      for (const password of [ALICE.password, BOB.password]) expect(text).not.toContain(password);
      expect(String(row.password_encrypted)).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    }
    const [alice] = await handle.db.select().from(calendarConnections).where(eq(calendarConnections.userId, "sync-alice"));
    expect(decryptPassword(alice!.passwordEncrypted)).toBe(ALICE.password);
    // Two encryptions of one password differ (a fresh IV each time).
    expect(encryptPassword(ALICE.password)).not.toBe(encryptPassword(ALICE.password));
  });
});
