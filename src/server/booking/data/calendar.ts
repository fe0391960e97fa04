import "server-only";
import { and, asc, eq, lte, sql } from "drizzle-orm";
import { STAFF_ROLES } from "@/lib/admin-tables/definition";
import { recordActivity } from "../../kernel/activity/activity";
import { requireRole } from "../../kernel/session/auth-guard";
import { db, type Database, type Executor } from "../../kernel/db/client";
import { enqueue } from "../../kernel/jobs/queue";
import { calendarBusy, calendarConnections, calendarEvents, type CalendarConnection, type CalendarEvent, type CalendarWriteAction } from "../../kernel/db/schema";

// The calendar sync's statements (docs/decisions/0066): a member's connection, the busy intervals
// read from it, and the events the site writes into it. What is read and written on the CalDAV
// server is src/server/calendar/; the booking's read of busy times is ./calendar-busy.ts.

export async function calendarConnectionOf(userId: string, executor: Executor = db()): Promise<CalendarConnection | null> {
  const [row] = await executor.select().from(calendarConnections).where(eq(calendarConnections.userId, userId));
  return row ?? null;
}

export interface FoundCalendarRow {
  url: string;
  name: string;
}

export interface ConnectionValues {
  userId: string;
  serverUrl: string;
  username: string;
  passwordEncrypted: string;
  calendarUrl: string;
  calendarName: string | null;
  calendarsFound?: FoundCalendarRow[];
}

/**
 * Saves a member's connection (a new one, or another server, account or calendar in place of theirs).
 * Busy times read from the one it replaces are dropped, and so is what the site knew of the events
 * it wrote there (their ETags and pending writes belong to that calendar); the next sync is due now.
 */
export async function saveCalendarConnection(values: ConnectionValues, executor: Executor): Promise<void> {
  const previous = await calendarConnectionOf(values.userId, executor);
  const sameCalendar = previous?.calendarUrl === values.calendarUrl && previous.serverUrl === values.serverUrl && previous.username === values.username;
  if (!sameCalendar) {
    await executor.delete(calendarBusy).where(eq(calendarBusy.userId, values.userId));
    await executor.delete(calendarEvents).where(eq(calendarEvents.userId, values.userId));
  }
  const reset = { lastError: null, lastErrorAt: null, syncFailures: 0, syncDueAt: sql`now()`, syncLockedUntil: null };
  await executor
    .insert(calendarConnections)
    .values({ ...values, ...reset })
    .onConflictDoUpdate({
      target: calendarConnections.userId,
      set: { ...values, ...reset, ...(sameCalendar ? {} : { lastSyncedAt: null }) },
    });
}

/** Removes the member's connection, the busy times read from it and the events' state. Returns whether there was one. */
export async function deleteCalendarConnection(userId: string, executor: Executor): Promise<CalendarConnection | null> {
  await executor.delete(calendarBusy).where(eq(calendarBusy.userId, userId));
  await executor.delete(calendarEvents).where(eq(calendarEvents.userId, userId));
  const [row] = await executor.delete(calendarConnections).where(eq(calendarConnections.userId, userId)).returning();
  return row ?? null;
}

/** The job that syncs one member's busy times (docs/decisions/0095), keyed by the member. */
export const CALENDAR_SYNC_JOB = "calendar.sync";

export interface CalendarSyncJobData {
  userId: string;
}

/**
 * The members whose sync is due at `now`, longest waiting first. Nothing is claimed: each becomes a
 * job keyed by the member (`enqueueCalendarSync`), which the queue holds one of at a time.
 */
export async function dueConnectionIds(now: Date, database: Database = db()): Promise<string[]> {
  const c = calendarConnections;
  const rows = await database.select({ userId: c.userId }).from(c).where(lte(c.syncDueAt, now)).orderBy(asc(c.syncDueAt));
  return rows.map((r) => r.userId);
}

/**
 * Enqueues the member's sync. Under the exclusive policy a member with a sync queued or running gets
 * no second one; returns whether this call added it.
 */
