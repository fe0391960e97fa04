import crypto from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { AdminLeadSchema, TestimonialSchema } from "@/lib/schemas/admin";
import { fieldErrors } from "@/lib/schemas/lead-forms";
import { setUpTestDatabase } from "./helpers/test-db";

// The REST API (docs/decisions/0059, 0060) through its route handlers: every endpoint and method with
// every scope, with no key, an expired key and a revoked one; the rate limit under concurrent requests;
// the forms' messages; cursor pages while rows are inserted; body size and type; the activity trail.

const RATE_LIMIT = 25;
process.env.API_RATE_LIMIT = String(RATE_LIMIT);
const SITE = "http://localhost:3999";
let requestHeaders = new Headers({ host: "localhost:3999" });
vi.mock("next/headers", () => ({
  headers: async () => requestHeaders,
  cookies: async () => ({ get: () => undefined, getAll: () => [] }),
}));
vi.mock("next/cache", () => ({ revalidatePath: () => {}, revalidateTag: () => {}, updateTag: () => {} }));

const handle = setUpTestDatabase();
const route = await import("@/app/api/v1/[...path]/route");
const { apiEndpoints } = await import("@/server/integrations/api-http");
const { hashApiKey, apiRateLimitKey } = await import("@/server/integrations/api-keys");
const { clearRateLimit } = await import("@/server/kernel/db/rate-limit");
const schema = await import("@/server/kernel/db/schema");
const { API_SCOPES } = await import("@/lib/api-scopes");
type Scope = (typeof API_SCOPES)[number];

interface MadeKey {
  id: string;
  token: string;
}
async function makeKey(scopes: Scope[], options: { name?: string; expiresAt?: Date; revokedAt?: Date } = {}): Promise<MadeKey> {
  const token = `kg_live_${crypto.randomBytes(32).toString("base64url")}`;
  const [row] = await handle.db
    .insert(schema.apiKeys)
    .values({
      name: options.name ?? `test ${scopes.join(" ")}`,
      tokenHash: hashApiKey(token),
      shownPrefix: token.slice(0, 12),
      scopes,
      expiresAt: options.expiresAt ?? null,
      revokedAt: options.revokedAt ?? null,
    })
    .returning();
  return { id: row!.id, token };
}

type Row = Record<string, unknown> & { id: string };
/** An answer read loosely: `data` is one row or a page of them. */
interface ApiAnswer {
  data: Row & Row[];
  next_cursor: string | null;
  error: { code: string; message: string; fields: Record<string, string> };
}
type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
async function call(
  method: Method,
  path: string,
  options: { token?: string; body?: unknown; raw?: BodyInit; contentType?: string; headers?: Record<string, string> } = {},
) {
  const url = new URL(`${SITE}/api/v1/${path}`);
  const headers = new Headers(options.headers);
  if (options.token) headers.set("authorization", `Bearer ${options.token}`);
  let body: BodyInit | undefined = options.raw;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers.set("content-type", options.contentType ?? "application/json");
  } else if (options.contentType) headers.set("content-type", options.contentType);
  const segments = url.pathname.slice("/api/v1/".length).split("/").filter(Boolean);
  const response = await route[method](new Request(url, { method, headers, body }), { params: Promise.resolve({ path: segments }) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: text ? (JSON.parse(text) as ApiAnswer) : null };
}

const activityCount = async () => Number((await handle.db.execute<{ n: string }>(sql`select count(*) as n from audit_events`)).rows[0]!.n);

