import "server-only";
import { pruneWebhookDeliveries } from "../../kernel/events/data/webhook-outbox";
import { oncePer, type TimedJob } from "../../kernel/jobs/jobs";
import { log } from "../../kernel/log";

/** Delivered and failed deliveries are kept this long for the Integrations screen, then deleted. */
export const DELIVERY_KEEP_DAYS = 30;

/** Once a day (an hourly tick, docs/decisions/0095): delivered and failed rows past DELIVERY_KEEP_DAYS. */
export const webhookRetentionJob: TimedJob = {
  name: "webhook-retention",
  cron: "0 * * * *",
  run: oncePer("day", "webhook-retention", async (tx) => {
    const removed = await pruneWebhookDeliveries(DELIVERY_KEEP_DAYS, tx);
    log("info", "old webhook deliveries deleted", { event: "webhook.pruned", removed, keepDays: DELIVERY_KEEP_DAYS });
  }),
};
