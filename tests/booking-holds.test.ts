import { desc, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { redirectOf, request } from "./helpers/next-mocks";
import { setUpTestDatabase } from "./helpers/test-db";
import { setUpJobQueue } from "./helpers/job-queue";

// A booking from the public page is held until its visitor confirms it from the link in their mail,
// and the page takes only so many an hour per mailbox, client, network and over the site
// (docs/decisions/0077): a flood of strangers cannot take the calendar, mail sales, or put
// invitations into third parties' calendars.

const SITE = "http://localhost:3999";
vi.mock("next/headers", () => import("./helpers/next-mocks").then((m) => m.nextHeaders));
vi.mock("next/cache", () => import("./helpers/next-mocks").then((m) => m.nextCache));
vi.mock("next/navigation", () => import("./helpers/next-mocks").then((m) => m.nextNavigation));

const { bookCallAction, confirmCallAction, cancelCallAction } = await import("@/server/booking/booking-actions");
const { currentSlots, bookStrategyCall, rescheduleWithToken } = await import("@/server/booking/book");
const { releaseHolds } = await import("@/server/booking/job");
const { listPastBookings, listUpcomingBookings } = await import("@/server/booking/data/bookings");
const { callState } = await import("@/lib/booking");
const { personTimeline } = await import("@/server/people/data/people-rows");
const { default: ManageBookingPage } = await import("@/app/[locale]/(site)/book/manage/[token]/page");
const { renderToStaticMarkup } = await import("react-dom/server");
const { bookingHosts, bookings, leads, notifications, profiles, users } = await import("@/server/kernel/db/schema");

const handle = setUpTestDatabase();
setUpJobQueue();
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: "09:00", end: "18:00" }));
const MINUTE = 60_000;

async function addHost(id: string): Promise<void> {
  await handle.db.insert(users).values({ id, name: `Host ${id}`, email: `${id}@agency.test`, emailVerified: true });
  await handle.db.insert(profiles).values({ userId: id, role: "sales" });
  await handle.db.insert(bookingHosts).values({ userId: id, offersCalls: true, weeklyHours: EVERY_DAY, bufferMinutes: 0, noticeMinutes: 0, maxPerDay: 20 });
}

function from(ip: string): void {
  request.headers = new Headers({ host: "localhost:3999", origin: SITE, "x-forwarded-for": ip });
}

function bookingForm(start: Date, email: string): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries({
    start: start.toISOString(),
    timeZone: "Asia/Kolkata",
    name: "Vis Itor",
    email,
    mobileNumber: "+919876543210",
    topic: "Growth",
  }))
    form.set(k, v);
  return form;
}

const kinds = async () => (await handle.db.select({ kind: notifications.kind }).from(notifications)).map((n) => n.kind).sort();
const tokenIn = (text: string) => decodeURIComponent(/\/book\/manage\/([^?\s]+)/.exec(text)![1]!);

async function confirm(token: string) {
  const form = new FormData();
  form.set("token", token);
  return confirmCallAction({ status: "idle" }, form).catch((e: unknown) => e);
}

beforeEach(async () => {
  await handle.db.execute(sql`truncate bookings, booking_hosts, booking_days_off, notifications, leads, profiles, users, rate_limits cascade`);
  from(`198.51.100.${Math.floor(Math.random() * 200) + 1}`);
});

