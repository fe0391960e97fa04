// A server process's job worker for tests/queue-kill.test.ts: opens the PostgreSQL database given as
// the first argument, works the job named by the second with a 2-second lease, and prints a line
// when a job starts; the job then never ends, so the test can kill this process mid-job.
import { openPostgres, setDatabase } from "@/server/kernel/db/client";

const [url, name] = process.argv.slice(2) as [string, string];

// Top-level await is not available: tsx runs this file as CommonJS.
async function main() {
  const handle = openPostgres(url);
  setDatabase(handle);
  const { startQueue } = await import("@/server/kernel/jobs/queue");
  await startQueue(
    [
      {
        name,
        leaseSeconds: 2,
        retry: { limit: 3, delaySeconds: 1 },
        handler: async (data: { n?: number }) => {
          console.log(JSON.stringify({ started: data.n, at: Date.now() }));
          await new Promise(() => {});
        },
      },
    ],
    { pollSeconds: 0.5 },
  );
  console.log(JSON.stringify({ working: name }));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
