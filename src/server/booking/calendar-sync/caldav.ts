import "server-only";
import { calendarQuery, createAccount, createObject, deleteObject, fetchCalendars, getBasicAuthHeaders, propfind, updateObject } from "tsdav";
import { busyIntervals, type BusyInterval } from "./busy";
import { calendarFetch, CalendarHttpError, type CalendarHttpSettings, type CalendarTrace } from "./http";

// The CalDAV side of the calendar sync (docs/calendar.md, docs/decisions/0066), on tsdav with our own
// checked fetch (./http.ts): discovery of a member's calendars with Basic auth, their busy times over
// a window, and writing or deleting one event by its UID. Every failure becomes a CalendarError whose
// message is a sentence for the member (shown on their Calendar screen and kept as the connection's
// last error); it never contains the password.

export interface CalendarCredentials {
  serverUrl: string;
  username: string;
  password: string;
}

export interface FoundCalendar {
  url: string;
  name: string;
}

export type CalendarErrorKind = "auth" | "forbidden" | "not-caldav" | "no-calendars" | "refused" | "unreachable" | "timeout" | "too-large" | "rejected";

export class CalendarError extends Error {
  constructor(
    readonly kind: CalendarErrorKind,
    message: string,
  ) {
    super(message);
    this.name = "CalendarError";
  }
}

const KIND_MESSAGES: Record<CalendarErrorKind, string> = {
  auth: "The calendar server did not accept this user name and password. Some services (iCloud, Fastmail) need an app-specific password.",
  forbidden: "The calendar server refused access to this calendar for this user.",
  "not-caldav": "No CalDAV calendar was found at this address: check the server's CalDAV address (docs/calendar.md lists the common ones).",
  "no-calendars": "The server answered, but this account has no calendar that holds events.",
  refused: "This address points into a private network or this machine, which the site does not connect to.",
  unreachable: "The calendar server could not be reached.",
  timeout: "The calendar server did not answer in time.",
  "too-large": "The calendar server's answer was too large to read.",
  rejected: "The calendar server refused to store the event.",
};

function fail(kind: CalendarErrorKind, detail?: string): CalendarError {
  return new CalendarError(kind, detail ? `${KIND_MESSAGES[kind]} (${detail})` : KIND_MESSAGES[kind]);
}

/** What went wrong, in words, from the error and the statuses the operation's requests met. */
function classify(error: unknown, trace: CalendarTrace): CalendarError {
  if (error instanceof CalendarError) return error;
  if (error instanceof CalendarHttpError) return fail(error.kind, error.kind === "refused" ? undefined : error.message);
  if (trace.statuses.includes(401)) return fail("auth");
  if (trace.statuses.includes(403)) return fail("forbidden");
  return fail("not-caldav");
}

interface Client {
  headers: Record<string, string>;
  fetch: typeof fetch;
  trace: CalendarTrace;
}

function client(credentials: Pick<CalendarCredentials, "username" | "password">, settings: Partial<CalendarHttpSettings>): Client {
  const trace: CalendarTrace = { statuses: [] };
  return { headers: getBasicAuthHeaders({ username: credentials.username, password: credentials.password }), fetch: calendarFetch(settings, trace), trace };
}

/** The account's calendars that hold events, found from the server's address (well-known, principal, home). */
export async function discoverCalendars(credentials: CalendarCredentials, settings: Partial<CalendarHttpSettings> = {}): Promise<FoundCalendar[]> {
  const c = client(credentials, settings);
  let calendars;
  try {
    const account = await createAccount({ account: { serverUrl: credentials.serverUrl, accountType: "caldav" }, headers: c.headers, fetch: c.fetch });
    calendars = await fetchCalendars({ account, headers: c.headers, fetch: c.fetch });
  } catch (error) {
    throw classify(error, c.trace);
  }
  const found = calendars
    .filter((calendar) => calendar.components?.length === 0 || calendar.components?.includes("VEVENT"))
    .map((calendar) => ({
      url: calendar.url,
      name:
        (typeof calendar.displayName === "string" && calendar.displayName.trim()) ||
        decodeURIComponent(new URL(calendar.url).pathname.split("/").filter(Boolean).at(-1) ?? "Calendar"),
    }));
  if (found.length === 0) throw fail("no-calendars");
  return found;
}

const icalUtc = (instant: Date) => `${instant.toISOString().slice(0, 19).replace(/[-:]/g, "")}Z`;

function calendarDataOf(props: Record<string, unknown> | undefined): string | null {
  const data = props?.calendarData;
  if (typeof data === "string") return data;
  if (data && typeof data === "object") {
    const inner = (data as { _cdata?: unknown; _text?: unknown })._cdata ?? (data as { _text?: unknown })._text;
    if (typeof inner === "string") return inner;
  }
  return null;
}

