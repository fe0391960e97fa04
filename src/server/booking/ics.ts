import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from "ical-generator";

/**
 * A strategy call as iCalendar (RFC 5545), made with ical-generator (docs/decisions/0065). The UID is
 * the booking's for good, so a reschedule (METHOD:REQUEST, a higher SEQUENCE) moves the event that is
 * already in the guest's calendar and a cancel (METHOD:CANCEL, STATUS:CANCELLED, higher still)
 * removes it. Times are written in UTC: every calendar shows them in its own zone.
 */

export interface CallPerson {
  name: string;
  email: string;
}

export interface CallEvent {
  /** The booking's id: the UID is made from it. */
  bookingId: string;
  /** The domain after the UID's "@" (the site's host), so that the UID is unique beyond this site. */
  domain: string;
  sequence: number;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  /** The member who takes the call. */
  organizer: CallPerson;
  visitor: CallPerson;
  cancelled: boolean;
  /** The booking's manage page (reschedule, cancel), for the visitor's copy; the host's has the dashboard's. */
  url?: string;
  /** When this version was made (DTSTAMP); default now. */
  stamp?: Date;
}

export type CallMethod = "REQUEST" | "CANCEL";

export function callUid(bookingId: string, domain: string): string {
  return `booking-${bookingId}@${domain}`;
}

/**
 * The call's iCalendar text. With a method it is an invitation for mail (iTIP: REQUEST to book or move
 * it, CANCEL to remove it); with `method: null` it is the plain calendar object a CalDAV server stores
 * (RFC 4791 forbids METHOD there).
 */
export function callCalendar(event: CallEvent, method: CallMethod | null): string {
  const calendar = ical({
    prodId: { company: event.domain, product: "strategy-call", language: "EN" },
    ...(method ? { method: method === "CANCEL" ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST } : {}),
  });
  calendar.createEvent({
    id: callUid(event.bookingId, event.domain),
    sequence: event.sequence,
    stamp: event.stamp ?? new Date(),
    start: event.start,
    end: event.end,
    summary: event.summary,
    description: event.description,
    status: event.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: event.organizer.name, email: event.organizer.email },
    attendees: [
      {
        name: event.visitor.name,
        email: event.visitor.email,
        role: ICalAttendeeRole.REQ,
        status: event.cancelled ? ICalAttendeeStatus.DECLINED : ICalAttendeeStatus.ACCEPTED,
        rsvp: false,
      },
    ],
    ...(event.url ? { url: event.url } : {}),
  });
  return calendar.toString();
}