let slugSeq = 0;
/** A valid body for a create on each resource. */
const BODIES: Record<string, () => Record<string, unknown>> = {
  posts: () => ({ title: `API post ${++slugSeq}`, content: "<p>Written through the API.</p>", authorName: "API" }),
  "case-studies": () => ({ title: "Doubling repeat orders", companyName: "GlowLab", metrics: { revenue_growth: "300%" }, services: ["SEO Optimization"] }),
  testimonials: () => ({ clientName: "Asha Rao", company: "GlowLab", content: "Great work.", rating: 5 }),
  leads: () => ({ name: "Asha Rao", email: "asha@example.com", mobileNumber: "9876543210" }),
  "contact-messages": () => ({ name: "Asha Rao", email: "asha@example.com", mobileNumber: "9876543210", message: "Call me." }),
};
/** A valid change for a PATCH on each resource. */
const PATCHES: Record<string, Record<string, unknown>> = {
  posts: { excerpt: "Changed through the API." },
  "case-studies": { industry: "Retail" },
  testimonials: { rating: 4 },
  leads: { notes: "Called back." },
  "contact-messages": { status: "replied" },
};

let writer: MadeKey;
async function createRow(resource: string): Promise<string> {
  await clearRateLimit(apiRateLimitKey(writer.id));
  const made = await call("POST", resource, { token: writer.token, body: BODIES[resource]!() });
  expect(made.status, JSON.stringify(made.json)).toBe(201);
  return made.json!.data.id as string;
}

beforeAll(async () => {
  writer = await makeKey([...API_SCOPES], { name: "writer" });
});

