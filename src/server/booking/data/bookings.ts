import "server-only";
import { and, asc, desc, eq, gte, inArray, isNull, lt, ne, sql, type SQL } from "drizzle-orm";
import { LEAD_DESK } from "@/lib/admin-tables/definition";
import { CALL_MINUTES, dayInZone } from "@/lib/booking";
import { SITE_TIME_ZONE } from "@/lib/site-time";
import { db, type Executor } from "../../kernel/db/client";
import { bookingDaysOff, bookingHosts, bookings, leads, users, type Attribution, type Booking, type WeeklyHours } from "../../kernel/db/schema";
import { enqueueMail, type MailInput } from "../../kernel/mail/mail";
import { ownerEmails } from "../../kernel/session/data/profiles";
import { bookingUid, memberCalendarObject } from "../mails";
import { calendarBusy } from "./calendar-busy";
import { queueCalendarWrite } from "./calendar";
import type { HostAvailability, Interval, SlotInput } from "../slots";
import { freeHostsAt } from "../slots";
import { enqueueWebhookEvent } from "../../kernel/events/events";
import { cancelJob, enqueue } from "../../kernel/jobs/queue";

// The strategy call's statements (docs/decisions/0065): what the slots are computed from, and the
// transactions that book, move and cancel a call with their mails. Every transaction that gives a
// member a call first locks the rows of every member who offers calls (FOR UPDATE, in id order), then
// checks the slot again on what it reads under that lock, then writes: two requests for overlapping
// times wait for each other and the second sees the first's call. The partial unique index
// bookings_host_start_booked_key is the backstop.

const DAY_MS = 24 * 60 * 60_000;

const DESK_ROLES = sql.join(
  LEAD_DESK.write.map((r) => sql`${r}`),
  sql`, `,
);

export interface HostPerson {
  id: string;
  name: string;
  email: string;
}

interface HostRow extends Record<string, unknown> {
  user_id: string;
  weekly_hours: WeeklyHours[];
  buffer_minutes: number;
  notice_minutes: number;
  max_per_day: number;
  last_assigned_at: string | Date | null;
  name: string;
  email: string;
}

/**
 * The members who offer calls and are on the lead desk (owner, admin, sales): someone whose role was
 * taken away keeps their settings but gets no calls. With `lock`, their rows are locked in id order.
 */
async function offeringHosts(executor: Executor, lock: boolean): Promise<HostRow[]> {
  const rows = await executor.execute<HostRow>(sql`
    select bh.user_id, bh.weekly_hours, bh.buffer_minutes, bh.notice_minutes, bh.max_per_day, bh.last_assigned_at, u.name, u.email
    from ${bookingHosts} bh
    join ${users} u on u.id = bh.user_id
    join profiles p on p.user_id = bh.user_id
    where bh.offers_calls and p.role in (${DESK_ROLES})
    order by bh.user_id
    ${lock ? sql`for update of bh` : sql``}`);
  return rows.rows;
}

/**
 * Whether anyone on the lead desk takes strategy calls with some weekly hours: the Overview and Due
 * ask for a calendar when not (docs/decisions/0085).
 */
export async function hasCallHosts(): Promise<boolean> {
  const hosts = await offeringHosts(db(), false);
  return hosts.some((h) => Array.isArray(h.weekly_hours) && h.weekly_hours.length > 0);
}

/**
 * Busy times of the hosts from outside the bookings table, kept clear like a booked call: the
 * intervals of each member's own calendar as its last sync read them (docs/decisions/0066). Read
 * with the same executor as the rest, so the booking's locked check sees what the page saw or newer.
 */
async function busyTimes(executor: Executor, userIds: string[], from: Date, to: Date): Promise<Interval[]> {
  const rows = await calendarBusy(userIds, from, to, executor);
  return rows.map((b) => ({ userId: b.userId, start: b.startsAt, end: b.endsAt }));
}

/**
 * The member's own calendar gets the call (put) or loses it (delete), queued in the booking's
 * transaction so that it commits with the booking or not at all; the calendar job writes it within
 * seconds and retries a calendar that does not answer (docs/decisions/0066). Nothing is queued for
 * a member without a connected calendar.
 */
async function queueHostCalendar(tx: Executor, action: "put" | "delete", booking: Booking, host: HostPerson): Promise<void> {
  if (!host.id) return;
  const icsText = action === "put" ? memberCalendarObject(booking, host) : null;
  await queueCalendarWrite({ userId: host.id, uid: bookingUid(booking), action, icsText }, tx);
}

