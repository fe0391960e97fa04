import "server-only";
import {
  adoptPendingCalendarWrites,
  CALENDAR_SYNC_JOB,
  CALENDAR_WRITE_JOB,
  dueConnectionIds,
  dueConnectionOf,
  enqueueCalendarSync,
  markWriteDone,
  markWriteFailed,
  ownEventUids,
  pendingWriteOf,
  queueCalendarWrite,
  recordConnectionError,
  recordSyncFailure,
  replaceBusy,
  type CalendarSyncJobData,
  type CalendarWriteJobData,
} from "../data/calendar";
import type { Executor } from "../../kernel/db/client";
import type { JobAttempt, JobDefinition } from "../../kernel/jobs/queue";
import type { CalendarConnection } from "../../kernel/db/schema";
import { errorFields, log } from "../../kernel/log";
import { CalendarError, objectUrlFor, readBusy, removeEvent, writeEvent } from "./caldav";
import type { CalendarHttpSettings } from "./http";
import { decryptPassword, PasswordUnreadableError } from "./secret";

// The calendar sync's work (docs/decisions/0066): each connected member's busy times read every few
// minutes, and the events the booking writes sent to their calendar by the job queue (ADR 0089),
// each retried on its back-off until it is done or given up. Nothing here throws at the booking: a
// calendar that fails is said in the connection's last error.

export interface CalendarSyncSettings {
  now: () => Date;
  http: Partial<CalendarHttpSettings>;
  /** A good sync's successor comes this long after it. */
  syncEveryMs: number;
  /** The window read: from `lookBehindMs` ago to `lookAheadMs` ahead. */
  lookBehindMs: number;
  lookAheadMs: number;
  /** The sync job's lease: a sync still running after this was lost with its process, and runs again. */
  claimMs: number;
  /** Members' syncs one process runs at once. */
  batch: number;
  /** Waits after failed syncs: doubling from the base, at most the maximum. */
  retryBaseMs: number;
  retryMaxMs: number;
}

export const SYNC_DEFAULTS: CalendarSyncSettings = {
  now: () => new Date(),
  http: {},
  syncEveryMs: 5 * 60_000,
  lookBehindMs: 60 * 60_000,
  lookAheadMs: 8 * 7 * 24 * 60 * 60_000,
  claimMs: 2 * 60_000,
  batch: 8,
  retryBaseMs: 30_000,
  retryMaxMs: 60 * 60_000,
};

const settingsOf = (overrides: Partial<CalendarSyncSettings>): CalendarSyncSettings => ({ ...SYNC_DEFAULTS, ...overrides });

const backoff = (failures: number, s: CalendarSyncSettings) => Math.min(s.retryMaxMs, s.retryBaseMs * 2 ** Math.max(0, failures - 1));

/** The member's words for a failure (a CalendarError's message; anything else a fixed sentence, logged). */
export function failureMessage(error: unknown): string {
  if (error instanceof CalendarError || error instanceof PasswordUnreadableError) return error.message;
  return "The calendar could not be read or written (an unexpected error, logged on the server).";
}

function credentialsOf(connection: CalendarConnection) {
  return { serverUrl: connection.serverUrl, username: connection.username, password: decryptPassword(connection.passwordEncrypted) };
}

/** Reads one connection's busy times and replaces the stored ones, or records why it could not. Returns whether it synced. */
export async function syncConnection(connection: CalendarConnection, overrides: Partial<CalendarSyncSettings> = {}): Promise<boolean> {
  const s = settingsOf(overrides);
  const now = s.now();
  try {
    const { intervals, objects, unreadable } = await readBusy(
      { ...credentialsOf(connection), calendarUrl: connection.calendarUrl },
      new Date(now.getTime() - s.lookBehindMs),
      new Date(now.getTime() + s.lookAheadMs),
      s.http,
      // The calls the booking wrote there are not read back as busy: the bookings table holds them.
      await ownEventUids(connection.userId),
    );
    const saved = await replaceBusy(connection, intervals, new Date(now.getTime() + s.syncEveryMs));
    if (saved) log("info", "calendar synced", { event: "calendar.synced", userId: connection.userId, objects, busy: intervals.length, unreadable });
    return saved;
  } catch (error) {
    const message = failureMessage(error);
    if (!(error instanceof CalendarError))
      log("error", "calendar sync failed", { event: "calendar.sync-failed", userId: connection.userId, ...errorFields(error) });
    else log("warn", "calendar sync failed", { event: "calendar.sync-failed", userId: connection.userId, kind: error.kind });
    await recordSyncFailure(connection.userId, message, new Date(now.getTime() + backoff(connection.syncFailures + 1, s)));
    return false;
  }
}

