"use client";

import { useActionState, useEffect, type ReactNode } from "react";
import { toast } from "sonner";
import { Field, NativeSelect, TextInput } from "@/components/forms/fields";
import { Button } from "@/components/ui/button";
import { ROLE_LABELS, STAFF_ROLES, type StaffRole } from "@/lib/admin-tables/definition";
import { IDLE, type FormState } from "@/lib/form-state";
import { PASSWORD_MIN } from "@/lib/schemas/auth";
import { changePasswordAction, inviteAction } from "@/server/actions/team";

type Action = (previous: FormState, form: FormData) => Promise<FormState>;

/** The answer as a toast with JavaScript, and inline (role status or alert) without. */
function useAnswer(state: FormState) {
  useEffect(() => {
    if (state.status === "idle" || !state.message) return;
    if (state.status === "success") toast.success(state.message);
    else toast.error(state.title ?? "Error", { description: state.message });
  }, [state]);
}

function Answer({ state }: { state: FormState }) {
  if (state.status === "idle" || !state.message) return null;
  const message = state.fieldErrors?.form ?? Object.values(state.fieldErrors ?? {})[0] ?? state.message;
  return (
    <p role={state.status === "success" ? "status" : "alert"} className={state.status === "success" ? "text-sm text-ink-soft" : "text-sm font-medium text-danger"}>
      {message}
    </p>
  );
}

/**
 * One small form posting to a Server Action: hidden fields name the record, `children` adds a
 * control (a role select). A confirmation is asked with JavaScript; without it the plain form posts.
 */
export function ActionForm({
  action,
  hidden,
  label,
  children,
  confirm,
  variant = "outline",
  testId,
}: {
  action: Action;
  hidden: Record<string, string>;
  label: string;
  children?: ReactNode;
  confirm?: string;
  variant?: "outline" | "danger" | "ghost" | "primary";
  testId?: string;
}) {
  const [state, formAction, pending] = useActionState(action, IDLE);
  useAnswer(state);
  return (
    <form
      action={formAction}
      data-testid={testId}
      className="flex flex-wrap items-center gap-2"
      onSubmit={(event) => {
        if (confirm && !window.confirm(confirm)) event.preventDefault();
      }}
    >
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} readOnly />
      ))}
      {children}
      <Button type="submit" variant={variant} size="sm" disabled={pending}>
        {label}
      </Button>
      <Answer state={state} />
    </form>
  );
}

/** The role choices an actor may give: only an owner makes owners. */
export function RoleSelect({ name = "role", value, mayGrantOwner, label, includeNone = false }: { name?: string; value?: string; mayGrantOwner: boolean; label: string; includeNone?: boolean }) {
  const roles = STAFF_ROLES.filter((r) => mayGrantOwner || r !== "owner");
  return (
    <select name={name} defaultValue={value} aria-label={label} className="min-h-9 rounded-xl border border-line bg-surface px-2 text-sm">
      {roles.map((r) => (
        <option key={r} value={r}>
          {ROLE_LABELS[r]}
        </option>
      ))}
      {includeNone && <option value="user">No access</option>}
    </select>
  );
}

export function InviteForm({ mayGrantOwner }: { mayGrantOwner: boolean }) {
  const [state, action, pending] = useActionState(inviteAction, IDLE);
  useAnswer(state);
  const errors = state.fieldErrors ?? {};
  return (
    <form action={action} noValidate aria-label="Invite a member" className="grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-start" key={state.status === "success" ? state.at : undefined}>
      <Field id="invite-email" label="E-mail address" error={errors.email} required>
        {(aria) => <TextInput {...aria} name="email" type="email" autoComplete="off" required maxLength={254} defaultValue={state.status === "success" ? "" : state.values?.email} />}
      </Field>
      <Field id="invite-role" label="Role" error={errors.role} required>
        {(aria) => (
          <NativeSelect {...aria} name="role" defaultValue={(state.values?.role as StaffRole | undefined) ?? "editor"}>
            {STAFF_ROLES.filter((r) => mayGrantOwner || r !== "owner").map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <div className="sm:pt-7">
        <Button type="submit" disabled={pending}>
          {pending ? "Sending..." : "Send invitation"}
        </Button>
      </div>
      {!state.fieldErrors && <Answer state={state} />}
    </form>
  );
}

export function ChangePasswordForm() {
  const [state, action, pending] = useActionState(changePasswordAction, IDLE);
  useAnswer(state);
  const errors = state.fieldErrors ?? {};
  return (
    <form action={action} noValidate aria-label="Change your password" className="grid max-w-md gap-4" key={state.at ?? 0}>
      <Field id="current-password" label="Current password" error={errors.currentPassword} required>
        {(aria) => <TextInput {...aria} name="currentPassword" type="password" autoComplete="current-password" required maxLength={128} />}
      </Field>
      <Field id="new-password" label="New password" error={errors.newPassword} hint={`At least ${PASSWORD_MIN} characters. Your other sessions end.`} required>
        {(aria) => <TextInput {...aria} name="newPassword" type="password" autoComplete="new-password" required minLength={PASSWORD_MIN} maxLength={128} />}
      </Field>
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? "Saving..." : "Change password"}
        </Button>
      </div>
      {!state.fieldErrors && <Answer state={state} />}
    </form>
  );
}
