"use client";

// The browser's half of the passkey ceremonies (docs/decisions/0046): options from better-auth's
// endpoint, the authenticator through @simplewebauthn/browser (loaded only when a button is pressed,
// so no page carries it up front), and the answer back to the endpoint, which checks it and, for a
// sign-in, sets the session cookie.

import type { FormState } from "@/lib/form-state";

export type CeremonyResult = { ok: true } | { ok: false; message: string };

const API = "/api/auth/passkey";

const SERVER_MESSAGES: Record<string, string> = {
  PASSKEY_NOT_FOUND: "This passkey is not registered here. Sign in with your password, then add it on the Security page.",
  AUTHENTICATION_FAILED: "The passkey could not be verified. Try again, or sign in with your password.",
  CHALLENGE_NOT_FOUND: "The request expired. Try again.",
  FAILED_TO_VERIFY_REGISTRATION: "The new passkey could not be verified. Try again.",
  SESSION_NOT_FRESH: "For your safety, sign out and sign in again before adding a passkey.",
};

function browserMessage(error: unknown, registering: boolean): string {
  const name = error instanceof Error ? error.name : "";
  if (name === "NotAllowedError" || name === "AbortError") return "The passkey request was cancelled or timed out. Try again.";
  if (name === "InvalidStateError" && registering) return "This device already holds a passkey for your account.";
  if (name === "SecurityError") return "This browser refused the passkey for this address.";
  return "This browser could not use a passkey here.";
}

async function serverMessage(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as { code?: string; message?: string } | null;
  if (body?.code && SERVER_MESSAGES[body.code]) return SERVER_MESSAGES[body.code]!;
  return body?.message || "Something went wrong. Please try again.";
}

function supported(): boolean {
  return typeof window !== "undefined" && "PublicKeyCredential" in window;
}

export async function signInWithPasskey(): Promise<CeremonyResult> {
  if (!supported()) return { ok: false, message: "This browser does not support passkeys. Sign in with your password." };
  const { startAuthentication } = await import("@simplewebauthn/browser");
  const options = await fetch(`${API}/generate-authenticate-options`, { credentials: "same-origin" });
  if (!options.ok) return { ok: false, message: await serverMessage(options) };
  let answer;
  try {
    answer = await startAuthentication({ optionsJSON: await options.json() });
  } catch (error) {
    return { ok: false, message: browserMessage(error, false) };
  }
  const verified = await fetch(`${API}/verify-authentication`, {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ response: answer }),
  });
  return verified.ok ? { ok: true } : { ok: false, message: await serverMessage(verified) };
}

export async function registerPasskey(name: string): Promise<CeremonyResult> {
  if (!supported()) return { ok: false, message: "This browser does not support passkeys." };
  const { startRegistration } = await import("@simplewebauthn/browser");
  const options = await fetch(`${API}/generate-register-options?${new URLSearchParams({ name })}`, { credentials: "same-origin" });
  if (!options.ok) return { ok: false, message: await serverMessage(options) };
  let answer;
  try {
    answer = await startRegistration({ optionsJSON: await options.json() });
  } catch (error) {
    return { ok: false, message: browserMessage(error, true) };
  }
  const verified = await fetch(`${API}/verify-registration`, {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ response: answer, name }),
  });
  return verified.ok ? { ok: true } : { ok: false, message: await serverMessage(verified) };
}

/** A ceremony's result as the answer every form gets (ADR 0055): shown and toasted like a Server Action's. */
export function ceremonyAnswer(result: CeremonyResult, success: { title: string; message: string }): FormState {
  return result.ok ? { status: "success", ...success } : { status: "error", title: "Passkey", message: result.message };
}
