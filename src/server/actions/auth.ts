"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { APIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import type { FormState } from "@/lib/form-state";
import { fieldErrors } from "@/lib/schemas/lead-forms";
import { ForgotPasswordSchema, ResetPasswordSchema, SignInSchema, SignUpSchema } from "@/lib/schemas/auth";
import { getAuth } from "../auth";
import { db } from "../db/client";
import { users } from "../db/schema";
import { env } from "../env";
import { emailFields, errorFields, log } from "../log";
import { hitRateLimit } from "../rate-limit";
import { unstorableFields } from "@/lib/text-safety";
import { clientIp, isSameOrigin } from "../request-info";

export type AuthMode = "signin" | "signup";
export interface AuthFormState extends FormState {
  mode?: AuthMode;
}

const GENERIC = "Something went wrong. Please try again.";
const FOREIGN = { status: "refused", title: "Error", message: "This form can only be sent from our own website." } as const;

function serverMessage(error: unknown): string {
  if (error instanceof APIError) return (error.body?.message as string | undefined) ?? GENERIC;
  return GENERIC;
}
function codeOf(error: unknown): string | undefined {
  return error instanceof APIError ? (error.body?.code as string | undefined) : undefined;
}

export async function signInAction(_previous: AuthFormState, form: FormData): Promise<AuthFormState> {
  const values = { email: String(form.get("email") ?? "").slice(0, 300) };
  const at = Date.now();
  if (!(await isSameOrigin())) return { ...FOREIGN, values, at, mode: "signin" };
  const parsed = SignInSchema.safeParse({ email: form.get("email") ?? "", password: form.get("password") ?? "" });
  if (!parsed.success) {
    return { status: "invalid", fieldErrors: fieldErrors(parsed.error), values, at, mode: "signin" };
  }
  const { email, password } = parsed.data;
  const ip = await clientIp();
  // The sign-in limit is taken inside better-auth's endpoint (server/auth.ts hooks, docs/decisions/0020).
  let userId: string | undefined;
  try {
    const result = await getAuth().api.signInEmail({ body: { email, password, callbackURL: "/auth?verified=1" }, headers: await headers() });
    userId = result.user.id;
  } catch (error) {
    const code = codeOf(error);
    if (code === "TOO_MANY_ATTEMPTS") {
      return { status: "refused", title: "Too Many Attempts", message: serverMessage(error), values, at, mode: "signin" };
    }
    if (code === "INVALID_EMAIL_OR_PASSWORD") {
      log("warn", "auth: sign-in failed", { event: "auth.sign-in.failure", reason: "invalid-credentials", ...emailFields(email), ip });
      return {
        status: "error",
        title: "Login Failed",
        message: "Invalid email or password. Please check your credentials.",
        values,
        at,
        mode: "signin",
      };
    }
    if (code === "EMAIL_NOT_VERIFIED") {
      log("warn", "auth: sign-in refused", { event: "auth.sign-in.failure", reason: "email-not-verified", ...emailFields(email), ip });
      return {
        status: "refused",
        title: "Email Not Verified",
        message: "Please verify your email address first: open the link we e-mailed you. We send a new one at most every 5 minutes.",
        values,
        at,
        mode: "signin",
      };
    }
    log("error", "auth: sign-in error", { event: "auth.sign-in.failure", reason: "error", ...emailFields(email), ...errorFields(error) });
    return { status: "error", title: "Error", message: serverMessage(error), values, at, mode: "signin" };
  }
  log("info", "auth: signed in", { event: "auth.sign-in.success", userId, ...emailFields(email), ip });
  redirect("/admin?welcome=1");
}

