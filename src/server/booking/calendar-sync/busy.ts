import ICAL from "ical.js";
import { fromSiteDateTimeInput, SITE_TIME_ZONE } from "@/lib/site-time";

// Busy intervals from the calendar objects a CalDAV server returned for a time range
// (docs/decisions/0066). Recurrences are expanded here with ical.js (RRULE, RDATE, EXDATE and
// moved or cancelled occurrences), whatever the server does with CalDAV's <expand>: servers differ
// there, the rules do not. An occurrence is busy unless it is TRANSP:TRANSPARENT ("show as free")
// or STATUS:CANCELLED. An all-day event and a floating time (no zone) are read in the site's time
// zone, India, where the team works; a TZID is read as the IANA zone it names, or through the
// object's own VTIMEZONE when it names none (Outlook's "India Standard Time").

export interface BusyInterval {
  startsAt: Date;
  endsAt: Date;
}

/** Occurrences walked per event at most: a rule that never ends stops at the window anyway; this bounds a pathological one (FREQ=SECONDLY). */
const MAX_OCCURRENCES_PER_EVENT = 20_000;
/** Intervals kept per member and sync at most (after merging). */
export const MAX_BUSY_INTERVALS = 5_000;

const DAY_MS = 24 * 60 * 60_000;

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

function isIanaZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

interface Zones {
  /** VTIMEZONE components of the object, by TZID. */
  vtimezones: Map<string, ICAL.Timezone>;
}

/** The instant an iCalendar time names, reading zones as the header comment says. */
function instantOf(time: ICAL.Time, tzid: string | null, zones: Zones): Date | null {
  const wall = `${pad(time.year, 4)}-${pad(time.month)}-${pad(time.day)}T${pad(time.isDate ? 0 : time.hour)}:${pad(time.isDate ? 0 : time.minute)}:${pad(time.isDate ? 0 : time.second)}`;
  if (!time.isDate && time.zone?.tzid === "UTC") return new Date(time.toUnixTime() * 1000);
  if (!time.isDate && tzid) {
    if (isIanaZone(tzid)) return fromSiteDateTimeInput(wall, tzid);
    const vtimezone = zones.vtimezones.get(tzid);
    if (vtimezone) {
      const offsetSeconds = vtimezone.utcOffset(time);
      return new Date(Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second) - offsetSeconds * 1000);
    }
  }
  return fromSiteDateTimeInput(wall, SITE_TIME_ZONE);
}

function tzidOf(component: ICAL.Component, name: "dtstart" | "dtend"): string | null {
  const value = component.getFirstProperty(name)?.getParameter("tzid");
  return typeof value === "string" ? value : null;
}

function isFree(component: ICAL.Component): boolean {
  const transp = component.getFirstPropertyValue("transp");
  const status = component.getFirstPropertyValue("status");
  return (typeof transp === "string" && transp.toUpperCase() === "TRANSPARENT") || (typeof status === "string" && status.toUpperCase() === "CANCELLED");
}

/** Sorted, with overlapping and touching intervals joined. */
export function mergeIntervals(intervals: BusyInterval[]): BusyInterval[] {
  const sorted = [...intervals].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const merged: BusyInterval[] = [];
  for (const next of sorted) {
    const last = merged.at(-1);
    if (last && next.startsAt.getTime() <= last.endsAt.getTime()) {
      if (next.endsAt.getTime() > last.endsAt.getTime()) last.endsAt = next.endsAt;
    } else merged.push({ startsAt: next.startsAt, endsAt: next.endsAt });
  }
  return merged;
}

/**
 * The busy intervals of the given calendar objects (iCalendar texts) that overlap [from, to), cut to
 * it, merged. A text that does not parse is skipped and counted in `unreadable`. Events whose UID is
 * in `ownUids` are left out: they are the calls this site wrote into the calendar, which the bookings
 * table already keeps clear, and reading them back would make a member busy at their own call (a move
 * by half an hour refused for them, a cancelled time kept closed until the next sync).
 */