describe("a booking is held until its visitor confirms it", () => {
  it("holds the slot, makes no lead, tells no member and sends no invitation: one mail with the confirmation link", async () => {
    await addHost("host-a");
    const [slot] = await currentSlots();
    const answer = await bookCallAction({ status: "idle" }, bookingForm(slot!.start, "asha@example.com"));
    expect(answer).toMatchObject({ status: "success", title: "Check your e-mail to confirm your call" });
    const [row] = await handle.db.select().from(bookings);
    expect(row).toMatchObject({ status: "booked", confirmedAt: null, leadId: null });
    expect(row!.heldUntil!.getTime() - Date.now()).toBeGreaterThan(29 * MINUTE);
    expect(row!.heldUntil!.getTime() - Date.now()).toBeLessThanOrEqual(30 * MINUTE);
    expect(await handle.db.select().from(leads)).toHaveLength(0);
    expect(await kinds()).toEqual(["booking-held"]);
    const [mail] = await handle.db.select().from(notifications);
    expect(mail!.recipients).toEqual(["asha@example.com"]);
    expect(mail!.attachments ?? []).toEqual([]);
    expect(mail!.textBody).not.toContain("Vis Itor");
    // Held: nobody else gets the slot, and the Calls screen says "held".
    expect((await currentSlots()).some((s) => s.start.getTime() === slot!.start.getTime())).toBe(false);
    const [listed] = await listUpcomingBookings({ from: new Date() });
    expect(callState(listed!)).toBe("held");

    // The visitor confirms from the mail's link: the lead, the member's mail, the invitations.
    const url = await redirectOf(Promise.resolve(confirm(tokenIn(mail!.textBody))).then((e) => Promise.reject(e)));
    expect(url).toMatch(/\?done=confirmed$/);
    const [after] = await handle.db.select().from(bookings);
    expect(after!.confirmedAt).not.toBeNull();
    expect(after!.leadId).not.toBeNull();
    expect(await handle.db.select().from(leads)).toHaveLength(1);
    expect(await kinds()).toEqual(["booking-booked", "booking-held", "booking-host-booked"]);
    expect(callState((await listUpcomingBookings({ from: new Date() }))[0]!)).toBe("confirmed");
    // Confirming twice changes nothing more.
    await confirm(tokenIn(mail!.textBody));
    expect(await kinds()).toHaveLength(3);
  });

  it("a held call is offered as a held time to release, not a call to cancel; released, nobody is sent a cancellation, and the timeline says held and released", async () => {
    await addHost("host-a");
    const [first, second] = await currentSlots();
    await bookCallAction({ status: "idle" }, bookingForm(first!.start, "held@example.com"));
    const token = tokenIn((await handle.db.select().from(notifications))[0]!.textBody);
    const page = async (query: Record<string, string> = {}) =>
      renderToStaticMarkup(await ManageBookingPage({ params: Promise.resolve({ token: encodeURIComponent(token) }), searchParams: Promise.resolve(query) }))
        .replace(/<[^>]+>/g, " ")
        .replace(/\s+/g, " ");
    const offered = await page();
    expect(offered).toContain("Release this held time…");
    expect(offered).toContain("no cancellation is sent");
    expect(offered).not.toContain("Cancel the call");
    const whileHeld = (await personTimeline("held@example.com", "host-a")).find((entry) => entry.kind === "booking");
    expect(whileHeld).toMatchObject({ kind: "booking", title: expect.stringMatching(/^Held a time for a strategy call on /) });
    expect(whileHeld!.detail).toMatch(/^Held, not yet confirmed · /);
    const asked = await page({ cancel: "confirm" });
    expect(asked).toContain("Release the time held for you on");
    expect(asked).toContain("Yes, release this time");
    expect(asked).toContain("No, keep holding it");
    expect(asked).not.toMatch(/cancel the call|keep the call/i);

    const form = new FormData();
    form.set("token", token);
    expect(await redirectOf(cancelCallAction({ status: "idle" }, form))).toMatch(/\?done=released$/);
    expect(await kinds()).toEqual(["booking-held"]);
    const after = await page({ done: "released" });
    expect(after).toContain("The time held for you is released.");
    expect(after).toContain("Released: no longer held for you");

    // A confirmed call is still cancelled as a call.
    await bookCallAction({ status: "idle" }, bookingForm(second!.start, "held@example.com"));
    const [secondMail] = await handle.db
      .select()
      .from(notifications)
      .where(eq(notifications.kind, "booking-held"))
      .orderBy(desc(notifications.createdAt))
      .limit(1);
    await confirm(tokenIn(secondMail!.textBody));
    const confirmedToken = tokenIn(secondMail!.textBody);
    const confirmed = renderToStaticMarkup(
      await ManageBookingPage({ params: Promise.resolve({ token: encodeURIComponent(confirmedToken) }), searchParams: Promise.resolve({ cancel: "confirm" }) }),
    );
    expect(confirmed).toContain("Yes, cancel the call");
    expect(confirmed).not.toContain("Release this held time");

    // The person's timeline: the released hold as held and released, the confirmed call as booked.
    const timeline = (await personTimeline("held@example.com", "host-a")).filter((entry) => entry.kind === "booking");
    expect(timeline.map((entry) => [entry.title.replace(/^(.*) (?:on|for) .*$/, "$1"), entry.detail!.split(" · ")[0]]).sort()).toEqual([
      ["Booked a strategy call", "Booked"],
      ["Held a time for a strategy call", "Released before it was confirmed"],
    ]);
  });

  it("a hold nobody confirms frees its slot at its end, is released, and cannot be confirmed once the slot is taken", async () => {
    await addHost("host-a");
    const slot = (await currentSlots())[5];
    const bookedAt = new Date();
    await bookStrategyCall(
      {
        start: slot!.start,
        timeZone: "Asia/Kolkata",
        name: "A",
        email: "a@example.com",
        mobileNumber: "+919876543210",
        company: null,
        topic: "t",
        submissionKey: null,
        attribution: {},
        visitorId: null,
      },
      bookedAt,
    );
    const [held] = await handle.db.select().from(notifications);
    const later = new Date(bookedAt.getTime() + 31 * MINUTE);
    // Free again as soon as the hold is over, before the release job has run.
    expect((await currentSlots(later)).some((s) => s.start.getTime() === slot!.start.getTime())).toBe(true);
    // Another visitor takes it (the expired hold is released in that transaction: the unique index allows it).
    await bookStrategyCall(
      {
        start: slot!.start,
        timeZone: "Asia/Kolkata",
        name: "B",
        email: "b@example.com",
        mobileNumber: "+919876543210",
        company: null,
        topic: "t",
        submissionKey: null,
        attribution: {},
        visitorId: null,
      },
      later,
      { hold: false },
    );
    const rows = await handle.db.select().from(bookings).orderBy(bookings.createdAt);
    expect(rows.map((r) => r.status)).toEqual(["released", "booked"]);
    expect(await confirm(tokenIn(held!.textBody))).toMatchObject({ status: "refused", message: expect.stringMatching(/released/) });
    const past = await listPastBookings({ before: new Date() });
    expect(past.map((p) => callState(p))).toEqual(["released"]);
  });

  it("the release job marks holds past their time released, and leaves confirmed and current holds alone", async () => {
    await addHost("host-a");
    const slots = await currentSlots();
    const now = new Date();
    for (const [i, hold] of [true, false, true].entries()) {
      await bookStrategyCall(
        {
          start: slots[i]!.start,
          timeZone: "Asia/Kolkata",
          name: "A",
          email: `a${i}@example.com`,
          mobileNumber: "+919876543210",
          company: null,
          topic: "t",
          submissionKey: null,
          attribution: {},
          visitorId: null,
        },
        i === 2 ? new Date(now.getTime() + 20 * MINUTE) : now,
        { hold },
      );
    }
    expect(await releaseHolds(new Date(now.getTime() + 31 * MINUTE))).toBe(1);
    const rows = await handle.db.select().from(bookings).orderBy(bookings.startsAt);
    expect(rows.map((r) => callState(r))).toEqual(["released", "confirmed", "held"]);
  });
});

