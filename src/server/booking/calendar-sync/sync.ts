import "server-only";
import {
  claimDueConnections,
  claimDueWrites,
  markWriteDone,
  markWriteFailed,
  ownEventUids,
  queueCalendarWrite,
  recordConnectionError,
  recordSyncFailure,
  replaceBusy,
  type ClaimedWrite,
} from "../data/calendar";
import type { Executor } from "../../kernel/db/client";
import type { CalendarConnection } from "../../kernel/db/schema";
import { errorFields, log } from "../../kernel/log";
import { CalendarError, objectUrlFor, readBusy, removeEvent, writeEvent } from "./caldav";
import type { CalendarHttpSettings } from "./http";
import { decryptPassword, PasswordUnreadableError } from "./secret";

// The calendar sync's work (docs/decisions/0066): each connected member's busy times read every few
// minutes, and the events the booking writes sent to their calendar, each retried until it is done.
// Nothing here throws at the booking: a calendar that fails is said in the connection's last error.

export interface CalendarSyncSettings {
  now: () => Date;
  http: Partial<CalendarHttpSettings>;
  /** A good sync's successor comes this long after it. */
  syncEveryMs: number;
  /** The window read: from `lookBehindMs` ago to `lookAheadMs` ahead. */
  lookBehindMs: number;
  lookAheadMs: number;
  /** How long a claim holds a connection or a write (a process that died mid-sync holds it no longer). */
  claimMs: number;
  batch: number;
  /** Waits after failures: doubling from the base, at most the maximum. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** A write failed this many times in a row is given up (its last error stays on the Calendar screen). */
  maxWriteAttempts: number;
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
  maxWriteAttempts: 30,
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

/** One round of the sync job: due connections claimed and synced, a few at a time. Returns how many were tried. */
export async function syncDueCalendars(overrides: Partial<CalendarSyncSettings> = {}): Promise<number> {
  const s = settingsOf(overrides);
  const now = s.now();
  const claimed = await claimDueConnections(now, new Date(now.getTime() + s.claimMs), s.batch);
  await Promise.all(claimed.map((connection) => syncConnection(connection, s)));
  return claimed.length;
}

async function sendWrite(write: ClaimedWrite, s: CalendarSyncSettings): Promise<boolean> {
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
    return true;
  } catch (error) {
    const message = failureMessage(error);
    const attempts = write.attempts + 1;
    const retryAt = attempts >= s.maxWriteAttempts ? null : new Date(s.now().getTime() + backoff(attempts, s));
    log(error instanceof CalendarError ? "warn" : "error", "calendar event write failed", {
      event: "calendar.event-failed",
      userId: write.userId,
      uid: write.uid,
      action: write.pendingAction,
      attempts,
      givenUp: retryAt === null,
      ...(error instanceof CalendarError ? { kind: error.kind } : errorFields(error)),
    });
    await markWriteFailed(write, message, retryAt);
    await recordConnectionError(write.userId, retryAt ? message : `${message} The event ${write.uid} was given up after ${attempts} attempts.`);
    return false;
  }
}

/** One round of the write job: due writes claimed and sent. Returns how many were tried. */
export async function sendDueCalendarWrites(overrides: Partial<CalendarSyncSettings> = {}): Promise<number> {
  const s = settingsOf(overrides);
  const now = s.now();
  const claimed = await claimDueWrites(now, new Date(now.getTime() + s.claimMs), s.batch);
  await Promise.all(claimed.map((write) => sendWrite(write, s)));
  return claimed.length;
}

// ---- The booking's calls ---------------------------------------------------------------------------

export type CalendarWriteOutcome = "no-connection" | "queued" | "written" | "failed";

export interface CalendarWriteOptions {
  /**
   * The booking's transaction: the write is queued in it (committed with the booking, or not at all)
   * and sent by the calendar job within seconds. Without one, it is queued and sent at once.
   */
  tx?: Executor;
  settings?: Partial<CalendarSyncSettings>;
}

async function queueAndSend(
  userId: string,
  uid: string,
  action: "put" | "delete",
  icsText: string | null,
  options: CalendarWriteOptions,
): Promise<CalendarWriteOutcome> {
  if (options.tx) return (await queueCalendarWrite({ userId, uid, action, icsText }, options.tx)) === null ? "no-connection" : "queued";
  const s = settingsOf(options.settings ?? {});
  try {
    if ((await queueCalendarWrite({ userId, uid, action, icsText })) === null) return "no-connection";
    const now = s.now();
    const [claimed] = await claimDueWrites(now, new Date(now.getTime() + s.claimMs), 1, { userId, uid });
    // Claimed by the job meanwhile: it sends it.
    if (!claimed) return "queued";
    return (await sendWrite(claimed, s)) ? "written" : "failed";
  } catch (error) {
    // The caller's booking stands whatever happens here: a row left pending is sent by the job.
    log("error", "calendar event write could not be queued or sent", { event: "calendar.event-error", userId, uid, ...errorFields(error) });
    return "failed";
  }
}

/** The UIDs the booking may use: they name the object (`<uid>.ics`) in the member's calendar. */
export const CALENDAR_UID = /^[A-Za-z0-9@._-]{1,200}$/;

/**
 * Writes (creates or replaces) the event `uid` in the member's calendar with `icsText`, a complete
 * VCALENDAR with one VEVENT whose UID is `uid` (raise its SEQUENCE on each change). A no-op when the
 * member has no calendar connected. Never throws for the calendar's sake: a failure is kept as the
 * connection's last error and the write is retried by the calendar job (src/server/booking/calendar-sync/job.ts).
 */
export async function putCalendarEvent(userId: string, uid: string, icsText: string, options: CalendarWriteOptions = {}): Promise<CalendarWriteOutcome> {
  if (!CALENDAR_UID.test(uid)) throw new RangeError("a calendar event's UID is 1-200 letters, digits, @ . _ or -");
  return queueAndSend(userId, uid, "put", icsText, options);
}

/** Deletes the event `uid` from the member's calendar; as `putCalendarEvent` otherwise. */
export async function removeCalendarEvent(userId: string, uid: string, options: CalendarWriteOptions = {}): Promise<CalendarWriteOutcome> {
  if (!CALENDAR_UID.test(uid)) throw new RangeError("a calendar event's UID is 1-200 letters, digits, @ . _ or -");
  return queueAndSend(userId, uid, "delete", null, options);
}
