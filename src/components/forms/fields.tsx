"use client";

import type { ComponentProps, ReactNode } from "react";
import { cx } from "@/lib/class-names";
import { FieldError, useFieldError } from "./action-form";

const control =
  "block w-full rounded-xl border border-line bg-surface px-3.5 py-2.5 text-base text-ink shadow-sm placeholder:text-muted/80 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none aria-[invalid=true]:border-danger aria-[invalid=true]:ring-red-100";

interface FieldProps {
  id: string;
  label: string;
  /** The field's name (or names) in the form's answer: its message is read from there (ADR 0055). */
  name?: string | readonly string[];
  /** A message from elsewhere (a field checked by its own widget), shown before the answer's. */
  error?: string;
  hint?: string;
  required?: boolean;
  children: (aria: { id: string; "aria-invalid": boolean; "aria-describedby"?: string }) => ReactNode;
}

/** A label, the control, and the field's own message right below it (announced with the control). */
export function Field({ id, label, name, error: own, hint, required, children }: FieldProps) {
  const fromAnswer = useFieldError(name);
  const error = own ?? fromAnswer;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink">
        {label}
        {required ? (
          <span className="text-danger" aria-hidden="true">
            {" "}
            *
          </span>
        ) : (
          <span className="font-normal text-muted"> (optional)</span>
        )}
      </label>
      {children({ id, "aria-invalid": Boolean(error), "aria-describedby": describedBy })}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

export function TextInput({ className, ...props }: ComponentProps<"input">) {
  return <input className={cx(control, "min-h-11", className)} {...props} />;
}

export function TextArea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea className={cx(control, "min-h-32", className)} {...props} />;
}

export function NativeSelect({ className, ...props }: ComponentProps<"select">) {
  return <select className={cx(control, "min-h-11 appearance-auto", className)} {...props} />;
}