/** Everything the slots between `from` and `to` depend on, read with `executor` (a locked transaction or the database). */
async function availability(
  executor: Executor,
  from: Date,
  to: Date,
  options: { lock?: boolean; excludeBookingId?: string; now?: Date } = {},
): Promise<{ input: Omit<SlotInput, "now">; people: Map<string, HostPerson> }> {
  const hostRows = await offeringHosts(executor, options.lock ?? false);
  // Under the hosts' lock, holds whose time is over are marked released before anything is written:
  // their rows would still sit in the unique index of booked times. The call being confirmed or
  // moved is left for its caller to judge.
  if (options.lock) await releaseExpiredHolds(executor, options.now ?? new Date(), options.excludeBookingId);
  const ids = hostRows.map((h) => h.user_id);
  // A day either side: the maximum a day and the buffers look past the window's edges.
  const wideFrom = new Date(from.getTime() - DAY_MS);
  const wideTo = new Date(to.getTime() + DAY_MS);
  const [offRows, bookedRows, busy] = ids.length
    ? await Promise.all([
        executor
          .select({ userId: bookingDaysOff.userId, day: bookingDaysOff.day })
          .from(bookingDaysOff)
          .where(and(inArray(bookingDaysOff.userId, ids), gte(bookingDaysOff.day, dayInZone(wideFrom, SITE_TIME_ZONE)))),
        executor
          .select({ hostId: bookings.hostId, startsAt: bookings.startsAt, endsAt: bookings.endsAt })
          .from(bookings)
          .where(
            and(
              eq(bookings.status, "booked"),
              takesSlot(options.now ?? new Date()),
              inArray(bookings.hostId, ids),
              lt(bookings.startsAt, wideTo),
              gte(bookings.endsAt, wideFrom),
              options.excludeBookingId ? ne(bookings.id, options.excludeBookingId) : undefined,
            ),
          ),
        busyTimes(executor, ids, wideFrom, wideTo),
      ])
    : [[], [], []];
  const hosts: HostAvailability[] = hostRows.map((h) => ({
    userId: h.user_id,
    weeklyHours: h.weekly_hours,
    bufferMinutes: h.buffer_minutes,
    noticeMinutes: h.notice_minutes,
    maxPerDay: h.max_per_day,
    daysOff: offRows.filter((d) => d.userId === h.user_id).map((d) => d.day),
    lastAssignedAt: h.last_assigned_at ? new Date(h.last_assigned_at) : null,
  }));
  return {
    input: { hosts, bookings: bookedRows.map((b) => ({ userId: b.hostId!, start: b.startsAt, end: b.endsAt })), busy, timeZone: SITE_TIME_ZONE },
    people: new Map(hostRows.map((h) => [h.user_id, { id: h.user_id, name: h.name, email: h.email }])),
  };
}

/**
 * A booked row that keeps its slot at `now`: confirmed, or held and its hold not yet over
 * (docs/decisions/0077). A hold past its time is free again before the release job marks it.
 */
function takesSlot(now: Date) {
  return sql`(${bookings.confirmedAt} is not null or ${bookings.heldUntil} > ${now})`;
}

/**
 * Marks the holds whose time is over as released (status "released"), so that the partial unique
 * index on booked rows no longer counts them. Run in a booking's transaction under the hosts' lock
 * (before a new call is written at the same time) and by the release job. Returns how many.
 */
export async function releaseExpiredHolds(executor: Executor = db(), now = new Date(), except?: string): Promise<number> {
  const released = await executor
    .update(bookings)
    .set({ status: "released", releasedAt: now, updatedAt: now })
    .where(
      and(eq(bookings.status, "booked"), isNull(bookings.confirmedAt), sql`${bookings.heldUntil} <= ${now}`, except ? ne(bookings.id, except) : undefined),
    )
    .returning({ id: bookings.id });
  return released.length;
}

/** Queues a mail to every owner (the booking limit's alert); returns how many owners it went to. */
export async function queueOwnersMail(mail: (owners: string[]) => MailInput): Promise<number> {
  const owners = await ownerEmails();
  if (owners.length === 0) return 0;
  await enqueueMail(db(), mail(owners));
  return owners.length;
}

/** What the booking page's slots are computed from, for the window from `now` on. */
export async function readAvailability(now: Date, days: number): Promise<SlotInput> {
  const { input } = await availability(db(), now, new Date(now.getTime() + (days + 1) * DAY_MS), { now });
  return { ...input, now, days };
}

export interface NewCall {
  start: Date;
  name: string;
  email: string;
  phone: string;
  company: string | null;
  topic: string;
  timeZone: string;
  submissionKey: string | null;
  attribution: Attribution;
  visitorId: string | null;
}

export type Mails = (booking: Booking, host: HostPerson) => MailInput[];

export type BookOutcome =
  | { kind: "booked"; booking: Booking; host: HostPerson; leadId: string | null }
  | { kind: "again"; booking: Booking }
  | { kind: "taken" };

/** Chooses who takes a call at `start` among those free: the lead's owner when free then, else least recently assigned. */
function chooseHost(free: HostAvailability[], preferred: string | null): HostAvailability | null {
  return free.find((h) => h.userId === preferred) ?? free[0] ?? null;
}

