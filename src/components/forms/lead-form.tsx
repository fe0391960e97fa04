"use client";

import { useActionState, useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useFormStatus } from "react-dom";
import { Toaster, toast } from "sonner";
import type { z } from "zod";
import { CheckCircle2, AlertTriangle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { GUARD_FIELDS, IDLE, type FormState } from "@/lib/form-state";
import { fieldErrors, type FieldErrors } from "@/lib/schemas/lead-forms";
import { readAttribution } from "./attribution";

export interface LeadFormRenderProps {
  values: Record<string, string>;
  errors: FieldErrors;
}

interface LeadFormProps {
  action: (state: FormState, form: FormData) => Promise<FormState>;
  schema: z.ZodType;
  fields: readonly string[];
  submitLabel: string;
  pendingLabel: string;
  children: (props: LeadFormRenderProps) => ReactNode;
  /** Accessible name of the form. */
  label: string;
}

function SubmitButton({ label, pendingLabel }: { label: string; pendingLabel: string }) {
  const { pending } = useFormStatus();
  return (
    <Button type="submit" size="lg" disabled={pending} className="w-full sm:w-auto">
      {pending ? pendingLabel : label}
    </Button>
  );
}

function newKey(): string {
  return typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}-key`;
}

/**
 * A public form on a Server Action: works without JavaScript (the page re-renders with the
 * answer), and with it validates with the shared schema before sending, shows toasts, clears on
 * success and keeps every typed value on error.
 */
export function LeadForm({ action, schema, fields, submitLabel, pendingLabel, children, label }: LeadFormProps) {
  const [state, formAction] = useActionState(action, IDLE);
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // Filled in just before sending (they stay empty without JavaScript, which the server accepts).
  const guard = useRef({ startedAt: 0, submissionKey: "" });

  useEffect(() => {
    guard.current = { startedAt: Date.now(), submissionKey: newKey() };
    // Marks the form as live (hydrated): end-to-end tests wait for it before timing a person.
    formRef.current?.setAttribute("data-ready", "true");
  }, []);

  useEffect(() => {
    if (!state.at) return;
    if (state.status === "success") {
      toast.success(state.title, { description: state.message });
      guard.current = { startedAt: Date.now(), submissionKey: newKey() };
    } else if (state.status === "error" || state.status === "refused") {
      toast.error(state.title, { description: state.message });
    } else if (state.status === "invalid") {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    }
  }, [state]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const data = new FormData(event.currentTarget);
    const values = Object.fromEntries(fields.map((f) => [f, String(data.get(f) ?? "")]));
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      event.preventDefault();
      setClientErrors(fieldErrors(parsed.error));
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setClientErrors(null);
    const form = event.currentTarget;
    const setHidden = (name: string, value: string) => {
      const input = form.elements.namedItem(name);
      if (input instanceof HTMLInputElement) input.value = value;
    };
    setHidden(GUARD_FIELDS.elapsedMs, guard.current.startedAt ? String(Date.now() - guard.current.startedAt) : "");
    setHidden(GUARD_FIELDS.submissionKey, guard.current.submissionKey);
    setHidden(GUARD_FIELDS.attribution, readAttribution());
  };

  const errors = clientErrors ?? state.fieldErrors ?? {};
  const values = state.status === "success" ? {} : (state.values ?? {});
  const hasAnswer = state.status !== "idle" && state.status !== "invalid";

  return (
    <>
      <Toaster position="top-center" richColors closeButton />
      {hasAnswer && (
        <div
          role={state.status === "success" ? "status" : "alert"}
          className={
            state.status === "success"
              ? "mb-6 flex gap-3 rounded-xl border border-green-200 bg-green-50 p-4 text-green-900"
              : "mb-6 flex gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-red-900"
          }
        >
          {state.status === "success" ? (
            <CheckCircle2 className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          ) : (
            <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          )}
          <div>
            <p className="font-semibold">{state.title}</p>
            <p className="mt-0.5 text-sm">{state.message}</p>
          </div>
        </div>
      )}
      <form ref={formRef} key={state.at ?? 0} action={formAction} onSubmit={onSubmit} noValidate aria-label={label} className="space-y-5">
        {children({ values, errors })}
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label htmlFor={`${label}-${GUARD_FIELDS.honeypot}`}>Leave this field empty</label>
          <input id={`${label}-${GUARD_FIELDS.honeypot}`} name={GUARD_FIELDS.honeypot} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <input type="hidden" name={GUARD_FIELDS.elapsedMs} defaultValue="" />
        <input type="hidden" name={GUARD_FIELDS.submissionKey} defaultValue="" />
        <input type="hidden" name={GUARD_FIELDS.attribution} defaultValue="" />
        <SubmitButton label={submitLabel} pendingLabel={pendingLabel} />
      </form>
    </>
  );
}
