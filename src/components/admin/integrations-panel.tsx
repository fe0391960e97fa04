import Link from "next/link";
import { deleteEndpointAction, resendDeliveryAction, resumeEndpointAction } from "@/server/integrations/integration-actions";
import { listWebhookEndpoints } from "@/server/integrations/data/webhook-endpoints";
import { dashboardHref } from "@/lib/routes";
import { WEBHOOK_KIND_LABELS } from "@/lib/webhooks";
import { AddEndpointForm } from "./integrations-forms";
import { ActionForm } from "./team-forms";
import { formatAdminDate } from "@/lib/format";
import { PanelSection } from "./panel-section";

const when = (date: Date | null) => (date ? formatAdminDate(date) : "");

const DELIVERY_STATUS = { pending: "Waiting", delivered: "Delivered", failed: "Failed" } as const;

/**
 * The Integrations screen (owners and admins, docs/integrations.md): webhook endpoints, whether each is
 * being sent to (a paused or disabled one says so and why, with Resume), each one's recent deliveries
 * with Send again, and the form to add one. The data functions check the role themselves.
 */
export async function IntegrationsPanel() {
  const endpoints = await listWebhookEndpoints();
  return (
    <div className="space-y-10">
      <section aria-labelledby="webhooks-heading">
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h2 id="webhooks-heading" className="text-lg font-bold">
            Webhooks
          </h2>
          <Link href={`${dashboardHref("integrations")}/keys`} className="text-sm font-semibold text-brand-700 underline">
            API keys
          </Link>
        </div>
        <p className="mt-1 text-sm text-ink-soft">
          New leads, messages and content changes are sent to these addresses, signed (Standard Webhooks), once each, in order per record, retried for 24 hours
          when the receiver is down. An endpoint that keeps failing for an hour is paused until you resume it.
        </p>
        {endpoints.length === 0 ? (
          <p className="mt-4 text-sm text-ink-soft" data-testid="no-endpoints">
            No endpoints yet.
          </p>
        ) : (
          <ul className="mt-4 space-y-6" aria-label="Webhook endpoints">
            {endpoints.map((e) => (
              <li key={e.id} className="rounded-2xl border border-line bg-surface p-4" data-testid="endpoint">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="font-mono text-sm break-all" data-testid="endpoint-url">
                      {e.url}
                    </p>
                    <p className="mt-1 text-sm text-ink-soft">
                      {WEBHOOK_KIND_LABELS[e.kind]} · {e.events.join(", ")}
                    </p>
                    <p className="mt-1 text-sm" data-testid="endpoint-status">
                      {e.status === "active" ? (
                        <span className="font-semibold text-green-800">
                          Active{e.consecutiveFailures > 0 ? ` (the last ${e.consecutiveFailures} attempts failed)` : ""}
                        </span>
                      ) : (
                        <span className="font-semibold text-danger">
                          {e.status === "paused" ? "Paused" : "Disabled"}: nothing is sent to it. {e.pausedReason}
                        </span>
                      )}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    {e.status !== "active" && (
                      <ActionForm action={resumeEndpointAction} hidden={{ id: e.id }} label="Resume" variant="primary" testId="resume" />
                    )}
                    <ActionForm
                      action={deleteEndpointAction}
                      hidden={{ id: e.id }}
                      label="Delete"
                      variant="danger"
                      confirm={`Delete the endpoint ${e.url}? Nothing more is sent to it, and its deliveries are forgotten.`}
                    />
                  </div>
                </div>
                <h3 className="mt-4 text-sm font-semibold">Recent deliveries</h3>
                {e.deliveries.length === 0 ? (
                  <p className="mt-1 text-sm text-ink-soft">None yet.</p>
                ) : (
                  <div className="mt-2 overflow-x-auto">
                    <table className="w-full text-left text-sm" data-testid="deliveries">
                      <thead className="border-b border-line text-xs text-ink-soft uppercase">
                        <tr>
                          <th scope="col" className="py-2 pr-3">
                            Event
                          </th>
                          <th scope="col" className="py-2 pr-3">
                            Status
                          </th>
                          <th scope="col" className="py-2 pr-3">
                            Time
                          </th>
                          <th scope="col" className="py-2 pr-3">
                            Answer
                          </th>
                          <th scope="col" className="py-2 pr-3">
                            Attempts
                          </th>
                          <th scope="col" className="py-2">
                            <span className="sr-only">Actions</span>
                          </th>
                        </tr>
                      </thead>
                      <tbody>
                        {e.deliveries.map((d) => (
                          <tr key={d.id} className="border-b border-line align-top last:border-0" data-testid="delivery">
                            <td className="py-2 pr-3 font-mono text-xs">{d.eventType}</td>
                            <td className="py-2 pr-3" data-testid="delivery-status">
                              {DELIVERY_STATUS[d.status]}
                              {d.status === "pending" && d.attempts > 0 ? `: next try ${when(d.nextAttemptAt)}` : ""}
                              {d.lastError && <span className="block text-xs text-ink-soft break-all">{d.lastError}</span>}
                            </td>
                            <td className="py-2 pr-3 whitespace-nowrap">{when(d.deliveredAt ?? d.lastAttemptAt ?? d.createdAt)}</td>
                            <td className="py-2 pr-3">{d.lastResponseCode ?? "—"}</td>
                            <td className="py-2 pr-3">{d.attempts}</td>
                            <td className="py-2">
                              {d.status !== "pending" && (
                                <ActionForm action={resendDeliveryAction} hidden={{ id: String(d.id) }} label="Send again" variant="ghost" />
                              )}
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <PanelSection id="add-endpoint" title="Add an endpoint">
        <div className="mt-4 max-w-2xl">
          <AddEndpointForm />
        </div>
      </PanelSection>
    </div>
  );
}
