import "server-only";
import type { CallToolResult } from "@modelcontextprotocol/server";
import { log } from "../kernel/log";
import { hasScope, type ApiKeyPrincipal, type ApiScope } from "./api-keys";

// How the MCP server's tools answer (docs/decisions/0061): figures as JSON, refusals in words.

/** A tool's answer: the figures as JSON text (what every client shows) and as structured content. */
export function toolResult(value: Record<string, unknown>): CallToolResult {
  return { content: [{ type: "text", text: JSON.stringify(value, null, 2) }], structuredContent: value };
}

/** A refusal or bad input, told to the assistant in words it can repeat to its user. */
export function toolError(message: string): CallToolResult {
  return { content: [{ type: "text", text: message }], isError: true };
}

/** The sentence a tool answers when the key lacks its scope; nothing is read or changed. */
export function scopeRefusal(scope: ApiScope): CallToolResult {
  return toolError(
    `This API key does not have the ${scope} scope, which this tool needs. An owner or admin can make a key with it under Integrations → API keys.`,
  );
}

/** Runs a tool's work when the key has `scope`; an unexpected failure is logged and told plainly. */
export async function scoped(key: ApiKeyPrincipal, scope: ApiScope, tool: string, work: () => Promise<CallToolResult>): Promise<CallToolResult> {
  if (!hasScope(key, scope)) return scopeRefusal(scope);
  try {
    return await work();
  } catch (error) {
    log("error", "mcp tool failed", { event: "mcp.tool-failed", tool, key: key.id, error: error instanceof Error ? error.message : String(error) });
    return toolError("The tool failed on the server; nothing was changed. Try again in a moment.");
  }
}