describe("the permission matrix of /api/v1", () => {
  it("answers every endpoint x method as the key's scopes, expiry and revocation say", async () => {
    const variants: { label: string; key: () => Promise<MadeKey | null>; scopes: Scope[]; refusal?: { status: number; code: string } }[] = [
      { label: "no key", key: async () => null, scopes: [], refusal: { status: 401, code: "unauthenticated" } },
      { label: "unknown key", key: async () => ({ id: "", token: `kg_live_${"A".repeat(43)}` }), scopes: [], refusal: { status: 401, code: "invalid_key" } },
      {
        label: "expired key",
        key: () => makeKey([...API_SCOPES], { expiresAt: new Date(Date.now() - 1000) }),
        scopes: [],
        refusal: { status: 401, code: "key_expired" },
      },
      { label: "revoked key", key: () => makeKey([...API_SCOPES], { revokedAt: new Date() }), scopes: [], refusal: { status: 401, code: "key_revoked" } },
      ...API_SCOPES.map((scope) => ({ label: scope, key: () => makeKey([scope]), scopes: [scope] })),
      { label: "every scope", key: () => makeKey([...API_SCOPES]), scopes: [...API_SCOPES] },
    ];
    const wrong: string[] = [];
    let cells = 0;
    for (const variant of variants) {
      const key = await variant.key();
      for (const endpoint of apiEndpoints()) {
        for (const method of ["GET", "POST", "PATCH", "PUT", "DELETE"] as const) {
          const resource = endpoint.resource.name;
          const needsId = endpoint.path.includes("{id}");
          const id = needsId ? await createRow(resource) : undefined;
          const path = endpoint.path.replace(/^\//, "").replace("{id}", id ?? "");
          const body =
            endpoint.path.endsWith("publish") || method === "GET" || method === "DELETE" ? undefined : needsId ? PATCHES[resource] : BODIES[resource]!();
          if (key?.id) await clearRateLimit(apiRateLimitKey(key.id));
          const before = await activityCount();
          const answer = await call(method, path, { token: key?.token, body });
          const wrote = (await activityCount()) - before;
          cells++;
          const allowedMethod = endpoint.methods.includes(method);
          const need = endpoint.scope[method] as Scope | undefined;
          let expected: number;
          if (!allowedMethod) expected = 405;
          else if (variant.refusal) expected = variant.refusal.status;
          else if (!variant.scopes.includes(need!)) expected = 403;
          else expected = method === "POST" && !needsId ? 201 : method === "DELETE" ? 204 : 200;
          const isWrite = method !== "GET";
          const problems = [
            answer.status !== expected ? `status ${answer.status} (expected ${expected})` : null,
            expected >= 400 && answer.json?.error?.code === undefined ? "no error code" : null,
            expected === 405 && !answer.headers.get("allow") ? "no Allow header" : null,
            variant.refusal && expected !== 405 && answer.json?.error?.code !== variant.refusal.code ? `code ${answer.json?.error?.code}` : null,
            expected >= 400 && wrote !== 0 ? `${wrote} activity rows written by a refused request` : null,
            expected < 400 && isWrite && wrote === 0 ? "a write without its activity row" : null,
          ].filter(Boolean);
          if (problems.length) wrong.push(`${method} ${endpoint.path} with ${variant.label}: ${problems.join(", ")} ${JSON.stringify(answer.json)}`);
        }
      }
    }
    console.log(`api permission matrix: ${cells} cells on ${handle.label}`);
    expect(wrong).toEqual([]);
  }, 300_000);

  it("refuses a key from the moment it is revoked, on a fresh lookup of the row", async () => {
    const key = await makeKey(["leads:read"]);
    expect((await call("GET", "leads", { token: key.token })).status).toBe(200);
    // What the dashboard's revoke does to the row, as any process would: nothing is cached, the next request reads it.
    await handle.db.update(schema.apiKeys).set({ revokedAt: new Date() }).where(eq(schema.apiKeys.id, key.id));
    const after = await call("GET", "leads", { token: key.token });
    expect(after.status).toBe(401);
    expect(after.json).toEqual({ error: { code: "key_revoked", message: "This API key has been revoked." } });
  });

  it("refuses a malformed Authorization header, a cookie session and a key of another shape", async () => {
    for (const authorization of ["Basic abc", "Bearer", "Bearer kg_live_short", `Bearer kg_test_${"A".repeat(43)}`, `Bearer  ${writer.token} extra`]) {
      const answer = await call("GET", "leads", { headers: { authorization } });
      expect(answer.status, authorization).toBe(401);
      expect(answer.headers.get("www-authenticate")).toContain("Bearer");
    }
  });
});

describe("rate limit", () => {
  it("lets exactly the limit through when requests over it arrive together", async () => {
    const key = await makeKey(["content:read"]);
    const answers = await Promise.all(Array.from({ length: RATE_LIMIT + 15 }, () => call("GET", "testimonials?limit=1", { token: key.token })));
    const ok = answers.filter((a) => a.status === 200).length;
    const limited = answers.filter((a) => a.status === 429);
    expect(ok).toBe(RATE_LIMIT);
    expect(limited).toHaveLength(15);
    expect(Number(limited[0]!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited[0]!.json!.error.code).toBe("rate_limited");
  });

  it("stamps last use at most once a minute", async () => {
    const key = await makeKey(["content:read"]);
    await call("GET", "posts", { token: key.token });
    const [first] = await handle.db.select().from(schema.apiKeys).where(eq(schema.apiKeys.id, key.id));
    expect(first!.lastUsedAt).not.toBeNull();
    await call("GET", "posts", { token: key.token });
    const [second] = await handle.db.select().from(schema.apiKeys).where(eq(schema.apiKeys.id, key.id));
    expect(second!.lastUsedAt!.getTime()).toBe(first!.lastUsedAt!.getTime());
  });
});

describe("validation", () => {
  it("answers invalid fields with the dashboard form's own messages", async () => {
    await clearRateLimit(apiRateLimitKey(writer.id));
    const sent = { name: "Asha Rao", email: "not an address", mobileNumber: "12", status: "lost-ish" };
    const answer = await call("POST", "leads", { token: writer.token, body: sent });
    expect(answer.status).toBe(422);
    expect(answer.json!.error.code).toBe("validation_failed");
    const form = AdminLeadSchema.safeParse(sent);
    expect(form.success).toBe(false);
    const messages = fieldErrors(form.error!);
    expect(answer.json!.error.fields.email).toBe(messages.email);
    expect(answer.json!.error.fields.mobileNumber).toBe(messages.mobileNumber);
    expect(answer.json!.error.fields.status).toBe(messages.status);

    const rating = await call("POST", "testimonials", { token: writer.token, body: { clientName: "A", company: "B", content: "C", rating: 9 } });
    expect(rating.status).toBe(422);
    expect(rating.json!.error.fields.rating).toBe(
      fieldErrors(TestimonialSchema.safeParse({ clientName: "A", company: "B", content: "C", rating: "9" }).error!).rating,
    );
  });

  it("names unknown fields, refuses a status the list does not offer, and an owner off the lead desk", async () => {
    await clearRateLimit(apiRateLimitKey(writer.id));
    const unknown = await call("POST", "leads", { token: writer.token, body: { ...BODIES.leads!(), colour: "red" } });
    expect(unknown.status).toBe(422);
    expect(unknown.json!.error.fields.colour).toMatch(/^Unknown field/);
    const id = await createRow("leads");
    const status = await call("PATCH", `leads/${id}`, { token: writer.token, body: { status: "archived" } });
    expect(status.status).toBe(422);
    expect(status.json!.error.fields.status).toBe("Choose a status.");
    const owner = await call("PATCH", `leads/${id}`, { token: writer.token, body: { ownerId: "no-such-member" } });
    expect(owner.status).toBe(422);
    expect(owner.json!.error.fields.ownerId).toBeTruthy();
    const [row] = await handle.db.select().from(schema.leads).where(eq(schema.leads.id, id));
    expect(row!.status).toBe("new");
    expect(row!.ownerId).toBeNull();
  });
});

describe("bodies", () => {
  it("answers 413 to a body over the limit and 415 to one that is not JSON, 400 to broken JSON", async () => {
    await clearRateLimit(apiRateLimitKey(writer.id));
    const before = await activityCount();
    const big = await call("POST", "posts", {
      token: writer.token,
      raw: JSON.stringify({ title: "x", content: "y".repeat(1024 * 1024) }),
      contentType: "application/json",
    });
    expect(big.status).toBe(413);
    expect(big.json!.error.code).toBe("payload_too_large");
    const form = await call("POST", "leads", { token: writer.token, raw: "name=Asha", contentType: "application/x-www-form-urlencoded" });
    expect(form.status).toBe(415);
    expect(form.json!.error.code).toBe("unsupported_media_type");
    const none = await call("POST", "leads", { token: writer.token, raw: "{}" });
    expect(none.status).toBe(415);
    const broken = await call("POST", "leads", { token: writer.token, raw: "{", contentType: "application/json" });
    expect(broken.status).toBe(400);
    expect(broken.json!.error.code).toBe("invalid_json");
    const list = await call("POST", "leads", { token: writer.token, body: [1, 2] });
    expect(list.status).toBe(422);
    // JSON in another charset would be read as UTF-8 and stored as other text: refused, nothing stored.
    const lead = JSON.stringify({ name: "Asha", email: "charset@example.com", mobileNumber: "9876543210" });
    for (const contentType of ["application/json; charset=utf-16", "application/json;charset=ISO-8859-1", 'application/json; charset="utf-16le"']) {
      const other = await call("POST", "leads", { token: writer.token, raw: lead, contentType });
      expect(other.status, contentType).toBe(415);
      expect(other.json!.error.code).toBe("unsupported_media_type");
    }
    expect(await activityCount()).toBe(before);
    for (const [i, contentType] of ["application/json; charset=utf-8", "application/json; charset=UTF-8"].entries()) {
      expect((await call("POST", "leads", { token: writer.token, raw: lead.replace("charset@", `charset${i}@`), contentType })).status).toBe(201);
    }
  });

  it("answers unknown paths with the API's 404", async () => {
    const answer = await call("GET", "users", { token: writer.token });
    expect(answer.status).toBe(404);
    expect(answer.json!.error.code).toBe("not_found");
    const missing = await call("GET", `leads/${crypto.randomUUID()}`, { token: writer.token });
    expect(missing.status).toBe(404);
    const notUuid = await call("GET", "leads/1' or '1'='1", { token: writer.token });
    expect(notUuid.status).toBe(404);
  });
});

describe("cursor pagination", () => {
  it("returns every row exactly once while rows are being inserted, rows sharing one created_at included", async () => {
    const key = await makeKey(["leads:read"]);
    await handle.db.delete(schema.leads);
    // One statement: every row has the same created_at (the transaction's now()), so only the id orders them.
    await handle.db
      .insert(schema.leads)
      .values(Array.from({ length: 57 }, (_, i) => ({ name: `Paged ${i}`, email: `paged${i}@example.com`, mobileNumber: "9876543210" })));
    const existing = new Set((await handle.db.select({ id: schema.leads.id }).from(schema.leads)).map((r) => r.id));
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      await clearRateLimit(apiRateLimitKey(key.id));
      const page = await call("GET", `leads?limit=10${cursor ? `&cursor=${cursor}` : ""}`, { token: key.token });
      expect(page.status).toBe(200);
      seen.push(...(page.json!.data as { id: string }[]).map((r) => r.id));
      cursor = page.json!.next_cursor as string | null;
      // Inserted between pages, while the client pages.
      await handle.db.insert(schema.leads).values({ name: `New ${pages}`, email: `new${pages}@example.com`, mobileNumber: "9876543210" });
      pages++;
    } while (cursor && pages < 50);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => existing.has(id)).sort()).toEqual([...existing].sort());
    expect(pages).toBe(6);
  });

  it("caps limit, refuses a forged cursor, filters by status, updated_since and search", async () => {
    const key = await makeKey(["leads:read"]);
    const many = await call("GET", "leads?limit=5000", { token: key.token });
    expect(many.status).toBe(200);
    expect(many.json!.data.length).toBeLessThanOrEqual(100);
    const forged = await call("GET", `leads?cursor=${Buffer.from('{"t":"x","i":"y"}').toString("base64url")}`, { token: key.token });
    expect(forged.status).toBe(422);
    expect(forged.json!.error.fields.cursor).toBeTruthy();
    const badStatus = await call("GET", "leads?status=archived", { token: key.token });
    expect(badStatus.status).toBe(422);
    const badSince = await call("GET", "leads?updated_since=yesterday", { token: key.token });
    expect(badSince.status).toBe(422);
    const [won] = await handle.db
      .insert(schema.leads)
      .values({ name: "Findable Person", email: "findme@example.com", mobileNumber: "9876543210", status: "won" })
      .returning();
    const byStatus = await call("GET", "leads?status=won", { token: key.token });
    expect((byStatus.json!.data as Row[]).every((r) => r.status === "won")).toBe(true);
    expect((byStatus.json!.data as { id: string }[]).map((r) => r.id)).toContain(won!.id);
    const found = await call("GET", "leads?q=findme", { token: key.token });
    expect((found.json!.data as { id: string }[]).map((r) => r.id)).toEqual([won!.id]);
    const since = await call("GET", `leads?updated_since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`, { token: key.token });
    expect(since.json!.data).toEqual([]);
    expect(found.json!.data[0]).not.toHaveProperty("submissionKey");
  });
});

