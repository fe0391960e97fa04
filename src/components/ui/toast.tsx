"use client";

import { useEffect, useId, useRef, useSyncExternalStore } from "react";
import { createPortal } from "react-dom";
import type { FormState } from "@/lib/form-state";

/**
 * The site's one toaster, on the public pages, the sign-in pages and the dashboard alike (every
 * answer is a title and a text), in about 1 KB instead of sonner's 10 (ADR 0013, ADR 0055):
 * a title and a text, green for success and red for errors, top centre, newest on top, closed by
 * their button or after 8 seconds (the timer waits while the pointer or focus is on the toast).
 * The list sits in a polite live region that exists before any toast arrives, so screen readers
 * announce each one (the forms' inline answer, which says the same, is the status or alert role).
 */
export interface ToastItem {
  id: number;
  tone: "success" | "error";
  title: string;
  description?: string;
}

const DURATION_MS = 8_000;
const MAX_SHOWN = 3;

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: ToastItem[]) {
  items = next;
  for (const listener of listeners) listener();
}

function show(tone: ToastItem["tone"], title: string, options?: { description?: string }) {
  const item: ToastItem = { id: nextId++, tone, title, description: options?.description };
  publish([item, ...items].slice(0, MAX_SHOWN));
  return item.id;
}

export function dismissToast(id: number) {
  publish(items.filter((t) => t.id !== id));
}

/** Closes every toast: a page switched to another mode (sign-in and sign-up) leaves none of the other's behind. */
export function dismissAllToasts() {
  if (items.length) publish([]);
}

export const toast = {
  success: (title: string, options?: { description?: string }) => show("success", title, options),
  error: (title: string, options?: { description?: string }) => show("error", title, options),
};

/**
 * A form's answer as a toast: nothing for idle answers, nor for invalid ones unless `invalid` asks
 * (the fields say why; the dashboard's dialogs also say it in a toast). An answer without a title
 * ("Session ended.") is its message alone; an error without one is titled "Error".
 */
export function toastAnswer(state: FormState, { invalid = false }: { invalid?: boolean } = {}): void {
  // An invalid answer without a title of its own (a browser check with nothing to add) is left to the fields.
  if (state.status === "idle" || (state.status === "invalid" && (!invalid || !state.title))) return;
  const ok = state.status === "success";
  const title = state.title ?? (ok ? state.message : "Error");
  if (!title) return;
  const description = state.title ? state.message : ok ? undefined : state.message;
  show(ok ? "success" : "error", title, { description });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

// Every form mounts a <Toaster />, so that a page needs no toaster of its own; the first one
// mounted hosts the live region and the others render nothing (one list, never a toast twice).
let hosts: string[] = [];
const hostListeners = new Set<() => void>();
const setHosts = (next: string[]) => {
  hosts = next;
  for (const listener of hostListeners) listener();
};
const subscribeHosts = (listener: () => void) => {
  hostListeners.add(listener);
  return () => hostListeners.delete(listener);
};
const NONE: ToastItem[] = [];

function Toast({ item }: { item: ToastItem }) {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const start = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => dismissToast(item.id), DURATION_MS);
  };
  const pause = () => clearTimeout(timer.current);
  useEffect(() => {
    start();
    return pause;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one timer per toast, started once
  }, []);
  const ok = item.tone === "success";
  return (
    <li
      data-toast={item.tone}
      onMouseEnter={pause}
      onMouseLeave={start}
      onFocus={pause}
      onBlur={start}
      className={`pointer-events-auto relative flex w-full gap-3 rounded-xl border p-4 pr-10 text-sm shadow-lg transition duration-300 starting:-translate-y-3 starting:opacity-0 motion-reduce:transition-none ${
        ok ? "border-green-200 bg-green-50 text-green-900" : "border-red-200 bg-red-50 text-red-900"
      }`}
    >
      <div>
        <p className="font-semibold">{item.title}</p>
        {item.description && <p className="mt-0.5">{item.description}</p>}
      </div>
      <button
        type="button"
        onClick={() => dismissToast(item.id)}
        aria-label="Close notification"
        className="absolute top-2 right-2 grid size-7 place-items-center rounded-full text-base leading-none opacity-70 hover:bg-black/5 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-current"
      >
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}

/**
 * The live region; every form mounts one and the first mounted hosts it. It is moved to <body> once the page runs
 * (a fixed element inside the page's content would sit under the sticky header's stacking context).
 */
export function Toaster() {
  const id = useId();
  useEffect(() => {
    setHosts([...hosts, id]);
    return () => setHosts(hosts.filter((h) => h !== id));
  }, [id]);
  const shown = useSyncExternalStore(
    subscribe,
    () => items,
    () => NONE,
  );
  // False in the server's HTML, while hydrating and for every toaster but the first one mounted.
  const isHost = useSyncExternalStore(
    subscribeHosts,
    () => hosts[0] === id,
    () => false,
  );
  if (!isHost) return null;
  return createPortal(
    <section aria-label="Notifications" aria-live="polite" className="pointer-events-none fixed inset-x-0 top-4 z-[60] flex justify-center px-4">
      <ol className="flex w-full max-w-sm flex-col gap-2">
        {shown.map((item) => (
          <Toast key={item.id} item={item} />
        ))}
      </ol>
    </section>,
    document.body,
  );
}