/**
 * The calendar sync's tick (docs/decisions/0095): a job per member whose sync is due, keyed by the
 * member, so a member with a sync queued or running gets no second one. Returns how many it added.
 */
export async function enqueueDueSyncs(overrides: Partial<CalendarSyncSettings> = {}): Promise<number> {
  const s = settingsOf(overrides);
  let added = 0;
  for (const userId of await dueConnectionIds(s.now())) if (await enqueueCalendarSync(userId)) added++;
  return added;
}

/**
 * One member's sync job: syncs the connection if it is still due (a sync done since the job was
 * enqueued moved it on, and a removed connection has nothing to read). Returns whether it was tried.
 */
export async function syncMember(job: CalendarSyncJobData, overrides: Partial<CalendarSyncSettings> = {}): Promise<boolean> {
  const s = settingsOf(overrides);
  const connection = await dueConnectionOf(job.userId, s.now());
  if (!connection) return false;
  await syncConnection(connection, s);
  return true;
}

/**
 * The queue's job for a member's sync (src/server/queue-registry.ts): tried once, since the row keeps
 * its own back-off (`sync_due_at`, later after failures) and the next tick enqueues it again then.
 */
export function calendarSyncJob(overrides: Partial<CalendarSyncSettings> = {}): JobDefinition<CalendarSyncJobData> {
  const s = settingsOf(overrides);
  return {
    name: CALENDAR_SYNC_JOB,
    concurrency: s.batch,
    retry: { limit: 0, delaySeconds: 0 },
    leaseSeconds: Math.ceil(s.claimMs / 1000),
    handler: async (data) => {
      await syncMember(data, overrides);
    },
  };
}

/**
 * Every due member's sync done here and now, a few at a time, without the queue: for tests, and for
 * one caller at a time (the queue's key is what keeps two processes off one member). Returns how
 * many were tried.
 */
export async function syncDueCalendars(overrides: Partial<CalendarSyncSettings> = {}): Promise<number> {
  const s = settingsOf(overrides);
  const due = await dueConnectionIds(s.now());
  let tried = 0;
  for (let i = 0; i < due.length; i += s.batch) {
    const done = await Promise.all(due.slice(i, i + s.batch).map((userId) => syncMember({ userId }, s)));
    tried += done.filter(Boolean).length;
  }
  return tried;
}

/**
 * The queue's back-off for a write (30 s doubling to an hour), over 30 tries in all: about a day, so
 * a member's calendar that is down for a night still gets the calls booked meanwhile.
 */
export const CALENDAR_WRITE_RETRY = { limit: 29, delaySeconds: 30, maxDelaySeconds: 3600 } as const;

/**
 * One try of an event's write job: sends the event's write as it is now (a newer revision queued
 * since the job was enqueued is the one sent; nothing pending, nothing to do). A failure is kept
 * on the row and the connection and thrown, so the queue tries again after its back-off; on the
 * last try the write is given up. The queue runs one job of an event at a time (its key).
 */
