"use client";

import { ActionForm, useScriptRuns, type ServerFormAction } from "@/components/forms/action-form";
import { ANSWER, WIDE_SUBMIT } from "@/components/auth/form-answer";
import { Field, NativeSelect, TextInput } from "@/components/forms/fields";
import { schemaCheck } from "@/components/forms/schema-check";
import { SubmitButton } from "@/components/forms/submit";
import { Button, buttonVariants } from "@/components/ui/button";
import { Toaster, toast } from "@/components/ui/toast";
import { PasswordConfirmSchema, TeamSecuritySchema, TotpCodeSchema } from "@/lib/schemas/two-factor";
import { backupCodesSavedAction, confirmTotpAction, disableTwoFactorAction, setTeamTwoFactorAction, startTotpAction } from "@/server/team/two-factor-actions";

/** The page's toasts, for its notices (?required=1) before any form has answered. */
export const Toasts = Toaster;

const checkPassword = schemaCheck(PasswordConfirmSchema);
const checkCode = schemaCheck(TotpCodeSchema);
const checkTeam = schemaCheck(TeamSecuritySchema);

/** Asks for the member's password before turning the second factor on or off. */
function PasswordForm({ action, id, label, submit }: { action: ServerFormAction; id: string; label: string; submit: string }) {
  return (
    <ActionForm action={action} check={checkPassword} label={label} className="max-w-sm space-y-4" answerClassName={ANSWER}>
      <Field id={id} label="Your password" name="password" required>
        {(aria) => <TextInput {...aria} name="password" type="password" autoComplete="current-password" required />}
      </Field>
      <SubmitButton label={submit} pendingLabel="Checking..." className={WIDE_SUBMIT} />
    </ActionForm>
  );
}

export function StartTotpForm() {
  return <PasswordForm action={startTotpAction} id="totp-start-password" label="Turn on two-factor sign-in" submit="Set Up Authenticator App" />;
}

export function DisableTwoFactorForm() {
  return <PasswordForm action={disableTwoFactorAction} id="totp-disable-password" label="Turn off two-factor sign-in" submit="Turn Off Two-Factor" />;
}

export function ConfirmTotpForm() {
  return (
    <ActionForm action={confirmTotpAction} check={checkCode} label="Confirm the authenticator app" className="max-w-sm space-y-4" answerClassName={ANSWER}>
      <Field id="totp-confirm-code" label="Code from the app" hint="Six digits, to prove the app has the secret." name="code" required>
        {(aria) => <TextInput {...aria} name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={8} required />}
      </Field>
      <SubmitButton label="Confirm and Turn On" pendingLabel="Checking..." className={WIDE_SUBMIT} />
    </ActionForm>
  );
}

/**
 * The ten backup codes, shown once: after the app is confirmed, until the member says they saved
 * them. The download is a plain link (a data: address with `download`), so it works without
 * JavaScript; copying needs the clipboard, so that button appears only when the page's script runs.
 */
export function BackupCodes({ codes, site }: { codes: readonly string[]; site: string }) {
  const scriptRuns = useScriptRuns();
  const text = `${site}: backup codes for two-factor sign-in.\nEach works once, instead of a code from the app.\n\n${codes.join("\n")}\n`;
  return (
    <div className="space-y-3 rounded-xl border border-line bg-brand-50 p-4 text-sm" data-testid="backup-codes">
      <h3 className="font-bold">Your backup codes</h3>
      <p>
        Each code signs you in once when your phone is not at hand. They are shown only now: copy or download them and keep them somewhere safe (a password
        manager), then say so below.
      </p>
      <ol aria-label="Backup codes" className="grid max-w-xs grid-cols-2 gap-x-6 gap-y-1 font-mono">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <a
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download={`${site.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-backup-codes.txt`}
          className={buttonVariants({ variant: "outline" })}
        >
          Download as a text file
        </a>
        {scriptRuns && (
          <Button
            type="button"
            variant="outline"
            onClick={() =>
              navigator.clipboard.writeText(codes.join("\n")).then(
                () => toast.success("Backup codes copied"),
                () => toast.error("The clipboard refused: select the codes and copy them, or download them."),
              )
            }
          >
            Copy all codes
          </Button>
        )}
      </div>
      <ActionForm action={backupCodesSavedAction} label="Backup codes saved" answerClassName={ANSWER}>
        <SubmitButton label="I have saved my codes" pendingLabel="Hiding them..." className={buttonVariants({})} />
      </ActionForm>
    </div>
  );
}

export function TeamTwoFactorForm({ required }: { required: boolean }) {
  return (
    <ActionForm action={setTeamTwoFactorAction} check={checkTeam} label="Team two-factor requirement" className="max-w-sm space-y-4" answerClassName={ANSWER}>
      <Field id="team-require-two-factor" label="Two-factor sign-in for every member" name="requireTwoFactor" required>
        {(aria) => (
          <NativeSelect {...aria} name="requireTwoFactor" defaultValue={required ? "on" : "off"}>
            <option value="off">Optional</option>
            <option value="on">Required before any dashboard page</option>
          </NativeSelect>
        )}
      </Field>
      <SubmitButton label="Save" pendingLabel="Saving..." className={WIDE_SUBMIT} />
    </ActionForm>
  );
}
