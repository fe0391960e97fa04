"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { STAFF_ROLES } from "@/lib/admin-tables/definition";
import type { FormState } from "@/lib/form-state";
import { dashboardHref } from "@/lib/routes";
import { checkCalendarUrl } from "./calendar-sync/address";
import { CalendarError, discoverCalendars, type CalendarErrorKind, type FoundCalendar } from "./calendar-sync/caldav";
import { decryptPassword, encryptPassword, PasswordUnreadableError } from "./calendar-sync/secret";
import { syncConnection } from "./calendar-sync/sync";
import { disconnectMyCalendar, myCalendarConnection, recordCalendarTest, saveMyCalendarConnection } from "./data/calendar";
import { FieldError, formAnswers as answers, handleForm, deskActions } from "../kernel/forms/form-action";
import { log } from "../kernel/log";

const staffRoles = deskActions(STAFF_ROLES);

// The member's own calendar, in the Account screen's Calendar section (docs/calendar.md, ADR 0066),
// through the one form wrapper (ADR 0055). Every member has it and acts on their own connection only
// (the data functions take the signed-in member, never an id from the form). The password is never
// echoed back, never shown, and never in the activity trail; a blank password keeps the stored one.

const SCREEN = dashboardHref("account");
const done = (message: string, title = "Calendar") => {
  revalidatePath(SCREEN);
  return { status: "success", title, message } as const;
};

/** Which field a connection failure belongs beside. */
const FIELD_OF: Record<CalendarErrorKind, string> = {
  auth: "password",
  forbidden: "username",
  "not-caldav": "serverUrl",
  "no-calendars": "serverUrl",
  refused: "serverUrl",
  unreachable: "serverUrl",
  timeout: "serverUrl",
  "too-large": "serverUrl",
  rejected: "serverUrl",
};

const Connect = z.object({
  serverUrl: z
    .string()
    .trim()
    .min(1, "Enter your calendar server's CalDAV address, starting with https://.")
    .max(2048, "The address is too long (2,048 characters at most)."),
  username: z.string().trim().min(1, "Enter the user name of your calendar account.").max(200, "The user name is too long (200 characters at most)."),
  // Not trimmed: a password may begin or end with a space. Blank keeps the stored one.
  password: z.string().max(500, "The password is too long (500 characters at most).").optional().default(""),
});

/** Connects the member's calendar (or changes its server, account or password): the calendars are found first, then the busy times read. */
export async function connectCalendarAction(_previous: FormState, form: FormData): Promise<FormState> {
  return handleForm({
    log: { failed: "calendar: not connected" },
    input: form,
    fields: ["serverUrl", "username", "password"],
    schema: Connect,
    roles: STAFF_ROLES,
    // Recorded in saveMyCalendarConnection, in the change's transaction (calendar.connect or calendar.update).
    activity: { action: "calendar.connect" },
    echo: ["serverUrl", "username"],
    answers: answers("The calendar could not be connected. Please try again."),
    run: async (data) => {
      const url = checkCalendarUrl(data.serverUrl);
      if ("message" in url) throw new FieldError({ serverUrl: url.message });
      const existing = await myCalendarConnection();
      const sameAccount = existing !== null && existing.serverUrl === url.url && existing.username === data.username;
      let password = data.password;
      if (!password) {
        if (!sameAccount) throw new FieldError({ password: "Enter the password (for iCloud or Fastmail, an app-specific password)." });
        try {
          password = decryptPassword(existing.passwordEncrypted);
        } catch (error) {
          if (error instanceof PasswordUnreadableError) throw new FieldError({ password: "Enter the password again: the stored one can no longer be read." });
          throw error;
        }
      }
      let found: FoundCalendar[];
      try {
        found = await discoverCalendars({ serverUrl: url.url, username: data.username, password });
      } catch (error) {
        if (error instanceof CalendarError) throw new FieldError({ [FIELD_OF[error.kind]]: error.message }, "Not connected");
        throw error;
      }
      const chosen = (sameAccount && found.find((c) => c.url === existing.calendarUrl)) || found[0]!;
      await saveMyCalendarConnection({
        serverUrl: url.url,
        username: data.username,
        passwordEncrypted: encryptPassword(password),
        calendarUrl: chosen.url,
        calendarName: chosen.name,
        calendarsFound: found,
      });
      log("info", "calendar: connected", { event: "calendar.connected", calendars: found.length });
      const connection = await myCalendarConnection();
      const synced = connection ? await syncConnection(connection) : false;
      return done(
        `Connected: the site uses “${chosen.name}”${found.length > 1 ? ` (${found.length} calendars found; choose another below)` : ""}. ${
          synced ? "Your busy times were read." : "Your busy times could not be read yet: the reason is shown below, and the site tries again."
        }`,
        "Calendar connected",
      );
    },
  });
}

