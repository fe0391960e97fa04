"use client";

import { useId, useRef, useState, useSyncExternalStore } from "react";
import { bookingWindowWords, CALL_MINUTES, groupSlotsByDay } from "@/lib/booking";
import { LIMITS } from "@/lib/limits";
import { SITE_TIME_ZONE } from "@/lib/site-time";
import { bookCallAction, rescheduleCallAction } from "@/server/booking/booking-actions";
import { AnswerForm, FieldError, useFormAnswer } from "./action-form";
import { Field, TextArea, TextInput } from "./fields";
import { GuardFields, SUBMIT_CLASSES, useFormGuard } from "./form-guard";
import { PersonFields } from "./person-fields";
import { SubmitButton } from "./submit";
import { DayCalendar } from "./day-calendar";

/**
 * The zone the times are shown in. The server renders them in the zone the page's address names
 * (India's by default); with JavaScript, and when the visitor chose none, the browser's own zone.
 */
const noSubscription = () => () => {};
function useShownZone(zone: string, zoneChosen: boolean): string {
  // The server's zone while hydrating (what its HTML shows), then the browser's own.
  return useSyncExternalStore(
    noSubscription,
    () => (zoneChosen ? zone : Intl.DateTimeFormat().resolvedOptions().timeZone || zone),
    () => zone,
  );
}

/**
 * The page's "Show times in" list: a plain GET form's select. It names the zone the times are shown
 * in, with JavaScript the browser's own (remounted with it: a default value is read once).
 */
export function ZoneSelect({ zones, zone, zoneChosen }: { zones: readonly string[]; zone: string; zoneChosen: boolean }) {
  const shown = useShownZone(zone, zoneChosen);
  const options = zones.includes(shown) ? zones : [shown, ...zones];
  return (
    <select
      key={shown}
      id="booking-zone"
      name="tz"
      defaultValue={shown}
      className="mt-1 min-h-11 max-w-full rounded-xl border border-line bg-white px-3 text-ink focus-visible:outline-3 focus-visible:outline-brand-500"
    >
      {options.map((z) => (
        <option key={z} value={z}>
          {z === SITE_TIME_ZONE ? "India time (Asia/Kolkata)" : z.replaceAll("_", " ")}
        </option>
      ))}
    </select>
  );
}

/**
 * The open times: first a calendar of the days that have free times, then the chosen day's times as
 * radio buttons, in the zone shown with India's time beside. The day is the address's ?day= (a link
 * per day, so it works without JavaScript), else the day of the time picked before, else the first.
 */
