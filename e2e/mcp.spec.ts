import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { BASE_URL } from "../playwright.config";
import { expect, test, type Page } from "./fixtures";

/**
 * The MCP server through the real host (docs/decisions/0061): an owner makes a key on the API keys
 * screen, an assistant (the SDK's own client, over HTTP) connects with it, lists the tools, finds and
 * moves a lead; the change is on the Activity screen under the key's name; once the key is revoked the
 * next call is refused.
 */
test.use({ account: { email: "mcp@e2e.test", name: "MCP Owner" } });

async function makeKey(page: Page, name: string, scopes: string[]): Promise<string> {
  await page.goto("/admin/integrations/keys");
  const form = page.getByRole("form", { name: "Make an API key" });
  await form.getByLabel("Name").fill(name);
  for (const scope of scopes) await form.getByRole("checkbox", { name: new RegExp(scope) }).check();
  await form.getByRole("button", { name: "Make key" }).click();
  const shown = page.getByTestId("new-api-key").getByRole("textbox", { name: "New API key" });
  await expect(shown).toHaveValue(/^kg_live_/);
  return shown.inputValue();
}

async function connect(key: string): Promise<Client> {
  const client = new Client({ name: "e2e-assistant", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL("/api/mcp", BASE_URL), { requestInit: { headers: { Authorization: `Bearer ${key}` } } }));
  return client;
}

const structured = <T>(result: { structuredContent?: unknown }) => result.structuredContent as T;

test("an assistant works the lead desk with a key, under the key's name, until it is revoked", async ({ member }) => {
  const context = await member.newContext();
  const page = await context.newPage();
  const name = `Assistant ${Date.now()}`;
  const key = await makeKey(page, name, ["leads:read", "leads:write"]);

  // A lead of this test's own, made through the REST API with the same key.
  const email = `mcp-${Date.now()}@brand.example`;
  const made = await page.request.post("/api/v1/leads", {
    headers: { authorization: `Bearer ${key}` },
    data: { name: "Meera Shah", email, mobileNumber: "9876543210" },
  });
  expect(made.status()).toBe(201);
  const leadId = ((await made.json()) as { data: { id: string } }).data.id;

  const client = await connect(key);
  const { tools } = await client.listTools();
  expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(["search_leads", "update_lead", "draft_post", "get_overview"]));
  const found = structured<{ leads: { id: string }[] }>(await client.callTool({ name: "search_leads", arguments: { query: email } }));
  expect(found.leads.map((l) => l.id)).toEqual([leadId]);
  const moved = await client.callTool({ name: "update_lead", arguments: { id: leadId, status: "qualified", followUpOn: "2030-01-15" } });
  expect(moved.isError).toBeFalsy();
  expect(structured<{ lead: { status: string; followUpOn: string } }>(moved).lead).toMatchObject({ status: "qualified", followUpOn: "2030-01-15" });
  // The key has no content scope: the tool says so and nothing is stored.
  const refused = await client.callTool({ name: "draft_post", arguments: { title: "Not from this key", content: "<p>x</p>" } });
  expect(refused.isError).toBe(true);

  await page.goto(`/admin/activity?record=${leadId}`);
  await expect(page.getByTestId("activity-row").filter({ hasText: `API key: ${name}` })).toHaveCount(2);

  await page.goto("/admin/integrations/keys");
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByTestId(`api-key-${name}`).getByRole("button", { name: "Revoke" }).click();
  await expect(page.getByTestId(`api-key-${name}`).getByTestId("api-key-status")).toHaveText(/^Revoked/);
  await expect(client.callTool({ name: "search_leads", arguments: {} })).rejects.toThrow();
  const direct = await page.request.post("/api/mcp", {
    headers: { authorization: `Bearer ${key}`, accept: "application/json, text/event-stream" },
    data: { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} },
  });
  expect(direct.status()).toBe(401);
  await client.close().catch(() => {});
  await context.close();
});