describe("writes through the dashboard's paths", () => {
  it("puts a write through a key in the activity trail under the key's name", async () => {
    const key = await makeKey(["leads:write", "leads:read"], { name: "Zapier lead sync" });
    const made = await call("POST", "leads", { token: key.token, body: BODIES.leads!() });
    expect(made.status).toBe(201);
    const id = made.json!.data.id as string;
    const changed = await call("PATCH", `leads/${id}`, { token: key.token, body: { status: "contacted" } });
    expect(changed.status).toBe(200);
    expect(changed.json!.data.status).toBe("contacted");
    // The first-contact stamp the database sets on the dashboard's status change.
    expect(changed.json!.data.firstContactedAt).toBeTruthy();
    // In the order they were written: a select without an order may return them either way on PostgreSQL.
    const rows = await handle.db.select().from(schema.activityEvents).where(eq(schema.activityEvents.recordId, id)).orderBy(asc(schema.activityEvents.at));
    expect(rows.map((r) => [r.action, r.email, r.role, r.tableName])).toEqual([
      ["create", "API key: Zapier lead sync", "API key", "leads"],
      ["status", "API key: Zapier lead sync", "API key", "leads"],
    ]);
    expect(JSON.stringify(rows)).not.toContain(key.token);
  });

  it("makes a draft post with a slug from its title, publishes it, keeps a revision under the key's name", async () => {
    const key = await makeKey(["content:write", "content:read"], { name: "Writer bot" });
    const { createDraftPost, publishPost } = await import("@/server/integrations/api-content");
    const principal = { id: key.id, name: "Writer bot", scopes: ["content:write", "content:read"] as Scope[], createdBy: null };
    const draft = await createDraftPost(principal, { title: "Growth in Pune", content: "<p>Hello <script>x</script></p>", authorName: "Bot", published: true });
    expect(draft.published).toBe(false);
    expect(draft.slug).toBe("growth-in-pune");
    expect(String(draft.content)).not.toContain("<script>");
    const published = await publishPost(principal, draft.id as string);
    expect(published.published).toBe(true);
    const revisions = await handle.db
      .select()
      .from(schema.blogPostRevisions)
      .where(eq(schema.blogPostRevisions.postId, draft.id as string));
    expect(revisions.map((r) => r.authorLabel)).toEqual(["API key: Writer bot", "API key: Writer bot"]);
    const readOnly = { ...principal, scopes: ["content:read"] as Scope[] };
    await expect(publishPost(readOnly, draft.id as string)).rejects.toMatchObject({ status: 403, code: "insufficient_scope" });
  });

  it("never lets a key act beyond its desk: the team's and the keys' own data functions refuse it", async () => {
    const { withApiKeyActivity } = await import("@/server/integrations/api-keys");
    const { listApiKeys } = await import("@/server/integrations/data/api-key-rows");
    const { listActivity } = await import("@/server/dashboard/data/activity-events");
    const principal = { id: writer.id, name: "writer", scopes: [...API_SCOPES], createdBy: null };
    await expect(withApiKeyActivity(principal, null, () => listApiKeys())).rejects.toMatchObject({ name: "AccessDeniedError" });
    await expect(withApiKeyActivity(principal, null, () => listActivity({}))).rejects.toMatchObject({ name: "AccessDeniedError" });
  });
});

