import "server-only";
import { formatCallTime } from "@/lib/booking";
import { dashboardHref } from "@/lib/routes";
import { SITE_TIME_ZONE } from "@/lib/site-time";
import type { Booking, MailAttachment } from "../kernel/db/schema";
import type { MailInput } from "../kernel/mail/mail";
import { composeMail } from "../kernel/mail/compose";
import { siteConfig } from "../kernel/site-config";
import { callCalendar, callUid, type CallEvent, type CallMethod } from "./ics";
import { manageUrl } from "./tokens";
import { callLength } from "@/content/company-facts";

/**
 * The mails of a strategy call (docs/decisions/0065), queued through the outbox in the transaction of
 * the change they report. The visitor's copy is written in our words only (the time, the member, the
 * manage link): nobody has shown that the address typed is theirs, so nothing else they typed is sent
 * to it (as the forms' acknowledgement, docs/decisions/0042). The member's copy has every field.
 */

export type CallChange = "booked" | "rescheduled" | "cancelled";
export interface Host {
  id: string;
  name: string;
  email: string;
}

function domain(): string {
  try {
    return new URL(siteConfig().url).hostname || "localhost";
  } catch {
    return "localhost";
  }
}

/** The call's iCalendar UID (the same in every mail and in the member's calendar). */
export function bookingUid(booking: Pick<Booking, "id">): string {
  return callUid(booking.id, domain());
}

/** The member's copy of the call as the calendar object a CalDAV server stores (no METHOD). */
export function memberCalendarObject(booking: Booking, host: Host): string {
  return callCalendar(callEvent(booking, host, booking.status === "cancelled" ? "cancelled" : "booked", false), null);
}

function invitation(booking: Booking, host: Host, change: CallChange, forVisitor: boolean): MailAttachment {
  const method: CallMethod = change === "cancelled" ? "CANCEL" : "REQUEST";
  const content = callCalendar(callEvent(booking, host, change, forVisitor), method);
  return { filename: change === "cancelled" ? "cancel.ics" : "invite.ics", contentType: `text/calendar; charset=utf-8; method=${method}`, content, method };
}

function callEvent(booking: Booking, host: Host, change: CallChange, forVisitor: boolean): CallEvent {
  const site = siteConfig();
  return {
    bookingId: booking.id,
    domain: domain(),
    sequence: booking.sequence,
    start: booking.startsAt,
    end: booking.endsAt,
    summary: forVisitor ? `Strategy call with ${site.name}` : `Strategy call: ${booking.name}${booking.company ? ` (${booking.company})` : ""}`,
    description: forVisitor
      ? `A ${callLength} strategy call with ${host.name} of ${site.name}. To move or cancel it: ${manageUrl(booking)}`
      : `Topic: ${booking.topic}\nPhone: ${booking.phone}\nE-mail: ${booking.email}\nDashboard: ${site.url}${dashboardHref("booking")}`,
    organizer: { name: host.name || host.email, email: host.email },
    visitor: { name: forVisitor ? booking.email : booking.name, email: booking.email },
    cancelled: change === "cancelled",
    ...(forVisitor ? { url: manageUrl(booking) } : {}),
  };
}

const SUBJECTS: Record<CallChange, (site: string) => string> = {
  booked: (site) => `Your strategy call with ${site} is booked`,
  rescheduled: (site) => `Your strategy call with ${site} has moved`,
  cancelled: (site) => `Your strategy call with ${site} is cancelled`,
};

const siteHome = () => siteConfig().url.replace(/\/$/, "");

function visitorTimes(booking: Booking): string {
  const theirs = formatCallTime(booking.startsAt, booking.timeZone);
  return booking.timeZone === SITE_TIME_ZONE ? theirs : `${theirs} (${formatCallTime(booking.startsAt, SITE_TIME_ZONE)} India time)`;
}

/** The visitor's mail of a booking, a move or a cancel, with its invitation. */
export function visitorMail(booking: Booking, host: Host, change: CallChange): MailInput {
  const site = siteConfig();
  const when = visitorTimes(booking);
  const questions = `Questions? Write to ${site.email} or call ${site.phone}.`;
  const body =
    change === "cancelled"
      ? composeMail({
          subject: SUBJECTS[change](site.name),
          paragraphs: [
            `Your ${callLength} strategy call with ${site.name} on ${when} is cancelled.`,
            `If you would like another time, you can book one on our website.`,
            questions,
          ],
          button: { label: "Book another time", url: `${siteHome()}/book` },
        })
      : composeMail({
          subject: SUBJECTS[change](site.name),
          paragraphs: [
            change === "booked"
              ? `Your ${callLength} strategy call with ${site.name} is booked.`
              : `Your ${callLength} strategy call with ${site.name} has moved.`,
          ],
          rows: [
            ["When", when],
            ["With", host.name || site.name],
          ],
          sections: [
            {
              paragraphs: [
                `The attached invitation adds it to your calendar. We will call you on the phone number you gave, or send a video link before the call.`,
                questions,
              ],
            },
          ],
          button: { label: "Move or cancel this call", url: manageUrl(booking) },
        });
  return {
    kind: `booking-${change}`,
    recipients: [booking.email],
    ...body,
    replyTo: site.email,
    ...(booking.leadId ? { leadId: booking.leadId } : {}),
    attachments: [invitation(booking, host, change, true)],
  };
}

