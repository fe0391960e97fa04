"use client";

import Link from "next/link";
import { useActionState, useState, type MouseEvent, type ReactNode } from "react";
import { Field, TextInput } from "@/components/forms/fields";
import { PasskeySignIn } from "./passkey-sign-in";
import { Submit } from "@/components/forms/submit";
import { useSchemaCheck } from "@/components/forms/use-schema-check";
import { IDLE } from "@/lib/form-state";
import { PASSWORD_MIN, SignInSchema, SignUpSchema } from "@/lib/schemas/auth";
import { signInAction, signUpAction, type AuthFormState, type AuthMode } from "@/server/actions/auth";
import { AuthHeading } from "./auth-shell";
import { FormAnswer, Toasts } from "./form-answer";

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
  const [signInState, signIn] = useActionState(signInAction, IDLE as AuthFormState);
  const [signUpState, signUp] = useActionState(signUpAction, IDLE as AuthFormState);
  const answer = (signUpState.at ?? 0) > (signInState.at ?? 0) ? signUpState : signInState;
  // The latest event decides the mode: a click on the toggle since the last answer, else the
  // mode the last answer names (both answers carry the server's clock, so they compare).
  const answerKey = `${signInState.at ?? 0}-${signUpState.at ?? 0}`;
  const [chosen, setChosen] = useState<{ mode: AuthMode; answerKey: string } | null>(null);
  const isToggledSinceAnswer = chosen !== null && chosen.answerKey === answerKey;
  const latestMode = isToggledSinceAnswer ? chosen.mode : (answer.mode ?? initialMode);
  const mode: AuthMode = isSignUpEnabled ? latestMode : "signin";
  // Only the latest answer is shown, and only until the mode is switched: errors of an earlier
  // submit of the other form (or of this one, before a switch) never come back.
  const shown: AuthFormState = isToggledSinceAnswer ? (IDLE as AuthFormState) : answer;
  // The same schemas the actions parse, checked in the browser first (the server checks again).
  const signInCheck = useSchemaCheck(SignInSchema, signInState);
  const signUpCheck = useSchemaCheck(SignUpSchema, signUpState);
  const signInErrors = signInCheck.hasBrowserErrors ? signInCheck.errors : shown === signInState ? signInState.fieldErrors : undefined;
  const signUpErrors = signUpCheck.hasBrowserErrors ? signUpCheck.errors : shown === signUpState ? signUpState.fieldErrors : undefined;

  const toggle = (next: AuthMode) => (event: MouseEvent) => {
    event.preventDefault();
    signInCheck.reset();
    signUpCheck.reset();
    setChosen({ mode: next, answerKey });
    window.history.replaceState(null, "", next === "signup" ? "/auth?mode=signup" : "/auth");
  };

  const emailDefault = answer.values?.email ?? "";

  return (
    <>
      <AuthHeading title={AUTH_HEADINGS[mode]} subtitle={subtitle} />
      {notice}
      <Toasts />
      <FormAnswer state={shown} />
      {mode === "signin" ? (
        <>
        <form action={signIn} onSubmit={signInCheck.onSubmit} noValidate aria-label="Sign in" className="space-y-5" key={`in-${signInState.at ?? 0}-${signUpState.at ?? 0}`}>
          <Field id="signin-email" label="Email" error={signInErrors?.email} required>
            {(aria) => <TextInput {...aria} name="email" type="email" autoComplete="username" required defaultValue={emailDefault} />}
          </Field>
          <Field id="signin-password" label="Password" error={signInErrors?.password} required>
            {(aria) => <TextInput {...aria} name="password" type="password" autoComplete="current-password" required />}
          </Field>
          <div className="flex justify-end">
            <Link href="/auth/forgot-password" className="inline-flex min-h-8 items-center text-sm font-medium text-brand-700 hover:underline">
              Forgot password?
            </Link>
          </div>
          <Submit label="Sign In" pendingLabel="Signing In..." />
          {isSignUpEnabled && (
            <p className="text-center text-sm text-ink-soft">
              Don&apos;t have an account?{" "}
              <Link href="/auth?mode=signup" onClick={toggle("signup")} className="font-semibold text-brand-700 hover:underline">
                Create one
              </Link>
            </p>
          )}
        </form>
        <PasskeySignIn />
        </>
      ) : (
        <form action={signUp} onSubmit={signUpCheck.onSubmit} noValidate aria-label="Create account" className="space-y-5" key={`up-${signUpState.at ?? 0}`}>
          <Field id="signup-name" label="Full Name" error={signUpErrors?.name} required>
            {(aria) => <TextInput {...aria} name="name" autoComplete="name" required defaultValue={signUpState.values?.name} />}
          </Field>
          <Field id="signup-email" label="Email" error={signUpErrors?.email} required>
            {(aria) => <TextInput {...aria} name="email" type="email" autoComplete="email" required defaultValue={signUpState.values?.email} />}
          </Field>
          <Field
            id="signup-password"
            label="Password"
            error={signUpErrors?.password}
            hint={`At least ${PASSWORD_MIN} characters, not a common password.`}
            required
          >
            {(aria) => <TextInput {...aria} name="password" type="password" autoComplete="new-password" required minLength={PASSWORD_MIN} />}
          </Field>
          <Submit label="Create Account" pendingLabel="Creating Account..." />
          <p className="text-center text-sm text-ink-soft">
            Already have an account?{" "}
            <Link href="/auth" onClick={toggle("signin")} className="font-semibold text-brand-700 hover:underline">
              Sign in
            </Link>
          </p>
        </form>
      )}
    </>
  );
}