/** Tries the stored connection now: the calendars found, the one in use, or what went wrong. */
export async function testCalendarAction(_previous: FormState, form: FormData): Promise<FormState> {
  return staffRoles(form, { schema: z.object({}), fields: [], activity: false, failed: "The connection could not be tested. Please try again." }, async () => {
    const connection = await myCalendarConnection();
    if (!connection) return { status: "error", title: "No calendar", message: "No calendar is connected." };
    let found: FoundCalendar[];
    try {
      found = await discoverCalendars({
        serverUrl: connection.serverUrl,
        username: connection.username,
        password: decryptPassword(connection.passwordEncrypted),
      });
    } catch (error) {
      if (!(error instanceof CalendarError) && !(error instanceof PasswordUnreadableError)) throw error;
      await recordCalendarTest(connection.userId, { error: error.message });
      revalidatePath(SCREEN);
      return { status: "error", title: "Connection failed", message: error.message };
    }
    await recordCalendarTest(connection.userId, { found });
    const inUse = found.find((c) => c.url === connection.calendarUrl);
    const list = found.map((c) => (c.url === connection.calendarUrl ? `${c.name} (in use)` : c.name)).join(", ");
    return done(
      inUse
        ? `The connection works. Calendars found: ${list}.`
        : `The connection works, but the calendar in use (${connection.calendarName ?? connection.calendarUrl}) was not found any more. Calendars found: ${list}. Choose one below.`,
      "Connection works",
    );
  });
}

/** Uses another of the calendars found (the list of the last connect or test: nothing else is accepted). */
export async function chooseCalendarAction(_previous: FormState, form: FormData): Promise<FormState> {
  return handleForm({
    log: { failed: "calendar: not chosen" },
    input: form,
    fields: ["calendarUrl"],
    schema: z.object({ calendarUrl: z.string().trim().min(1, "Choose a calendar.").max(2000, "Choose a calendar.") }),
    roles: STAFF_ROLES,
    // Recorded in saveMyCalendarConnection as calendar.update.
    activity: { action: "calendar.update" },
    answers: answers("The calendar could not be changed. Please try again."),
    run: async ({ calendarUrl }) => {
      const connection = await myCalendarConnection();
      if (!connection) return { status: "error", title: "No calendar", message: "No calendar is connected." };
      const chosen = connection.calendarsFound.find((c) => c.url === calendarUrl);
      if (!chosen) throw new FieldError({ calendarUrl: "Choose one of the calendars found (test the connection to look again)." });
      if (chosen.url === connection.calendarUrl) throw new FieldError({ calendarUrl: `“${chosen.name}” is already the calendar in use.` });
      await saveMyCalendarConnection({
        serverUrl: connection.serverUrl,
        username: connection.username,
        passwordEncrypted: connection.passwordEncrypted,
        calendarUrl: chosen.url,
        calendarName: chosen.name,
        calendarsFound: connection.calendarsFound,
      });
      const updated = await myCalendarConnection();
      const synced = updated ? await syncConnection(updated) : false;
      return done(
        `The site now uses “${chosen.name}”. ${synced ? "Its busy times were read." : "Its busy times could not be read yet: the reason is shown below."}`,
      );
    },
  });
}

/** Disconnects: the password, the busy times read and the events' state are deleted; events already written stay in the calendar. */
export async function disconnectCalendarAction(_previous: FormState, form: FormData): Promise<FormState> {
  return staffRoles(
    form,
    { schema: z.object({}), fields: [], activity: "calendar.disconnect", failed: "The calendar could not be disconnected. Please try again." },
    async () =>
      (await disconnectMyCalendar())
        ? done("Calendar disconnected: its password and busy times are deleted from this site.", "Calendar disconnected")
        : { status: "error", title: "No calendar", message: "No calendar was connected." },
  );
}
