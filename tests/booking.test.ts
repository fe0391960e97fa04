import { desc, eq, sql } from "drizzle-orm";
import ical, { type VEvent } from "node-ical";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { nextCache, redirectOf, request } from "./helpers/next-mocks";
import { setUpTestDatabase } from "./helpers/test-db";
import { setUpJobQueue } from "./helpers/job-queue";

// Booking a strategy call (docs/decisions/0065): the booking and its lead (joined by e-mail, any
// case), its mails with their invitations (read back with node-ical), reminders each sent once, the
// manage link's moves and cancels (forged, altered and old links refused), and bad input that gets
// a message and changes nothing.

const SITE = "http://localhost:3999";
vi.mock("next/headers", () => import("./helpers/next-mocks").then((m) => m.nextHeaders));
vi.mock("next/cache", () => import("./helpers/next-mocks").then((m) => m.nextCache));
vi.mock("next/navigation", () => import("./helpers/next-mocks").then((m) => m.nextNavigation));
request.headers = new Headers({ host: "localhost:3999", origin: SITE, "x-forwarded-for": "198.51.100.7" });
const refreshed = nextCache.refresh;

const { bookCallAction, confirmCallAction, rescheduleCallAction, cancelCallAction } = await import("@/server/booking/booking-actions");
const { bookStrategyCall, cancelWithToken, currentSlots, rescheduleWithToken } = await import("@/server/booking/book");
const { bookingReminderJob, sendReminder } = await import("@/server/booking/job");
const { adoptPendingReminders } = await import("@/server/booking/data/bookings");
const { startQueue, stopQueue, declareJobs } = await import("@/server/kernel/jobs/queue");
const { QUEUED_JOBS } = await import("@/server/queue-registry");
const { bookingToken, readBookingToken } = await import("@/server/booking/tokens");
const { callCalendar } = await import("@/server/booking/ics");
const { signToken } = await import("@/server/newsletter/tokens");
const { bookingHosts, bookings, leads, notifications, profiles, users } = await import("@/server/kernel/db/schema");

const handle = setUpTestDatabase();
setUpJobQueue();

const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: "09:00", end: "18:00" }));
const HOUR = 60 * 60_000;

async function addHost(id: string, extra: Partial<typeof bookingHosts.$inferInsert> = {}): Promise<void> {
  await handle.db.insert(users).values({ id, name: `Host ${id}`, email: `${id}@agency.test`, emailVerified: true });
  await handle.db.insert(profiles).values({ userId: id, role: "sales" });
  await handle.db
    .insert(bookingHosts)
    .values({ userId: id, offersCalls: true, weeklyHours: EVERY_DAY, bufferMinutes: 15, noticeMinutes: 0, maxPerDay: 8, ...extra });
}

/** The next open slot at least `hours` from now. */
async function slotAfter(hours: number): Promise<Date> {
  const slot = (await currentSlots()).find((s) => s.start.getTime() >= Date.now() + hours * HOUR);
  if (!slot) throw new Error("no open slot");
  return slot.start;
}

/** What `bookStrategyCall` is given for a call at `start` (a visitor in India unless told otherwise). */
function callRequest(start: Date, fields: Partial<Parameters<typeof bookStrategyCall>[0]> = {}): Parameters<typeof bookStrategyCall>[0] {
  return {
    start,
    timeZone: "Asia/Kolkata",
    name: "Asha",
    email: "asha@example.com",
    mobileNumber: "+919876543210",
    company: null,
    topic: "t",
    submissionKey: null,
    attribution: {},
    visitorId: null,
    ...fields,
  };
}

function bookingForm(fields: Record<string, string>): FormData {
  const form = new FormData();
  const all = {
    timeZone: "America/New_York",
    name: "Asha Rao",
    email: "Asha@Example.com",
    mobileNumber: "+91 98765 43210",
    company: "Chai Co",
    topic: "Repeat orders",
    ...fields,
  };
  for (const [k, v] of Object.entries(all)) form.set(k, v);
  return form;
}