/**
 * The call's lead, in the transaction that confirms it: the newest lead with the booking's e-mail (any
 * case), its follow-up day set to the call's day and its owner kept (or the host when it had none), or
 * a new lead owned by the host. Each change is a webhook event. Returns the lead's id.
 */
async function attachLead(tx: Executor, call: Pick<NewCall, "name" | "email" | "phone" | "topic" | "attribution" | "visitorId">, hostId: string, callDay: string, now: Date, lead?: { id: string } | null): Promise<string> {
  if (lead) {
    const [updated] = await tx
      .update(leads)
      .set({ followUpOn: callDay, ownerId: sql`coalesce(${leads.ownerId}, ${hostId})`, updatedAt: now })
      .where(eq(leads.id, lead.id))
      .returning();
    await enqueueWebhookEvent(tx, "lead.updated", "leads", lead.id, updated!);
    return lead.id;
  }
  const [created] = await tx
    .insert(leads)
    .values({
      name: call.name,
      email: call.email,
      mobileNumber: call.phone,
      growthChallenge: call.topic,
      ownerId: hostId,
      followUpOn: callDay,
      attribution: { ...call.attribution, form_page: "/book" },
      visitorId: call.visitorId,
    })
    .returning();
  await enqueueWebhookEvent(tx, "lead.created", "leads", created!.id, created!);
  return created!.id;
}

/** The newest lead with this e-mail (any case), locked: the call joins it. */
async function leadOf(tx: Executor, email: string): Promise<{ id: string; ownerId: string | null } | null> {
  const [lead] = await tx
    .select({ id: leads.id, ownerId: leads.ownerId })
    .from(leads)
    .where(sql`lower(${leads.email}) = lower(${email})`)
    .orderBy(desc(leads.createdAt))
    .limit(1)
    .for("update");
  return lead ?? null;
}

/**
 * Books a call, in one transaction: the hosts locked, the slot checked again, the booking, the host's
 * place in the round-robin, and the mails. The same form sent twice (its key) books once.
 *
 * With `holdUntil` (the public page, docs/decisions/0077) the call is only held: it keeps its slot
 * until then, no lead is made, no member is told and no calendar is written, and `mails` gives the
 * visitor's mail with the link that confirms it (confirmCall). Without it the call is confirmed at
 * once: the lead (joined by e-mail, any case, or created) with its follow-up day set to the call's
 * day, the member's mail and their calendar.
 */
export async function bookCall(call: NewCall, mails: Mails, now = new Date(), options: { holdUntil?: Date } = {}): Promise<BookOutcome> {
  const end = new Date(call.start.getTime() + CALL_MINUTES * 60_000);
  return db().transaction(async (tx) => {
    const { input, people } = await availability(tx, call.start, end, { lock: true, now });
    if (call.submissionKey) {
      const [again] = await tx.select().from(bookings).where(eq(bookings.submissionKey, call.submissionKey));
      if (again) return { kind: "again", booking: again };
    }
    const held = options.holdUntil !== undefined;
    const lead = await leadOf(tx, call.email);
    const host = chooseHost(freeHostsAt({ ...input, now }, call.start), lead?.ownerId ?? null);
    if (!host) return { kind: "taken" };
    const person = people.get(host.userId)!;
    const leadId = held ? null : await attachLead(tx, call, host.userId, dayInZone(call.start, SITE_TIME_ZONE), now, lead);
    const [booking] = await tx
      .insert(bookings)
      .values({
        hostId: host.userId,
        startsAt: call.start,
        endsAt: end,
        name: call.name,
        email: call.email,
        phone: call.phone,
        company: call.company,
        topic: call.topic,
        timeZone: call.timeZone,
        leadId,
        submissionKey: call.submissionKey,
        timeSetAt: now,
        heldUntil: options.holdUntil ?? null,
        confirmedAt: held ? null : now,
        ...(held ? { attribution: call.attribution, visitorId: call.visitorId } : {}),
      })
      .returning();
    await tx.update(bookingHosts).set({ lastAssignedAt: now }).where(eq(bookingHosts.userId, host.userId));
    // A held call tells no receiver yet: its event comes with the confirmation (confirmCall), so a
    // flood of unconfirmed holds sends no webhook.
    if (!held) await enqueueWebhookEvent(tx, "booking.created", "bookings", booking!.id, { ...booking!, hostName: person.name });
    for (const mail of mails(booking!, person)) await enqueueMail(tx, mail);
    if (!held) await queueHostCalendar(tx, "put", booking!, person);
    if (!held) await scheduleReminders(tx, booking!);
    return { kind: "booked", booking: booking!, host: person, leadId };
  });
}

