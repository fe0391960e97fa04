// One server process's newsletter sender for tests/newsletter-processes.test.ts: opens the PostgreSQL
// database given as the first argument and works the newsletter's jobs of the queue
// (src/server/newsletter/job.ts, docs/decisions/0094) as boot does, sending to the SMTP port given as
// the second argument, with the batch job's settings given as JSON in the third (its lease, tries,
// claim, rate). The queue polls every half second and looks for jobs whose lease ran out every
// second. It prints "ready" once its workers run, and runs until it is killed.
import { sql } from "drizzle-orm";
import { openPostgres, setDatabase } from "@/server/kernel/db/client";
import { startQueue } from "@/server/kernel/jobs/queue";
import { newsletterCopiesJob, newsletterStartJob } from "@/server/newsletter/job";
import { newsletterTransport, type NewsletterMessage, type NewsletterSettings } from "@/server/newsletter/send";

const [url, port, settings] = process.argv.slice(2) as [string, string, string];

// Top-level await is not available: tsx runs this file as CommonJS.
async function main() {
  const handle = openPostgres(url);
  setDatabase(handle);
  await handle.db.execute(sql`select 1`);
  // Each copy names the process that sent it, so that the test can kill one with a copy on the wire.
  const smtp = newsletterTransport({ host: "127.0.0.1", port: Number(port) });
  const transport = {
    ...smtp,
    send: (message: NewsletterMessage) => smtp.send({ ...message, headers: { ...message.headers, "X-Test-Sender": String(process.pid) } }),
  };
  await startQueue([newsletterStartJob(), newsletterCopiesJob({ transport, settings: JSON.parse(settings) as Partial<NewsletterSettings> })], {
    pollSeconds: 0.5,
    monitorSeconds: 1,
  });
  console.log("ready");
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
