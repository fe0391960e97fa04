import "server-only";
import type { McpServer } from "@modelcontextprotocol/server";
import type { ApiKeyPrincipal } from "./api-keys";

/** The lead desk's and the blog's tools. */
export function registerDeskTools(server: McpServer, key: ApiKeyPrincipal): void {
  void server;
  void key;
}
