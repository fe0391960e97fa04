import { z } from "zod";
import "./jitless";
import { COMMON_PASSWORDS } from "../common-passwords";
import { LIMITS } from "../limits";
import { emailAsciiDomain } from "./form-rules";
import { emailField, nameField } from "./lead-forms";

/**
 * An account's address with its domain in A-labels (`user@xn--bcher-kva.example` for
 * `user@bücher.example`): better-auth accepts only ASCII domains, and one spelling per account
 * means signing in works whichever form is typed. Leads and messages keep the address as typed.
 */
export const accountEmailField = emailField.transform((email, ctx) => {
  const at = email.lastIndexOf("@");
  const ascii = `${email.slice(0, at)}@${emailAsciiDomain(email)}`;
  // better-auth checks addresses with Zod's own e-mail pattern, which wants a TLD of letters.
  if (!z.regexes.email.test(ascii)) {
    ctx.addIssue({ code: "custom", message: "Accounts need an e-mail address whose domain ends in Latin letters, like .com or .in." });
    return z.NEVER;
  }
  return ascii;
});

/** At least 8 characters (the original allowed 6; these accounts guard customers' data). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** Why a password is too easy to guess, or undefined when it is acceptable. */
export function weakPasswordReason(password: string, email?: string): string | undefined {
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return "This password is one of the most common and easily guessed. Please choose another.";
  if (/^(.)\1+$/.test(password)) return "A password of one repeated character is easily guessed. Please choose another.";
  const sequence = "01234567890abcdefghijklmnopqrstuvwxyz";
  if (sequence.includes(lower) || [...sequence].reverse().join("").includes(lower)) {
    return "A plain sequence of letters or digits is easily guessed. Please choose another.";
  }
  if (email && lower === email.trim().toLowerCase()) return "Your password must not be your e-mail address.";
  return undefined;
}

export const passwordField = z
  .string({ error: "Password is required." })
  .min(1, "Password is required.")
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`);

export const SignInSchema = z.object({
  email: accountEmailField,
  password: z
    .string({ error: "Password is required." })
    .min(1, "Password is required.")
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`),
});

export const SignUpSchema = z
  .object({
    name: nameField.max(LIMITS.personName),
    email: accountEmailField,
    password: passwordField,
  })
  .superRefine((value, ctx) => {
    const reason = weakPasswordReason(value.password, value.email);
    if (reason) ctx.addIssue({ code: "custom", path: ["password"], message: reason });
  });

export const ForgotPasswordSchema = z.object({ email: accountEmailField });

export const ResetPasswordSchema = z
  .object({
    token: z.string().min(1, "This reset link is incomplete. Ask for a new one.").max(500),
    password: passwordField,
  })
  .superRefine((value, ctx) => {
    const reason = weakPasswordReason(value.password);
    if (reason) ctx.addIssue({ code: "custom", path: ["password"], message: reason });
  });
