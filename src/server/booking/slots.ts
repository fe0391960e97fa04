import { BOOKING_WINDOW_DAYS, CALL_MINUTES, dayInZone } from "@/lib/booking";
import { SITE_TIME_ZONE, addDays } from "@/lib/site-time";

/**
 * Which 30-minute slots are open, and for whom (docs/decisions/0065). Pure: the data loader
 * (src/server/booking/data/bookings.ts) reads the hosts, their days off, the booked calls and any busy times
 * and passes them in; the booking transaction runs the same rules on rows it has locked.
 */

export interface HostAvailability {
  userId: string;
  /** Weekday 1 (Monday) to 7 (Sunday), "HH:MM" to "HH:MM", wall-clock time in `timeZone`. */
  weeklyHours: readonly { weekday: number; start: string; end: string }[];
  bufferMinutes: number;
  noticeMinutes: number;
  maxPerDay: number;
  /** Days ("YYYY-MM-DD" in `timeZone`) without calls. */
  daysOff: readonly string[];
  /** Least recently assigned first; null (never) before any date. */
  lastAssignedAt: Date | null;
}

export interface Interval {
  userId: string;
  start: Date;
  end: Date;
}

export interface SlotInput {
  hosts: readonly HostAvailability[];
  /** The hosts' booked calls (cancelled ones left out). */
  bookings: readonly Interval[];
  /** Other busy times of the hosts (their calendars), kept clear like a booking. */
  busy: readonly Interval[];
  now: Date;
  /** The zone the weekly hours and days off are written in: the agency's. */
  timeZone?: string;
  days?: number;
  callMinutes?: number;
}

const MINUTE = 60_000;
const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$|^24:00$/;

function minutesOf(hhmm: string): number | null {
  if (!HHMM.test(hhmm)) return null;
  const [h, m] = hhmm.split(":").map(Number) as [number, number];
  return h * 60 + m;
}

