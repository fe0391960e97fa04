"use client";

import { ActionForm } from "@/components/forms/action-form";
import { SubmitButton } from "@/components/forms/submit";
import { buttonVariants } from "@/components/ui/button";
import { deleteSubscriberAction, eraseSubscriberAction } from "@/server/newsletter/subscriber-actions";

/**
 * A subscriber's Delete and Erase: each behind a disclosure, so that without JavaScript too it
 * takes a second, deliberate click (an erasure cannot be undone).
 */
export function SubscriberRowActions({ id, email }: { id: string; email: string }) {
  return (
    <details className="group relative">
      <summary className={buttonVariants({ variant: "outline", size: "sm", className: "cursor-pointer list-none" })}>Remove…</summary>
      <div className="mt-2 grid gap-2 rounded-xl border border-line bg-surface p-3 text-sm shadow-card sm:absolute sm:right-0 sm:z-10 sm:w-72">
        <ActionForm action={deleteSubscriberAction} hidden={{ id }} answer="no-script-line" label={`Delete ${email}`}>
          <SubmitButton
            label="Delete subscriber"
            pendingLabel="Deleting..."
            aria-label={`Delete ${email}`}
            className={buttonVariants({ variant: "outline", size: "sm" })}
          />
          <p className="mt-1 text-xs text-muted">Removes the address from the list; the activity trail keeps a note of it.</p>
        </ActionForm>
        <ActionForm action={eraseSubscriberAction} hidden={{ id }} answer="no-script-line" label={`Erase ${email}`}>
          <SubmitButton
            label="Erase all their data"
            pendingLabel="Erasing..."
            aria-label={`Erase ${email}`}
            className={buttonVariants({ variant: "danger", size: "sm" })}
          />
          <p className="mt-1 text-xs text-muted">
            Deletes the address and every trace of it in sent letters and clicks. The trail records only that an address was erased.
          </p>
        </ActionForm>
      </div>
    </details>
  );
}
