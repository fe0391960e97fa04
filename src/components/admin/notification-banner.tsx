"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { toastAnswer } from "@/components/ui/toast";
import { Button } from "@/components/ui/button";
import { formatAdminDate } from "@/lib/format";
import { retryFailedNotifications } from "@/server/dashboard/admin-actions";

export interface NotificationTrouble {
  failed: number;
  retrying: number;
  since: string | null;
  lastError: string | null;
}

/**
 * Shown on every tab while a notification of what visitors sent is failing or has been given up
 * (ADR 0044): how many, since when, the mail server's last answer, and a retry.
 */
export function NotificationBanner({ trouble }: { trouble: NotificationTrouble }) {
  const router = useRouter();
  const [isRetrying, start] = useTransition();
  const parts = [
    trouble.failed > 0 && `${trouble.failed} given up after their last attempt`,
    trouble.retrying > 0 && `${trouble.retrying} failing and retrying`,
  ].filter(Boolean);
  return (
    <section role="alert" aria-labelledby="notification-trouble" className="mt-6 rounded-card border border-red-300 bg-red-50 p-4 text-sm text-red-950">
      <h2 id="notification-trouble" className="font-bold">
        Notifications are not being delivered: {parts.join(", ")}
      </h2>
      {trouble.since && <p className="mt-1">Since {formatAdminDate(trouble.since)}.</p>}
      {trouble.lastError && (
        <p className="mt-1">
          The mail server&apos;s last answer: <code className="break-all">{trouble.lastError}</code>
        </p>
      )}
      <Button
        className="mt-3"
        size="sm"
        disabled={isRetrying}
        onClick={() =>
          start(async () => {
            const answer = await retryFailedNotifications();
            toastAnswer(answer, { invalid: true });
            router.refresh();
          })
        }
      >
        {isRetrying ? "Retrying..." : "Retry now"}
      </Button>
    </section>
  );
}
