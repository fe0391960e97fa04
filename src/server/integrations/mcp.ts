import "server-only";
import { createMcpHandler, McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { ANALYTICS_PERIODS, analyticsReport } from "../analytics";
import { OVERVIEW_PERIODS, overviewReport } from "../dashboard";
import { log } from "../kernel/log";
import { siteConfig } from "../kernel/site-config";
import type { ApiKeyPrincipal } from "./api-keys";
import { registerDeskTools } from "./mcp-desk-tools";
import { registerExperimentTools } from "./mcp-experiment-tools";
import { scoped, toolResult } from "./mcp-results";

// The MCP server (docs/decisions/0061): an assistant connects to /api/mcp with an API key and works
// the lead desk through tools. Each request builds its own server for the key that signed it, so a
// tool never sees another key's scopes; every tool checks its scope before it reads or writes, and
// writes run in the key's activity scope (the trail names the key), through the same functions as
// the REST API and the dashboard.

/** The largest request the handler reads: a drafted post's body (200,000 characters) with room for its JSON. */
export const MCP_BODY_LIMIT_BYTES = 1024 * 1024;

const OverviewInput = z.object({
  weeks: z
    .literal(OVERVIEW_PERIODS)
    .default(12)
    .describe("The period: the last 4, 12, 26 or 52 whole weeks (Monday to Sunday, India time), this one included."),
});

const AnalyticsInput = z.object({
  days: z.literal(ANALYTICS_PERIODS).default(7).describe("The period in days: 1, 7, 30 or 90, ending now."),
  page: z.string().max(2048).optional().describe("Only visits that saw this path, e.g. /pricing."),
  source: z.string().max(200).optional().describe("Only visits from this source (utm_source or the referring site)."),
  campaign: z.string().max(200).optional().describe("Only visits that carried this utm_campaign."),
});

function registerFigureTools(server: McpServer, key: ApiKeyPrincipal): void {
  server.registerTool(
    "get_overview",
    {
      title: "Lead desk overview",
      description:
        "The dashboard's Overview figures (scope leads:read): leads and messages per week and channel, the funnel by status, revenue brackets, landing pages, campaigns and the time to first contact.",
      inputSchema: OverviewInput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ weeks }) => scoped(key, "leads:read", "get_overview", async () => toolResult({ ...(await overviewReport(weeks)) })),
  );
  server.registerTool(
    "get_analytics",
    {
      title: "Site analytics",
      description:
        "The dashboard's Analytics figures (scope leads:read): visitors, visits, page views, bounce rate and duration against the previous period, top and entry pages, sources, campaigns, countries, devices, and the funnel from visits to leads and won value.",
      inputSchema: AnalyticsInput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ days, page, source, campaign }) =>
      scoped(key, "leads:read", "get_analytics", async () => toolResult({ ...(await analyticsReport(days, { page, source, campaign })) })),
  );
}

/** The server one request is answered by, with the tools of the key that signed it. */
export function mcpServerFor(key: ApiKeyPrincipal, headers: Headers | null = null): McpServer {
  const server = new McpServer(
    { name: `${siteConfig().name} lead desk`, version: "1.0.0" },
    {
      instructions:
        "Tools of a growth-marketing agency's lead desk and blog. Each tool names the API key scope it needs; a tool refused for a missing scope changed nothing. Posts are drafted unless publishing is asked for explicitly.",
    },
  );
  registerDeskTools(server, key, headers);
  registerFigureTools(server, key);
  registerExperimentTools(server, key, headers);
  return server;
}

/**
 * One handler for the process. Stateless: every request builds its server from the key passed in
 * `authInfo` (route src/app/api/mcp/route.ts authenticates it first), so any process can answer
 * any request and nothing is kept between them. No tool sends progress, so every answer is one
 * JSON body (the SDK's "auto" mode streams only when a tool emits something before its result).
 */
export const mcpHandler = createMcpHandler(
  (context) => {
    const key = context.authInfo?.extra?.key as ApiKeyPrincipal | undefined;
    if (!key) throw new Error("MCP request without an authenticated API key");
    return mcpServerFor(key, context.requestInfo?.headers ?? null);
  },
  {
    maxRequestBodySize: MCP_BODY_LIMIT_BYTES,
    onerror: (error) => log("warn", "mcp request refused", { event: "mcp.refused", error: error.message }),
  },
);
