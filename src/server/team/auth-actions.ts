"use server";

import { redirect } from "next/navigation";
import { z } from "zod";
import type { FormState } from "@/lib/form-state";
import { ForgotPasswordSchema, ResetPasswordSchema, SignInSchema, SignUpSchema } from "@/lib/schemas/auth";
import { getAuth } from "../kernel/session/auth";
import { authErrorCode, authRefusal } from "../kernel/session/auth-error";
import { accountByEmail } from "../kernel/session/data/users";
import { SIGN_UP_CLOSED_MESSAGE, signUpSetting } from "./data/team";
import { handleForm, type FormActionOptions } from "../kernel/forms/form-action";
import { emailFields, log } from "../kernel/log";
import { hitRateLimit } from "../kernel/db/rate-limit";

// The account forms through the one form wrapper (ADR 0024): origin check, text that cannot be
// stored, the same Zod schema the browser bundles, then better-auth. Only the e-mail address and
// the name are echoed back, never a password. `redirect` is called after `handleForm` returns:
// it works by throwing, and the wrapper answers anything thrown with its fixed failure text.

export type AuthMode = "signin" | "signup";
/** The one form answer, plus the form the sign-in page shows next (after sign-up: sign in). */
export interface AuthFormState extends FormState {
  mode?: AuthMode;
}

const GENERIC = "Something went wrong. Please try again.";
type Answers = FormActionOptions<z.ZodType>["answers"];
const ANSWERS: Answers = {
  foreign: { status: "refused", title: "Error", message: "This form can only be sent from our own website." },
  failure: { status: "error", title: "Error", message: GENERIC },
  invalid: () => ({ status: "invalid" }),
};

// better-auth's refusals are recognised by their shape, not by class: the instance may have been
// made by the route handler's copy of better-auth (server/kernel/session/auth-error.ts).
const codeOf = authErrorCode;

/**
 * A refusal by better-auth, in its own fixed words (its error codes' messages, or ours from the
 * sign-in limit's hook: never SQL); anything else is rethrown for `handleForm` to log and answer.
 */
function refusal(error: unknown, status: "error" | "refused" = "error", title = "Error"): Omit<FormState, "values" | "at"> {
  const refused = authRefusal(error);
  if (!refused) throw error;
  return { status, title, message: refused.message ?? GENERIC };
}

export async function signInAction(_previous: AuthFormState, form: FormData): Promise<AuthFormState> {
  let awaitsSecondFactor = false;
  const answer = await handleForm({
    log: { failed: "auth: sign-in error", fields: { event: "auth.sign-in.failure", reason: "error" } },
    input: form,
    fields: ["email", "password"],
    schema: SignInSchema,
    echo: ["email"],
    answers: ANSWERS,
    run: async ({ email, password }, { headers: requestHeaders, ip }) => {
      // The sign-in limit is taken inside better-auth's endpoint (server/kernel/session/auth.ts hooks, docs/decisions/0020).
      try {
        const result = await getAuth().api.signInEmail({ body: { email, password, callbackURL: "/auth?verified=1" }, headers: requestHeaders });
        if ("twoFactorRedirect" in result) {
          // The password was right; the session comes after the second factor (docs/decisions/0036).
          awaitsSecondFactor = true;
          log("info", "auth: password accepted, second factor asked", { event: "auth.two-factor.challenge", ...emailFields(email), ip });
          return { status: "success" };
        }
        log("info", "auth: signed in", { event: "auth.sign-in.success", userId: result.user.id, ...emailFields(email), ip });
        return { status: "success" };
      } catch (error) {
        const code = codeOf(error);
        if (code === "TOO_MANY_ATTEMPTS") return refusal(error, "refused", "Too Many Attempts");
        if (code === "INVALID_EMAIL_OR_PASSWORD") {
          log("warn", "auth: sign-in failed", { event: "auth.sign-in.failure", reason: "invalid-credentials", ...emailFields(email), ip });
          return { status: "error", title: "Login Failed", message: "Invalid email or password. Please check your credentials." };
        }
        if (code === "EMAIL_NOT_VERIFIED") {
          log("warn", "auth: sign-in refused", { event: "auth.sign-in.failure", reason: "email-not-verified", ...emailFields(email), ip });
          return {
            status: "refused",
            title: "Email Not Verified",
            message: "Please verify your email address first: open the link we e-mailed you. We send a new one at most every 5 minutes.",
          };
        }
        const refused = refusal(error);
        log("warn", "auth: sign-in refused", { event: "auth.sign-in.failure", reason: code ?? "error", ...emailFields(email), ip });
        return refused;
      }
    },
  });
  if (answer.status === "success") redirect(awaitsSecondFactor ? "/auth/two-factor" : "/admin?welcome=1");
  return { ...answer, mode: "signin" };
}