export async function enqueueCalendarSync(userId: string, executor: Executor = db()): Promise<boolean> {
  return (await enqueue(CALENDAR_SYNC_JOB, { userId } satisfies CalendarSyncJobData, { key: userId }, executor)) !== null;
}

/** The member's connection if its sync is due at `now` (a sync done since the job was enqueued moved it on). */
export async function dueConnectionOf(userId: string, now: Date, database: Database = db()): Promise<CalendarConnection | null> {
  const c = calendarConnections;
  const [row] = await database
    .select()
    .from(c)
    .where(and(eq(c.userId, userId), lte(c.syncDueAt, now)));
  return row ?? null;
}

/** The UIDs of the events this site wrote (or queued) into the member's calendar: the booking's calls. */
export async function ownEventUids(userId: string, database: Database = db()): Promise<Set<string>> {
  const rows = await database.select({ uid: calendarEvents.uid }).from(calendarEvents).where(eq(calendarEvents.userId, userId));
  return new Set(rows.map((r) => r.uid));
}

export interface BusyRow {
  startsAt: Date;
  endsAt: Date;
}

/**
 * Replaces the member's busy intervals with a sync's, in one transaction, if the connection is still
 * the one that was read (not removed or pointed at another calendar meanwhile). Returns whether it was.
 */
export async function replaceBusy(
  connection: Pick<CalendarConnection, "userId" | "calendarUrl" | "serverUrl" | "username">,
  intervals: readonly BusyRow[],
  nextSyncAt: Date,
  database: Database = db(),
): Promise<boolean> {
  return database.transaction(async (tx) => {
    const [current] = await tx.select().from(calendarConnections).where(eq(calendarConnections.userId, connection.userId)).for("update");
    if (!current || current.calendarUrl !== connection.calendarUrl || current.serverUrl !== connection.serverUrl || current.username !== connection.username)
      return false;
    await tx.delete(calendarBusy).where(eq(calendarBusy.userId, connection.userId));
    for (let i = 0; i < intervals.length; i += 1000) {
      await tx.insert(calendarBusy).values(intervals.slice(i, i + 1000).map((b) => ({ userId: connection.userId, startsAt: b.startsAt, endsAt: b.endsAt })));
    }
    await tx
      .update(calendarConnections)
      .set({ lastSyncedAt: sql`now()`, lastError: null, lastErrorAt: null, syncFailures: 0, syncDueAt: nextSyncAt, syncLockedUntil: null })
      .where(eq(calendarConnections.userId, connection.userId));
    return true;
  });
}

/** A failed sync: its reason kept for the member, the busy times of the last good sync kept, the next try at `retryAt`. */
export async function recordSyncFailure(userId: string, message: string, retryAt: Date, database: Database = db()): Promise<void> {
  await database
    .update(calendarConnections)
    .set({
      lastError: message.slice(0, 1000),
      lastErrorAt: sql`now()`,
      syncFailures: sql`${calendarConnections.syncFailures} + 1`,
      syncDueAt: retryAt,
      syncLockedUntil: null,
    })
    .where(eq(calendarConnections.userId, userId));
}

/** A failure of any calendar operation (a write, a test) in the connection's last error, without moving its sync. */
export async function recordConnectionError(userId: string, message: string | null, database: Executor = db()): Promise<void> {
  await database
    .update(calendarConnections)
    .set(message === null ? { lastError: null, lastErrorAt: null } : { lastError: message.slice(0, 1000), lastErrorAt: sql`now()` })
    .where(eq(calendarConnections.userId, userId));
}

// ---- The member's own Calendar section (the Account screen) ----------------------------------------

/** What the activity trail keeps of a connection: never the password (nor its ciphertext). */
const described = (row: Pick<CalendarConnection, "serverUrl" | "username" | "calendarUrl" | "calendarName"> | null) =>
  row ? { serverUrl: row.serverUrl, username: row.username, calendarUrl: row.calendarUrl, calendarName: row.calendarName } : null;

/** The signed-in member's connection (every member has the section). */
export async function myCalendarConnection(): Promise<CalendarConnection | null> {
  const user = await requireRole(STAFF_ROLES);
  return calendarConnectionOf(user.id);
}

