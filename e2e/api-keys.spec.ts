import { expect, test } from "./fixtures";

/**
 * API keys end to end (docs/decisions/0059): an owner makes a key on /admin/integrations/keys, sees it
 * once, the key works against /api/v1 through the real host, its write is on the Activity screen under
 * the key's name, and once revoked it is refused at once. The form works without JavaScript too.
 */
test.describe.configure({ mode: "serial" });
test.use({ account: { email: "api-keys@e2e.test" } });

test("make a key, see it once, use it, find its write in the activity trail, revoke it", async ({ member }) => {
  const context = await member.newContext();
  const page = await context.newPage();
  await page.goto("/admin/integrations/keys");
  await expect(page.getByRole("heading", { name: "API keys" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Webhooks" })).toHaveAttribute("href", "/admin/integrations");
  const name = `Lead sync ${Date.now()}`;
  const form = page.getByRole("form", { name: "Make an API key" });
  await form.getByLabel("Name").fill(name);
  await form.getByRole("checkbox", { name: /leads:read/ }).check();
  await form.getByRole("checkbox", { name: /leads:write/ }).check();
  await form.getByRole("button", { name: "Make key" }).click();
  const shown = page.getByTestId("new-api-key").getByRole("textbox", { name: "New API key" });
  await expect(shown).toHaveValue(/^kg_live_[A-Za-z0-9_-]{43}$/);
  const key = await shown.inputValue();
  // Said once on the screen, and a Copy button puts the key on the clipboard.
  await expect(page.locator("#main").getByText(/shown only this once/)).toHaveCount(1);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByTestId("new-api-key").getByRole("button", { name: "Copy" }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  const row = page.getByTestId(`api-key-${name}`);
  await expect(row.getByTestId("api-key-status")).toHaveText("Active");

  // Shown once: the list and a fresh load of the screen carry its first characters only.
  await page.goto("/admin/integrations/keys");
  await expect(page.getByTestId(`api-key-${name}`)).toBeVisible();
  expect(await page.content()).not.toContain(key);

  const auth = { authorization: `Bearer ${key}` };
  const list = await page.request.get("/api/v1/leads?limit=1", { headers: auth });
  expect(list.status()).toBe(200);
  const made = await page.request.post("/api/v1/leads", {
    headers: auth,
    data: { name: "Kiran Mehta", email: "kiran@example.com", mobileNumber: "9876543210" },
  });
  expect(made.status()).toBe(201);
  const lead = ((await made.json()) as { data: { id: string } }).data;

  // The host holds the body to the API's limit and answers in the API's shape.
  const big = await page.request.post("/api/v1/leads", { headers: { ...auth, "content-type": "application/json" }, data: "x".repeat(1024 * 1024 + 10) });
  expect(big.status()).toBe(413);
  expect(((await big.json()) as { error: { code: string } }).error.code).toBe("payload_too_large");

  await page.goto(`/admin/activity?record=${lead.id}`);
  await expect(page.getByTestId("activity-row").filter({ hasText: `API key: ${name} (API key)` })).toHaveCount(1);

  await page.goto("/admin/integrations/keys");
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByTestId(`api-key-${name}`).getByRole("button", { name: "Revoke" }).click();
  await expect(page.getByTestId(`api-key-${name}`).getByTestId("api-key-status")).toHaveText(/^Revoked/);
  const refused = await page.request.get("/api/v1/leads?limit=1", { headers: auth });
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toEqual({ error: { code: "key_revoked", message: "This API key has been revoked." } });
  await context.close();
});

test("the form works without JavaScript: a missing scope is named, then the key is shown", async ({ member }) => {
  const context = await member.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/admin/integrations/keys");
  const form = page.getByRole("form", { name: "Make an API key" });
  const name = `No script ${Date.now()}`;
  await form.getByLabel("Name").fill(name);
  await form.getByRole("button", { name: "Make key" }).click();
  await expect(page.getByText("Choose at least one scope.")).toBeVisible();
  await expect(page.getByRole("form", { name: "Make an API key" }).getByLabel("Name")).toHaveValue(name);
  await page
    .getByRole("form", { name: "Make an API key" })
    .getByRole("checkbox", { name: /content:read/ })
    .check();
  await page.getByRole("form", { name: "Make an API key" }).getByRole("button", { name: "Make key" }).click();
  await expect(page.getByTestId("new-api-key").getByRole("textbox")).toHaveValue(/^kg_live_/);
  await expect(page.getByTestId(`api-key-${name}`)).toBeVisible();
  await context.close();
});

test("the API's reference and OpenAPI document are served beside the dispatcher, the page under the site's policy", async ({ request }) => {
  const docs = await request.get("/api/v1/docs");
  expect(docs.status()).toBe(200);
  expect(docs.headers()["content-type"]).toContain("text/html");
  expect(docs.headers()["content-security-policy"]).toContain("default-src 'self'");
  expect(await docs.text()).toContain("GET /api/v1/leads");
  const openapi = await request.get("/api/v1/openapi.json");
  expect(((await openapi.json()) as { openapi: string }).openapi).toBe("3.1.0");
  const unknown = await request.get("/api/v1/nothing-here");
  expect(unknown.status()).toBe(404);
  expect(await unknown.json()).toEqual({ error: { code: "not_found", message: "No such endpoint." } });
});