/**
 * The busy intervals of one calendar in [from, to): a calendar-query REPORT for the events that
 * overlap the window (the server applies the range to every recurrence), their full data, and the
 * recurrences expanded here (./busy.ts), the events with a UID in `ownUids` (the site's own) left out.
 */
export async function readBusy(
  credentials: CalendarCredentials & { calendarUrl: string },
  from: Date,
  to: Date,
  settings: Partial<CalendarHttpSettings> = {},
  ownUids: ReadonlySet<string> = new Set(),
): Promise<{ intervals: BusyInterval[]; objects: number; unreadable: number }> {
  const c = client(credentials, settings);
  let responses;
  try {
    responses = await calendarQuery({
      url: credentials.calendarUrl,
      props: { "d:getetag": {}, "c:calendar-data": {} },
      filters: [
        {
          "comp-filter": {
            _attributes: { name: "VCALENDAR" },
            "comp-filter": { _attributes: { name: "VEVENT" }, "time-range": { _attributes: { start: icalUtc(from), end: icalUtc(to) } } },
          },
        },
      ],
      depth: "1",
      headers: c.headers,
      fetch: c.fetch,
    });
  } catch (error) {
    throw classify(error, c.trace);
  }
  const texts = responses.map((response) => calendarDataOf(response.props)).filter((text): text is string => text !== null);
  const { intervals, unreadable } = busyIntervals(texts, from, to, ownUids);
  return { intervals, objects: texts.length, unreadable };
}

/** Where the event with this UID lives in the calendar: `<calendar>/<uid>.ics`. */
export function objectUrlFor(calendarUrl: string, uid: string): string {
  const base = calendarUrl.endsWith("/") ? calendarUrl : `${calendarUrl}/`;
  return new URL(`${encodeURIComponent(uid)}.ics`, base).toString();
}

/** The object's current ETag, or null when it does not exist. */
async function currentEtag(c: Client, objectUrl: string): Promise<string | null> {
  const [response] = await propfind({ url: objectUrl, props: { "d:getetag": {} }, depth: "0", headers: c.headers, fetch: c.fetch });
  if (!response || response.status === 404) return null;
  if (!response.ok) throw fail(response.status === 401 ? "auth" : response.status === 403 ? "forbidden" : "rejected", `PROPFIND ${response.status}`);
  const etag = (response.props as { getetag?: unknown } | undefined)?.getetag;
  return etag === undefined || etag === null ? null : String(etag);
}

function statusError(response: Response, what: string): CalendarError {
  if (response.status === 401) return fail("auth");
  if (response.status === 403) return fail("forbidden");
  return fail("rejected", `${what} answered ${response.status}`);
}

const quoted = (etag: string) => (etag.startsWith('"') || etag.startsWith("W/") ? etag : `"${etag}"`);

/**
 * Writes the event: created with If-None-Match: * when the site has no ETag for it, replaced with
 * If-Match: <etag> when it has one. The booking owns the events it writes (docs/decisions/0066): when
 * the ETag no longer matches (the member edited the event in their calendar app) or the object is
 * there already, the current ETag is read and the write is made once more against it; when it was
 * deleted meanwhile, it is created again. Returns the object's address and its new ETag (null when
 * the server sent none).
 */
export async function writeEvent(
  target: CalendarCredentials & { objectUrl: string; etag: string | null },
  icsText: string,
  settings: Partial<CalendarHttpSettings> = {},
): Promise<{ etag: string | null }> {
  const c = client(target, settings);
  const headers = { ...c.headers, "content-type": "text/calendar; charset=utf-8" };
  const put = (etag: string | null) =>
    etag
      ? updateObject({ url: target.objectUrl, data: icsText, etag: quoted(etag), headers, fetch: c.fetch })
      : createObject({ url: target.objectUrl, data: icsText, headers: { ...headers, "If-None-Match": "*" }, fetch: c.fetch });
  try {
    let response = await put(target.etag);
    if (response.status === 412) response = await put(await currentEtag(c, target.objectUrl));
    if (!response.ok) throw statusError(response, "PUT");
    return { etag: response.headers.get("etag") };
  } catch (error) {
    throw classify(error, c.trace);
  }
}

/** Deletes the event (If-Match its ETag when known); one already gone counts as deleted. */
export async function removeEvent(
  target: CalendarCredentials & { objectUrl: string; etag: string | null },
  settings: Partial<CalendarHttpSettings> = {},
): Promise<void> {
  const c = client(target, settings);
  const remove = (etag: string | null) => deleteObject({ url: target.objectUrl, etag: etag ? quoted(etag) : undefined, headers: c.headers, fetch: c.fetch });
  try {
    let response = await remove(target.etag);
    if (response.status === 412) {
      const etag = await currentEtag(c, target.objectUrl);
      if (etag === null) return;
      response = await remove(etag);
    }
    if (response.ok || response.status === 404 || response.status === 410) return;
    throw statusError(response, "DELETE");
  } catch (error) {
    throw classify(error, c.trace);
  }
}