export type ConfirmOutcome =
  | { kind: "done"; booking: Booking; host: HostPerson; leadId: string }
  | { kind: "again"; booking: Booking }
  | { kind: "released" }
  | { kind: "gone" }
  | { kind: "cancelled" }
  | { kind: "past" };

/**
 * Confirms a held call from the link in the visitor's mail (docs/decisions/0077), in one transaction
 * under the hosts' lock: the lead, the visitor's and the member's mails (`mails`), the member's
 * calendar. A hold whose time is over is confirmed only when its member is still free then (nobody
 * took the slot meanwhile); otherwise it is released. A confirmed call is left as it is ("again").
 */
export async function confirmCall(
  link: { id: string; version: number },
  mails: Mails,
  now = new Date(),
): Promise<ConfirmOutcome> {
  return db().transaction(async (tx) => {
    const [peek] = await tx.select({ startsAt: bookings.startsAt, endsAt: bookings.endsAt }).from(bookings).where(eq(bookings.id, link.id));
    if (!peek) return { kind: "gone" };
    const { input, people } = await availability(tx, peek.startsAt, peek.endsAt, { lock: true, excludeBookingId: link.id, now });
    const [current] = await tx
      .select()
      .from(bookings)
      .where(and(eq(bookings.id, link.id), eq(bookings.tokenVersion, link.version)))
      .for("update");
    if (!current) return { kind: "gone" };
    if (current.status === "cancelled") return { kind: "cancelled" };
    if (current.confirmedAt) return { kind: "again", booking: current };
    if (current.startsAt.getTime() <= now.getTime()) return { kind: "past" };
    // A hold whose time is over (marked released by the job or not yet) is confirmed late when its
    // member is still free then: the release only gave the time back, nobody took it.
    const hostFree = freeHostsAt({ ...input, now }, current.startsAt).some((h) => h.userId === current.hostId);
    const holdOver = current.status === "released" || current.heldUntil!.getTime() <= now.getTime();
    if (!current.hostId || (holdOver && !hostFree)) {
      if (current.status !== "released") await tx.update(bookings).set({ status: "released", releasedAt: now, updatedAt: now }).where(eq(bookings.id, current.id));
      return { kind: "released" };
    }
    const person = people.get(current.hostId) ?? (await hostPerson(tx, current.hostId))!;
    const lead = await leadOf(tx, current.email);
    const leadId = await attachLead(
      tx,
      {
        name: current.name,
        email: current.email,
        phone: current.phone,
        topic: current.topic,
        attribution: current.attribution ?? {},
        visitorId: current.visitorId,
      },
      current.hostId,
      dayInZone(current.startsAt, SITE_TIME_ZONE),
      now,
      lead,
    );
    const [confirmed] = await tx
      .update(bookings)
      .set({ status: "booked", releasedAt: null, confirmedAt: now, leadId, attribution: null, visitorId: null, updatedAt: now })
      .where(eq(bookings.id, current.id))
      .returning();
    await enqueueWebhookEvent(tx, "booking.created", "bookings", confirmed!.id, { ...confirmed!, hostName: person.name });
    for (const mail of mails(confirmed!, person)) await enqueueMail(tx, mail);
    await queueHostCalendar(tx, "put", confirmed!, person);
    await scheduleReminders(tx, confirmed!);
    return { kind: "done", booking: confirmed!, host: person, leadId };
  });
}

/** A booking by id and the token version its link carries; null when either does not match. */
export async function bookingForLink(id: string, version: number): Promise<(Booking & { hostName: string | null }) | null> {
  const [row] = await db()
    .select({ booking: bookings, hostName: users.name })
    .from(bookings)
    .leftJoin(users, eq(users.id, bookings.hostId))
    .where(and(eq(bookings.id, id), eq(bookings.tokenVersion, version)));
  return row ? { ...row.booking, hostName: row.hostName } : null;
}

export type ChangeOutcome =
  /** `previousHostId`: on a move, the member who had the call before (the same as `host.id` when they kept it). */
  | { kind: "done"; booking: Booking; host: HostPerson; previousHostId?: string | null }
  | { kind: "taken" }
  | { kind: "gone" }
  | { kind: "cancelled" }
  | { kind: "released" }
  | { kind: "past" };

async function hostPerson(executor: Executor, id: string | null): Promise<HostPerson | null> {
  if (!id) return null;
  const [row] = await executor.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.id, id));
  return row ?? null;
}

/**
 * Moves a call to `start` (the link's booking at the link's version): the same lock and check as a
 * booking, its own time left out; the same member when free then, else the round-robin. SEQUENCE is
 * raised (the invitation replaces the one in the calendar), the links' version too (the old mails'
 * links stop working: the new mails carry new ones), the reminders start again, the lead's follow-up
 * day follows the call.
 */