export async function signUpAction(_previous: AuthFormState, form: FormData): Promise<AuthFormState> {
  const values = { name: String(form.get("name") ?? "").slice(0, 300), email: String(form.get("email") ?? "").slice(0, 300) };
  const at = Date.now();
  if (!(await isSameOrigin())) return { ...FOREIGN, values, at, mode: "signup" };
  if (!env().AUTH_SIGNUP_ENABLED) {
    return { status: "refused", title: "Error", message: "Creating accounts is switched off on this site.", values, at, mode: "signin" };
  }
  const unstorable = unstorableFields({ name: form.get("name"), email: form.get("email") });
  if (Object.keys(unstorable).length > 0) return { status: "invalid", fieldErrors: unstorable, values, at, mode: "signup" };
  const parsed = SignUpSchema.safeParse({ name: form.get("name") ?? "", email: form.get("email") ?? "", password: form.get("password") ?? "" });
  if (!parsed.success) return { status: "invalid", fieldErrors: fieldErrors(parsed.error), values, at, mode: "signup" };
  const { name, email, password } = parsed.data;
  const ip = await clientIp();
  const limit = await hitRateLimit(`signup:ip:${ip}`, { limit: 10, windowMs: 60 * 60_000 });
  if (!limit.allowed) {
    const minutes = Math.max(1, Math.ceil(limit.retryAfterSeconds / 60));
    return { status: "refused", title: "Error", message: `Too many sign-up attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`, values, at, mode: "signup" };
  }
  // SPEC §8 says so when the account exists (better-auth alone would hide it): the rate limit
  // above keeps this from becoming a cheap way to test many addresses (docs/decisions/0007).
  const [existing] = await db().select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (existing) {
    log("info", "auth: sign-up refused, the account exists", { event: "auth.sign-up.failure", reason: "exists", ...emailFields(email), ip });
    return {
      status: "refused",
      title: "Account Exists",
      message: "An account with this email already exists. Please sign in instead.",
      values: { email },
      at,
      mode: "signin",
    };
  }
  try {
    await getAuth().api.signUpEmail({ body: { name, email, password, callbackURL: "/auth?verified=1" }, headers: await headers() });
  } catch (error) {
    log("error", "auth: sign-up error", { event: "auth.sign-up.failure", ...emailFields(email), ...errorFields(error) });
    return { status: "error", title: "Error", message: serverMessage(error), values, at, mode: "signup" };
  }
  return {
    status: "success",
    title: "Account Created!",
    message: "Please check your email to verify your account.",
    values: { email },
    at,
    mode: "signin",
  };
}

export async function requestPasswordResetAction(_previous: FormState, form: FormData): Promise<FormState> {
  const values = { email: String(form.get("email") ?? "").slice(0, 300) };
  const at = Date.now();
  if (!(await isSameOrigin())) return { ...FOREIGN, values, at };
  const parsed = ForgotPasswordSchema.safeParse({ email: form.get("email") ?? "" });
  if (!parsed.success) return { status: "invalid", fieldErrors: fieldErrors(parsed.error), values, at };
  const ip = await clientIp();
  const limit = await hitRateLimit(`reset:ip:${ip}`, { limit: 5, windowMs: 15 * 60_000 });
  if (!limit.allowed) {
    log("warn", "auth: password reset throttled", { event: "auth.password-reset.throttled", ...emailFields(parsed.data.email), ip });
    return { status: "refused", title: "Error", message: "Too many reset requests. Please wait a few minutes and try again.", values, at };
  }
  try {
    await getAuth().api.requestPasswordReset({ body: { email: parsed.data.email, redirectTo: "/auth/reset-password" }, headers: await headers() });
  } catch (error) {
    log("error", "auth: reset request error", errorFields(error));
    return { status: "error", title: "Error", message: serverMessage(error), values, at };
  }
  // The same answer whether or not the address has an account (the log says "mail queued" too when it has).
  log("info", "auth: password reset requested", { event: "auth.password-reset.requested", ...emailFields(parsed.data.email), ip });
  return {
    status: "success",
    title: "Check Your Email",
    message: "If an account exists for that address, we have sent a link to choose a new password. It works for one hour.",
    at,
  };
}

export async function resetPasswordAction(_previous: FormState, form: FormData): Promise<FormState> {
  const at = Date.now();
  if (!(await isSameOrigin())) return { ...FOREIGN, at };
  const parsed = ResetPasswordSchema.safeParse({ token: form.get("token") ?? "", password: form.get("password") ?? "" });
  if (!parsed.success) return { status: "invalid", fieldErrors: fieldErrors(parsed.error), at };
  try {
    await getAuth().api.resetPassword({ body: { newPassword: parsed.data.password, token: parsed.data.token }, headers: await headers() });
  } catch (error) {
    const code = codeOf(error);
    log("warn", "auth: password reset failed", { event: "auth.password-reset.failure", reason: code ?? "error" });
    return {
      status: "error",
      title: "Error",
      message: code === "INVALID_TOKEN" ? "This reset link has expired or was already used. Ask for a new one." : serverMessage(error),
      at,
    };
  }
  redirect("/auth?reset=1");
}

export async function signOutAction(): Promise<void> {
  if (await isSameOrigin()) {
    try {
      const requestHeaders = await headers();
      const session = await getAuth().api.getSession({ headers: requestHeaders });
      await getAuth().api.signOut({ headers: requestHeaders });
      log("info", "auth: signed out", { event: "auth.sign-out", userId: session?.user.id ?? null });
    } catch (error) {
      log("warn", "auth: sign-out error", errorFields(error));
    }
  }
  redirect("/");
}
