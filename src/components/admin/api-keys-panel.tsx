import Link from "next/link";
import { API_DOCS_PATH, INTEGRATIONS_PATH } from "@/lib/routes";
import { revokeApiKeyAction } from "@/server/integrations/api-key-actions";
import { listApiKeys, type ApiKeySummary } from "@/server/integrations/data/api-key-rows";
import { CreateApiKeyForm } from "./api-key-forms";
import { ActionForm } from "./team-forms";
import { formatAdminDate } from "@/lib/format";
import { PanelSection } from "./panel-section";

const when = (date: Date | null, none = "Never") => (date ? formatAdminDate(date) : none);

const STATUS_LABELS: Record<ApiKeySummary["status"], string> = { active: "Active", expired: "Expired", revoked: "Revoked" };

/**
 * The API keys screen (docs/decisions/0059): make a key, see every key, revoke one. Its data
 * functions check the team desk's roles themselves (src/server/integrations/data/api-key-rows.ts).
 */
export async function ApiKeysPanel() {
  const keys = await listApiKeys();
  return (
    <div className="space-y-10">
      <p className="text-sm text-ink-soft">
        Keys let other systems use the site&apos;s API (
        <a href={API_DOCS_PATH} className="underline">
          API reference
        </a>
        ). See also{" "}
        <Link href={INTEGRATIONS_PATH} className="underline">
          Webhooks
        </Link>
        .
      </p>
      <PanelSection id="new-key" title="New key">
        <div className="mt-3">
          <CreateApiKeyForm />
        </div>
      </PanelSection>
      <PanelSection id="keys" title="Keys">
        {keys.length === 0 ? (
          <p className="mt-3 text-sm text-ink-soft">No keys yet.</p>
        ) : (
          <div className="mt-3 overflow-x-auto rounded-2xl border border-line bg-surface">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-line text-xs text-ink-soft uppercase">
                <tr>
                  {["Name", "Scopes", "Created by", "Created", "Last used", "Expires", "Status", "Actions"].map((h) => (
                    <th key={h} scope="col" className="px-4 py-3">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {keys.map((key) => {
                  const state = key.status;
                  return (
                    <tr key={key.id} className="border-b border-line align-top last:border-0" data-testid={`api-key-${key.name}`}>
                      <td className="px-4 py-3">
                        <p className="font-semibold">{key.name}</p>
                        <p className="font-mono text-xs text-ink-soft">{key.shownPrefix}…</p>
                      </td>
                      <td className="px-4 py-3">
                        <ul>
                          {key.scopes.map((s) => (
                            <li key={s} className="font-mono text-xs">
                              {s}
                            </li>
                          ))}
                        </ul>
                      </td>
                      <td className="px-4 py-3">{key.createdByEmail ?? "A former member"}</td>
                      <td className="px-4 py-3">{when(key.createdAt)}</td>
                      <td className="px-4 py-3">{when(key.lastUsedAt)}</td>
                      <td className="px-4 py-3">{when(key.expiresAt, "No expiry")}</td>
                      <td className="px-4 py-3" data-testid="api-key-status">
                        {state === "revoked" ? `Revoked ${when(key.revokedAt)}` : STATUS_LABELS[state]}
                      </td>
                      <td className="px-4 py-3">
                        {state !== "revoked" && (
                          <ActionForm
                            action={revokeApiKeyAction}
                            hidden={{ id: key.id }}
                            label="Revoke"
                            variant="danger"
                            confirm={`Revoke the key "${key.name}"? Every request with it is refused from now on.`}
                            testId={`revoke-${key.name}`}
                          />
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </PanelSection>
    </div>
  );
}