export async function rescheduleCall(
  link: { id: string; version: number },
  start: Date,
  mails: Mails,
  previousHostMail?: (booking: Booking, previous: HostPerson) => MailInput,
  now = new Date(),
): Promise<ChangeOutcome> {
  const end = new Date(start.getTime() + CALL_MINUTES * 60_000);
  return db().transaction(async (tx) => {
    const { input, people } = await availability(tx, start, end, { lock: true, excludeBookingId: link.id, now });
    const [current] = await tx
      .select()
      .from(bookings)
      .where(and(eq(bookings.id, link.id), eq(bookings.tokenVersion, link.version)))
      .for("update");
    if (!current) return { kind: "gone" };
    if (current.status !== "booked") return { kind: current.status };
    if (current.startsAt.getTime() <= now.getTime()) return { kind: "past" };
    // A hold whose time is over is released, not moved: moving it would hold a time again without
    // the confirmation it never had.
    if (!current.confirmedAt && current.heldUntil && current.heldUntil.getTime() <= now.getTime()) {
      await tx.update(bookings).set({ status: "released", releasedAt: now, updatedAt: now }).where(eq(bookings.id, current.id));
      return { kind: "released" };
    }
    const host = chooseHost(freeHostsAt({ ...input, now }, start), current.hostId);
    if (!host) return { kind: "taken" };
    const [moved] = await tx
      .update(bookings)
      .set({
        hostId: host.userId,
        startsAt: start,
        endsAt: end,
        sequence: sql`${bookings.sequence} + 1`,
        tokenVersion: sql`${bookings.tokenVersion} + 1`,
        timeSetAt: now,
        reminder24hSentAt: null,
        reminder1hSentAt: null,
        updatedAt: now,
      })
      .where(eq(bookings.id, current.id))
      .returning();
    if (host.userId !== current.hostId) await tx.update(bookingHosts).set({ lastAssignedAt: now }).where(eq(bookingHosts.userId, host.userId));
    if (current.leadId) await tx.update(leads).set({ followUpOn: dayInZone(start, SITE_TIME_ZONE), updatedAt: now }).where(eq(leads.id, current.leadId));
    const person = people.get(host.userId)!;
    if (current.confirmedAt) await enqueueWebhookEvent(tx, "booking.rescheduled", "bookings", moved!.id, { ...moved!, hostName: person.name });
    for (const mail of mails(moved!, person)) await enqueueMail(tx, mail);
    // A held call (docs/decisions/0077) is in no member's calendar and no member was told of it.
    if (current.confirmedAt) await queueHostCalendar(tx, "put", moved!, person);
    // The reminders for the old time are cancelled and those for the new one scheduled.
    if (current.confirmedAt) {
      await cancelReminders(tx, current);
      await scheduleReminders(tx, moved!);
    }
    // A member who no longer takes the call gets a cancel of their copy (same UID, higher SEQUENCE),
    // and the call leaves their calendar.
    if (current.confirmedAt && current.hostId && current.hostId !== host.userId) {
      const previous = await hostPerson(tx, current.hostId);
      if (previous && previousHostMail) await enqueueMail(tx, previousHostMail(moved!, previous));
      if (previous) await queueHostCalendar(tx, "delete", moved!, previous);
    }
    return { kind: "done", booking: moved!, host: person, previousHostId: current.hostId };
  });
}

/**
 * Cancels a call (by the visitor's link, or by a member): status, time, SEQUENCE raised, the mails
 * (METHOD:CANCEL) to both. A call already cancelled or already over is left as it is.
 */
export async function cancelCall(
  where: { id: string; version?: number },
  mails: Mails,
  now = new Date(),
  after?: (before: Booking, after: Booking, tx: Executor) => Promise<void>,
): Promise<ChangeOutcome> {
  return db().transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(bookings)
      .where(and(eq(bookings.id, where.id), where.version === undefined ? undefined : eq(bookings.tokenVersion, where.version)))
      .for("update");
    if (!current) return { kind: "gone" };
    if (current.status !== "booked") return { kind: current.status };
    if (current.startsAt.getTime() <= now.getTime()) return { kind: "past" };
    const [cancelled] = await tx
      .update(bookings)
      .set({ status: "cancelled", cancelledAt: now, sequence: sql`${bookings.sequence} + 1`, updatedAt: now })
      .where(eq(bookings.id, current.id))
      .returning();
    const host = (await hostPerson(tx, current.hostId)) ?? { id: "", name: "", email: "" };
    if (current.confirmedAt) await enqueueWebhookEvent(tx, "booking.cancelled", "bookings", cancelled!.id, { ...cancelled!, hostName: host.name || null });
    for (const mail of mails(cancelled!, host)) await enqueueMail(tx, mail);
    if (current.confirmedAt) await queueHostCalendar(tx, "delete", cancelled!, host);
    if (current.confirmedAt) await cancelReminders(tx, current);
    await after?.(current, cancelled!, tx);
    return { kind: "done", booking: cancelled!, host };
  });
}

