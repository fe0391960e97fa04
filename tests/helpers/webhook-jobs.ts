import { sql } from "drizzle-orm";
import type { TestDatabase } from "./test-db";

// Webhook deliveries run on the job queue (docs/decisions/0093): a test starts the delivery job in
// its process (with settings it can change between tests: the clock, the resolver, the allowance)
// and waits for the jobs instead of calling a round of a timer. Call after setUpJobQueue().

const { sendDelivery, webhookDeliveryJob } = await import("@/server/integrations/webhooks/delivery");
const { startQueue } = await import("@/server/kernel/jobs/queue");

type Settings = NonNullable<Parameters<typeof sendDelivery>[2]>;

let settings: Settings = {};
/** What the job's tries use from now on (a local receiver allowed unless said otherwise). */
export function useDeliverySettings(next: Settings): void {
  settings = { allowPrivate: true, ...next };
}

/** Starts the delivery job in this process, polling every half second (once per process). */
export async function startWebhookDeliveries(): Promise<void> {
  const job = webhookDeliveryJob();
  const withSettings: typeof job = {
    ...job,
    async handler(data, attempt) {
      await sendDelivery(data, attempt, settings);
    },
  };
  await startQueue([withSettings], { pollSeconds: 0.5 });
}

/**
 * Waits until no delivery job is running or due: a job waiting for its next try, or held back by an
 * earlier one of its key that waits, is not due.
 */
export async function deliveriesSettled(handle: TestDatabase, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    const rows = await handle.db.execute<{ n: number }>(sql`
      with held as (select singleton_key from pgboss.job where name = 'webhook.delivery' and state in ('active', 'retry', 'failed'))
      select count(*)::int as n from pgboss.job j
      where j.name = 'webhook.delivery'
        and (j.state = 'active' or (j.state = 'retry' and j.start_after <= now())
          or (j.state = 'created' and j.start_after <= now() and j.singleton_key not in (select singleton_key from held)))`);
    if (Number(rows.rows[0]!.n) === 0) return;
    if (Date.now() > end) {
      const states = await handle.db.execute(
        sql`select state::text as state, (start_after <= now()) as due, count(*)::int as n from pgboss.job where name = 'webhook.delivery' group by 1, 2 order by 1, 2`,
      );
      throw new Error(`webhook deliveries still queued or running: ${JSON.stringify(states.rows)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The queue's clock moved with the test's: the jobs waiting to start by `offsetMs` ahead of now start
 * now (their waits are on the test's clock, which runs `offsetMs` ahead of the database's).
 */
export async function startJobsDueBy(handle: TestDatabase, offsetMs: number): Promise<number> {
  const moved = await handle.db.execute(sql`
    update pgboss.job set start_after = now()
    where name = 'webhook.delivery' and state in ('created', 'retry') and start_after > now()
      and start_after <= now() + make_interval(secs => ${offsetMs / 1000})
    returning id`);
  return moved.rows.length;
}

/** The delivery jobs' states of one endpoint and record (its key), oldest first. */
export async function deliveryJobStates(
  handle: TestDatabase,
  endpointId: string,
  table: string,
  recordId: string,
): Promise<{ state: string; startAfter: Date }[]> {
  const rows = await handle.db.execute<{ state: string; start_after: string | Date }>(
    sql`select state::text as state, start_after from pgboss.job where name = 'webhook.delivery' and singleton_key = ${`${endpointId}/${table}/${recordId}`} order by created_on, start_after`,
  );
  return rows.rows.map((r) => ({ state: r.state, startAfter: new Date(r.start_after) }));
}
