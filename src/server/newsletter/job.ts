import "server-only";
import type { TimedJob } from "../kernel/jobs/jobs";
import { deliverNewsletterRound, jobTransport } from "./send";

/**
 * Every second, on every process: scheduled sends whose time came are started, started sends are
 * queued once, and copies are claimed in small batches (FOR UPDATE SKIP LOCKED, a claim until
 * `locked_until`) under one rate for all processes, so each copy is sent by one process
 * (docs/decisions/0062).
 */
export const newsletterSendingJob: TimedJob = {
  name: "newsletter-sending",
  everyMs: 1000,
  run: async () => {
    await deliverNewsletterRound(jobTransport());
  },
};
