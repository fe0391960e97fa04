"use client";

import { ActionForm as Form, AnswerLine } from "@/components/forms/action-form";
import { Field, NativeSelect, TextInput } from "@/components/forms/fields";
import { SubmitButton } from "@/components/forms/submit";
import { buttonVariants } from "@/components/ui/button";
import { chooseCalendarAction, connectCalendarAction } from "@/server/booking/calendar-actions";

/**
 * Connecting a CalDAV calendar (docs/calendar.md). The password field is always empty: the stored
 * password is never sent to the browser; left blank with the same address and user name, it is kept.
 */
export function ConnectCalendarForm({ serverUrl, username, connected }: { serverUrl?: string; username?: string; connected: boolean }) {
  return (
    <Form action={connectCalendarAction} toastInvalid answer="none" label="Connect your calendar" className="grid max-w-xl gap-4">
      {({ values, state }) => (
        <>
          <Field
            id="calendar-server"
            label="CalDAV address"
            name="serverUrl"
            hint="Your calendar service's CalDAV address, such as https://caldav.fastmail.com/ or https://caldav.icloud.com/."
            required
          >
            {(aria) => (
              <TextInput
                {...aria}
                name="serverUrl"
                type="url"
                inputMode="url"
                autoComplete="url"
                required
                maxLength={2048}
                defaultValue={values.serverUrl ?? serverUrl}
              />
            )}
          </Field>
          <Field id="calendar-username" label="User name" name="username" required>
            {(aria) => <TextInput {...aria} name="username" autoComplete="username" required maxLength={200} defaultValue={values.username ?? username} />}
          </Field>
          <Field
            id="calendar-password"
            label="Password"
            name="password"
            hint={
              connected
                ? "Leave empty to keep the stored password. iCloud and Fastmail need an app-specific password."
                : "iCloud and Fastmail need an app-specific password. It is stored encrypted and never shown again."
            }
            required={!connected}
          >
            {(aria) => <TextInput {...aria} name="password" type="password" autoComplete="new-password" required={!connected} maxLength={500} />}
          </Field>
          <div>
            <SubmitButton label={connected ? "Save and reconnect" : "Connect"} pendingLabel="Connecting..." className={buttonVariants()} />
          </div>
          {/* A success left from before a disconnect no longer says what is true. */}
          {!state.fieldErrors && !(state.status === "success" && !connected) && <AnswerLine state={state} />}
        </>
      )}
    </Form>
  );
}

/** The calendar the site reads and writes, among those found. */
export function ChooseCalendarForm({ calendars, current }: { calendars: { url: string; name: string }[]; current: string }) {
  return (
    <Form action={chooseCalendarAction} toastInvalid answer="line" label="Choose the calendar" className="flex flex-wrap items-end gap-3">
      <Field id="calendar-choice" label="Calendar used for busy times and bookings" name="calendarUrl" required>
        {(aria) => (
          <NativeSelect {...aria} name="calendarUrl" defaultValue={current}>
            {calendars.map((c) => (
              <option key={c.url} value={c.url}>
                {c.name}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <SubmitButton label="Use this calendar" pendingLabel="Saving..." className={buttonVariants({ variant: "outline", size: "sm" })} />
    </Form>
  );
}
