// A second server process for tests/queue.test.ts's timed-job test: opens the PostgreSQL database
// given as the first argument and starts the job queue with one timed job, named by the second, whose
// tick records a row in `job_runs` (claimed_by "child"); its engine runs the cron pass every second.
// It prints a line once it works, and runs until killed.
import { randomUUID } from "node:crypto";
import { openPostgres, setDatabase } from "@/server/kernel/db/client";
import { jobRuns } from "@/server/kernel/db/schema";

const [url, name] = process.argv.slice(2) as [string, string];

// Top-level await is not available: tsx runs this file as CommonJS.
async function main() {
  const handle = openPostgres(url);
  setDatabase(handle);
  const { startQueue } = await import("@/server/kernel/jobs/queue");
  const run = async () => void (await handle.db.insert(jobRuns).values({ job: name, runKey: randomUUID(), claimedBy: "child" }));
  await startQueue([], { schedules: [{ name, cron: "* * * * *", run }], cronSeconds: 1, timedPollSeconds: 0.5 });
  console.log(JSON.stringify({ working: name }));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
