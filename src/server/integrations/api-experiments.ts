import "server-only";
import type { ApiScope } from "@/lib/api-scopes";
import { getExperiment, listExperiments, loadExperimentResults, type ExperimentResults, type ExperimentRow } from "../experiments";
import { ApiError, notFound } from "./api-errors";
import { hasScope, withApiKeyActivity, type ApiKeyPrincipal } from "./api-keys";

// The A/B experiments through the API and MCP (docs/decisions/0104): read only, no scope of their own.
// An experiment is content (a shipped winner becomes the page's copy) judged on the lead desk's
// figures, and on the dashboard both desks read it; so either desk's read scope reads it here. A
// scope of its own would need the keys' stored scope list widened, for no access the two do not give.

/** Either of these reads the experiments. */
export const EXPERIMENT_READ_SCOPES: readonly ApiScope[] = ["content:read", "leads:read"];

function requireExperimentScope(key: ApiKeyPrincipal): void {
  if (!EXPERIMENT_READ_SCOPES.some((scope) => hasScope(key, scope)))
    throw new ApiError(403, "insufficient_scope", `This API key lacks a scope that reads experiments: ${EXPERIMENT_READ_SCOPES.join(" or ")}.`);
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** An experiment as the API shows it: no member's address (who made it stays on the dashboard). */
export function presentExperiment(row: ExperimentRow): Record<string, unknown> {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    target: row.target,
    goal: row.goal,
    status: row.status,
    trafficPercent: row.trafficPercent,
    minDays: row.minDays,
    variants: row.variants,
    startedAt: iso(row.startedAt),
    stoppedAt: iso(row.stoppedAt),
    shippedVariant: row.shippedVariant,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/** Every experiment, the running one first, then the newest (a site has a few dozen at most: no pages). */
export async function listExperimentsForKey(key: ApiKeyPrincipal, headers: Headers | null = null): Promise<{ data: Record<string, unknown>[] }> {
  requireExperimentScope(key);
  const rows = await withApiKeyActivity(key, headers, () => listExperiments());
  return { data: rows.map(presentExperiment) };
}

/** One experiment with its results as they stand now. */
export async function experimentWithResults(
  key: ApiKeyPrincipal,
  id: string,
  headers: Headers | null = null,
): Promise<Record<string, unknown> & { results: ExperimentResults }> {
  requireExperimentScope(key);
  return withApiKeyActivity(key, headers, async () => {
    const row = await getExperiment(id);
    if (!row) throw notFound("experiment");
    return { ...presentExperiment(row), results: await loadExperimentResults(row) };
  });
}
