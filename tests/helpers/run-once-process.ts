// One server process's share of tests/jobs-processes.test.ts: opens the PostgreSQL database given
// as the first argument, waits until the moment given as the third (so that every process races at
// once), calls runOnce for the run key given as the second, and prints whether it did the work.
// With "follow-up-digest" as the fourth, it queues the morning digests of the day given as the run key;
// with "booking-reminders", it runs the reminder jobs of every call once and prints how many it queued.
import { sql } from "drizzle-orm";
import { openPostgres, setDatabase } from "@/server/kernel/db/client";
import { rateLimits } from "@/server/kernel/db/schema";
import { runOnce } from "@/server/kernel/jobs/data/job-runs";

const [url, runKey, startAt, mode] = process.argv.slice(2) as [string, string, string, string | undefined];

// Top-level await is not available: tsx runs this file as CommonJS.
async function main() {
  const handle = openPostgres(url);
  await handle.db.execute(sql`select 1`);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(startAt) - Date.now())));
  if (mode === "booking-reminders") {
    setDatabase(handle);
    // Every call's two reminder jobs, all at once, as when their jobs ran again on every process.
    const { sendReminder } = await import("@/server/booking/job");
    const calls = await handle.db.execute<{ id: string }>(sql`select id from bookings`);
    const sent = async (kind: "24h" | "1h") => (await Promise.all(calls.rows.map((call) => sendReminder({ bookingId: call.id, kind })))).filter(Boolean).length;
    const [day, hour] = await Promise.all([sent("24h"), sent("1h")]);
    console.log(JSON.stringify({ did: day + hour > 0, day, hour }));
    await handle.close();
    return;
  }
  if (mode === "follow-up-digest") {
    const { queueFollowUpDigests } = await import("@/server/leads/data/follow-up");
    console.log(JSON.stringify({ did: (await queueFollowUpDigests(runKey, handle.db)) > 0 }));
    await handle.close();
    return;
  }
  const did = await runOnce(
    "digest",
    runKey,
    async (tx) => {
      await tx.execute(sql`select pg_sleep(0.3)`);
      await tx
        .insert(rateLimits)
        .values({ key: `done:${runKey}`, windowStart: new Date(), count: 1 })
        .onConflictDoUpdate({ target: rateLimits.key, set: { count: sql`${rateLimits.count} + 1` } });
    },
    handle.db,
  );
  console.log(JSON.stringify({ did }));
  await handle.close();
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