describe("OpenAPI document and reference page", () => {
  it("describes every endpoint and method with its scope, and the forms' own limits", async () => {
    const { GET } = await import("@/app/api/v1/openapi.json/route");
    const doc = (await (await GET()).json()) as {
      openapi: string;
      paths: { [path: string]: { [method: string]: { "x-required-scope": string; parameters: { name: string }[] } } };
      components: {
        schemas: Record<
          "TestimonialInput" | "PostInput" | "LeadInput",
          { required?: string[]; properties: Record<"content" | "rating" | "published" | "status", object> }
        >;
      };
    };
    expect(doc.openapi).toBe("3.1.0");
    for (const endpoint of apiEndpoints()) {
      const operations = doc.paths[endpoint.path]!;
      expect(Object.keys(operations).sort(), endpoint.path).toEqual(endpoint.methods.map((m) => m.toLowerCase()).sort());
      for (const method of endpoint.methods) expect(operations[method.toLowerCase()]!["x-required-scope"]).toBe(endpoint.scope[method]);
    }
    const { LIMITS } = await import("@/lib/limits");
    expect(doc.components.schemas.TestimonialInput.properties.content).toMatchObject({ maxLength: LIMITS.longText });
    expect(doc.components.schemas.TestimonialInput.properties.rating).toMatchObject({ minimum: 1, maximum: 5 });
    expect(doc.components.schemas.PostInput.properties.published).toMatchObject({ type: "boolean" });
    expect(doc.components.schemas.PostInput.required).not.toContain("slug");
    // A lead's status is a stage's key (docs/decisions/0067): the built-in ones as examples, any key of the right form.
    expect(doc.components.schemas.LeadInput.properties.status).toMatchObject({ type: "string", examples: ["new", "contacted", "qualified", "won", "lost"] });
    expect(doc.paths["/leads"]!.get!.parameters.map((p: { name: string }) => p.name)).toEqual(["limit", "cursor", "status", "updated_since", "q"]);
  });

  it("renders the reference page from the document, with no script", async () => {
    const { GET } = await import("@/app/api/v1/docs/route");
    const page = await GET();
    expect(page.headers.get("content-type")).toContain("text/html");
    const html = await page.text();
    expect(html).toContain("PATCH /api/v1/leads/{id}");
    expect(html).toContain("leads:write");
    expect(html).not.toMatch(/<script/i);
  });
});

