"use client";

import { useEffect, useId, useMemo, useRef, type RefObject } from "react";
import { GUARD_FIELDS } from "@/lib/form-state";
import { readAttribution } from "./attribution";

// What every public form that makes a lead carries for the server's spam guard (src/lib/form-state.ts):
// a hidden honeypot and three hidden fields filled just before sending. Without JavaScript they stay
// empty, which the server accepts.

/** The site's large primary button (src/components/ui/button.tsx), as plain classes: no cva, no tailwind-merge in the browser. */
export const SUBMIT_CLASSES =
  "inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-full bg-brand-600 px-7 text-base font-semibold whitespace-nowrap text-white shadow-sm transition-colors hover:bg-brand-700 disabled:pointer-events-none disabled:opacity-60 sm:w-auto";

function newKey(): string {
  return typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}-key`;
}

/**
 * The guard's clock and submission key for the form in `formRef`: started when the form is live
 * (which also marks it `data-ready`, what end-to-end tests wait for before timing a person), written
 * into the hidden fields by `fill`, started again by `renew` (after a success, for the next post).
 */
export function useFormGuard(formRef: RefObject<HTMLFormElement | null>) {
  const guard = useRef({ startedAt: 0, submissionKey: "" });
  useEffect(() => {
    guard.current = { startedAt: Date.now(), submissionKey: newKey() };
    formRef.current?.setAttribute("data-ready", "true");
  }, [formRef]);
  return useMemo(
    () => ({
      fill(form: HTMLFormElement | null) {
        const set = (name: string, value: string) => {
          const input = form?.elements.namedItem(name);
          if (input instanceof HTMLInputElement) input.value = value;
        };
        set(GUARD_FIELDS.elapsedMs, guard.current.startedAt ? String(Date.now() - guard.current.startedAt) : "");
        set(GUARD_FIELDS.submissionKey, guard.current.submissionKey);
        set(GUARD_FIELDS.attribution, readAttribution());
      },
      renew() {
        guard.current = { startedAt: Date.now(), submissionKey: newKey() };
      },
    }),
    [],
  );
}

/** The honeypot (out of sight and out of the tab order) and the hidden fields `useFormGuard` fills. */
export function GuardFields() {
  // An id made by React (no spaces, unique on the page), not one made from the form's label.
  const honeypotId = `${useId()}${GUARD_FIELDS.honeypot}`;
  return (
    <>
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={honeypotId}>Leave this field empty</label>
        <input id={honeypotId} name={GUARD_FIELDS.honeypot} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <input type="hidden" name={GUARD_FIELDS.elapsedMs} defaultValue="" />
      <input type="hidden" name={GUARD_FIELDS.submissionKey} defaultValue="" />
      <input type="hidden" name={GUARD_FIELDS.attribution} defaultValue="" />
    </>
  );
}
