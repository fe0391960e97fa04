import crypto from "node:crypto";
import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { setUpTestDatabase } from "./helpers/test-db";

// The experiments through the REST API (GET /api/v1/experiments and /api/v1/experiments/{id}, with
// results) and the MCP tool get_experiment_results (docs/decisions/0104): read with either desk's
// read scope, refused without one, the same figures as the dashboard's.

vi.mock("next/headers", () => ({ headers: async () => new Headers(), cookies: async () => ({ get: () => undefined, set: () => {}, getAll: () => [] }) }));
vi.mock("next/cache", () => ({ revalidatePath: () => {}, revalidateTag: () => {}, updateTag: () => {} }));

const handle = setUpTestDatabase();
const route = await import("@/app/api/v1/[...path]/route");
const mcpRoute = await import("@/app/api/mcp/route");
const { Client, StreamableHTTPClientTransport } = await import("@modelcontextprotocol/client");
const { analyticsEvents, apiKeys, experiments, leads } = await import("@/server/kernel/db/schema");
const { hashApiKey } = await import("@/server/integrations/api-keys");
const { openApiDocument } = await import("@/server/integrations/openapi");
const { experimentResults } = await import("@/server/experiments/data/results");
type ApiScope = import("@/lib/api-scopes").ApiScope;

const SITE = "http://localhost:3999";

async function makeKey(scopes: ApiScope[]): Promise<string> {
  const key = `kg_live_${crypto.randomBytes(32).toString("base64url")}`;
  await handle.db.insert(apiKeys).values({ name: `key ${scopes.join(" ")}`, scopes, tokenHash: hashApiKey(key), shownPrefix: key.slice(0, 12) });
  return key;
}

async function get(path: string, key: string | null, method: "GET" | "POST" | "DELETE" = "GET") {
  const request = new Request(`${SITE}/api/v1/${path}`, { method, headers: key ? { authorization: `Bearer ${key}` } : {} });
  const segments = path.split("/").filter(Boolean);
  const handler = method === "GET" ? route.GET : method === "POST" ? route.POST : route.DELETE;
  const response = await handler(request, { params: Promise.resolve({ path: segments }) });
  return {
    status: response.status,
    allow: response.headers.get("allow"),
    json: (await response.json()) as Record<string, unknown> & { error?: Record<string, unknown> },
  };
}

const visitor = (name: string) => createHash("sha256").update(name).digest("hex");
const START = new Date("2026-11-01T09:00:00Z");
let running: typeof experiments.$inferSelect;
let draft: typeof experiments.$inferSelect;

beforeAll(async () => {
  const [made] = await handle.db
    .insert(experiments)
    .values({
      key: "a1b2c3d4",
      name: "Hero promise",
      target: "home-hero",
      goal: "free-audit",
      status: "running",
      startedAt: START,
      minDays: 3,
      variants: [
        { name: "Control", weight: 1, copy: {} },
        { name: "Outcome first", weight: 1, copy: { headline: "Twice the leads" } },
      ],
      createdBy: "ana@test.example",
    })
    .returning();
  running = made!;
  const [drafted] = await handle.db
    .insert(experiments)
    .values({
      key: "0f0f0f0f",
      name: "Header button",
      target: "header-cta",
      goal: "contact",
      variants: [
        { name: "Control", weight: 1, copy: {} },
        { name: "Book", weight: 1, copy: { ctaText: "Book a call" } },
      ],
    })
    .returning();
  draft = drafted!;
  const exposures = [...Array.from({ length: 20 }, (_, i) => [`a${i}`, 0] as const), ...Array.from({ length: 20 }, (_, i) => [`b${i}`, 1] as const)];
  await handle.db.insert(analyticsEvents).values(
    exposures.map(([name, variant]) => ({
      at: START,
      day: "2026-11-01",
      visitorId: visitor(name),
      path: "/",
      device: "desktop" as const,
      experimentKey: "a1b2c3d4",
      variant,
    })),
  );
  for (const [name, n] of [
    ["a0", 1],
    ["b0", 2],
    ["b1", 3],
  ] as const)
    await handle.db.insert(leads).values({
      name: `Lead ${n}`,
      email: `l${n}@example.com`,
      mobileNumber: "+919876543210",
      visitorId: visitor(name),
      createdAt: new Date(START.getTime() + 60_000),
    });
});