// ---------------------------------------------------------------------------------------------
// Reminders (docs/decisions/0065): a job of the queue (ADR 0089) per reminder, enqueued with the
// call's confirmation or move, to start at its mark. The job claims its reminder by an UPDATE ...
// WHERE not yet sent ... RETURNING in the transaction that queues its mail, so a job run twice (its
// worker died after the claim) sends it once.
// ---------------------------------------------------------------------------------------------

export type ReminderKind = "24h" | "1h";
const REMINDER_HOURS: Record<ReminderKind, number> = { "24h": 24, "1h": 1 };
const REMINDER_KINDS = Object.keys(REMINDER_HOURS) as ReminderKind[];

/** The job that sends one reminder of one call (src/server/booking/job.ts). */
export const BOOKING_REMINDER_JOB = "booking.reminder";

export interface ReminderJobData {
  bookingId: string;
  kind: ReminderKind;
}

const reminderMark = (booking: Pick<Booking, "startsAt">, kind: ReminderKind) => new Date(booking.startsAt.getTime() - REMINDER_HOURS[kind] * 60 * 60_000);
/** A reminder's job for the call at its SEQUENCE: a move raises it, so the new time's jobs are new ones. */
const reminderJobId = (booking: Pick<Booking, "id" | "sequence">, kind: ReminderKind) => `${booking.id}/${kind}/${booking.sequence}`;

async function enqueueReminder(executor: Executor, booking: Pick<Booking, "id" | "sequence" | "startsAt">, kind: ReminderKind): Promise<string | null> {
  const data: ReminderJobData = { bookingId: booking.id, kind };
  return enqueue(BOOKING_REMINDER_JOB, data, { key: `${booking.id}/${kind}`, id: reminderJobId(booking, kind), startAfter: reminderMark(booking, kind) }, executor);
}

/**
 * The confirmed call's reminders, each a job that starts at its mark (24 h and 1 h before), in the
 * call's transaction. Only the marks still ahead when its time was chosen: a call booked 3 hours
 * ahead gets no day-before reminder.
 */
async function scheduleReminders(tx: Executor, booking: Booking): Promise<void> {
  for (const kind of REMINDER_KINDS) if (booking.timeSetAt.getTime() <= reminderMark(booking, kind).getTime()) await enqueueReminder(tx, booking, kind);
}

/** The reminders' jobs of the call as it was (its SEQUENCE before a move or a cancellation). */
async function cancelReminders(tx: Executor, booking: Pick<Booking, "id" | "sequence">): Promise<void> {
  for (const kind of REMINDER_KINDS) await cancelJob(BOOKING_REMINDER_JOB, reminderJobId(booking, kind), tx);
}

/** The conditions under which a reminder of this kind is due at `now` (see claimReminder). */
function reminderDue(kind: ReminderKind, now: Date | SQL) {
  const column = kind === "24h" ? bookings.reminder24hSentAt : bookings.reminder1hSentAt;
  const mark = sql`${bookings.startsAt} - make_interval(hours => ${REMINDER_HOURS[kind]})`;
  const stopAt = kind === "24h" ? sql`${bookings.startsAt} - interval '1 hour'` : sql`${bookings.startsAt}`;
  return and(
    eq(bookings.status, "booked"),
    sql`${bookings.confirmedAt} is not null`,
    isNull(column),
    sql`${mark} <= ${now}`,
    sql`${stopAt} > ${now}`,
    sql`${bookings.timeSetAt} <= ${mark}`,
    sql`${bookings.hostId} is not null`,
  );
}

/**
 * Claims the call's reminder of this kind and queues its mail in the same transaction, when it is
 * due: booked and confirmed, not yet reminded, the mark (24 h or 1 h before) reached, the call not
 * yet started (for the day-before one: not yet within the hour, when the hour's reminder takes
 * over), and its time chosen before the mark. Returns whether it was sent. The time is the
 * database's unless `now` is given: the queue starts the job at its mark by the database's clock, and
 * a process whose clock is a moment behind would find the reminder not yet due and send it never.
 */
export async function claimReminder(bookingId: string, kind: ReminderKind, mail: (booking: Booking, host: HostPerson) => MailInput, now?: Date): Promise<boolean> {
  const at = now ?? sql`now()`;
  return db().transaction(async (tx) => {
    const [claimed] = await tx
      .update(bookings)
      .set(kind === "24h" ? { reminder24hSentAt: at } : { reminder1hSentAt: at })
      .where(and(eq(bookings.id, bookingId), reminderDue(kind, at)))
      .returning();
    if (!claimed) return false;
    const host = (await hostPerson(tx, claimed.hostId)) ?? { id: "", name: "", email: "" };
    await enqueueMail(tx, mail(claimed, host));
    return true;
  });
}

