// One server process's webhook sender for tests/webhook-processes.test.ts: opens the PostgreSQL
// database given as the first argument and runs the delivery job's round (src/server/integrations/webhooks/delivery.ts)
// in a loop, as the timed job does every second, with the settings given as JSON in the second argument.
// It prints "ready" once connected, and runs until it is killed.
import { sql } from "drizzle-orm";
import { openPostgres, setDatabase } from "@/server/kernel/db/client";
import { deliverDueWebhooks } from "@/server/integrations/webhooks/delivery";

const [url, settings] = process.argv.slice(2) as [string, string];

// Top-level await is not available: tsx runs this file as CommonJS.
async function main() {
  const handle = openPostgres(url);
  setDatabase(handle);
  await handle.db.execute(sql`select 1`);
  console.log("ready");
  for (;;) {
    await deliverDueWebhooks({ allowPrivate: true, ...(JSON.parse(settings) as object) });
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