describe("the keys screen's actions", () => {
  it("make a key shown once in the answer and revoke it, each in the activity trail without the key; only owners and admins", async () => {
    const { getAuth, hashPassword } = await import("@/server/kernel/session/auth");
    const { createApiKeyAction, revokeApiKeyAction } = await import("@/server/integrations/api-key-actions");
    const context = await getAuth().$context;
    const signedIn = async (email: string, role: string) => {
      const user = await context.internalAdapter.createUser({ name: email, email, emailVerified: true }, { method: "email-password" });
      await context.internalAdapter.linkAccount({
        userId: user.id,
        providerId: "credential",
        accountId: user.id,
        password: await hashPassword("Monsoon-Ledger-2026"),
      });
      await handle.db.insert(schema.profiles).values({ userId: user.id, role }).onConflictDoUpdate({ target: schema.profiles.userId, set: { role } });
      const { headers } = await getAuth().api.signInEmail({ body: { email, password: "Monsoon-Ledger-2026" }, returnHeaders: true });
      const cookie = headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      return new Headers({ host: "localhost:3999", origin: SITE, cookie });
    };
    const form = (values: Record<string, string>) => {
      const f = new FormData();
      for (const [k, v] of Object.entries(values)) f.set(k, v);
      return f;
    };
    requestHeaders = await signedIn("keys-editor@test.example", "editor");
    const refused = await createApiKeyAction({ status: "idle" }, form({ name: "Not mine", "leads:read": "on" }));
    expect(refused.status).toBe("refused");
    expect(refused.reveal).toBeUndefined();

    requestHeaders = await signedIn("keys-admin@test.example", "admin");
    const none = await createApiKeyAction({ status: "idle" }, form({ name: "No scope" }));
    expect(none.fieldErrors?.scopes).toBe("Choose at least one scope.");
    const past = await createApiKeyAction({ status: "idle" }, form({ name: "Old", "leads:read": "on", expiresOn: "2020-01-01" }));
    expect(past.fieldErrors?.expiresOn).toBe("Choose a last day from today on.");

    const made = await createApiKeyAction({ status: "idle" }, form({ name: "CRM sync", "leads:read": "on", "leads:write": "on" }));
    expect(made.status).toBe("success");
    const key = made.reveal!.value;
    expect(key).toMatch(/^kg_live_[A-Za-z0-9_-]{43}$/);
    const [stored] = await handle.db
      .select()
      .from(schema.apiKeys)
      .where(eq(schema.apiKeys.tokenHash, hashApiKey(key)));
    expect(stored).toMatchObject({ name: "CRM sync", scopes: ["leads:read", "leads:write"], shownPrefix: key.slice(0, 12) });
    expect(JSON.stringify(stored)).not.toContain(key);
    expect((await call("GET", "leads", { token: key })).status).toBe(200);

    const revoked = await revokeApiKeyAction({ status: "idle" }, form({ id: stored!.id }));
    expect(revoked.status).toBe("success");
    expect((await call("GET", "leads", { token: key })).json!.error.code).toBe("key_revoked");
    const again = await revokeApiKeyAction({ status: "idle" }, form({ id: stored!.id }));
    expect(again.status).toBe("error");

    const rows = await handle.db.select().from(schema.activityEvents).where(eq(schema.activityEvents.recordId, stored!.id));
    expect(rows.map((r) => [r.action, r.email, r.tableName]).sort()).toEqual([
      ["api_key.create", "keys-admin@test.example", "api_keys"],
      ["api_key.revoke", "keys-admin@test.example", "api_keys"],
    ]);
    const trail = JSON.stringify(rows);
    expect(trail).not.toContain(key);
    expect(trail).not.toContain(stored!.tokenHash);
    requestHeaders = new Headers({ host: "localhost:3999" });
  });
});
