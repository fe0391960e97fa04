import { afterAll, beforeAll } from "vitest";

// A confirmed call enqueues its reminders, a member's calendar its writes (docs/decisions/0089): a
// test file that books calls declares the app's jobs on its database first. Nothing here works them;
// its mails then get their jobs too, and tests send them with ./mail.ts (docs/decisions/0092).
// Call after setUpTestDatabase(), so that the database exists when this runs.

const { QUEUED_JOBS } = await import("@/server/queue-registry");
const { declareJobs, stopQueue } = await import("@/server/kernel/jobs/queue");

export function setUpJobQueue(): void {
  beforeAll(async () => {
    await declareJobs(QUEUED_JOBS);
  });
  afterAll(async () => {
    await stopQueue();
  });
}
