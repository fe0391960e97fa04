import crypto from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { setUpTestDatabase } from "./helpers/test-db";

// The MCP server (src/server/integrations/mcp.ts, docs/decisions/0061) driven by the SDK's own client,
// in process: the client's requests go to the route handler itself, so what is tested is the route's
// key check, the protocol, and each tool on the test's database.

vi.mock("next/headers", () => ({ headers: async () => new Headers(), cookies: async () => ({ get: () => undefined, set: () => {}, getAll: () => [] }) }));
vi.mock("next/cache", () => ({ revalidatePath: () => {}, revalidateTag: () => {}, updateTag: () => {} }));

const { Client, StreamableHTTPClientTransport } = await import("@modelcontextprotocol/client");
const { POST, GET, DELETE } = await import("@/app/api/mcp/route");
const { apiKeys } = await import("@/server/db/schema");
const { hashApiKey } = await import("@/server/integrations/api-keys");
type ApiScope = import("@/lib/api-scopes").ApiScope;

const handle = setUpTestDatabase();
const URL_ = "http://localhost:3999/api/mcp";

/** A key stored as the keys screen stores one (hash only); returns the key itself. */
async function makeKey(name: string, scopes: ApiScope[], extra: Partial<typeof apiKeys.$inferInsert> = {}): Promise<string> {
  const key = `kg_live_${crypto.randomBytes(32).toString("base64url")}`;
  await handle.db.insert(apiKeys).values({ name, scopes, tokenHash: hashApiKey(key), shownPrefix: key.slice(0, 12), ...extra });
  return key;
}

/** The route handler as the client's fetch: every request the SDK makes reaches it. */
const routeFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
  const request = new Request(input, init);
  const handler = request.method === "GET" ? GET : request.method === "DELETE" ? DELETE : POST;
  return handler(request);
};

async function connect(key: string | null) {
  const client = new Client({ name: "test-assistant", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(URL_), {
    fetch: routeFetch,
    requestInit: key ? { headers: { Authorization: `Bearer ${key}` } } : {},
  });
  await client.connect(transport);
  return client;
}

const text = (result: { content?: unknown }) => ((result.content as { type: string; text: string }[])[0]?.text ?? "");

describe(`MCP server (${process.env.DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("lists its tools to a key, and reads the Overview with leads:read", async () => {
    const client = await connect(await makeKey("Assistant", ["leads:read"]));
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(["get_overview", "get_analytics"]));
    const overview = await client.callTool({ name: "get_overview", arguments: { weeks: 4 } });
    expect(overview.isError).toBeFalsy();
    expect((overview.structuredContent as { weeks: number }).weeks).toBe(4);
    await client.close();
  });

  it("refuses a tool whose scope the key lacks, in words, and changes nothing", async () => {
    const client = await connect(await makeKey("Writer", ["content:read"]));
    const result = await client.callTool({ name: "get_overview", arguments: {} });
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/does not have the leads:read scope/);
    await client.close();
  });

  it("answers no key, a wrong key and a revoked key with 401 before the protocol", async () => {
    const revoked = await makeKey("Old", ["leads:read"], { revokedAt: new Date() });
    for (const key of [null, `kg_live_${"A".repeat(43)}`, revoked]) {
      const response = await POST(
        new Request(URL_, {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...(key ? { authorization: `Bearer ${key}` } : {}) },
          body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
        }),
      );
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toMatch(/^Bearer /);
      expect(((await response.json()) as { error: { code: string } }).error.code).toMatch(/unauthenticated|invalid_key|key_revoked/);
    }
    await expect(connect(null)).rejects.toThrow();
  });
});