const tokenOf = (url: string) => decodeURIComponent(/\/book\/manage\/([^?\s]+)/.exec(url)![1]!);

/**
 * Books from the form, as a visitor does: the call is held and its mail carries the manage link; the
 * visitor opens it and confirms (docs/decisions/0077). Returns the confirmed page's address.
 */
async function bookAndConfirm(form: FormData): Promise<string> {
  const answer = await bookCallAction({ status: "idle" }, form);
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: "success", title: expect.stringMatching(/confirm/) });
  const [held] = await handle.db.select().from(notifications).where(eq(notifications.kind, "booking-held")).orderBy(desc(notifications.createdAt)).limit(1);
  const confirmForm = new FormData();
  confirmForm.set("token", tokenOf(held!.textBody));
  return redirectOf(confirmCallAction({ status: "idle" }, confirmForm));
}

function invitationOf(row: typeof notifications.$inferSelect) {
  const attachment = row.attachments?.find((a) => a.contentType.startsWith("text/calendar"));
  if (!attachment) throw new Error(`no invitation in ${row.kind}`);
  const parsed = ical.sync.parseICS(attachment.content);
  const events = Object.values(parsed).filter((c): c is VEvent => c?.type === "VEVENT");
  expect(events).toHaveLength(1);
  return { method: attachment.method, raw: attachment.content, event: events[0]! };
}

beforeEach(async () => {
  await handle.db.execute(sql`truncate bookings, booking_hosts, booking_days_off, notifications, leads, profiles, users, rate_limits cascade`);
  request.headers = new Headers({ host: "localhost:3999", origin: SITE, "x-forwarded-for": `198.51.100.${Math.floor(Math.random() * 200) + 1}` });
  refreshed.mockClear();
});

