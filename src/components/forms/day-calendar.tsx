"use client";

import type { SlotDay } from "@/lib/booking";

/** Days from the first to the last key ("YYYY-MM-DD"), padded to whole weeks from Monday. */
function calendarWeeks(first: string, last: string): (string | null)[][] {
  const toMs = (key: string) => Date.UTC(Number(key.slice(0, 4)), Number(key.slice(5, 7)) - 1, Number(key.slice(8, 10)));
  const keyOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const start = toMs(first);
  const end = toMs(last);
  const day = 86_400_000;
  const lead = (new Date(start).getUTCDay() + 6) % 7; // Monday 0 ... Sunday 6
  const cells: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let ms = start; ms <= end && cells.length < 7 * 8; ms += day) cells.push(keyOf(ms));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

const WEEKDAY_LETTERS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

/**
 * The days of the booking window as a month-like grid: a day with free times is a link to the same
 * page with ?day= (so the choice works without JavaScript); with JavaScript the link only switches
 * the times shown below, in place. Days without a free time are shown greyed and are not links.
 */
export function DayCalendar({
  days,
  current,
  hrefFor,
  onPick,
}: {
  days: readonly SlotDay[];
  current: string;
  hrefFor: (day: string) => string;
  onPick: (day: string) => void;
}) {
  const byKey = new Map(days.map((d) => [d.day, d]));
  const weeks = calendarWeeks(days[0]!.day, days.at(-1)!.day);
  const monthOf = (key: string) => new Intl.DateTimeFormat("en-IN", { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${key}T12:00:00Z`));
  const months = [...new Set(days.map((d) => monthOf(d.day)))];
  return (
    <div data-testid="day-calendar">
      <p className="text-sm font-semibold text-ink">{months.join(" – ")}</p>
      <div className="mt-2 grid grid-cols-7 gap-1 text-center text-xs font-semibold text-ink-soft" aria-hidden="true">
        {WEEKDAY_LETTERS.map((w) => (
          <span key={w}>{w}</span>
        ))}
      </div>
      <ul className="mt-1 grid grid-cols-7 gap-1" aria-label="Days with free times">
        {weeks.flat().map((key, i) => {
          const day = key ? byKey.get(key) : undefined;
          const number = key ? Number(key.slice(8, 10)) : null;
          if (!key || !day) {
            return (
              <li key={key ?? `pad-${i}`} aria-hidden="true" className="flex min-h-11 items-center justify-center rounded-lg text-sm text-muted/60">
                {number}
              </li>
            );
          }
          const isCurrent = key === current;
          return (
            <li key={key}>
              <a
                href={hrefFor(key)}
                aria-current={isCurrent ? "date" : undefined}
                aria-label={`${day.heading}: ${day.slots.length} ${day.slots.length === 1 ? "time" : "times"} free`}
                data-day={key}
                onClick={(event) => {
                  event.preventDefault();
                  onPick(key);
                }}
                className={`flex min-h-11 items-center justify-center rounded-lg border text-sm font-semibold focus-visible:outline-3 focus-visible:outline-brand-500 ${
                  isCurrent ? "border-brand-600 bg-brand-600 text-white" : "border-line bg-white text-ink hover:bg-brand-50"
                }`}
              >
                {number}
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
