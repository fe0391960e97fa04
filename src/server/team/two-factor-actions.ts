"use server";

import { redirect } from "next/navigation";
import type { z } from "zod";
import { TEAM_DESK } from "@/lib/admin-tables/definition";
import type { FormState } from "@/lib/form-state";
import { CodesSavedSchema, PasswordConfirmSchema, SecondFactorSchema, TeamSecuritySchema, TotpCodeSchema } from "@/lib/schemas/two-factor";
import { getAuth } from "../kernel/session/auth";
import { authErrorCode, authRefusal } from "../kernel/session/auth-error";
import { AccessDeniedError, getSessionUser } from "../kernel/session/auth-guard";
import { setTwoFactorRequired } from "../kernel/session/data/team-settings";
import { markBackupCodesSaved } from "../kernel/session/data/two-factor";
import { FieldError, handleForm, type FormActionOptions } from "../kernel/forms/form-action";
import { recordActivity } from "../kernel/activity/activity";
import { log } from "../kernel/log";

// The second factor's forms through the one form wrapper (ADR 0024), then better-auth's twoFactor
// endpoints, called in-process: the HTTP route does not expose them (docs/decisions/0036). Codes
// and passwords are never echoed back.

const GENERIC = "Something went wrong. Please try again.";
const ANSWERS: FormActionOptions<z.ZodType>["answers"] = {
  foreign: { status: "refused", title: "Error", message: "This form can only be sent from our own website." },
  failure: { status: "error", title: "Error", message: GENERIC },
  invalid: () => ({ status: "invalid", title: "Please check the form", message: "Some fields need your attention." }),
};

// Recognised by shape, not class: the auth instance may come from another bundle (server/kernel/session/auth-error.ts).
const codeOf = authErrorCode;

/** better-auth's refusals this screen explains; anything else is rethrown to the wrapper. */
function refusal(error: unknown): Omit<FormState, "values" | "at"> {
  const code = codeOf(error);
  if (code === "INVALID_CODE") throw new FieldError({ code: "That code is not right. Codes change every 30 seconds: enter the one shown now." });
  if (code === "CODE_ALREADY_USED") throw new FieldError({ code: "That code was already used. Wait for the next one in your app and enter it." });
  if (code === "INVALID_BACKUP_CODE") throw new FieldError({ code: "That backup code is not right, or it was already used." });
  if (code === "INVALID_PASSWORD") throw new FieldError({ password: "That password is not right." });
  if (code === "TOO_MANY_ATTEMPTS" || code === "ACCOUNT_TEMPORARILY_LOCKED") {
    return { status: "refused", title: "Too Many Attempts", message: authRefusal(error)?.message ?? GENERIC };
  }
  if (code === "INVALID_TWO_FACTOR_COOKIE" || code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE") {
    return { status: "refused", title: "Sign In Again", message: "This sign-in has expired. Sign in with your password again." };
  }
  throw error;
}

async function signedIn(requestHeaders: Headers) {
  const user = await getSessionUser(requestHeaders);
  if (!user) throw new AccessDeniedError("anonymous");
  return user;
}

/** The second step of signing in: a code from the authenticator app, or a backup code. */
export async function verifySecondFactorAction(_previous: FormState, form: FormData): Promise<FormState> {
  const answer = await handleForm({
    log: { failed: "auth: second factor error", fields: { event: "auth.two-factor.failure", reason: "error" } },
    input: form,
    fields: ["method", "code"],
    schema: SecondFactorSchema,
    answers: ANSWERS,
    run: async ({ method, code }, { headers: requestHeaders, ip }) => {
      // The sign-in limit is taken inside better-auth's endpoint (server/kernel/session/auth.ts hooks, docs/decisions/0036).
      try {
        const body = { code };
        const result =
          method === "totp"
            ? await getAuth().api.verifyTOTP({ body, headers: requestHeaders })
            : await getAuth().api.verifyBackupCode({ body, headers: requestHeaders });
        log("info", "auth: signed in", { event: "auth.sign-in.success", userId: result.user.id, secondFactor: method, ip });
        return { status: "success" };
      } catch (error) {
        log("warn", "auth: second factor refused", { event: "auth.two-factor.failure", reason: codeOf(error) ?? "error", method, ip });
        return refusal(error);
      }
    },
  });
  if (answer.status === "success") redirect("/admin?welcome=1");
  return answer;
}

/**
 * The member's own second factor: the form through the wrapper, then better-auth's endpoint
 * in-process as the signed-in member, then what is logged and recorded, then where the page goes.
 */