describe("the REST API's experiments", () => {
  it("lists them, the running one first, without the member who made it", async () => {
    const { status, json } = await get("experiments", await makeKey(["content:read"]));
    expect(status).toBe(200);
    const data = json.data as Record<string, unknown>[];
    expect(data.map((e) => e.name)).toEqual(["Hero promise", "Header button"]);
    expect(data[0]).toMatchObject({ id: running.id, key: "a1b2c3d4", status: "running", startedAt: START.toISOString(), shippedVariant: null });
    expect(data[0]).not.toHaveProperty("createdBy");
  });

  it("reads one with its results, the same figures the dashboard computes", async () => {
    const { status, json } = await get(`experiments/${running.id}`, await makeKey(["leads:read"]));
    expect(status).toBe(200);
    const data = json.data as { results: { variants: { visitors: number; leads: { freeAudit: number } }[] } };
    expect(data.results.variants.map((v) => [v.visitors, v.leads.freeAudit])).toEqual([
      [20, 1],
      [20, 2],
    ]);
    // The dashboard's function on the same row, at nearly the same moment: only the clock may differ.
    const direct = JSON.parse(JSON.stringify(await experimentResults(running))) as typeof data.results;
    expect(data.results.variants).toEqual(direct.variants);
    expect((await get(`experiments/${draft.id}`, await makeKey(["content:read"]))).json.data).toMatchObject({
      status: "draft",
      results: { verdict: { kind: "none", reason: "draft" } },
    });
  });

  it("reads with either desk's read scope; refuses a key with neither, no key, and a write", async () => {
    for (const scopes of [["content:read"], ["leads:read"], ["content:read", "leads:write"]] as ApiScope[][])
      expect((await get(`experiments/${running.id}`, await makeKey(scopes))).status, scopes.join()).toBe(200);
    for (const scopes of [["content:write"], ["leads:write"]] as ApiScope[][]) {
      const refused = await get("experiments", await makeKey(scopes));
      expect(refused.status).toBe(403);
      expect(refused.json.error).toMatchObject({ code: "insufficient_scope", message: expect.stringMatching(/content:read or leads:read/) });
    }
    expect((await get("experiments", null)).status).toBe(401);
    const write = await get("experiments", await makeKey(["content:write", "content:read"]), "POST");
    expect(write).toMatchObject({ status: 405, allow: "GET" });
    expect((await get(`experiments/${running.id}`, await makeKey(["content:read"]), "DELETE")).status).toBe(405);
  });

  it("answers an unknown or malformed id with the API's 404", async () => {
    const key = await makeKey(["content:read"]);
    for (const id of ["0b6f3c1e-9a7d-4f3e-8c1a-2d5e6f7a8b9c", "not-an-id"]) {
      const missing = await get(`experiments/${id}`, key);
      expect(missing.status).toBe(404);
      expect(missing.json.error).toMatchObject({ code: "not_found", message: "No such experiment." });
    }
    expect((await get(`experiments/${running.id}/results`, key)).status).toBe(404);
  });

  it("is in the OpenAPI document with the scopes that read it", () => {
    const doc = openApiDocument() as {
      paths: Record<string, Record<string, { "x-required-scope": string; security: unknown[] }>>;
      components: { schemas: Record<string, unknown> };
    };
    expect(Object.keys(doc.paths["/experiments"]!)).toEqual(["get"]);
    expect(Object.keys(doc.paths["/experiments/{id}"]!)).toEqual(["get"]);
    expect(doc.paths["/experiments/{id}"]!.get!["x-required-scope"]).toBe("content:read or leads:read");
    expect(doc.paths["/experiments"]!.get!.security).toEqual([{ apiKey: ["content:read"] }, { apiKey: ["leads:read"] }]);
    expect(doc.components.schemas).toHaveProperty("ExperimentResults");
  });
});

describe("the MCP tool get_experiment_results", () => {
  const routeFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const handler = request.method === "GET" ? mcpRoute.GET : request.method === "DELETE" ? mcpRoute.DELETE : mcpRoute.POST;
    return handler(request);
  };
  async function connect(key: string) {
    const client = new Client({ name: "test-assistant", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${SITE}/api/mcp`), { fetch: routeFetch, requestInit: { headers: { Authorization: `Bearer ${key}` } } }),
    );
    return client;
  }

  it("answers the running experiment's results without an id, and one experiment's with its id", async () => {
    const client = await connect(await makeKey(["content:read"]));
    const result = await client.callTool({ name: "get_experiment_results", arguments: {} });
    expect(result.isError).toBeFalsy();
    const answer = result.structuredContent as { id: string; link: string; results: { variants: { visitors: number }[] } };
    expect(answer.id).toBe(running.id);
    expect(answer.results.variants.map((v) => v.visitors)).toEqual([20, 20]);
    expect(answer.link).toMatch(new RegExp(`/admin/experiments/${running.id}$`));
    const one = await client.callTool({ name: "get_experiment_results", arguments: { id: draft.id } });
    expect((one.structuredContent as { name: string }).name).toBe("Header button");
    const missing = await client.callTool({ name: "get_experiment_results", arguments: { id: "0b6f3c1e-9a7d-4f3e-8c1a-2d5e6f7a8b9c" } });
    expect(missing.isError).toBe(true);
    await client.close();
  });

  it("refuses a key with neither read scope, in words", async () => {
    const client = await connect(await makeKey(["leads:write"]));
    const result = await client.callTool({ name: "get_experiment_results", arguments: {} });
    expect(result.isError).toBe(true);
    expect((result.content as { text: string }[])[0]!.text).toMatch(/does not have the content:read scope/);
    await client.close();
  });
});
