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
const { apiKeys, activityEvents, blogPosts, leads, profiles, users } = await import("@/server/kernel/db/schema");
const { eq, and } = await import("drizzle-orm");
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

const structured = <T>(result: { structuredContent?: unknown }) => result.structuredContent as T;
const text = (result: { content?: unknown }) => (result.content as { type: string; text: string }[])[0]?.text ?? "";

describe(`MCP server (${process.env.DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("lists its tools to a key, and reads the Overview with leads:read", async () => {
    const client = await connect(await makeKey("Assistant", ["leads:read"]));
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(
      [
        "draft_post",
        "get_analytics",
        "get_experiment_results",
        "get_lead",
        "get_overview",
        "list_due",
        "list_posts",
        "list_stages",
        "list_team",
        "search_leads",
        "update_lead",
      ].sort(),
    );
    // Each tool's input is a JSON Schema the assistant reads, and names the scope it needs.
    for (const tool of tools) {
      expect(tool.inputSchema.type, tool.name).toBe("object");
      expect(tool.description, tool.name).toMatch(/scope (leads|content):(read|write)/);
    }
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

  it("keeps no session: GET (a stream) and DELETE (a session's end) are refused with 405", async () => {
    const key = await makeKey("Stateless", ["leads:read"]);
    for (const handler of [GET, DELETE]) {
      const response = await handler(
        new Request(URL_, { method: handler === GET ? "GET" : "DELETE", headers: { authorization: `Bearer ${key}`, accept: "text/event-stream" } }),
      );
      expect(response.status).toBe(405);
    }
  });

  describe("the lead desk's and the blog's tools", () => {
    const SALES_ID = "mcp-test-sales-member";
    let leadId = "";
    let full = "";
    let readOnly = "";

    it("sets up a member, a lead and keys", async () => {
      await handle.db.insert(users).values({ id: SALES_ID, name: "Priya Sales", email: "priya.sales@example.com", emailVerified: true });
      await handle.db.insert(profiles).values({ userId: SALES_ID, role: "sales" });
      const [lead] = await handle.db
        .insert(leads)
        .values({ name: "Ravi Kumar", email: "ravi@brand.example", mobileNumber: "+919812345678", service: "SEO Optimization", package: "Growth" })
        .returning({ id: leads.id });
      leadId = lead!.id;
      full = await makeKey("Claude desk", ["leads:read", "leads:write", "content:read", "content:write"]);
      readOnly = await makeKey("Reader", ["leads:read", "content:read"]);
    });

    it("finds a lead, reads it, and lists the team and what is due", async () => {
      const client = await connect(readOnly);
      const found = structured<{ leads: { id: string; name: string; link: string }[]; next_cursor: string | null }>(
        await client.callTool({ name: "search_leads", arguments: { query: "ravi", limit: 5 } }),
      );
      expect(found.leads.map((l) => l.id)).toEqual([leadId]);
      expect(found.leads[0]!.link).toMatch(new RegExp(`/admin/leads\\?edit=${leadId}$`));
      const none = structured<{ leads: unknown[] }>(await client.callTool({ name: "search_leads", arguments: { query: "nobody-has-this" } }));
      expect(none.leads).toEqual([]);
      const lead = structured<{ name: string; service: string; notes: string | null }>(await client.callTool({ name: "get_lead", arguments: { id: leadId } }));
      expect(lead).toMatchObject({ name: "Ravi Kumar", service: "SEO Optimization", notes: null });
      const team = structured<{ members: { id: string }[] }>(await client.callTool({ name: "list_team", arguments: {} }));
      expect(team.members.map((m) => m.id)).toContain(SALES_ID);
      const due = structured<{ due: unknown[]; total: number }>(await client.callTool({ name: "list_due", arguments: {} }));
      expect(due.total).toBe(0);
      await client.close();
    });

    it("a read-only key cannot change a lead or draft a post, and nothing changes", async () => {
      const client = await connect(readOnly);
      const update = await client.callTool({ name: "update_lead", arguments: { id: leadId, status: "won" } });
      expect(update.isError).toBe(true);
      expect(text(update)).toMatch(/does not have the leads:write scope/);
      const draft = await client.callTool({ name: "draft_post", arguments: { title: "Not allowed", content: "<p>x</p>" } });
      expect(draft.isError).toBe(true);
      expect(text(draft)).toMatch(/does not have the content:write scope/);
      const [row] = await handle.db.select({ status: leads.status }).from(leads).where(eq(leads.id, leadId));
      expect(row!.status).toBe("new");
      expect(await handle.db.select().from(blogPosts).where(eq(blogPosts.title, "Not allowed"))).toEqual([]);
      await client.close();
    });

    it("updates status, owner and follow-up through the dashboard's rules, recorded under the key's name", async () => {
      const client = await connect(full);
      const result = await client.callTool({
        name: "update_lead",
        arguments: { id: leadId, status: "contacted", ownerId: SALES_ID, followUpOn: "2020-01-01" },
      });
      expect(result.isError, text(result)).toBeFalsy();
      expect(structured<{ lead: { status: string; ownerId: string; followUpOn: string } }>(result).lead).toMatchObject({
        status: "contacted",
        ownerId: SALES_ID,
        followUpOn: "2020-01-01",
      });
      const [row] = await handle.db.select().from(leads).where(eq(leads.id, leadId));
      expect(row).toMatchObject({ status: "contacted", ownerId: SALES_ID, followUpOn: "2020-01-01", name: "Ravi Kumar", service: "SEO Optimization" });
      // The first-contact stamp the dashboard's status change sets.
      expect(row!.firstContactedAt).toBeInstanceOf(Date);
      const trail = await handle.db
        .select()
        .from(activityEvents)
        .where(and(eq(activityEvents.tableName, "leads"), eq(activityEvents.recordId, leadId)));
      expect(trail.map((e) => e.email)).toEqual(["API key: Claude desk"]);
      expect(trail[0]!.after).toMatchObject({ status: "contacted", ownerId: SALES_ID });
      // Now due (a past day), and shown by list_due.
      const due = structured<{ due: { id: string }[] }>(await client.callTool({ name: "list_due", arguments: {} }));
      expect(due.due.map((d) => d.id)).toContain(leadId);

      // Bad input: the dashboard's messages, and nothing changes.
      const notMember = await client.callTool({ name: "update_lead", arguments: { id: leadId, ownerId: "someone-else" } });
      expect(notMember.isError).toBe(true);
      expect(text(notMember)).toMatch(/Choose a member of the team who works on leads/);
      const badStatus = await client.callTool({ name: "update_lead", arguments: { id: leadId, status: "closed" } });
      expect(badStatus.isError).toBe(true);
      const nothing = await client.callTool({ name: "update_lead", arguments: { id: leadId } });
      expect(nothing.isError).toBe(true);
      expect(text(nothing)).toMatch(/Say what to change/);
      const gone = await client.callTool({ name: "update_lead", arguments: { id: "00000000-0000-4000-8000-000000000000", status: "won" } });
      expect(gone.isError).toBe(true);
      expect(text(gone)).toMatch(/No such lead/);
      const [after] = await handle.db.select().from(leads).where(eq(leads.id, leadId));
      expect(after).toMatchObject({ status: "contacted", ownerId: SALES_ID, followUpOn: "2020-01-01" });
      expect(await handle.db.select().from(activityEvents).where(eq(activityEvents.recordId, leadId))).toHaveLength(1);
      await client.close();
    });

    it("drafts a post unpublished unless publishing is asked for, and lists posts", async () => {
      const client = await connect(full);
      const draft = await client.callTool({
        name: "draft_post",
        arguments: { title: "Five  SEO fixes for D2C stores", content: "<p>Start with the product pages.</p><script>alert(1)</script>", tags: ["SEO"] },
      });
      expect(draft.isError, text(draft)).toBeFalsy();
      const drafted = structured<{ post: { id: string; published: boolean; slug: string } }>(draft).post;
      expect(drafted.published).toBe(false);
      const [stored] = await handle.db.select().from(blogPosts).where(eq(blogPosts.id, drafted.id));
      expect(stored!.published).toBe(false);
      expect(stored!.content).not.toMatch(/script/);
      const published = structured<{ post: { id: string; published: boolean; link: string } }>(
        await client.callTool({ name: "draft_post", arguments: { title: "Published on request", content: "<p>Now live.</p>", publish: true } }),
      ).post;
      expect(published.published).toBe(true);
      expect(published.link).toMatch(/\/blog\/published-on-request$/);
      const drafts = structured<{ posts: { id: string }[] }>(await client.callTool({ name: "list_posts", arguments: { status: "draft", query: "SEO fixes" } }));
      expect(drafts.posts.map((p) => p.id)).toEqual([drafted.id]);
      const trail = await handle.db.select().from(activityEvents).where(eq(activityEvents.tableName, "blog_posts"));
      expect(new Set(trail.map((e) => e.email))).toEqual(new Set(["API key: Claude desk"]));
      const empty = await client.callTool({ name: "draft_post", arguments: { title: "", content: "<p>x</p>" } });
      expect(empty.isError).toBe(true);
      await client.close();
    });
  });
});
