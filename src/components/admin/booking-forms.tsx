"use client";

import { ActionForm as Form } from "@/components/forms/action-form";
import { Field, TextInput } from "@/components/forms/fields";
import { SubmitButton } from "@/components/forms/submit";
import { buttonVariants } from "@/components/ui/button";
import { WEEKDAYS } from "@/lib/booking";
import { dayFields } from "@/lib/schemas/booking-admin";
import { bookingOutcomeAction, dayOffAction, saveAvailabilityAction, staffCancelBookingAction } from "@/server/booking/booking-admin-actions";
import { ActionForm } from "./team-forms";

export interface HostSettingsView {
  userId: string;
  name: string;
  email: string;
  offersCalls: boolean;
  weeklyHours: { weekday: number; start: string; end: string }[];
  bufferMinutes: number;
  noticeMinutes: number;
  maxPerDay: number;
  daysOff: string[];
}

/**
 * A member's availability (docs/decisions/0065): whether they take calls, one stretch of hours per
 * weekday in India time, the buffer, the minimum notice and the calls a day at most. A plain form:
 * it works without JavaScript and comes back with what was typed on an error.
 */
export function AvailabilityForm({ host }: { host: HostSettingsView }) {
  const prefix = `host-${host.userId}`;
  return (
    <Form
      action={saveAvailabilityAction}
      hidden={{ userId: host.userId }}
      label={`Availability of ${host.name}`}
      className="space-y-5"
      testId={`availability-${host.email}`}
    >
      {({ values, errors }) => {
        const value = (name: string, fallback: string) => values[name] ?? fallback;
        const hours = (weekday: number) => host.weeklyHours.find((h) => h.weekday === weekday);
        return (
          <>
            <label className="flex min-h-11 cursor-pointer items-center gap-3 font-semibold text-ink">
              <input
                type="checkbox"
                name="offersCalls"
                value="on"
                defaultChecked={values.userId ? values.offersCalls === "on" : host.offersCalls}
                className="size-5 accent-brand-600"
              />
              Takes strategy calls
            </label>
            <fieldset>
              <legend className="text-sm font-semibold text-ink">Weekly hours (India time; leave a day empty for no calls)</legend>
              <div className="mt-2 grid gap-2 sm:grid-cols-2">
                {WEEKDAYS.map((day) => {
                  const [startName, endName] = dayFields(day.value);
                  const error = errors[startName];
                  return (
                    <div key={day.value} className="flex flex-wrap items-center gap-2">
                      <span className="w-24 text-sm" id={`${prefix}-${day.value}-label`}>
                        {day.label}
                      </span>
                      <input
                        type="time"
                        name={startName}
                        step={1800}
                        aria-label={`${day.label} from`}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `${prefix}-${day.value}-error` : undefined}
                        defaultValue={value(startName, hours(day.value)?.start ?? "")}
                        className="min-h-10 rounded-xl border border-line bg-white px-2 text-sm"
                      />
                      <span aria-hidden="true">to</span>
                      <input
                        type="time"
                        name={endName}
                        step={1800}
                        aria-label={`${day.label} until`}
                        defaultValue={value(endName, hours(day.value)?.end ?? "")}
                        className="min-h-10 rounded-xl border border-line bg-white px-2 text-sm"
                      />
                      {error && (
                        <p id={`${prefix}-${day.value}-error`} className="w-full text-sm font-medium text-danger">
                          {error}
                        </p>
                      )}
                    </div>
                  );
                })}
              </div>
            </fieldset>
            <div className="grid gap-4 sm:grid-cols-3">
              <Field id={`${prefix}-buffer`} label="Buffer between calls (minutes)" error={errors.bufferMinutes}>
                {(aria) => <TextInput {...aria} name="bufferMinutes" inputMode="numeric" defaultValue={value("bufferMinutes", String(host.bufferMinutes))} />}
              </Field>
              <Field id={`${prefix}-notice`} label="Minimum notice (minutes)" error={errors.noticeMinutes}>
                {(aria) => <TextInput {...aria} name="noticeMinutes" inputMode="numeric" defaultValue={value("noticeMinutes", String(host.noticeMinutes))} />}
              </Field>
              <Field id={`${prefix}-max`} label="Calls a day at most" error={errors.maxPerDay}>
                {(aria) => <TextInput {...aria} name="maxPerDay" inputMode="numeric" defaultValue={value("maxPerDay", String(host.maxPerDay))} />}
              </Field>
            </div>
            <SubmitButton label="Save availability" pendingLabel="Saving..." className={buttonVariants({ size: "sm" })} />
          </>
        );
      }}
    </Form>
  );
}

/** Adding a day off: a date field and a button. */
export function AddDayOffForm({ userId, name }: { userId: string; name: string }) {
  return (
    <Form
      action={dayOffAction}
      hidden={{ userId, intent: "add" }}
      label={`Add a day off for ${name}`}
      answer="line"
      toastInvalid
      className="flex flex-wrap items-end gap-2"
    >
      {({ values, errors }) => (
        <>
          <Field id={`dayoff-${userId}`} label="Day off" error={errors.day}>
            {(aria) => <TextInput {...aria} type="date" name="day" defaultValue={values.day} className="min-h-10" />}
          </Field>
          <SubmitButton label="Add day off" className={buttonVariants({ variant: "outline", size: "sm" })} />
        </>
      )}
    </Form>
  );
}

export function RemoveDayOffForm({ userId, day }: { userId: string; day: string }) {
  return <ActionForm action={dayOffAction} hidden={{ userId, day, intent: "remove" }} label={`Remove ${day}`} variant="ghost" />;
}

/** Held / no-show for a call that has started, and the outcome already recorded. */
export function OutcomeForms({ bookingId, outcome }: { bookingId: string; outcome: string | null }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      {outcome && <span className="font-semibold">{outcome === "held" ? "Held" : "No-show"}</span>}
      {outcome !== "held" && <ActionForm action={bookingOutcomeAction} hidden={{ bookingId, outcome: "held" }} label="Held" />}
      {outcome !== "no_show" && <ActionForm action={bookingOutcomeAction} hidden={{ bookingId, outcome: "no_show" }} label="No-show" />}
    </div>
  );
}

export function StaffCancelForm({ bookingId, visitor }: { bookingId: string; visitor: string }) {
  return (
    <ActionForm
      action={staffCancelBookingAction}
      hidden={{ bookingId }}
      label="Cancel"
      variant="danger"
      confirm={`Cancel the call with ${visitor}? They and the member get the cancellation.`}
    />
  );
}
