import { z } from "zod";
import "./jitless";
import { COMMON_PASSWORDS } from "../common-passwords";
import { LIMITS } from "../limits";
import { emailField, nameField } from "./lead-forms";

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
  email: emailField,
  password: z.string({ error: "Password is required." }).min(1, "Password is required.").max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`),
});

export const SignUpSchema = z
  .object({
    name: nameField.max(LIMITS.personName),
    email: emailField,
    password: passwordField,
  })
  .superRefine((value, ctx) => {
    const reason = weakPasswordReason(value.password, value.email);
    if (reason) ctx.addIssue({ code: "custom", path: ["password"], message: reason });
  });

export const ForgotPasswordSchema = z.object({ email: emailField });

export const ResetPasswordSchema = z
  .object({
    token: z.string().min(1, "This reset link is incomplete. Ask for a new one.").max(500),
    password: passwordField,
  })
  .superRefine((value, ctx) => {
    const reason = weakPasswordReason(value.password);
    if (reason) ctx.addIssue({ code: "custom", path: ["password"], message: reason });
  });