describe("booking a call", () => {
  it("books from the form: the booking, a new lead due on the call's day, and two mails whose invitations parse", async () => {
    await addHost("host-a");
    const start = await slotAfter(30);
    const url = await bookAndConfirm(bookingForm({ start: start.toISOString() }));
    expect(url).toMatch(/^\/book\/manage\/.+\?done=confirmed$/);
    const [booking] = await handle.db.select().from(bookings);
    expect(booking).toMatchObject({
      hostId: "host-a",
      email: "asha@example.com",
      phone: "+919876543210",
      timeZone: "America/New_York",
      sequence: 0,
      status: "booked",
    });
    expect(booking!.startsAt.getTime()).toBe(start.getTime());
    expect(readBookingToken(tokenOf(url))).toEqual({ id: booking!.id, version: 1 });
    const [lead] = await handle.db.select().from(leads);
    expect(booking!.leadId).toBe(lead!.id);
    expect(lead).toMatchObject({ ownerId: "host-a", growthChallenge: "Repeat orders", mobileNumber: "+919876543210" });
    expect(lead!.attribution.form_page).toBe("/book");
    expect(lead!.followUpOn).toBe(new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(start));

    const mails = await handle.db.select().from(notifications);
    expect(mails.map((m) => m.kind).sort()).toEqual(["booking-booked", "booking-held", "booking-host-booked"]);
    const visitor = mails.find((m) => m.kind === "booking-booked")!;
    const host = mails.find((m) => m.kind === "booking-host-booked")!;
    expect(visitor.recipients).toEqual(["asha@example.com"]);
    expect(host.recipients).toEqual(["host-a@agency.test"]);
    // The visitor's copy repeats nothing they typed but their address (nobody has shown it is theirs).
    expect(visitor.textBody).not.toContain("Repeat orders");
    expect(visitor.textBody).not.toContain("Asha Rao");
    expect(visitor.textBody).toMatch(/\/book\/manage\//);
    expect(host.textBody).toContain("Repeat orders");
    for (const row of [visitor, host]) {
      const { method, raw, event } = invitationOf(row);
      expect(method).toBe("REQUEST");
      expect(raw).toContain("METHOD:REQUEST");
      expect(event.uid).toBe(`booking-${booking!.id}@localhost`);
      expect(Number(event.sequence)).toBe(0);
      expect(event.start.getTime()).toBe(start.getTime());
      expect(event.end!.getTime()).toBe(start.getTime() + 30 * 60_000);
      expect(String(event.status)).toBe("CONFIRMED");
      expect(JSON.stringify(event.organizer)).toContain("host-a@agency.test");
      expect(JSON.stringify(event.attendee)).toContain("asha@example.com");
      // UTC times: every calendar shows them in its own zone.
      expect(raw).toMatch(/DTSTART:\d{8}T\d{6}Z/);
    }
  });

  it("joins the lead of the same address in any case, and gives the call to its owner when they are free", async () => {
    await addHost("host-a", { lastAssignedAt: new Date(2000, 0, 1) });
    await addHost("host-b", { lastAssignedAt: new Date(2030, 0, 1) });
    const [lead] = await handle.db
      .insert(leads)
      .values({ name: "Asha", email: "ASHA@example.com", mobileNumber: "+919876543210", ownerId: "host-b" })
      .returning();
    const start = await slotAfter(30);
    // host-a is first in the round-robin (assigned longest ago), but the lead's owner is free.
    await bookAndConfirm(bookingForm({ start: start.toISOString() }));
    const [booking] = await handle.db.select().from(bookings);
    expect(booking!.hostId).toBe("host-b");
    expect(booking!.leadId).toBe(lead!.id);
    expect(await handle.db.select().from(leads)).toHaveLength(1);
    const [after] = await handle.db.select().from(leads);
    expect(after!.followUpOn).toBe(new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(start));
    // The owner busy at the next call's time: the round-robin gives it to the other member.
    request.headers = new Headers({ host: "localhost:3999", origin: SITE, "x-forwarded-for": "203.0.113.9" });
    await bookAndConfirm(bookingForm({ start: start.toISOString(), email: "asha@EXAMPLE.com" }));
    const rows = await handle.db.select().from(bookings).orderBy(bookings.createdAt);
    expect(rows.map((r) => r.hostId)).toEqual(["host-b", "host-a"]);
  });

  it("round-robin: least recently assigned first, and the one who just got a call goes to the back", async () => {
    await addHost("host-a");
    await addHost("host-b");
    const first = await slotAfter(30);
    const hosts: (string | null)[] = [];
    for (let i = 0; i < 4; i++) {
      const start = new Date(first.getTime() + i * 24 * HOUR);
      const outcome = await bookStrategyCall(callRequest(start, { name: `V${i}`, email: `v${i}@example.com` }));
      hosts.push(outcome.booking.hostId);
    }
    expect(hosts).toEqual(["host-a", "host-b", "host-a", "host-b"]);
  });

  it("the same form sent twice (its key) books once and opens the same booking", async () => {
    await addHost("host-a");
    const start = await slotAfter(30);
    const form = () => bookingForm({ start: start.toISOString(), submissionKey: "key-0123456789abcdef" });
    const first = await bookAndConfirm(form());
    const second = await bookAndConfirm(form());
    expect(second).toBe(first);
    expect(await handle.db.select().from(bookings)).toHaveLength(1);
    // The hold's mail, then the confirmed call's two.
    expect(await handle.db.select().from(notifications)).toHaveLength(3);
  });

  it("bad input gets its message beside the field, keeps what was typed and changes nothing", async () => {
    await addHost("host-a");
    const start = (await slotAfter(30)).toISOString();
    const cases: [Record<string, string>, string, RegExp][] = [
      [{ start: "" }, "start", /Choose a time/],
      [{ start: "2027-13-45T99:00:00Z" }, "start", /Choose a time/],
      [{ start: "tomorrow at ten" }, "start", /Choose a time/],
      [{ start, email: "not-an-address" }, "email", /valid email/],
      [{ start, mobileNumber: "12" }, "mobileNumber", /mobile number/],
      [{ start, name: "" }, "name", /required/],
      [{ start, topic: "x".repeat(2001) }, "topic", /at most 2000/],
      [{ start, name: "Asha\u0000" }, "name", /./],
    ];
    for (const [fields, field, message] of cases) {
      const answer = await bookCallAction({ status: "idle" }, bookingForm(fields));
      expect(answer.status, JSON.stringify(fields)).toBe("invalid");
      expect(answer.fieldErrors?.[field], JSON.stringify(fields)).toMatch(message);
      expect(answer.values?.topic?.slice(0, 10)).toBe((fields.topic ?? "Repeat orders").slice(0, 10));
      request.headers = new Headers({
        host: "localhost:3999",
        origin: SITE,
        "x-forwarded-for": `203.0.113.${cases.indexOf(cases.find((c) => c[0] === fields)!) + 20}`,
      });
    }
    // A time nobody offers (11:10, off the half-hour grid; a past time): refused with the nearest times.
    // Beyond the three weeks offered: a time on the hours' grid 60 days ahead, from a hand-made form.
    const farAhead = new Date(new Date(start).getTime() + 60 * 24 * HOUR);
    for (const wrong of [new Date(new Date(start).getTime() + 10 * 60_000), new Date(Date.now() - 2 * HOUR), farAhead]) {
      const answer = await bookCallAction({ status: "idle" }, bookingForm({ start: wrong.toISOString() }));
      expect(answer.status).toBe("invalid");
      expect(answer.fieldErrors?.start).toMatch(/pick another time/);
      expect(refreshed).toHaveBeenCalled();
    }
    expect(await handle.db.select().from(bookings)).toHaveLength(0);
    expect(await handle.db.select().from(leads)).toHaveLength(0);
    expect(await handle.db.select().from(notifications)).toHaveLength(0);
  });

  it("the honeypot, a form sent from another site and an oversized body are refused, and book nothing", async () => {
    await addHost("host-a");
    const start = (await slotAfter(30)).toISOString();
    expect((await bookCallAction({ status: "idle" }, bookingForm({ start, companyWebsite: "http://spam.example" }))).status).toBe("refused");
    expect((await bookCallAction({ status: "idle" }, bookingForm({ start, elapsedMs: "200" }))).status).toBe("refused");
    request.headers = new Headers({ host: "localhost:3999", origin: "https://evil.example", "x-forwarded-for": "198.51.100.99" });
    expect((await bookCallAction({ status: "idle" }, bookingForm({ start }))).status).toBe("refused");
    request.headers = new Headers({ host: "localhost:3999", origin: SITE, "x-forwarded-for": "198.51.100.98" });
    expect((await bookCallAction({ status: "idle" }, bookingForm({ start, name: "a".repeat(100_000) }))).status).toBe("invalid");
    // Arguments no page sends (not a FormData).
    expect((await bookCallAction({ status: "idle" }, "start" as unknown as FormData)).status).toBe("refused");
    expect(await handle.db.select().from(bookings)).toHaveLength(0);
  });

  it("one connection is held to the forms' rate limit", async () => {
    await addHost("host-a");
    const start = await slotAfter(30);
    const answers = [];
    for (let i = 0; i < 6; i++) {
      answers.push(
        await bookCallAction(
          { status: "idle" },
          bookingForm({ start: new Date(start.getTime() + i * 24 * HOUR).toISOString(), email: `r${i}@example.com` }),
        ).catch((e: unknown) => e),
      );
    }
    // The booking page's own limit per client (BOOKING_CLIENT_HOURLY_LIMIT, 3) is below the forms' (5 in 10 minutes).
    expect(answers.filter((a) => (a as { status?: string }).status === "success")).toHaveLength(3);
    expect(answers.at(-1)).toMatchObject({ status: "refused", message: expect.stringMatching(/from your connection/) });
  });

  it("a booking refused for its fields is not counted toward that limit", async () => {
    await addHost("host-a");
    const start = await slotAfter(30);
    for (let i = 0; i < 7; i++) {
      expect(await bookCallAction({ status: "idle" }, bookingForm({ start: start.toISOString(), email: "not-an-address" }))).toMatchObject({
        status: "invalid",
      });
    }
    const booked = await bookCallAction({ status: "idle" }, bookingForm({ start: start.toISOString(), email: "fixed@example.com" })).catch((e: unknown) => e);
    expect(booked).toMatchObject({ status: "success" });
    const [counter] = await handle.db.execute<{ count: number }>(sql`select count from rate_limits where key like 'form:booking:%'`).then((r) => r.rows);
    expect(Number(counter!.count)).toBe(1);
  });

  it("one connection's forms sent at once are held to the same limit: five booked, the rest refused", async () => {
    await addHost("host-a");
    const start = await slotAfter(30);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        bookCallAction({ status: "idle" }, bookingForm({ start: new Date(start.getTime() + i * 24 * HOUR).toISOString(), email: `c${i}@example.com` })).catch(
          (e: unknown) => e,
        ),
      ),
    );
    // Five pass the forms' limit; of those, the booking page's per-client limit (3) books three.
    const booked = answers.filter((a) => (a as { status?: string }).status === "success");
    expect(booked).toHaveLength(3);
    const refused = answers.filter((a) => (a as { status?: string }).status !== "success");
    expect(refused).toHaveLength(5);
    for (const answer of refused) expect(answer).toMatchObject({ status: "refused", message: expect.stringMatching(/from your connection/) });
    expect(await handle.db.select().from(bookings)).toHaveLength(3);
  });
});