/**
 * Reminders the timer of the old days would still have sent (confirmed calls ahead, a mark not yet
 * reminded): a job for each, named as scheduleReminders names it, so enqueueing them again at the
 * next start adds none. Returns how many were enqueued.
 */
export async function adoptPendingReminders(now = new Date()): Promise<number> {
  const database = db();
  let added = 0;
  for (const kind of REMINDER_KINDS) {
    const column = kind === "24h" ? bookings.reminder24hSentAt : bookings.reminder1hSentAt;
    const stopAt = kind === "24h" ? sql`${bookings.startsAt} - interval '1 hour'` : sql`${bookings.startsAt}`;
    const mark = sql`${bookings.startsAt} - make_interval(hours => ${REMINDER_HOURS[kind]})`;
    const pending = await database
      .select({ id: bookings.id, sequence: bookings.sequence, startsAt: bookings.startsAt })
      .from(bookings)
      .where(
        and(
          eq(bookings.status, "booked"),
          sql`${bookings.confirmedAt} is not null`,
          isNull(column),
          sql`${stopAt} > ${now}`,
          sql`${bookings.timeSetAt} <= ${mark}`,
          sql`${bookings.hostId} is not null`,
        ),
      );
    for (const booking of pending) if (await enqueueReminder(database, booking, kind)) added++;
  }
  return added;
}

// ---------------------------------------------------------------------------------------------
// The availability screen and the Due view
// ---------------------------------------------------------------------------------------------

export interface HostSettings {
  userId: string;
  name: string;
  email: string;
  offersCalls: boolean;
  weeklyHours: WeeklyHours[];
  bufferMinutes: number;
  noticeMinutes: number;
  maxPerDay: number;
  daysOff: string[];
  /** False until the member saved their settings once: the defaults are shown. */
  saved: boolean;
}

export const DEFAULT_HOST = { offersCalls: false, weeklyHours: [] as WeeklyHours[], bufferMinutes: 15, noticeMinutes: 240, maxPerDay: 4 };

/** The members of the lead desk with their call settings (defaults for those who never saved), by name. */
export async function listHostSettings(today: string): Promise<HostSettings[]> {
  const rows = await db().execute<{
    id: string;
    name: string;
    email: string;
    offers_calls: boolean | null;
    weekly_hours: WeeklyHours[] | null;
    buffer_minutes: number | null;
    notice_minutes: number | null;
    max_per_day: number | null;
    days_off: string[] | null;
  }>(sql`
    select u.id, u.name, u.email, bh.offers_calls, bh.weekly_hours, bh.buffer_minutes, bh.notice_minutes, bh.max_per_day,
      array(select d.day::text from ${bookingDaysOff} d where d.user_id = u.id and d.day >= ${today}::date order by d.day limit 200) as days_off
    from ${users} u
    join profiles p on p.user_id = u.id and p.role in (${DESK_ROLES})
    left join ${bookingHosts} bh on bh.user_id = u.id
    order by lower(u.name), u.email
    limit 500`);
  return rows.rows.map((r) => ({
    userId: r.id,
    name: r.name,
    email: r.email,
    offersCalls: r.offers_calls ?? DEFAULT_HOST.offersCalls,
    weeklyHours: r.weekly_hours ?? DEFAULT_HOST.weeklyHours,
    bufferMinutes: r.buffer_minutes ?? DEFAULT_HOST.bufferMinutes,
    noticeMinutes: r.notice_minutes ?? DEFAULT_HOST.noticeMinutes,
    maxPerDay: r.max_per_day ?? DEFAULT_HOST.maxPerDay,
    daysOff: r.days_off ?? [],
    saved: r.offers_calls !== null,
  }));
}

export interface HostSettingsInput {
  offersCalls: boolean;
  weeklyHours: WeeklyHours[];
  bufferMinutes: number;
  noticeMinutes: number;
  maxPerDay: number;
}

/**
 * Saves a member's settings (inserted the first time) and hands the row before and after to
 * `record`, in the same transaction, for the activity trail. The host row is locked like a booking's,
 * so a booking being made waits for the save, or the save for the booking.
 */
export async function saveHostSettings(
  userId: string,
  settings: HostSettingsInput,
  record: (before: Record<string, unknown> | null, after: Record<string, unknown>, tx: Executor) => Promise<void>,
): Promise<void> {
  await db().transaction(async (tx) => {
    const [before] = await tx.select().from(bookingHosts).where(eq(bookingHosts.userId, userId)).for("update");
    const [after] = await tx
      .insert(bookingHosts)
      .values({ userId, ...settings })
      .onConflictDoUpdate({ target: bookingHosts.userId, set: { ...settings, updatedAt: new Date() } })
      .returning();
    await record(before ?? null, after!, tx);
  });
}

