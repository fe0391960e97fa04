"use client";

import Link from "next/link";
import { useState, type MouseEvent, type ReactNode } from "react";
import { AnswerForm, useFormAnswer, type ServerFormAction } from "@/components/forms/action-form";
import { Field, TextInput } from "@/components/forms/fields";
import { schemaCheck } from "@/components/forms/schema-check";
import { SubmitButton } from "@/components/forms/submit";
import { AnswerBox } from "@/components/ui/answer-box";
import { dismissAllToasts } from "@/components/ui/toast";
import { IDLE, type FormState } from "@/lib/form-state";
import { PASSWORD_MIN, SignInSchema, SignUpSchema } from "@/lib/schemas/auth";
import { signInAction, signUpAction, type AuthFormState, type AuthMode } from "@/server/team/auth-actions";
import { AuthHeading } from "./auth-shell";
import { ANSWER, WIDE_SUBMIT } from "./form-answer";
import { PasskeySignIn } from "./passkey-sign-in";

// The same schemas the actions parse, checked in the browser first (the server checks again).
const checkSignIn = schemaCheck(SignInSchema);
const checkSignUp = schemaCheck(SignUpSchema);
const withMode = (answer: FormState | null, mode: AuthMode): AuthFormState | null => answer && { ...answer, mode };

export const AUTH_HEADINGS: Record<AuthMode, string> = { signin: "Welcome back", signup: "Create your account" };

/**
 * Sign in and create account on one page, /auth. The toggle is a link, so it works
 * without JavaScript; with it, it switches in place. After sign-up, or when the account exists,
 * the sign-in form comes back with the e-mail filled in.
 */
export function AuthForms({
  initialMode,
  isSignUpEnabled,
  subtitle,
  notice,
}: {
  initialMode: AuthMode;
  isSignUpEnabled: boolean;
  subtitle: string;
  /** A notice from the address (?verified=1, ...), shown under the heading. */
  notice?: ReactNode;
}) {
  // One answer hook per form (ADR 0055); the page shows the latest answer of the two.
  // A browser check's answer names its form's mode, as the server's answers do.
  // The page writes the answer in its box above the form: a refusal is not toasted as well.
  const signIn = useFormAnswer({ action: signInAction as ServerFormAction, check: (v) => withMode(checkSignIn(v), "signin"), writtenAs: "box" });
  const signUp = useFormAnswer({
    action: signUpAction as ServerFormAction,
    check: (v) => withMode(checkSignUp(v), "signup"),
    writtenAs: "box",
    toastSuccess: false,
  });
  const signInState = signIn.state as AuthFormState;
  const signUpState = signUp.state as AuthFormState;
  const answer = (signUpState.at ?? 0) > (signInState.at ?? 0) ? signUpState : signInState;
  // The latest event decides the mode: a click on the toggle since the last answer, else the
  // mode the last answer names (both answers carry the server's clock, so they compare).
  const answerKey = `${signIn.key}-${signUp.key}`;
  const [chosen, setChosen] = useState<{ mode: AuthMode; answerKey: string } | null>(null);
  const isToggledSinceAnswer = chosen !== null && chosen.answerKey === answerKey;
  const latestMode = isToggledSinceAnswer ? chosen.mode : (answer.mode ?? initialMode);
  const mode: AuthMode = isSignUpEnabled ? latestMode : "signin";
  // Only the latest answer is shown, and only until the mode is switched: errors of an earlier
  // submit of the other form (or of this one, before a switch) never come back.
  const shown: AuthFormState = isToggledSinceAnswer ? (IDLE as AuthFormState) : answer;

  const toggle = (next: AuthMode) => (event: MouseEvent) => {
    event.preventDefault();
    signIn.reset();
    signUp.reset();
    dismissAllToasts();
    setChosen({ mode: next, answerKey });
    window.history.replaceState(null, "", next === "signup" ? "/auth?mode=signup" : "/auth");
  };

  const emailDefault = answer.values?.email ?? "";

  return (
    <>
      <AuthHeading title={AUTH_HEADINGS[mode]} subtitle={subtitle} />
      {notice}
      <AnswerBox state={shown} className={ANSWER} />
      {mode === "signin" ? (
        <>
          <AnswerForm
            form={{ ...signIn, key: `in-${signIn.key}-${signUp.key}`, errors: signIn.fromBrowser || shown === signInState ? signIn.errors : {} }}
            answer="none"
            label="Sign in"
            className="space-y-5"
          >
            <Field id="signin-email" label="Email" name="email" required>
              {(aria) => <TextInput {...aria} name="email" type="email" autoComplete="username" required defaultValue={emailDefault} />}
            </Field>
            <Field id="signin-password" label="Password" name="password" required>
              {(aria) => <TextInput {...aria} name="password" type="password" autoComplete="current-password" required />}
            </Field>
            <div className="flex justify-end">
              <Link href="/auth/forgot-password" className="inline-flex min-h-8 items-center text-sm font-medium text-brand-700 hover:underline">
                Forgot password?
              </Link>
            </div>
            <SubmitButton label="Sign In" pendingLabel="Signing In..." className={WIDE_SUBMIT} />
            {isSignUpEnabled && (
              <p className="text-center text-sm text-ink-soft">
                Don&apos;t have an account?{" "}
                <Link href="/auth?mode=signup" onClick={toggle("signup")} className="font-semibold text-brand-700 hover:underline">
                  Create one
                </Link>
              </p>
            )}
          </AnswerForm>
          <PasskeySignIn />
        </>
      ) : (
        <AnswerForm
          form={{ ...signUp, key: `up-${signUp.key}`, errors: signUp.fromBrowser || shown === signUpState ? signUp.errors : {} }}
          answer="none"
          label="Create account"
          className="space-y-5"
        >
          <Field id="signup-name" label="Full Name" name="name" required>
            {(aria) => <TextInput {...aria} name="name" autoComplete="name" required defaultValue={signUpState.values?.name} />}
          </Field>
          <Field id="signup-email" label="Email" name="email" required>
            {(aria) => <TextInput {...aria} name="email" type="email" autoComplete="email" required defaultValue={signUpState.values?.email} />}
          </Field>
          <Field id="signup-password" label="Password" name="password" hint={`At least ${PASSWORD_MIN} characters, not a common password.`} required>
            {(aria) => <TextInput {...aria} name="password" type="password" autoComplete="new-password" required minLength={PASSWORD_MIN} />}
          </Field>
          <SubmitButton label="Create Account" pendingLabel="Creating Account..." className={WIDE_SUBMIT} />
          <p className="text-center text-sm text-ink-soft">
            Already have an account?{" "}
            <Link href="/auth" onClick={toggle("signin")} className="font-semibold text-brand-700 hover:underline">
              Sign in
            </Link>
          </p>
        </AnswerForm>
      )}
    </>
  );
}