describe("a hold past its time", () => {
  const holdAt = async (start: Date, bookedAt: Date, email: string) => {
    await bookStrategyCall(
      {
        start,
        timeZone: "Asia/Kolkata",
        name: "A",
        email,
        mobileNumber: "+919876543210",
        company: null,
        topic: "t",
        submissionKey: null,
        attribution: {},
        visitorId: null,
      },
      bookedAt,
    );
    const [mail] = await handle.db.select().from(notifications).where(eq(notifications.kind, "booking-held")).orderBy(desc(notifications.createdAt)).limit(1);
    return tokenIn(mail!.textBody);
  };

  it("is confirmed late when its member is still free, even once the release job has marked it released", async () => {
    await addHost("host-a");
    const slot = (await currentSlots())[3]!;
    const token = await holdAt(slot.start, new Date(Date.now() - 31 * MINUTE), "late@example.com");
    expect(await releaseHolds(new Date())).toBe(1);
    const url = await redirectOf(Promise.resolve(confirm(token)).then((e) => Promise.reject(e)));
    expect(url).toMatch(/\?done=confirmed$/);
    const [row] = await handle.db.select().from(bookings);
    expect(row).toMatchObject({ status: "booked", releasedAt: null });
    expect(row!.confirmedAt).not.toBeNull();
    expect(callState(row!)).toBe("confirmed");
    expect(await handle.db.select().from(leads)).toHaveLength(1);
  });

  it("is released, not moved, when its visitor moves it; another hold may move onto an expired hold's time", async () => {
    await addHost("host-a");
    const slots = await currentSlots();
    const expired = await holdAt(slots[2]!.start, new Date(Date.now() - 31 * MINUTE), "gone@example.com");
    expect(await rescheduleWithToken(expired, slots[6]!.start)).toEqual({ kind: "released" });
    const current = await holdAt(slots[7]!.start, new Date(), "now@example.com");
    // slots[4] is taken by nobody; slots[2]'s expired hold was released above. A second expired hold on
    // slots[4] must not block a move onto it (its row would sit in the unique index of booked times).
    await holdAt(slots[4]!.start, new Date(Date.now() - 31 * MINUTE), "old@example.com");
    expect(await rescheduleWithToken(current, slots[4]!.start)).toMatchObject({ kind: "done" });
    const rows = await handle.db.select({ email: bookings.email, status: bookings.status, startsAt: bookings.startsAt }).from(bookings).orderBy(bookings.email);
    expect(rows.map((r) => [r.email, r.status])).toEqual([
      ["gone@example.com", "released"],
      ["now@example.com", "booked"],
      ["old@example.com", "released"],
    ]);
    expect(rows[1]!.startsAt.getTime()).toBe(slots[4]!.start.getTime());
  });
});

