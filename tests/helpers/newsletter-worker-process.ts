// One server process's newsletter sender for tests/newsletter-processes.test.ts: opens the PostgreSQL
// database given as the first argument and runs the newsletter job's round (src/server/newsletter/send.ts)
// in a loop, as the timed job does every second, sending to the SMTP port given as the second
// argument, with the settings given as JSON in the third. It prints "ready" once connected, and runs
// until it is killed.
import { sql } from "drizzle-orm";
import { openPostgres, setDatabase } from "@/server/kernel/db/client";
import { deliverNewsletterRound, newsletterTransport } from "@/server/newsletter/send";

const [url, port, settings] = process.argv.slice(2) as [string, string, string];

// Top-level await is not available: tsx runs this file as CommonJS.
async function main() {
  const handle = openPostgres(url);
  setDatabase(handle);
  await handle.db.execute(sql`select 1`);
  const transport = newsletterTransport({ host: "127.0.0.1", port: Number(port) });
  console.log("ready");
  for (;;) {
    await deliverNewsletterRound(transport, JSON.parse(settings) as object, handle.db);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
