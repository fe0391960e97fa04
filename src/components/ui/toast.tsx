"use client";

import { useEffect, useRef, useSyncExternalStore } from "react";
import { createPortal } from "react-dom";
import type { FormState } from "@/lib/form-state";

/**
 * Toasts for the public and auth pages (every form answer is a title and a text), in about 1 KB instead of sonner's 10 (ADR 0013):
 * a title and a text, green for success and red for errors, top centre, newest on top, closed by
 * their button or after 8 seconds (the timer waits while the pointer or focus is on the toast).
 * The list sits in a polite live region that exists before any toast arrives, so screen readers
 * announce each one (the forms' inline answer, which says the same, is the status or alert role).
 * The admin keeps sonner (its dialogs and lists call it directly).
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

export const toast = {
  success: (title: string, options?: { description?: string }) => show("success", title, options),
  error: (title: string, options?: { description?: string }) => show("error", title, options),
};

/** A form's answer as a toast: nothing for idle or invalid answers, whose fields say why. */
export function toastAnswer(state: FormState): void {
  if (!state.at || !state.title) return;
  if (state.status === "success") toast.success(state.title, { description: state.message });
  else if (state.status === "error" || state.status === "refused") toast.error(state.title, { description: state.message });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const NONE: ToastItem[] = [];
const subscribeNothing = () => () => {};

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
 * The live region; mount once on a page that shows toasts. It is moved to <body> once the page runs
 * (a fixed element inside the page's content would sit under the sticky header's stacking context).
 */
export function Toaster() {
  const shown = useSyncExternalStore(subscribe, () => items, () => NONE);
  // False in the server's HTML and while hydrating, true once the page runs.
  const running = useSyncExternalStore(subscribeNothing, () => true, () => false);
  if (!running) return null;
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