describe("reminders", () => {
  async function book(hoursAhead: number, bookedAt: Date) {
    const start = await slotAfter(hoursAhead);
    return (await bookStrategyCall(callRequest(start, { name: "R", email: `r${hoursAhead}@example.com` }), bookedAt, { hold: false })).booking;
  }
  const kinds = async () => (await handle.db.select().from(notifications)).map((n) => n.kind).filter((k) => k.startsWith("booking-reminder"));
  /** The call's reminder jobs: kind, state and start, by the time they start. */
  const jobsOf = async (bookingId: string) =>
    (
      await handle.db.execute<{ kind: string; state: string; start_after: Date | string }>(
        sql`select data->>'kind' as kind, state::text as state, start_after from pgboss.job
            where name = 'booking.reminder' and data->>'bookingId' = ${bookingId} order by start_after, state`,
      )
    ).rows.map((r) => ({ kind: r.kind, state: r.state, at: new Date(r.start_after).getTime() }));

  it("enqueues the day-before and the hour-before reminder at their marks; each is sent once however many times its job runs", async () => {
    await addHost("host-a");
    const booking = await book(48, new Date());
    const start = booking.startsAt.getTime();
    expect(await jobsOf(booking.id)).toEqual([
      { kind: "24h", state: "created", at: start - 24 * HOUR },
      { kind: "1h", state: "created", at: start - HOUR },
    ]);
    const day = { bookingId: booking.id, kind: "24h" } as const;
    const hour = { bookingId: booking.id, kind: "1h" } as const;
    // Before the day mark: nothing.
    expect(await sendReminder(day, new Date(start - 25 * HOUR))).toBe(false);
    // At the day mark, ten runs at once (a job run again after its lease, on other processes): one reminder.
    const runs = await Promise.all(Array.from({ length: 10 }, () => sendReminder(day, new Date(start - 23 * HOUR))));
    expect(runs.filter(Boolean)).toHaveLength(1);
    expect(await kinds()).toEqual(["booking-reminder-24h"]);
    // Within the hour the day-before one is over; the hour's goes once.
    expect(await sendReminder(day, new Date(start - 30 * 60_000))).toBe(false);
    const runs2 = await Promise.all(Array.from({ length: 10 }, () => sendReminder(hour, new Date(start - 30 * 60_000))));
    expect(runs2.filter(Boolean)).toHaveLength(1);
    expect((await kinds()).sort()).toEqual(["booking-reminder-1h", "booking-reminder-24h"]);
    // After the call started: nothing more.
    expect(await sendReminder(hour, new Date(start + 60_000))).toBe(false);
  });

  it("a call booked 3 hours ahead gets only the hour-before reminder", async () => {
    await addHost("host-a");
    const start = (await slotAfter(3)).getTime();
    const booking = await book(3, new Date(start - 3 * HOUR));
    expect(booking.startsAt.getTime()).toBe(start);
    expect(await jobsOf(booking.id)).toEqual([{ kind: "1h", state: "created", at: start - HOUR }]);
    expect(await sendReminder({ bookingId: booking.id, kind: "24h" }, new Date(start - 2 * HOUR))).toBe(false);
    expect(await sendReminder({ bookingId: booking.id, kind: "1h" }, new Date(start - 50 * 60_000))).toBe(true);
    expect(await kinds()).toEqual(["booking-reminder-1h"]);
  });

  it("moved, its reminders move with it; cancelled, they are cancelled; a cancelled call's reminder sends nothing", async () => {
    await addHost("host-a");
    const booking = await book(48, new Date());
    const later = await slotAfter(72);
    expect(await rescheduleWithToken(bookingToken(booking), later)).toMatchObject({ kind: "done" });
    const start = booking.startsAt.getTime();
    const byTime = <T extends { at: number }>(jobs: T[]) => [...jobs].sort((a, b) => a.at - b.at);
    expect(await jobsOf(booking.id)).toEqual(
      byTime([
        { kind: "24h", state: "cancelled", at: start - 24 * HOUR },
        { kind: "1h", state: "cancelled", at: start - HOUR },
        { kind: "24h", state: "created", at: later.getTime() - 24 * HOUR },
        { kind: "1h", state: "created", at: later.getTime() - HOUR },
      ]),
    );
    // The old time's reminder, were its job to run anyway, sends nothing: the call is not then.
    expect(await sendReminder({ bookingId: booking.id, kind: "1h" }, new Date(start - 30 * 60_000))).toBe(false);

    const [moved] = await handle.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(await cancelWithToken(bookingToken(moved!))).toMatchObject({ kind: "done" });
    expect((await jobsOf(booking.id)).map((j) => j.state)).toEqual(["cancelled", "cancelled", "cancelled", "cancelled"]);
    expect(await sendReminder({ bookingId: booking.id, kind: "1h" }, new Date(later.getTime() - 30 * 60_000))).toBe(false);
    expect(await kinds()).toEqual([]);
  });

  it("the queue's worker sends a reminder when its job starts", async () => {
    await addHost("host-a");
    const booking = await book(48, new Date());
    const start = booking.startsAt.getTime();
    // The worker's clock is at the hour mark; the job's start is brought forward to now to match.
    await stopQueue();
    // Every job declared first, as boot does: the reminder queues its mail (docs/decisions/0092).
    await declareJobs(QUEUED_JOBS);
    await startQueue([bookingReminderJob({ now: () => new Date(start - 30 * 60_000) })], { pollSeconds: 0.5 });
    try {
      await handle.db.execute(
        sql`update pgboss.job set start_after = now() where name = 'booking.reminder' and data->>'bookingId' = ${booking.id} and data->>'kind' = '1h'`,
      );
      const end = Date.now() + 20_000;
      while ((await kinds()).length === 0 && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await kinds()).toEqual(["booking-reminder-1h"]);
    } finally {
      await stopQueue();
      await declareJobs(QUEUED_JOBS);
    }
  });

  it("adopts the reminders a call confirmed before the queue ran them is still due, once however many starts", async () => {
    await addHost("host-a");
    const booking = await book(48, new Date());
    // As the timer's days left it: confirmed, not reminded, no job.
    await handle.db.execute(sql`delete from pgboss.job where name = 'booking.reminder' and data->>'bookingId' = ${booking.id}`);
    expect(await adoptPendingReminders()).toBe(2);
    expect(await adoptPendingReminders()).toBe(0);
    const start = booking.startsAt.getTime();
    expect(await jobsOf(booking.id)).toEqual([
      { kind: "24h", state: "created", at: start - 24 * HOUR },
      { kind: "1h", state: "created", at: start - HOUR },
    ]);
  });
});