/** Adds or removes a day off; `record` writes the activity row in the same transaction. Returns whether anything changed. */
export async function setDayOff(
  userId: string,
  day: string,
  off: boolean,
  record: (tx: Executor) => Promise<void>,
): Promise<boolean> {
  return db().transaction(async (tx) => {
    // The same lock as a booking: a call cannot be given for a day being taken off at that moment.
    await tx.select({ id: bookingHosts.userId }).from(bookingHosts).where(eq(bookingHosts.userId, userId)).for("update");
    const changed = off
      ? await tx.insert(bookingDaysOff).values({ userId, day }).onConflictDoNothing().returning()
      : await tx
          .delete(bookingDaysOff)
          .where(and(eq(bookingDaysOff.userId, userId), eq(bookingDaysOff.day, day)))
          .returning();
    if (changed.length === 0) return false;
    await record(tx);
    return true;
  });
}

export interface BookingListItem {
  id: string;
  hostId: string | null;
  hostName: string | null;
  startsAt: Date;
  name: string;
  email: string;
  phone: string;
  company: string | null;
  topic: string;
  status: Booking["status"];
  outcome: Booking["outcome"];
  leadId: string | null;
  /** Held (not yet confirmed by the visitor) until then; null once confirmed (docs/decisions/0077). */
  heldUntil: Date | null;
  confirmedAt: Date | null;
}

const listColumns = {
  id: bookings.id,
  hostId: bookings.hostId,
  hostName: users.name,
  startsAt: bookings.startsAt,
  name: bookings.name,
  email: bookings.email,
  phone: bookings.phone,
  company: bookings.company,
  topic: bookings.topic,
  status: bookings.status,
  outcome: bookings.outcome,
  leadId: bookings.leadId,
  heldUntil: bookings.heldUntil,
  confirmedAt: bookings.confirmedAt,
};

/** The screen's rows of calls, each with its host's name. */
const listedCalls = () => db().select(listColumns).from(bookings).leftJoin(users, eq(users.id, bookings.hostId));

/**
 * Calls from `from` on (booked ones: confirmed, and held ones whose hold is not over unless
 * `confirmedOnly`), soonest first; for one host or all.
 */
export async function listUpcomingBookings(options: {
  from: Date;
  to?: Date;
  hostId?: string;
  limit?: number;
  confirmedOnly?: boolean;
}): Promise<BookingListItem[]> {
  const now = new Date();
  return listedCalls()
    .where(
      and(
        eq(bookings.status, "booked"),
        options.confirmedOnly ? sql`${bookings.confirmedAt} is not null` : takesSlot(now),
        sql`${bookings.endsAt} > ${options.from}`,
        options.to ? lt(bookings.startsAt, options.to) : undefined,
        options.hostId ? eq(bookings.hostId, options.hostId) : undefined,
      ),
    )
    .orderBy(asc(bookings.startsAt))
    .limit(options.limit ?? 200);
}

/** Calls that are over (and cancelled and released ones), newest first: where the outcome is recorded. */
export async function listPastBookings(options: { before: Date; hostId?: string; limit?: number }): Promise<BookingListItem[]> {
  return listedCalls()
    .where(
      and(
        sql`(${bookings.endsAt} <= ${options.before} or ${bookings.status} in ('cancelled', 'released'))`,
        options.hostId ? eq(bookings.hostId, options.hostId) : undefined,
      ),
    )
    .orderBy(desc(bookings.startsAt))
    .limit(options.limit ?? 100);
}

/** A booking row as it is now (for the screen's actions). */
export async function findBooking(id: string): Promise<Booking | null> {
  const [row] = await db().select().from(bookings).where(eq(bookings.id, id));
  return row ?? null;
}

/**
 * Records a held call or a no-show on a call that has started; `record` writes the activity row in
 * the same transaction. Null when there is no such call, it has not started or was cancelled.
 */
export async function setOutcome(
  id: string,
  outcome: Booking["outcome"],
  now: Date,
  record: (before: Booking, after: Booking, tx: Executor) => Promise<void>,
): Promise<Booking | null> {
  return db().transaction(async (tx) => {
    const [before] = await tx.select().from(bookings).where(eq(bookings.id, id)).for("update");
    if (!before || before.status !== "booked" || before.startsAt.getTime() > now.getTime()) return null;
    const [after] = await tx.update(bookings).set({ outcome, updatedAt: now }).where(eq(bookings.id, id)).returning();
    await record(before, after!, tx);
    return after!;
  });
}

/** Whether a member is on the lead desk (owner, admin, sales): only they take calls. */
export async function isDeskMember(userId: string): Promise<boolean> {
  const rows = await db().execute(sql`select 1 from profiles where user_id = ${userId} and role in (${DESK_ROLES}) limit 1`);
  return rows.rows.length > 0;
}
