import { BASE_URL } from "../../playwright.config";
import { expect, test, type Page } from "../fixtures";

/**
 * Text no route can store, sent everywhere (host/unstorable-input.ts, docs/decisions/0076): a NUL,
 * an overlong "/", an overlong NUL, a surrogate encoded as UTF-8 and a truncated sequence, in the
 * query and in a path segment of every page and route of the site and the dashboard (signed in as an
 * owner, with an API key for /api/v1), and a NUL and a lone surrogate in every argument of every MCP
 * tool. Every answer must be a 4xx (or the page itself for a path that ignores the text): never a 5xx.
 */
test.use({ account: { email: "sweep@e2e.test", name: "Sweep Owner" } });

const ENCODED = ["%00", "%C0%AF", "%C0%80", "%ED%A0%80", "%E2%82"];
const TABLES = ["activity", "authors", "posts", "case-studies", "leads", "media", "messages", "spam", "testimonials"];
const PATHS = [
  ...["/", "/about", "/blog", "/blog-search", "/blog/x", "/book", "/book/manage/x", "/case-studies", "/contact", "/free-audit", "/free-audit-package"],
  ...[
    "/newsletter",
    "/newsletter/confirm/x",
    "/newsletter/preferences/x",
    "/newsletter/sent",
    "/preview/x",
    "/privacy",
    "/refund",
    "/services",
    "/services/x",
    "/terms",
  ],
  ...["/blog/feed.xml", "/auth", "/auth/forgot-password", "/auth/invite", "/auth/reset-password", "/auth/two-factor", "/admin", "/admin/security"],
  ...TABLES.map((t) => `/admin/${t}`),
  ...["/admin/account", "/admin/analytics", "/admin/booking", "/admin/due", "/admin/integrations", "/admin/integrations/keys", "/admin/newsletter"],
  ...["/admin/newsletter/x", "/admin/newsletter/subscribers", "/admin/overview", "/admin/people", "/admin/people/x", "/admin/people/erased"],
  ...["/admin/pipeline", "/admin/pipeline/stages", "/admin/team", "/admin/posts/new", "/admin/posts/x/edit"],
  ...["/admin/export/leads", "/admin/export/messages", "/admin/export/analytics", "/admin/export/newsletter-subscribers", "/admin/export/person/x"],
  ...["/api/admin/media", "/api/auth/get-session", "/api/blog/shares", "/api/consent", "/api/forms/contact", "/api/health", "/api/media/x"],
  ...["/api/newsletter/events", "/api/newsletter/unsubscribe/x", "/api/og/blog/x/1", "/api/v1/docs", "/api/v1/openapi.json", "/n/c/x"],
  ...[
    "/api/v1/leads",
    "/api/v1/leads/x",
    "/api/v1/posts",
    "/api/v1/posts/x/publish",
    "/api/v1/contact-messages",
    "/api/v1/case-studies",
    "/api/v1/testimonials",
  ],
];
const QUERY_NAMES = ["q", "find", "owner", "page", "source", "campaign", "status", "sort", "from", "to", "record", "tab"];

async function makeKey(page: Page): Promise<string> {
  await page.goto("/admin/integrations/keys");
  const form = page.getByRole("form", { name: "Make an API key" });
  await form.getByLabel("Name").fill(`Sweep ${Date.now()}`);
  for (const scope of ["leads:read", "leads:write", "content:read", "content:write"]) await form.getByRole("checkbox", { name: new RegExp(scope) }).check();
  await form.getByRole("button", { name: "Make key" }).click();
  const shown = page.getByTestId("new-api-key").getByRole("textbox", { name: "New API key" });
  await expect(shown).toHaveValue(/^kg_live_/);
  return shown.inputValue();
}

test("NUL, overlong UTF-8 and lone surrogates in every query, path segment and MCP tool argument: 0 answers of 5xx", async ({ member }) => {
  test.setTimeout(600_000);
  const context = await member.newContext();
  const page = await context.newPage();
  const key = await makeKey(page);
  const headers = { authorization: `Bearer ${key}` };

  const failures: string[] = [];
  let sent = 0;
  let refused = 0;
  const send = async (method: "GET" | "POST", url: string, data?: unknown, extra: Record<string, string> = {}) => {
    sent++;
    // Raw targets: the browser's request API would re-encode them.
    const response = await fetch(new URL(url, BASE_URL), {
      method,
      redirect: "manual",
      headers: { ...headers, cookie: (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; "), ...extra },
      body: data === undefined ? undefined : JSON.stringify(data),
    });
    const text = await response.text();
    if (response.status >= 500) failures.push(`${method} ${url} -> ${response.status} ${text.slice(0, 120)}`);
    else if (response.status >= 400) refused++;
    return { status: response.status, text };
  };

  for (const path of PATHS) {
    for (const bad of ENCODED) {
      for (const name of QUERY_NAMES) await send("GET", `${path}?${name}=a${bad}b`);
      await send("GET", `${path}?${bad}=1`);
      await send("GET", path.includes("/x") ? path.replace(/\/x(?=\/|$)/, `/${bad}`) : `${path.replace(/\/$/, "")}/${bad}`);
    }
  }

  // Every MCP tool, every argument its schema names, each set to a NUL and to a lone surrogate.
  const mcp = { "content-type": "application/json", accept: "application/json, text/event-stream" };
  const listed = await send("POST", "/api/mcp", { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }, mcp);
  expect(listed.status).toBe(200);
  // The SDK answers as JSON or as one server-sent event, as the client accepts both.
  const rpc = (text: string): unknown => JSON.parse(/^data: (.*)$/m.exec(text)?.[1] ?? text);
  const tools = (rpc(listed.text) as { result: { tools: { name: string; inputSchema: { properties?: Record<string, unknown> } }[] } }).result.tools;
  expect(tools.length).toBeGreaterThanOrEqual(10);
  let toolCalls = 0;
  for (const tool of tools) {
    for (const argument of Object.keys(tool.inputSchema.properties ?? {}).concat("extra")) {
      for (const bad of ["\u0000", "a\ud800b", "\udfff"]) {
        toolCalls++;
        const answer = await send(
          "POST",
          "/api/mcp",
          { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: tool.name, arguments: { [argument]: bad } } },
          mcp,
        );
        expect(answer.status, `${tool.name}.${argument}`).toBe(400);
        expect(JSON.parse(answer.text)).toMatchObject({ jsonrpc: "2.0", id: 2, error: { code: -32602 } });
      }
    }
  }
  // The refusal is in the API's own shape.
  const api = await send("GET", "/api/v1/leads?q=%00");
  expect(api.status).toBe(400);
  expect(JSON.parse(api.text)).toMatchObject({ error: { code: "bad_request" } });

  console.log(
    `Unstorable text: ${sent} requests (${PATHS.length} routes × ${ENCODED.length} encodings in ${QUERY_NAMES.length + 2} places, ${toolCalls} MCP tool arguments), ${refused} refused with 4xx, ${failures.length} × 5xx`,
  );
  expect(failures).toEqual([]);
  await context.close();
});
