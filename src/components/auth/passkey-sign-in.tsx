"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { Toaster, toastAnswer } from "@/components/ui/toast";
import { ceremonyAnswer, signInWithPasskey } from "./passkey-ceremony";

/**
 * "Use a passkey": the first factor and, with the device's PIN or biometrics, the second
 * (docs/decisions/0046). It needs JavaScript (WebAuthn is a script API); without it the password form
 * is the way in.
 */
export function PasskeySignIn() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  async function start() {
    setBusy(true);
    setMessage(null);
    const result = await signInWithPasskey();
    if (result.ok) {
      router.push("/admin?welcome=1");
      return;
    }
    // The same answer and toaster as every form (ADR 0055); the line below keeps it on the page.
    const answer = ceremonyAnswer(result, { title: "", message: "" });
    toastAnswer(answer);
    setMessage(answer.message ?? null);
    setBusy(false);
  }
  return (
    <div className="mt-5 space-y-3">
      <Toaster />
      <p className="flex items-center gap-3 text-xs font-semibold tracking-wide text-muted uppercase" aria-hidden="true">
        <span className="h-px flex-1 bg-line" />
        or
        <span className="h-px flex-1 bg-line" />
      </p>
      <Button type="button" variant="outline" size="lg" className="w-full" onClick={start} disabled={busy}>
        {busy ? "Waiting for your passkey..." : "Use a passkey"}
      </Button>
      <p role="alert" className="text-sm text-danger empty:hidden">
        {message}
      </p>
    </div>
  );
}