/** ISO weekday (1 Monday ... 7 Sunday) of a calendar day key. */
function weekdayOf(day: string): number {
  const d = new Date(`${day}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

const wallFormats = new Map<string, Intl.DateTimeFormat>();
/** Milliseconds the zone's wall clock is ahead of UTC at an instant (its formatter made once per zone). */
function offsetAt(ms: number, timeZone: string): number {
  let format = wallFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    if (wallFormats.size < 100) wallFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(new Date(ms));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(n("year"), n("month") - 1, n("day"), n("hour"), n("minute"), n("second")) - Math.floor(ms / 1000) * 1000;
}

/**
 * A wall-clock time of a day in a zone as an instant, by the zone's own rules (through Intl, daylight
 * saving included): the offset is read at the naive instant and again at the corrected one. A time
 * that a change skips resolves to the offset in force just before it (as src/lib/site-time.ts does).
 */
function instantAt(day: string, minutes: number, timeZone: string): Date {
  const [y, mo, d] = day.split("-").map(Number) as [number, number, number];
  const naive = Date.UTC(y, mo - 1, d) + minutes * MINUTE;
  let instant = naive - offsetAt(naive, timeZone);
  instant = naive - offsetAt(instant, timeZone);
  return new Date(instant);
}

/**
 * The starts a host's weekly hours offer over the window, before anything is taken away: every
 * 30 minutes from the start of each stretch while the call still ends within it.
 */
function candidateStarts(host: HostAvailability, firstDay: string, days: number, timeZone: string, callMs: number): Date[] {
  const out: Date[] = [];
  for (let i = 0; i < days; i++) {
    const day = addDays(firstDay, i);
    const weekday = weekdayOf(day);
    for (const stretch of host.weeklyHours) {
      if (stretch.weekday !== weekday) continue;
      const from = minutesOf(stretch.start);
      const to = minutesOf(stretch.end);
      if (from === null || to === null || to <= from) continue;
      const end = instantAt(day, to, timeZone);
      for (let m = from; m + callMs / MINUTE <= to; m += callMs / MINUTE) {
        const start = instantAt(day, m, timeZone);
        // A wall-clock time a daylight-saving change skips resolves to another hour: not offered twice.
        if (start.getTime() + callMs > end.getTime() || dayInZone(start, timeZone) !== day) continue;
        out.push(start);
      }
    }
  }
  return out;
}

const overlaps = (aStart: number, aEnd: number, bStart: number, bEnd: number) => aStart < bEnd && bStart < aEnd;

/** What the checks of one host read, prepared once for a window (openSlots) or for one day (a booking). */
interface HostContext {
  starts: Set<number>;
  booked: Interval[];
  busy: Interval[];
  /** Booked calls per day (site time). */
  perDay: Map<string, number>;
}

function hostContext(host: HostAvailability, input: Omit<SlotInput, "hosts">, firstDay: string, days: number): HostContext {
  const timeZone = input.timeZone ?? SITE_TIME_ZONE;
  const callMs = (input.callMinutes ?? CALL_MINUTES) * MINUTE;
  const booked = input.bookings.filter((b) => b.userId === host.userId);
  const perDay = new Map<string, number>();
  for (const b of booked) {
    const day = dayInZone(b.start, timeZone);
    perDay.set(day, (perDay.get(day) ?? 0) + 1);
  }
  return {
    starts: new Set(candidateStarts(host, firstDay, days, timeZone, callMs).map((d) => d.getTime())),
    booked,
    busy: input.busy.filter((b) => b.userId === host.userId),
    perDay,
  };
}

function freeWith(host: HostAvailability, context: HostContext, start: Date, input: Omit<SlotInput, "hosts">): boolean {
  const timeZone = input.timeZone ?? SITE_TIME_ZONE;
  const callMs = (input.callMinutes ?? CALL_MINUTES) * MINUTE;
  const s = start.getTime();
  const e = s + callMs;
  if (s < input.now.getTime() + host.noticeMinutes * MINUTE) return false;
  if (!context.starts.has(s)) return false;
  const day = dayInZone(start, timeZone);
  if (host.daysOff.includes(day)) return false;
  if ((context.perDay.get(day) ?? 0) >= host.maxPerDay) return false;
  const buffer = host.bufferMinutes * MINUTE;
  for (const b of context.booked) if (overlaps(s - buffer, e + buffer, b.start.getTime(), b.end.getTime())) return false;
  for (const b of context.busy) if (overlaps(s - buffer, e + buffer, b.start.getTime(), b.end.getTime())) return false;
  return true;
}

/**
 * Whether a host can take a call at `start`: on the half-hour grid of their weekly hours that day,
 * not on a day off, at least their notice ahead, under their maximum for that day (site time), and
 * clear of every booked call and busy time by their buffer on both sides.
 */
export function hostFreeAt(host: HostAvailability, start: Date, input: Omit<SlotInput, "hosts">): boolean {
  const day = dayInZone(start, input.timeZone ?? SITE_TIME_ZONE);
  return freeWith(host, hostContext(host, input, day, 1), start, input);
}

const byRoundRobin = (a: HostAvailability, b: HostAvailability) =>
  (a.lastAssignedAt?.getTime() ?? -Infinity) - (b.lastAssignedAt?.getTime() ?? -Infinity) || (a.userId < b.userId ? -1 : 1);

/** The hosts free at `start`, in round-robin order: least recently assigned first, then by id. */
export function freeHostsAt(input: SlotInput, start: Date): HostAvailability[] {
  return input.hosts.filter((h) => hostFreeAt(h, start, input)).sort(byRoundRobin);
}

export interface OpenSlot {
  start: Date;
  end: Date;
  /** Who could take it, in round-robin order. */
  hostIds: string[];
}

/**
 * Every open slot over the window (default 21 days from today, site time), in time order, each with
 * the hosts free then. A slot is open when at least one host is free.
 */
export function openSlots(input: SlotInput): OpenSlot[] {
  const timeZone = input.timeZone ?? SITE_TIME_ZONE;
  const callMs = (input.callMinutes ?? CALL_MINUTES) * MINUTE;
  const days = input.days ?? BOOKING_WINDOW_DAYS;
  const firstDay = dayInZone(input.now, timeZone);
  const hosts = [...input.hosts].sort(byRoundRobin).map((host) => ({ host, context: hostContext(host, input, firstDay, days) }));
  const starts = new Set<number>();
  for (const { context } of hosts) for (const start of context.starts) starts.add(start);
  const out: OpenSlot[] = [];
  for (const ms of [...starts].sort((a, b) => a - b)) {
    if (ms <= input.now.getTime()) continue;
    const start = new Date(ms);
    const free = hosts.filter(({ host, context }) => freeWith(host, context, start, input)).map(({ host }) => host.userId);
    if (free.length) out.push({ start, end: new Date(ms + callMs), hostIds: free });
  }
  return out;
}

/** The open slots nearest to a wanted time (before or after it), in time order: offered when it was taken. */
export function nearestSlots(slots: readonly OpenSlot[], wanted: Date, count: number): OpenSlot[] {
  return [...slots]
    .sort((a, b) => Math.abs(a.start.getTime() - wanted.getTime()) - Math.abs(b.start.getTime() - wanted.getTime()) || a.start.getTime() - b.start.getTime())
    .slice(0, count)
    .sort((a, b) => a.start.getTime() - b.start.getTime());
}