describe("the manage link: move and cancel", () => {
  async function booked() {
    await addHost("host-a");
    const start = await slotAfter(30);
    const url = await bookAndConfirm(bookingForm({ start: start.toISOString() }));
    await handle.db.delete(notifications);
    return { token: tokenOf(url), start };
  }
  const tokenForm = (token: string, extra: Record<string, string> = {}) => {
    const form = new FormData();
    form.set("token", token);
    for (const [k, v] of Object.entries(extra)) form.set(k, v);
    return form;
  };

  it("moves the call: the same UID, a higher SEQUENCE, new links (the old one stops working)", async () => {
    const { token, start } = await booked();
    const [before] = await handle.db.select().from(bookings);
    const next = (await currentSlots()).find((s) => s.start.getTime() >= start.getTime() + 24 * HOUR)!.start;
    const url = await redirectOf(rescheduleCallAction({ status: "idle" }, tokenForm(token, { start: next.toISOString() })));
    expect(url).toMatch(/\?done=rescheduled$/);
    const [after] = await handle.db.select().from(bookings);
    expect(after).toMatchObject({ id: before!.id, sequence: 1, tokenVersion: 2 });
    expect(after!.startsAt.getTime()).toBe(next.getTime());
    const mails = await handle.db.select().from(notifications);
    expect(mails.map((m) => m.kind).sort()).toEqual(["booking-host-rescheduled", "booking-rescheduled"]);
    for (const row of mails) {
      const { method, event } = invitationOf(row);
      expect(method).toBe("REQUEST");
      expect(event.uid).toBe(`booking-${before!.id}@localhost`);
      expect(Number(event.sequence)).toBe(1);
      expect(event.start.getTime()).toBe(next.getTime());
    }
    // The old link is void: it neither moves nor cancels anything.
    const old = await rescheduleCallAction({ status: "idle" }, tokenForm(token, { start: start.toISOString() }));
    expect(old).toMatchObject({ status: "refused", message: expect.stringMatching(/no longer valid/) });
    expect((await cancelCallAction({ status: "idle" }, tokenForm(token))).status).toBe("refused");
    expect((await handle.db.select().from(bookings))[0]!.status).toBe("booked");
  });

  it("cancels with METHOD:CANCEL, STATUS:CANCELLED and a higher SEQUENCE to both; the time is free again", async () => {
    const { token, start } = await booked();
    const url = await redirectOf(cancelCallAction({ status: "idle" }, tokenForm(token)));
    expect(url).toMatch(/\?done=cancelled$/);
    const [row] = await handle.db.select().from(bookings);
    expect(row).toMatchObject({ status: "cancelled", sequence: 1 });
    expect(row!.cancelledAt).not.toBeNull();
    const mails = await handle.db.select().from(notifications);
    expect(mails.map((m) => m.kind).sort()).toEqual(["booking-cancelled", "booking-host-cancelled"]);
    for (const mail of mails) {
      const { method, raw, event } = invitationOf(mail);
      expect(method).toBe("CANCEL");
      expect(raw).toContain("METHOD:CANCEL");
      expect(String(event.status)).toBe("CANCELLED");
      expect(Number(event.sequence)).toBe(1);
    }
    expect((await currentSlots()).some((s) => s.start.getTime() === start.getTime())).toBe(true);
    // Twice: nothing more happens.
    expect(await cancelCallAction({ status: "idle" }, tokenForm(token))).toMatchObject({
      status: "refused",
      message: expect.stringMatching(/already cancelled/),
    });
    expect(await handle.db.select().from(notifications)).toHaveLength(2);
  });

  it("forged, altered, foreign-purpose and malformed tokens are refused and change nothing", async () => {
    const { token } = await booked();
    const [row] = await handle.db.select().from(bookings);
    const [id, version, signature] = token.split(".") as [string, string, string];
    const flipped = signature.slice(0, -1) + (signature.endsWith("A") ? "B" : "A");
    const otherId = "00000000-0000-4000-8000-000000000000";
    const forged = [
      `${id}.${version}.${flipped}`, // altered signature
      `${id}.2.${signature}`, // a later version with the old signature
      `${otherId}.${version}.${signature}`, // another booking's id with this signature
      signToken("manage", [id, version]), // the newsletter's signer: another key, another purpose
      `${id}.${version}`,
      "",
      "a".repeat(500),
      `${id}.${version}.${signature}.extra`,
    ];
    for (const bad of forged) {
      expect(readBookingToken(bad), bad).toBeNull();
      const cancel = await cancelCallAction({ status: "idle" }, tokenForm(bad));
      expect(cancel.status, bad).not.toBe("success");
    }
    expect((await handle.db.select().from(bookings))[0]).toMatchObject({ status: "booked", sequence: 0, tokenVersion: row!.tokenVersion });
    expect(await handle.db.select().from(notifications)).toHaveLength(0);
    expect(bookingToken(row!)).toBe(token);
  });

  it("moving to a time already taken lists the nearest free times and changes nothing", async () => {
    const { token, start } = await booked();
    // Another visitor takes the next day's same time.
    const taken = new Date(start.getTime() + 24 * HOUR);
    request.headers = new Headers({ host: "localhost:3999", origin: SITE, "x-forwarded-for": "203.0.113.77" });
    await bookAndConfirm(bookingForm({ start: taken.toISOString(), email: "other@example.com" }));
    await handle.db.delete(notifications);
    const answer = await rescheduleCallAction({ status: "idle" }, tokenForm(token, { start: taken.toISOString() }));
    expect(answer.status).toBe("invalid");
    expect(answer.fieldErrors?.start).toMatch(/pick another time.*(EST|EDT)/);
    const [mine] = await handle.db.select().from(bookings).where(eq(bookings.email, "asha@example.com"));
    expect(mine).toMatchObject({ sequence: 0, tokenVersion: 1 });
    expect(await handle.db.select().from(notifications)).toHaveLength(0);
  });
});