export async function signUpAction(_previous: AuthFormState, form: FormData): Promise<AuthFormState> {
  // The answers that end the sign-up (created, exists, switched off) bring the sign-in form back.
  let mode = "signup" as AuthMode;
  let email = "";
  const answer = await handleForm({
    log: { failed: "auth: sign-up error", fields: { event: "auth.sign-up.failure", reason: "error" } },
    input: form,
    fields: ["name", "email", "password"],
    schema: SignUpSchema,
    echo: ["name", "email"],
    answers: ANSWERS,
    guard: async () => {
      if ((await signUpSetting()).open) return null;
      mode = "signin";
      return { status: "refused", title: "Error", message: SIGN_UP_CLOSED_MESSAGE };
    },
    run: async (data, { headers: requestHeaders, ip }) => {
      email = data.email;
      const limit = await hitRateLimit(`signup:ip:${ip}`, { limit: 10, windowMs: 60 * 60_000 });
      if (!limit.allowed) {
        const minutes = Math.max(1, Math.ceil(limit.retryAfterSeconds / 60));
        return {
          status: "refused",
          title: "Error",
          message: `Too many sign-up attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
        };
      }
      // An address already signed up gets 'Account Exists' and the sign-in form (better-auth alone
      // would hide it): the rate limit
      // above keeps this from becoming a cheap way to test many addresses (docs/decisions/0007).
      const exists = (): FormState => {
        log("info", "auth: sign-up refused, the account exists", { event: "auth.sign-up.failure", reason: "exists", ...emailFields(email), ip });
        mode = "signin";
        return { status: "refused", title: "Account Exists", message: "An account with this email already exists. Please sign in instead." };
      };
      if (await accountByEmail(email)) return exists();
      try {
        const made = await getAuth().api.signUpEmail({
          body: { name: data.name, email, password: data.password, callbackURL: "/auth?verified=1" },
          headers: requestHeaders,
        });
        // Two sign-ups of one address at once, the other's account stored between the check above
        // and better-auth's own: better-auth then answers as if it had made one (an account with an
        // id of its invention, so as not to say the address is taken). Only the sign-up whose
        // account is the stored one is told it was created.
        if ((await accountByEmail(email))?.id !== made.user.id) return exists();
      } catch (error) {
        // Two sign-ups of one address at once: the one whose insert met the other's account is
        // told what the other is told, not better-auth's generic failure.
        // (better-auth answers FAILED_TO_CREATE_USER when its insert of the user is refused.)
        if (codeOf(error) === "FAILED_TO_CREATE_USER" && (await accountByEmail(email))) return exists();
        const refused = refusal(error);
        log("warn", "auth: sign-up refused", { event: "auth.sign-up.failure", reason: codeOf(error) ?? "error", ...emailFields(email), ip });
        return refused;
      }
      mode = "signin";
      return { status: "success", title: "Account Created!", message: "Please check your email to verify your account." };
    },
  });
  // The sign-in form that comes back is filled in with the address (as stored) once sign-up ends.
  return { ...answer, mode, ...(mode === "signin" && email ? { values: { email } } : {}) };
}

export async function requestPasswordResetAction(_previous: FormState, form: FormData): Promise<FormState> {
  return handleForm({
    log: { failed: "auth: reset request error", fields: { event: "auth.password-reset.failure", reason: "error" } },
    input: form,
    fields: ["email"],
    schema: ForgotPasswordSchema,
    echo: ["email"],
    answers: ANSWERS,
    run: async ({ email }, { headers: requestHeaders, ip }) => {
      const limit = await hitRateLimit(`reset:ip:${ip}`, { limit: 5, windowMs: 15 * 60_000 });
      if (!limit.allowed) {
        log("warn", "auth: password reset throttled", { event: "auth.password-reset.throttled", ...emailFields(email), ip });
        return { status: "refused", title: "Error", message: "Too many reset requests. Please wait a few minutes and try again." };
      }
      try {
        await getAuth().api.requestPasswordReset({ body: { email, redirectTo: "/auth/reset-password" }, headers: requestHeaders });
      } catch (error) {
        return refusal(error);
      }
      // The same answer whether or not the address has an account (the log says "mail queued" too when it has).
      log("info", "auth: password reset requested", { event: "auth.password-reset.requested", ...emailFields(email), ip });
      return {
        status: "success",
        title: "Check Your Email",
        message: "If an account exists for that address, we have sent a link to choose a new password. It works for one hour.",
      };
    },
  });
}

export async function resetPasswordAction(_previous: FormState, form: FormData): Promise<FormState> {
  const answer = await handleForm({
    log: { failed: "auth: password reset error", fields: { event: "auth.password-reset.failure", reason: "error" } },
    input: form,
    fields: ["token", "password"],
    schema: ResetPasswordSchema,
    answers: ANSWERS,
    run: async ({ token, password }, { headers: requestHeaders }) => {
      try {
        await getAuth().api.resetPassword({ body: { newPassword: password, token }, headers: requestHeaders });
        return { status: "success" };
      } catch (error) {
        const code = codeOf(error);
        const refused =
          code === "INVALID_TOKEN"
            ? ({ status: "error", title: "Error", message: "This reset link has expired or was already used. Ask for a new one." } as const)
            : refusal(error);
        log("warn", "auth: password reset failed", { event: "auth.password-reset.failure", reason: code ?? "error" });
        return refused;
      }
    },
  });
  if (answer.status === "success") redirect("/auth?reset=1");
  return answer;
}

/** A refused sign-out (a foreign origin) still sends the visitor home, with the session intact. */
export async function signOutAction(): Promise<void> {
  await handleForm({
    log: { failed: "auth: sign-out error", fields: { event: "auth.sign-out.failure" } },
    input: {},
    schema: z.object({}),
    answers: ANSWERS,
    run: async (_data, { headers: requestHeaders }) => {
      const session = await getAuth().api.getSession({ headers: requestHeaders });
      await getAuth().api.signOut({ headers: requestHeaders });
      log("info", "auth: signed out", { event: "auth.sign-out", userId: session?.user.id ?? null });
      return { status: "success" };
    },
  });
  redirect("/");
}