describe("the booking page's hourly limits", () => {
  it("a flood of 300 bookings from 300 addresses, each its own slot and mailbox: the site's hourly limit held, none confirmed, the owners told once, every slot free again after the hold", async () => {
    await addHost("host-a");
    await handle.db.insert(users).values({ id: "owner-1", name: "Owner", email: "owner@agency.test", emailVerified: true });
    await handle.db.insert(profiles).values({ userId: "owner-1", role: "owner" });
    const slots = await currentSlots();
    const freeBefore = slots.length;
    expect(freeBefore).toBeGreaterThan(300);
    const halfHourLater = new Date(Date.now() + 31 * MINUTE);
    const freeLaterBefore = (await currentSlots(halfHourLater)).length;
    let booked = 0;
    for (let i = 0; i < 300; i++) {
      // 300 addresses in 300 networks.
      from(`${10 + (i % 200)}.${Math.floor(i / 200) + 1}.${i % 250}.7`);
      const answer = await bookCallAction({ status: "idle" }, bookingForm(slots[i]!.start, `stranger${i}@example.com`));
      if (answer.status === "success") booked++;
    }
    const freeDuring = (await currentSlots()).length;
    const mails = await kinds();
    const toSales = mails.filter((k) => k.startsWith("booking-host")).length;
    const alerts = await handle.db.select().from(notifications).where(eq(notifications.kind, "booking-limit-alert"));
    const freeAfter = (await currentSlots(halfHourLater)).length;
    console.log(
      `Booking flood: 300 bookings from 300 addresses -> ${booked} held (site limit 20 an hour), ${freeBefore - freeDuring} of ${freeBefore} free slots taken for 30 minutes, ${freeLaterBefore - freeAfter} after; ${toSales} mails to sales, ${mails.filter((k) => k === "booking-held").length} confirmation mails, ${alerts.length} alert to the owners`,
    );
    expect(booked).toBe(20);
    expect(toSales).toBe(0);
    expect(await handle.db.select().from(leads)).toHaveLength(0);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.recipients).toEqual(["owner@agency.test"]);
    expect(alerts[0]!.textBody).not.toMatch(/stranger/);
    // Twenty slots held for half an hour, then every one free again.
    expect(freeBefore - freeDuring).toBe(20);
    expect(freeAfter).toBe(freeLaterBefore);
  });

  it("one mailbox, +tags and Gmail's dots folded: two bookings an hour", async () => {
    await addHost("host-a");
    const slots = await currentSlots();
    const answers = [];
    for (const [i, email] of ["victim@gmail.com", "victim+t1@gmail.com", "v.i.c.t.i.m@gmail.com", "VICTIM+x@googlemail.com"].entries()) {
      from(`203.0.${i + 1}.9`);
      answers.push((await bookCallAction({ status: "idle" }, bookingForm(slots[i]!.start, email))).status);
    }
    expect(answers).toEqual(["success", "success", "refused", "refused"]);
    expect((await kinds()).filter((k) => k === "booking-held")).toHaveLength(2);
  });

  it("one network (an IPv4 /24, an IPv6 /48): ten bookings an hour, whatever the addresses in it", async () => {
    await addHost("host-a");
    await addHost("host-b");
    const slots = await currentSlots();
    let booked = 0;
    for (let i = 0; i < 12; i++) {
      from(`192.0.2.${i + 1}`);
      if ((await bookCallAction({ status: "idle" }, bookingForm(slots[i]!.start, `n${i}@example.com`))).status === "success") booked++;
    }
    expect(booked).toBe(10);
    let v6 = 0;
    for (let i = 0; i < 12; i++) {
      from(`2001:db8:1:${(i + 1).toString(16)}::1`);
      if ((await bookCallAction({ status: "idle" }, bookingForm(slots[20 + i]!.start, `m${i}@example.com`))).status === "success") v6++;
    }
    expect(v6).toBe(10);
  });

  it("the same form sent again books nothing new and counts nothing more", async () => {
    await addHost("host-a");
    const [slot] = await currentSlots();
    const form = bookingForm(slot!.start, "twice@example.com");
    form.set("submissionKey", "resent-form-key-0123456789");
    for (let i = 0; i < 3; i++) expect((await bookCallAction({ status: "idle" }, form)).status).toBe("success");
    expect(await handle.db.select().from(bookings)).toHaveLength(1);
    const counts = await handle.db
      .execute<{ key: string; count: number }>(sql`select key, count from rate_limits where key like 'booking:%'`)
      .then((r) => r.rows);
    expect(counts.length).toBeGreaterThan(0);
    expect(counts.every((c) => Number(c.count) === 1)).toBe(true);
  });

  it("a refused booking gives its counts back: one client over its own limit does not use up the site's", async () => {
    await addHost("host-a");
    const slots = await currentSlots();
    from("198.51.100.200");
    for (let i = 0; i < 30; i++) await bookCallAction({ status: "idle" }, bookingForm(slots[i]!.start, `x${i}@example.com`));
    const [site] = await handle.db.execute<{ count: number }>(sql`select count from rate_limits where key = 'booking:all'`).then((r) => r.rows);
    expect(Number(site!.count)).toBe(3);
    const rows = await handle.db.select().from(bookings).orderBy(desc(bookings.createdAt));
    expect(rows).toHaveLength(3);
  });
});
