import "server-only";
import type { CallToolResult, McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { dashboardHref } from "@/lib/routes";
import { siteConfig } from "../kernel/site-config";
import { EXPERIMENT_READ_SCOPES, experimentWithResults, listExperimentsForKey } from "./api-experiments";
import { ApiError } from "./api-errors";
import { hasScope, type ApiKeyPrincipal } from "./api-keys";
import { scoped, toolError, toolResult } from "./mcp-results";

// The A/B experiments' tool (docs/decisions/0104): an experiment's results as the dashboard shows
// them, read through the REST API's service function, so the scope, the role and the figures are the
// same. Either desk's read scope reads it, as on the API.

const Input = z.object({
  id: z
    .uuid({ error: "Give the id of an experiment, or leave it out for the running one." })
    .optional()
    .describe("The experiment's id; left out: the running experiment, else the one started last."),
});

export function registerExperimentTools(server: McpServer, key: ApiKeyPrincipal, headers: Headers | null): void {
  server.registerTool(
    "get_experiment_results",
    {
      title: "A/B experiment results",
      description: `An A/B experiment's results (scope ${EXPERIMENT_READ_SCOPES.join(" or ")}): per variant the visitors, leads by form, booked calls, qualified and won leads, won value, the goal's rate with its 95 % interval, the chance to beat the control and the expected loss; the sample-ratio check, visitors seen in two variants, days run against the minimum, the verdict and the warnings that withhold a winner.`,
      inputSchema: Input,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ id }) => {
      const scope = EXPERIMENT_READ_SCOPES.find((s) => hasScope(key, s)) ?? EXPERIMENT_READ_SCOPES[0]!;
      return scoped(key, scope, "get_experiment_results", async (): Promise<CallToolResult> => {
        try {
          let chosen = id;
          if (!chosen) {
            const { data } = await listExperimentsForKey(key, headers);
            // The list has the running one first, then the newest; the one started last is what "the results" means without a running one.
            const started = data.filter((e) => e.startedAt !== null);
            const pick = started.find((e) => e.status === "running") ?? started.sort((a, b) => String(b.startedAt).localeCompare(String(a.startedAt)))[0];
            if (!pick) return toolError("No experiment has been started yet.");
            chosen = String(pick.id);
          }
          const experiment = await experimentWithResults(key, chosen, headers);
          return toolResult({ ...experiment, link: `${siteConfig().url}${dashboardHref("experiments")}/${chosen}` });
        } catch (error) {
          if (error instanceof ApiError) return toolError(error.status === 404 ? "No experiment has this id." : error.message);
          throw error;
        }
      });
    },
  );
}
