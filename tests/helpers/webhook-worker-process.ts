// One server process's webhook sender for tests/webhook-processes.test.ts: opens the PostgreSQL
// database given as the first argument and works the queue's webhook delivery job
// (src/server/integrations/webhooks/delivery.ts) as a server's boot does, with the job's lease and
// retry policy given as JSON in the second argument (the test declared the queue with the same).
// It prints "ready" once its workers run, and runs until it is killed.
import { openPostgres, setDatabase } from "@/server/kernel/db/client";

const [url, settings] = process.argv.slice(2) as [string, string];

// Top-level await is not available: tsx runs this file as CommonJS.
async function main() {
  const handle = openPostgres(url);
  setDatabase(handle);
  const { leaseSeconds, retry } = JSON.parse(settings) as { leaseSeconds: number; retry: { limit: number; delaySeconds: number; maxDelaySeconds: number } };
  const { webhookDeliveryJob } = await import("@/server/integrations/webhooks/delivery");
  const { startQueue } = await import("@/server/kernel/jobs/queue");
  await startQueue([{ ...webhookDeliveryJob({ allowPrivate: true, leaseSeconds }), retry }], { pollSeconds: 0.5, monitorSeconds: 1 });
  console.log("ready");
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
