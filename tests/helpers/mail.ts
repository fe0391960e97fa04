import { pendingNotificationIds } from "@/server/kernel/mail/data/outbox";
import { MailBusyError, sendOutboxMail, type MailTransport } from "@/server/kernel/mail/mail";

/**
 * The mail queue's work done at once, in the test's own process: one try of each pending outbox row,
 * oldest first, through the function the queue's job runs (sendOutboxMail; docs/decisions/0092). The
 * queue itself (its jobs, back-off, adoption, last try) is tested in tests/mail-queue.test.ts.
 * `lastTry` says which rows are on their last try (given up if it fails). A row another try holds
 * (a second caller at once) is left to it, counted neither sent nor failed.
 */
export async function deliverPendingMail(
  transport: MailTransport,
  options: { lastTry?: (id: string) => boolean } = {},
): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  for (const id of await pendingNotificationIds()) {
    try {
      if (await sendOutboxMail({ id }, { isLastTry: options.lastTry?.(id) ?? false }, transport)) sent++;
    } catch (error) {
      if (!(error instanceof MailBusyError)) failed++;
    }
  }
  return { sent, failed };
}
