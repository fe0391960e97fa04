import "server-only";
import type { Database } from "../kernel/db/client";
import type { JobDefinition } from "../kernel/jobs/queue";
import { adoptNewsletterWork, NEWSLETTER_COPIES_JOB, NEWSLETTER_START_JOB, type CopiesJobData, type StartJobData } from "./data/newsletter-delivery";
import { BATCH_DEFAULTS, jobTransport, sendCopies, startSend, type NewsletterSettings, type NewsletterTransport } from "./send";

/**
 * A send's start (docs/decisions/0094), enqueued by "Send now" (to start at once) or by its schedule
 * (to start at its time): renders the letter, writes the recipients and enqueues their batches, once.
 * Its `adopt` enqueues what the timed job of before had left: sends scheduled or started but not
 * queued, and the batches of copies still to send of sends that are sending.
 */
export function newsletterStartJob(options: { database?: Database } = {}): JobDefinition<StartJobData> {
  return {
    name: NEWSLETTER_START_JOB,
    handler: async (data) => {
      await startSend(data.sendId, options.database);
    },
    adopt: () => adoptNewsletterWork(options.database),
  };
}

/**
 * One batch of a send's copies (docs/decisions/0094): one job of a batch runs at a time (the
 * singleton policy, keyed by the batch), several batches side by side, each process under one rate.
 * `transport` and `settings` for tests and the benchmark.
 */
export function newsletterCopiesJob(
  options: { transport?: NewsletterTransport; settings?: Partial<NewsletterSettings>; database?: Database; concurrency?: number } = {},
): JobDefinition<CopiesJobData> {
  const settings = { ...BATCH_DEFAULTS, ...options.settings };
  return {
    name: NEWSLETTER_COPIES_JOB,
    policy: "singleton",
    batchSize: settings.fetch,
    concurrency: options.concurrency ?? 1,
    leaseSeconds: Math.max(1, Math.round(settings.leaseMs / 1000)),
    retry: settings.retry,
    handler: async (data, attempt) => {
      await sendCopies(data, attempt, options.transport ?? jobTransport(), options.settings, options.database);
    },
  };
}
