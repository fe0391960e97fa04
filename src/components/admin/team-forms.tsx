"use client";

import type { ReactNode } from "react";
import { ActionForm as Form, type ServerFormAction } from "@/components/forms/action-form";
import { Field, NativeSelect, TextInput } from "@/components/forms/fields";
import { SubmitButton } from "@/components/forms/submit";
import { buttonVariants } from "@/components/ui/button";
import { ROLE_LABELS, STAFF_ROLES, type StaffRole } from "@/lib/admin-tables/definition";
import { PASSWORD_MIN } from "@/lib/schemas/auth";
import { changePasswordAction, inviteAction } from "@/server/team/team-actions";

/**
 * One small form posting to a Server Action: hidden fields name the record, `children` adds a
 * control (a role select). A confirmation is asked with JavaScript; without it the plain form posts.
 * The answer is a line beside the button, and a success is toasted too (ADR 0055).
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
  action: ServerFormAction;
  hidden: Record<string, string>;
  label: string;
  children?: ReactNode;
  confirm?: string;
  variant?: "outline" | "danger" | "ghost" | "primary";
  testId?: string;
}) {
  return (
    <Form action={action} toastInvalid hidden={hidden} confirm={confirm} answer="line" testId={testId} className="flex flex-wrap items-center gap-2">
      {children}
      <SubmitButton label={label} className={buttonVariants({ variant, size: "sm" })} />
    </Form>
  );
}

/** The role choices an actor may give: only an owner makes owners. */
export function RoleSelect({
  name = "role",
  value,
  mayGrantOwner,
  label,
  includeNone = false,
}: {
  name?: string;
  value?: string;
  mayGrantOwner: boolean;
  label: string;
  includeNone?: boolean;
}) {
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
  return (
    <Form action={inviteAction} toastInvalid answer="status" label="Invite a member" className="grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-start">
      {({ values }) => (
        <>
          <Field id="invite-email" label="E-mail address" name="email" required>
            {(aria) => <TextInput {...aria} name="email" type="email" autoComplete="off" required maxLength={254} defaultValue={values.email} />}
          </Field>
          <Field id="invite-role" label="Role" name="role" required>
            {(aria) => (
              <NativeSelect {...aria} name="role" defaultValue={(values.role as StaffRole | undefined) ?? "editor"}>
                {STAFF_ROLES.filter((r) => mayGrantOwner || r !== "owner").map((r) => (
                  <option key={r} value={r}>
                    {ROLE_LABELS[r]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <div className="sm:pt-7">
            <SubmitButton label="Send invitation" pendingLabel="Sending..." className={buttonVariants()} />
          </div>
        </>
      )}
    </Form>
  );
}

export function ChangePasswordForm() {
  return (
    <Form action={changePasswordAction} toastInvalid answer="status" label="Change your password" className="grid max-w-md gap-4">
      <Field id="current-password" label="Current password" name="currentPassword" required>
        {(aria) => <TextInput {...aria} name="currentPassword" type="password" autoComplete="current-password" required maxLength={128} />}
      </Field>
      <Field id="new-password" label="New password" name="newPassword" hint={`At least ${PASSWORD_MIN} characters. Your other sessions end.`} required>
        {(aria) => <TextInput {...aria} name="newPassword" type="password" autoComplete="new-password" required minLength={PASSWORD_MIN} maxLength={128} />}
      </Field>
      <div>
        <SubmitButton label="Change password" pendingLabel="Saving..." className={buttonVariants()} />
      </div>
    </Form>
  );
}