async function ownSecondFactor<S extends z.ZodType>(
  form: FormData,
  step: {
    /** The log lines' words: on success, and when the step failed unexpectedly. */
    said: string;
    failed: string;
    event: string;
    failedEvent: string;
    fields: string[];
    schema: S;
    call: (input: z.infer<S>, requestHeaders: Headers) => Promise<unknown>;
    activity?: string;
    to: string;
  },
): Promise<FormState> {
  const answer = await handleForm({
    log: { failed: `auth: ${step.failed}`, fields: { event: step.failedEvent } },
    input: form,
    fields: step.fields,
    schema: step.schema,
    answers: ANSWERS,
    run: async (input, { headers: requestHeaders }) => {
      const user = await signedIn(requestHeaders);
      try {
        await step.call(input, requestHeaders);
      } catch (error) {
        return refusal(error);
      }
      log("info", `auth: ${step.said}`, { event: step.event, userId: user.id });
      if (step.activity) await recordActivity({ action: step.activity, actor: user, table: "users", recordId: user.id, headers: requestHeaders });
      return { status: "success" };
    },
  });
  if (answer.status === "success") redirect(step.to);
  return answer;
}

/** Makes a TOTP secret and ten backup codes (the secret shown until confirmed, the codes once after). */
export async function startTotpAction(_previous: FormState, form: FormData): Promise<FormState> {
  return ownSecondFactor(form, {
    said: "two-factor secret made",
    failed: "two-factor set-up error",
    event: "auth.two-factor.started",
    failedEvent: "auth.two-factor.enable.failure",
    fields: ["password"],
    schema: PasswordConfirmSchema,
    call: ({ password }, headers) => getAuth().api.enableTwoFactor({ body: { password }, headers }),
    to: "/admin/security",
  });
}

/** Confirms the new secret with a code from the app: from then on sign-in asks for a second factor. */
export async function confirmTotpAction(_previous: FormState, form: FormData): Promise<FormState> {
  return ownSecondFactor(form, {
    said: "two-factor on",
    failed: "two-factor confirm error",
    event: "auth.two-factor.enabled",
    failedEvent: "auth.two-factor.enable.failure",
    fields: ["code"],
    schema: TotpCodeSchema,
    call: ({ code }, headers) => getAuth().api.verifyTOTP({ body: { code }, headers }),
    activity: "auth.two-factor.enabled",
    to: "/admin/security?enabled=1",
  });
}

/** "I have saved my backup codes": the Security page stops showing them, for good. */
export async function backupCodesSavedAction(_previous: FormState, form: FormData): Promise<FormState> {
  return ownSecondFactor(form, {
    said: "backup codes saved",
    failed: "backup codes saved error",
    event: "auth.two-factor.codes-saved",
    failedEvent: "auth.two-factor.codes-saved.failure",
    fields: [],
    schema: CodesSavedSchema,
    call: async (_input, headers) => {
      // Already saved (a second tab, a double click): nothing left to hide, the same answer.
      await markBackupCodesSaved((await signedIn(headers)).id);
    },
    activity: "auth.two-factor.codes-saved",
    to: "/admin/security?saved=1",
  });
}

export async function disableTwoFactorAction(_previous: FormState, form: FormData): Promise<FormState> {
  return ownSecondFactor(form, {
    said: "two-factor off",
    failed: "two-factor disable error",
    event: "auth.two-factor.disabled",
    failedEvent: "auth.two-factor.disable.failure",
    fields: ["password"],
    schema: PasswordConfirmSchema,
    call: ({ password }, headers) => getAuth().api.disableTwoFactor({ body: { password }, headers }),
    activity: "auth.two-factor.disabled",
    to: "/admin/security?disabled=1",
  });
}

/** The team setting: every member must have a second factor before any dashboard page. */
export async function setTeamTwoFactorAction(_previous: FormState, form: FormData): Promise<FormState> {
  return handleForm({
    log: { failed: "admin: team security setting error", fields: { event: "team.require-two-factor.failure" } },
    input: form,
    fields: ["requireTwoFactor"],
    schema: TeamSecuritySchema,
    roles: TEAM_DESK.write,
    activity: { action: "team.require-two-factor" },
    answers: ANSWERS,
    guard: (_form, { user }) =>
      // Requiring it without having it would lock the one who asked out of the dashboard.
      !user?.secondFactor && _form instanceof FormData && _form.get("requireTwoFactor") === "on"
        ? {
            status: "invalid",
            title: "Set Up Yours First",
            message: "Turn on your own second factor (or sign in with a passkey) before requiring one of everyone.",
            fieldErrors: { requireTwoFactor: "Turn on your own second factor first." },
          }
        : null,
    run: async ({ requireTwoFactor }, { user }) => {
      await setTwoFactorRequired(requireTwoFactor === "on", user?.id);
      log("info", "team: two-factor requirement changed", { event: "team.require-two-factor", on: requireTwoFactor === "on", userId: user?.id });
      return {
        status: "success",
        title: "Saved",
        message: requireTwoFactor === "on" ? "Every member now needs a second factor." : "A second factor is now optional.",
      };
    },
  });
}
