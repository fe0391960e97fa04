import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import { TEAM_DESK } from "@/lib/admin-tables/definition";
import type { WebhookEvent, WebhookKind } from "@/lib/webhooks";
import { recordActivity } from "../../kernel/activity/activity";
import { requireRole } from "../../kernel/session/auth-guard";
import { db, type Executor } from "../../kernel/db/client";
import { webhookDeliveries, webhookEndpoints, type WebhookDelivery, type WebhookEndpoint } from "../../kernel/db/schema";
import { encryptSecret, newSigningSecret } from "../webhooks/secret";
import { enqueueDeliveryJobs, enqueueWaitingDeliveries, recentDeliveries } from "../../kernel/events/data/webhook-outbox";

// The Integrations screen's reads and writes (docs/integrations.md): owners and admins only, checked
// here whatever called; every write records its activity row in its transaction (ADR 0037), and
// the signing secret reaches neither the trail nor any answer but the one that created it.

/** An endpoint as the screen shows it: everything but the secret. */
export type EndpointView = Omit<WebhookEndpoint, "secretEncrypted"> & { deliveries: WebhookDelivery[] };

/**
 * An address as the trail keeps it: its origin and first path segment. The rest of a Slack, Teams or
 * Zapier address is its credential (whoever has it can post there), and the trail is kept for a year
 * after the endpoint is gone.
 */
export function trailUrl(url: string): string {
  const parsed = new URL(url);
  const [first, ...rest] = parsed.pathname.split("/").filter(Boolean);
  return `${parsed.origin}${first ? `/${first}` : ""}${rest.length > 0 || parsed.search ? "/…" : ""}`;
}

/** What the trail keeps of an endpoint. */
const described = (e: Pick<WebhookEndpoint, "url" | "kind" | "events" | "status">) => ({ url: trailUrl(e.url), kind: e.kind, events: e.events, status: e.status });

/** Stores an endpoint with a new secret; returns its id and the secret (in plain, this once). No role check: the callers check. */
export async function insertWebhookEndpoint(
  values: { url: string; kind: WebhookKind; events: readonly WebhookEvent[]; createdBy?: string | null },
  executor: Executor = db(),
): Promise<{ id: string; secret: string }> {
  const secret = newSigningSecret();
  const [row] = await executor
    .insert(webhookEndpoints)
    .values({ url: values.url, kind: values.kind, events: [...values.events], secretEncrypted: encryptSecret(secret), createdBy: values.createdBy ?? null })
    .returning({ id: webhookEndpoints.id });
  return { id: row!.id, secret };
}

export async function listWebhookEndpoints(deliveriesPerEndpoint = 10): Promise<EndpointView[]> {
  await requireRole(TEAM_DESK.read);
  const endpoints = await db().select().from(webhookEndpoints).orderBy(asc(webhookEndpoints.createdAt));
  const deliveries = await recentDeliveries(
    endpoints.map((e) => e.id),
    deliveriesPerEndpoint,
  );
  return endpoints.map(({ secretEncrypted: _secret, ...e }) => ({ ...e, deliveries: deliveries.filter((d) => d.endpointId === e.id) }));
}

export async function addWebhookEndpoint(values: { url: string; kind: WebhookKind; events: readonly WebhookEvent[] }): Promise<{ id: string; secret: string }> {
  const user = await requireRole(TEAM_DESK.write);
  return db().transaction(async (tx) => {
    const made = await insertWebhookEndpoint({ ...values, createdBy: user.id }, tx);
    await recordActivity(
      { action: "webhook.add", actor: user, table: "webhook_endpoints", recordId: made.id, after: described({ ...values, events: [...values.events], status: "active" }) },
      tx,
    );
    return made;
  });
}

/** False when there was no such endpoint. Its deliveries go with it. */
export async function deleteWebhookEndpoint(id: string): Promise<boolean> {
  const user = await requireRole(TEAM_DESK.write);
  return db().transaction(async (tx) => {
    const [gone] = await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning();
    if (!gone) return false;
    await recordActivity({ action: "webhook.delete", actor: user, table: "webhook_endpoints", recordId: id, before: described(gone) }, tx);
    return true;
  });
}

/** A paused or disabled endpoint is active again, its run of failures forgotten; false when it was not paused or disabled. */
export async function resumeWebhookEndpoint(id: string): Promise<boolean> {
  const user = await requireRole(TEAM_DESK.write);
  return db().transaction(async (tx) => {
    const [before] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).for("update");
    if (!before || before.status === "active") return false;
    await tx
      .update(webhookEndpoints)
      .set({ status: "active", consecutiveFailures: 0, failingSince: null, pausedReason: null, pausedAt: null })
      .where(eq(webhookEndpoints.id, id));
    // Jobs of a paused endpoint end without sending (ADR 0093): its waiting deliveries get theirs
    // again, each at its next try, named by the pause this ends.
    await enqueueWaitingDeliveries(id, `resumed/${before.pausedAt?.getTime() ?? Date.now()}`, tx);
    await recordActivity(
      {
        action: "webhook.resume",
        actor: user,
        table: "webhook_endpoints",
        recordId: id,
        before: { status: before.status, pausedReason: before.pausedReason },
        after: { status: "active", pausedReason: null },
      },
      tx,
    );
    return true;
  });
}

/**
 * "Send again": a delivery that was delivered or failed is pending again, now, with the same
 * webhook-id (a receiver that kept it can tell it is the same event) and 24 hours of retries.
 * False when there is no such delivery or it is still pending.
 */
export async function resendWebhookDelivery(id: number): Promise<boolean> {
  const user = await requireRole(TEAM_DESK.write);
  return db().transaction(async (tx) => {
    const [row] = await tx
      .update(webhookDeliveries)
      .set({ status: "pending", attempts: 0, nextAttemptAt: sql`now()`, retryUntil: sql`now() + interval '24 hours'` })
      .where(and(eq(webhookDeliveries.id, id), sql`${webhookDeliveries.status} <> 'pending'`))
      .returning({
        id: webhookDeliveries.id,
        endpointId: webhookDeliveries.endpointId,
        eventType: webhookDeliveries.eventType,
        recordTable: webhookDeliveries.recordTable,
        recordId: webhookDeliveries.recordId,
        updatedAt: webhookDeliveries.updatedAt,
      });
    if (!row) return false;
    // Its job, in this transaction, named by this resend (the row's first job ran long ago).
    await enqueueDeliveryJobs([row], tx, { tag: `resent/${row.updatedAt.getTime()}` });
    await recordActivity(
      { action: "webhook.resend", actor: user, table: "webhook_deliveries", recordId: String(id), after: { endpoint: row.endpointId, event: row.eventType } },
      tx,
    );
    return true;
  });
}