function SlotPicker({
  starts,
  zone,
  picked,
  day,
  keep = {},
  anchor = "booking-times",
}: {
  starts: readonly string[];
  zone: string;
  picked?: string;
  day?: string;
  keep?: Record<string, string>;
  /** The times' id, which a day's link scrolls to without JavaScript (each page its own). */
  anchor?: string;
}) {
  const days = groupSlotsByDay(starts, zone);
  const legendId = useId();
  const [chosen, setChosen] = useState<string | null>(null);
  const timesRef = useRef<HTMLDivElement>(null);
  if (days.length === 0) {
    return (
      <p role="status" className="rounded-xl border border-line bg-brand-50 px-4 py-3 text-ink">
        No other time is free in the next {bookingWindowWords()}. Please write to us or send a message from the contact page.
      </p>
    );
  }
  const has = (key: string | null | undefined) => (key ? days.some((d) => d.day === key) : false);
  const current = (has(chosen) && chosen) || days.find((d) => d.slots.some((s) => s.start === picked))?.day || (has(day) && day) || days[0]!.day;
  const shownDay = days.find((d) => d.day === current)!;
  const hrefFor = (key: string) => `?${new URLSearchParams({ ...keep, day: key }).toString()}#${anchor}`;
  return (
    <fieldset aria-describedby="booking-start-error" className="space-y-5">
      <legend id={legendId} className="text-lg font-bold text-ink">
        Choose a day, then a time{" "}
        <span className="font-normal text-ink-soft">
          ({CALL_MINUTES} minutes; times shown in {zone === SITE_TIME_ZONE ? "India time" : zone.replaceAll("_", " ")})
        </span>
      </legend>
      <FieldError id="booking-start-error" name="start" />
      <div className="grid gap-6 md:grid-cols-[minmax(0,20rem)_1fr]">
        <DayCalendar
          days={days}
          current={current}
          hrefFor={hrefFor}
          onPick={(key) => {
            setChosen(key);
            timesRef.current?.focus();
          }}
        />
        <div
          id={anchor}
          ref={timesRef}
          tabIndex={-1}
          role="group"
          aria-label={`Free times on ${shownDay.heading}`}
          data-testid="slot-list"
          className="outline-none"
        >
          <h3 className="text-sm font-semibold text-ink">{shownDay.heading}</h3>
          <ul className="mt-2 flex flex-wrap gap-2">
            {shownDay.slots.map((slot) => (
              <li key={slot.start}>
                <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-line bg-white px-3 text-sm text-ink has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-500">
                  <input type="radio" name="start" value={slot.start} defaultChecked={picked === slot.start} className="size-4 accent-brand-600" />
                  {slot.label}
                </label>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </fieldset>
  );
}

/**
 * The booking form (docs/decisions/0065): a real form posting to its Server Action, so it works
 * without JavaScript (the page comes back with the answer, what was typed kept). With JavaScript it
 * shows the times in the visitor's zone and fills the lead forms' hidden guard fields.
 */
export function BookingForm({ starts, zone, zoneChosen, day }: { starts: readonly string[]; zone: string; zoneChosen: boolean; day?: string }) {
  const shown = useShownZone(zone, zoneChosen);
  const formRef = useRef<HTMLFormElement>(null);
  const guard = useFormGuard(formRef);
  const answer = useFormAnswer({
    action: bookCallAction,
    writtenAs: "box",
    toastSuccess: false,
    // Not a check: the moment to fill the hidden fields, just before the browser sends the form.
    check: () => {
      guard.fill(formRef.current);
      return null;
    },
  });
  const { values, errors } = answer;
  return (
    <AnswerForm form={answer} formRef={formRef} label="Book a strategy call" className="space-y-8" answerClassName="mb-6" testId="booking-form">
      <SlotPicker starts={starts} zone={shown} picked={values.start} day={day} keep={zoneChosen ? { tz: zone } : {}} />
      <input type="hidden" name="timeZone" value={shown} readOnly />
      <div className="grid gap-5 sm:grid-cols-2">
        <PersonFields prefix="booking" emailLabel="Email" values={values} errors={errors} />
        <Field id="booking-company" label="Company" error={errors.company}>
          {(aria) => <TextInput {...aria} name="company" autoComplete="organization" maxLength={LIMITS.company} defaultValue={values.company} />}
        </Field>
      </div>
      <Field id="booking-topic" label="What you'd like to discuss" error={errors.topic} required>
        {(aria) => (
          <TextArea
            {...aria}
            name="topic"
            required
            maxLength={2000}
            rows={4}
            placeholder="Your brand, where you are today, and what you want to grow."
            defaultValue={values.topic}
          />
        )}
      </Field>
      <GuardFields />
      <SubmitButton label="Book the call" pendingLabel="Booking..." className={SUBMIT_CLASSES} />
    </AnswerForm>
  );
}

/** Moving a booked call: the same list of times and one button; the manage link's token names the call. */
export function RescheduleForm({ token, starts, zone, day }: { token: string; starts: readonly string[]; zone: string; day?: string }) {
  const answer = useFormAnswer({ action: rescheduleCallAction, writtenAs: "box", toastSuccess: false });
  return (
    <AnswerForm form={answer} label="Move the call" className="space-y-6" answerClassName="mb-4" hidden={{ token }} testId="reschedule-form">
      <SlotPicker starts={starts} zone={zone} picked={answer.values.start} day={day} anchor="move-times" />
      <SubmitButton label="Move the call to this time" pendingLabel="Moving..." className={SUBMIT_CLASSES} />
    </AnswerForm>
  );
}