/** Connects (or reconnects, or points at another calendar) the signed-in member's calendar, with its activity row. */
export async function saveMyCalendarConnection(values: Omit<ConnectionValues, "userId">): Promise<"calendar.connect" | "calendar.update"> {
  const user = await requireRole(STAFF_ROLES);
  return db().transaction(async (tx) => {
    const previous = await tx.select().from(calendarConnections).where(eq(calendarConnections.userId, user.id)).for("update");
    await saveCalendarConnection({ ...values, userId: user.id }, tx);
    const action = previous[0] ? "calendar.update" : "calendar.connect";
    await recordActivity({ action, actor: user, table: "calendar_connections", recordId: user.id, before: described(previous[0] ?? null), after: described({ ...values }) }, tx);
    return action;
  });
}

/** Disconnects the signed-in member's calendar, with its activity row; null when none was connected. */
export async function disconnectMyCalendar(): Promise<CalendarConnection | null> {
  const user = await requireRole(STAFF_ROLES);
  return db().transaction(async (tx) => {
    const gone = await deleteCalendarConnection(user.id, tx);
    if (gone) await recordActivity({ action: "calendar.disconnect", actor: user, table: "calendar_connections", recordId: user.id, before: described(gone) }, tx);
    return gone;
  });
}

/** A test's result on the member's connection: the calendars found (and the error cleared), or the error. */
export async function recordCalendarTest(userId: string, result: { found: FoundCalendarRow[] } | { error: string }, executor: Executor = db()): Promise<void> {
  await executor
    .update(calendarConnections)
    .set("found" in result ? { calendarsFound: result.found, lastError: null, lastErrorAt: null } : { lastError: result.error.slice(0, 1000), lastErrorAt: sql`now()` })
    .where(eq(calendarConnections.userId, userId));
}

// ---- Events the site writes ------------------------------------------------------------------------

/** The job that sends an event's pending write (src/server/booking/calendar-sync/sync.ts). */
export const CALENDAR_WRITE_JOB = "calendar.write";

export interface CalendarWriteJobData {
  userId: string;
  uid: string;
}

/**
 * The job for an event's write at `revision`: keyed by the event, so that one booking's writes run
 * one at a time, and named by its revision, so that the same revision is enqueued once.
 */
function enqueueCalendarWrite(userId: string, uid: string, revision: number, executor: Executor): Promise<string | null> {
  const data: CalendarWriteJobData = { userId, uid };
  return enqueue(CALENDAR_WRITE_JOB, data, { key: `${userId}/${uid}`, id: `${userId}/${uid}/${revision}` }, executor);
}

/**
 * Queues the event's write (put: create or replace with `icsText`; delete), replacing a write still
 * pending for the same UID, and its job, with `executor` (the booking's transaction): both commit
 * with the booking or not at all. Nothing is queued when the member has no calendar connected.
 * Returns the write's revision, or null then.
 */
export async function queueCalendarWrite(
  write: { userId: string; uid: string; action: CalendarWriteAction; icsText: string | null },
  executor: Executor = db(),
): Promise<number | null> {
  const e = calendarEvents;
  const result = await executor.execute<{ revision: number }>(sql`
    insert into ${e} (user_id, uid, pending_action, ics_text)
    select c.user_id, ${write.uid}, ${write.action}, ${write.icsText}
    from ${calendarConnections} c where c.user_id = ${write.userId}
    on conflict (user_id, uid) do update set
      pending_action = excluded.pending_action, ics_text = excluded.ics_text, revision = ${e}.revision + 1,
      attempts = 0, next_attempt_at = now(), last_error = null, updated_at = now()
    returning revision`);
  const revision = result.rows[0]?.revision ?? null;
  if (revision !== null) await enqueueCalendarWrite(write.userId, write.uid, Number(revision), executor);
  return revision === null ? null : Number(revision);
}