describe("the invitation's calendar-object form", () => {
  it("has no METHOD (what a CalDAV server stores) and the same UID", () => {
    const event = {
      bookingId: "6f9a0c1e-0000-4000-8000-000000000001",
      domain: "kineticgrowth.in",
      sequence: 2,
      start: new Date("2027-01-04T05:30:00Z"),
      end: new Date("2027-01-04T06:00:00Z"),
      summary: "Strategy call",
      description: "d",
      organizer: { name: "Host", email: "host@agency.test" },
      visitor: { name: "Asha", email: "asha@example.com" },
      cancelled: false,
    };
    const object = callCalendar(event, null);
    expect(object).not.toContain("METHOD:");
    const parsed = Object.values(ical.sync.parseICS(object)).filter((c): c is VEvent => c?.type === "VEVENT");
    expect(parsed[0]!.uid).toBe("booking-6f9a0c1e-0000-4000-8000-000000000001@kineticgrowth.in");
    expect(callCalendar(event, "REQUEST")).toContain("METHOD:REQUEST");
  });

  it("the member's copy of a booked call, for their calendar: no METHOD, the mails' UID and SEQUENCE", async () => {
    const { memberCalendarObject, bookingUid } = await import("@/server/booking/mails");
    await addHost("host-a");
    const start = await slotAfter(30);
    const outcome = await bookStrategyCall(callRequest(start), new Date(), { hold: false });
    if (outcome.kind !== "booked") throw new Error("not booked");
    const { booking, host } = outcome;
    const object = memberCalendarObject(booking, host);
    expect(object).not.toContain("METHOD:");
    const [event] = Object.values(ical.sync.parseICS(object)).filter((c): c is VEvent => c?.type === "VEVENT");
    expect(event!.uid).toBe(bookingUid(booking));
    expect(event!.uid).toBe(invitationOf((await handle.db.select().from(notifications)).find((n) => n.kind === "booking-host-booked")!).event.uid);
    expect(event!.start.getTime()).toBe(start.getTime());
  });
});