export function busyIntervals(
  objects: readonly string[],
  from: Date,
  to: Date,
  ownUids: ReadonlySet<string> = new Set(),
): { intervals: BusyInterval[]; unreadable: number } {
  const found: BusyInterval[] = [];
  let unreadable = 0;
  const add = (component: ICAL.Component, start: ICAL.Time, end: ICAL.Time | null, zones: Zones) => {
    if (isFree(component)) return;
    const startsAt = instantOf(start, tzidOf(component, "dtstart"), zones);
    if (!startsAt) return;
    let endsAt = end ? instantOf(end, tzidOf(component, component.hasProperty("dtend") ? "dtend" : "dtstart"), zones) : null;
    // RFC 5545: an all-day event without an end takes its day; a timed one without an end takes no time.
    if (!endsAt || endsAt.getTime() <= startsAt.getTime()) endsAt = start.isDate ? new Date(startsAt.getTime() + DAY_MS) : startsAt;
    if (endsAt.getTime() <= startsAt.getTime()) return;
    if (endsAt.getTime() <= from.getTime() || startsAt.getTime() >= to.getTime()) return;
    found.push({
      startsAt: new Date(Math.max(startsAt.getTime(), from.getTime())),
      endsAt: new Date(Math.min(endsAt.getTime(), to.getTime())),
    });
  };

  for (const text of objects) {
    let root: ICAL.Component;
    try {
      root = new ICAL.Component(ICAL.parse(text));
    } catch {
      unreadable++;
      continue;
    }
    try {
      const zones: Zones = { vtimezones: new Map() };
      for (const vtimezone of root.getAllSubcomponents("vtimezone")) {
        const tz = new ICAL.Timezone(vtimezone);
        if (tz.tzid) zones.vtimezones.set(tz.tzid, tz);
      }
      const byUid = new Map<string, { master: ICAL.Component | null; exceptions: ICAL.Component[] }>();
      const loose: ICAL.Component[] = [];
      for (const vevent of root.getAllSubcomponents("vevent")) {
        const uid = vevent.getFirstPropertyValue("uid");
        if (typeof uid !== "string") {
          loose.push(vevent);
          continue;
        }
        if (ownUids.has(uid)) continue;
        const entry = byUid.get(uid) ?? { master: null, exceptions: [] };
        if (vevent.hasProperty("recurrence-id")) entry.exceptions.push(vevent);
        else entry.master = vevent;
        byUid.set(uid, entry);
      }
      for (const { master, exceptions } of byUid.values()) {
        if (!master) {
          // The server sent moved occurrences without their series: each stands alone.
          loose.push(...exceptions);
          continue;
        }
        const event = new ICAL.Event(master, { exceptions, strictExceptions: true });
        if (!event.isRecurring()) {
          add(master, event.startDate, event.endDate, zones);
          continue;
        }
        const iterator = event.iterator();
        // A day of slack either side: the wall-clock time is read in its zone only below.
        const stopAt = to.getTime() + DAY_MS;
        for (let n = 0; n < MAX_OCCURRENCES_PER_EVENT; n++) {
          const next = iterator.next();
          if (!next) break;
          // Stopped by the occurrence's own time, not a moved one's: a later one may be moved into the window.
          const original = instantOf(next, tzidOf(master, "dtstart"), zones);
          if (original && original.getTime() > stopAt) break;
          const details = event.getOccurrenceDetails(next);
          add(details.item.component, details.startDate, details.endDate, zones);
        }
        // Occurrences after the window that were moved into it.
        for (const exception of exceptions) {
          const recurrenceId = exception.getFirstPropertyValue("recurrence-id");
          const original = recurrenceId instanceof ICAL.Time ? instantOf(recurrenceId, tzidOf(master, "dtstart"), zones) : null;
          if (original && original.getTime() > stopAt) {
            const moved = new ICAL.Event(exception);
            add(exception, moved.startDate, moved.endDate, zones);
          }
        }
      }
      for (const vevent of loose) {
        const event = new ICAL.Event(vevent);
        add(vevent, event.startDate, event.endDate, zones);
      }
    } catch {
      unreadable++;
    }
  }
  return { intervals: mergeIntervals(found).slice(0, MAX_BUSY_INTERVALS), unreadable };
}