/**
 * Writes queued before the calendar's writes ran on the job queue (the table was their queue: a
 * timer claimed its pending rows): a job for each, named by its revision, so that enqueueing them
 * again at the next start adds none. Returns how many were enqueued.
 */
export async function adoptPendingCalendarWrites(database: Database = db()): Promise<number> {
  const e = calendarEvents;
  const pending = await database
    .select({ userId: e.userId, uid: e.uid, revision: e.revision })
    .from(e)
    .where(sql`${e.pendingAction} is not null`);
  let added = 0;
  for (const row of pending) if (await enqueueCalendarWrite(row.userId, row.uid, row.revision, database)) added++;
  return added;
}

export type PendingWrite = CalendarEvent & { connection: CalendarConnection };

/** The event's pending write with its member's connection; null when nothing is pending (sent, replaced and sent, or disconnected). */
export async function pendingWriteOf(userId: string, uid: string, database: Database = db()): Promise<PendingWrite | null> {
  const e = calendarEvents;
  const [row] = await database
    .select()
    .from(e)
    .innerJoin(calendarConnections, eq(calendarConnections.userId, e.userId))
    .where(and(eq(e.userId, userId), eq(e.uid, uid), sql`${e.pendingAction} is not null`));
  return row ? { ...row.calendar_events, connection: row.calendar_connections } : null;
}

/**
 * A write done: the object's address and ETag are kept whatever happened meanwhile (a newer write
 * needs them); the pending write is cleared only if it is still the revision that was sent, and a
 * done delete with nothing newer pending removes the row.
 */
export async function markWriteDone(
  write: Pick<CalendarEvent, "userId" | "uid" | "revision" | "pendingAction">,
  result: { objectUrl: string; etag: string | null },
  database: Database = db(),
): Promise<void> {
  const e = calendarEvents;
  const key = and(eq(e.userId, write.userId), eq(e.uid, write.uid));
  await database.transaction(async (tx) => {
    if (write.pendingAction === "delete") {
      const removed = await tx
        .delete(e)
        .where(and(key, eq(e.revision, write.revision)))
        .returning({ uid: e.uid });
      if (removed.length === 0) await tx.update(e).set({ objectUrl: result.objectUrl, etag: null }).where(key);
      return;
    }
    await tx.update(e).set({ objectUrl: result.objectUrl, etag: result.etag, writtenAt: sql`now()` }).where(key);
    await tx
      .update(e)
      .set({ pendingAction: null, icsText: null, attempts: 0, lastError: null })
      .where(and(key, eq(e.revision, write.revision)));
  });
}

/**
 * A failed write, counted with its reason unless a newer write replaced it meanwhile; given up, it
 * is no longer pending (the job's tries are over). Returns the attempts counted so far.
 */
export async function markWriteFailed(
  write: Pick<CalendarEvent, "userId" | "uid" | "revision">,
  message: string,
  givenUp: boolean,
  database: Database = db(),
): Promise<number> {
  const e = calendarEvents;
  const [row] = await database
    .update(e)
    .set({
      attempts: sql`${e.attempts} + 1`,
      lastError: message.slice(0, 1000),
      ...(givenUp ? { pendingAction: null, icsText: null } : {}),
    })
    .where(and(eq(e.userId, write.userId), eq(e.uid, write.uid), eq(e.revision, write.revision)))
    .returning({ attempts: e.attempts });
  return row?.attempts ?? 0;
}

/** The member's events with a write still pending (the Calendar screen says how many and why). */
export async function pendingWritesOf(userId: string, executor: Executor = db()): Promise<CalendarEvent[]> {
  const e = calendarEvents;
  return executor
    .select()
    .from(e)
    .where(and(eq(e.userId, userId), sql`${e.pendingAction} is not null`))
    .orderBy(asc(e.nextAttemptAt));
}

export async function calendarEventOf(userId: string, uid: string, executor: Executor = db()): Promise<CalendarEvent | null> {
  const [row] = await executor
    .select()
    .from(calendarEvents)
    .where(and(eq(calendarEvents.userId, userId), eq(calendarEvents.uid, uid)));
  return row ?? null;
}
