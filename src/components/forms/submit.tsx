"use client";

import { useFormStatus } from "react-dom";
import { useFormPending } from "./action-form";

/**
 * The one submit button (ADR 0055): it says what is happening while the form is sent ("Sending...",
 * "Signing In...", "Saving..."), from React's form status or the form's own sending, and is a plain
 * submit button without JavaScript. Plain classes from the caller (`buttonVariants` in the
 * dashboard, fixed classes on the public pages, which carry no class-merging code).
 */
export function SubmitButton({
  label,
  pendingLabel,
  className,
  children,
  busy = false,
  "aria-label": ariaLabel,
}: {
  label: string;
  /** Something else of the form's is being sent (the writing room's draft saving itself): wait for it. */
  busy?: boolean;
  /** A longer name where the visible label repeats on every row ("Not spam: Asha Rao"). */
  "aria-label"?: string;
  pendingLabel?: string;
  className: string;
  children?: React.ReactNode;
}) {
  const { pending: posting } = useFormStatus();
  const sending = useFormPending();
  const pending = posting || sending;
  return (
    <button type="submit" disabled={pending || busy} className={className} aria-label={ariaLabel}>
      {children}
      {pending ? (pendingLabel ?? label) : label}
    </button>
  );
}