export async function sendCalendarWrite(
  job: CalendarWriteJobData,
  attempt: Pick<JobAttempt, "isLastTry">,
  overrides: Partial<CalendarSyncSettings> = {},
): Promise<void> {
  const s = settingsOf(overrides);
  const write = await pendingWriteOf(job.userId, job.uid);
  if (!write) return;
  const objectUrl = write.objectUrl ?? objectUrlFor(write.connection.calendarUrl, write.uid);
  try {
    const target = { ...credentialsOf(write.connection), objectUrl, etag: write.etag };
    if (write.pendingAction === "delete") {
      await removeEvent(target, s.http);
      await markWriteDone(write, { objectUrl, etag: null });
    } else {
      const { etag } = await writeEvent(target, write.icsText ?? "", s.http);
      await markWriteDone(write, { objectUrl, etag });
    }
    log("info", "calendar event written", { event: "calendar.event-written", userId: write.userId, uid: write.uid, action: write.pendingAction });
  } catch (error) {
    const message = failureMessage(error);
    const givenUp = attempt.isLastTry;
    const attempts = await markWriteFailed(write, message, givenUp);
    // Replaced by a newer write meanwhile (nothing counted): that one's own job sends it.
    const replaced = attempts === 0;
    log(error instanceof CalendarError ? "warn" : "error", "calendar event write failed", {
      event: "calendar.event-failed",
      userId: write.userId,
      uid: write.uid,
      action: write.pendingAction,
      attempts,
      givenUp: givenUp && !replaced,
      ...(error instanceof CalendarError ? { kind: error.kind } : errorFields(error)),
    });
    await recordConnectionError(write.userId, givenUp && !replaced ? `${message} The event ${write.uid} was given up after ${attempts} attempts.` : message);
    if (!replaced) throw error;
  }
}

/** The queue's job for the booking's calendar writes (src/server/queue-registry.ts); `overrides` for tests. */
export function calendarWriteJob(overrides: Partial<CalendarSyncSettings> = {}): JobDefinition<CalendarWriteJobData> {
  return {
    name: CALENDAR_WRITE_JOB,
    // A change made while its event's job runs enqueues one more, run after it: never two at once.
    policy: "singleton",
    concurrency: 2,
    retry: CALENDAR_WRITE_RETRY,
    // A write is two requests of at most the HTTP timeout each: one still running after this was lost with its process.
    leaseSeconds: 120,
    handler: (data, attempt) => sendCalendarWrite(data, attempt, overrides),
    adopt: () => adoptPendingCalendarWrites(),
  };
}

// ---- The booking's calls ---------------------------------------------------------------------------

export type CalendarWriteOutcome = "no-connection" | "queued";

async function queueWrite(userId: string, uid: string, action: "put" | "delete", icsText: string | null, executor?: Executor): Promise<CalendarWriteOutcome> {
  return (await queueCalendarWrite({ userId, uid, action, icsText }, executor)) === null ? "no-connection" : "queued";
}

/** The UIDs the booking may use: they name the object (`<uid>.ics`) in the member's calendar. */
export const CALENDAR_UID = /^[A-Za-z0-9@._-]{1,200}$/;

/**
 * Queues the write (create or replace) of the event `uid` in the member's calendar with `icsText`, a
 * complete VCALENDAR with one VEVENT whose UID is `uid` (raise its SEQUENCE on each change), in
 * `executor` (the booking's transaction: committed with it or not at all). A no-op when the member
 * has no calendar connected. The calendar's failures never reach the caller: the write job keeps
 * them as the connection's last error and tries again.
 */
export async function putCalendarEvent(userId: string, uid: string, icsText: string, executor?: Executor): Promise<CalendarWriteOutcome> {
  if (!CALENDAR_UID.test(uid)) throw new RangeError("a calendar event's UID is 1-200 letters, digits, @ . _ or -");
  return queueWrite(userId, uid, "put", icsText, executor);
}

/** Queues the deletion of the event `uid` from the member's calendar; as `putCalendarEvent` otherwise. */
export async function removeCalendarEvent(userId: string, uid: string, executor?: Executor): Promise<CalendarWriteOutcome> {
  if (!CALENDAR_UID.test(uid)) throw new RangeError("a calendar event's UID is 1-200 letters, digits, @ . _ or -");
  return queueWrite(userId, uid, "delete", null, executor);
}