/** The member's mail: who booked, when, what about, and the invitation for their own calendar. */
export function hostMail(booking: Booking, host: Host, change: CallChange): MailInput {
  const when = formatCallTime(booking.startsAt, SITE_TIME_ZONE);
  const verb = change === "booked" ? "booked" : change === "rescheduled" ? "moved to" : "cancelled:";
  const body = composeMail({
    subject: `Strategy call ${change}: ${booking.name.slice(0, 60)}, ${when}`,
    paragraphs: [`A strategy call was ${verb} ${when}.`],
    rows: [
      ["Name", booking.name],
      ["E-mail", booking.email],
      ["Phone", booking.phone],
      ["Company", booking.company ?? "(not given)"],
      ["Topic", booking.topic],
      ["Visitor's time zone", booking.timeZone],
    ],
    button: { label: "Open the bookings", url: `${siteHome()}${dashboardHref("booking")}` },
  });
  return {
    kind: `booking-host-${change}`,
    recipients: [host.email],
    ...body,
    replyTo: booking.email,
    ...(booking.leadId ? { leadId: booking.leadId } : {}),
    attachments: [invitation(booking, host, change, false)],
  };
}

/**
 * The visitor's mail of a held call (docs/decisions/0077): the time and the link that confirms it,
 * in our words only, with no invitation. Until it is confirmed nobody has shown that the address is
 * theirs: a stranger who typed someone else's address gets nothing into that person's calendar, and
 * the time is released when nobody confirms.
 */
export function holdMail(booking: Booking, host: Host, holdMinutes: number): MailInput {
  const site = siteConfig();
  const body = composeMail({
    subject: `Please confirm your strategy call with ${site.name}`,
    paragraphs: [`Please confirm your ${callLength} strategy call with ${site.name}.`],
    rows: [
      ["When", visitorTimes(booking)],
      ["With", host.name || site.name],
    ],
    sections: [
      {
        paragraphs: [
          `We hold this time for you for ${holdMinutes} minutes. Open the link below and press "Confirm the call"; we then send the details and a calendar invitation. Without a confirmation the time is released and nothing more happens.`,
        ],
      },
    ],
    button: { label: "Confirm, move or cancel this call", url: manageUrl(booking) },
    footer: [`If you did not book a call on our website, someone gave your address by mistake: you can ignore this e-mail.`],
  });
  return { kind: "booking-held", recipients: [booking.email], ...body, replyTo: site.email };
}

/** The owners' alert when the site-wide hourly limit of bookings is reached: no visitor's data, only the figures. */
export function bookingLimitAlert(owners: string[], limit: number): MailInput {
  const site = siteConfig();
  const body = composeMail({
    subject: `Booking limit reached on ${site.name}`,
    paragraphs: [
      `The booking page of ${site.name} has taken ${limit} calls within the last hour, the most it takes in an hour. Until that hour has passed it turns further bookings away and asks visitors to write to the agency instead.`,
      `Those calls are only held until each visitor confirms from their mail; a call nobody confirms is released when its hold ends. If this is not a rush of real visitors, look at the held calls on the Calls screen.`,
    ],
    button: { label: "Open the calls", url: `${siteHome()}${dashboardHref("booking")}` },
  });
  return { kind: "booking-limit-alert", recipients: owners, ...body };
}

export type Reminder = "24h" | "1h";

/** A reminder to the visitor, a day or an hour before; no invitation (the event is already theirs). */
export function reminderMail(booking: Booking, host: Host, which: Reminder): MailInput {
  const site = siteConfig();
  const body = composeMail({
    subject: which === "24h" ? `Reminder: your strategy call with ${site.name}` : `Within the hour: your strategy call with ${site.name}`,
    paragraphs: [
      which === "24h" ? `A reminder of your strategy call with ${site.name}.` : `A reminder: your strategy call with ${site.name} starts within the hour.`,
    ],
    rows: [
      ["When", visitorTimes(booking)],
      ["With", host.name || site.name],
    ],
    button: { label: "Move or cancel this call", url: manageUrl(booking) },
  });
  return {
    kind: `booking-reminder-${which}`,
    recipients: [booking.email],
    ...body,
    replyTo: site.email,
    ...(booking.leadId ? { leadId: booking.leadId } : {}),
  };
}
