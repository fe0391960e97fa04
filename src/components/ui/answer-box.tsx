import type { FormState } from "@/lib/form-state";

/** A circle with a tick, and a triangle with an exclamation mark: drawn here, no icon library. */
function AnswerIcon({ ok }: { ok: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className="mt-0.5 size-5 shrink-0"
    >
      {ok ? (
        <>
          <circle cx="12" cy="12" r="10" />
          <path d="m8 12.5 3 3 5-6.5" />
        </>
      ) : (
        <>
          <path d="M10.3 3.9 2.5 18a2 2 0 0 0 1.7 3h15.6a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" />
          <path d="M12 9v4.5M12 17.5h.01" />
        </>
      )}
    </svg>
  );
}

/**
 * A Server Action's answer written into the page: what a visitor without JavaScript reads (the
 * toast says the same with JavaScript). Nothing for idle and invalid states (the fields say why).
 */
export function AnswerBox({ state, className = "mb-6" }: { state: FormState; className?: string }) {
  if (state.status === "idle" || state.status === "invalid") return null;
  // An answer without a title ("Case study created successfully.") is its message alone, as its toast is.
  const title = state.title ?? state.message;
  if (!title) return null;
  const ok = state.status === "success";
  return (
    <div
      role={ok ? "status" : "alert"}
      className={`flex gap-3 rounded-xl border p-4 ${ok ? "border-green-200 bg-green-50 text-green-900" : "border-red-200 bg-red-50 text-red-900"} ${className}`}
    >
      <AnswerIcon ok={ok} />
      <div>
        <p className="font-semibold">{title}</p>
        {state.title && state.message && <p className="mt-0.5 text-sm">{state.message}</p>}
      </div>
    </div>
  );
}
