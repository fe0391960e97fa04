import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures";

// The Integrations screen (docs/integrations.md) without JavaScript, as ADR 0055 asks of every form:
// an address that may not be sent to is refused beside its field; an endpoint is added and its
// signing secret shown that once; a lead sent through the public form then shows as a delivery of
// that endpoint; Delete removes it. The receiver's host (*.e2e.test) resolves nowhere: the delivery
// is tried and waits for its retry, and nothing leaves the machine. Delivery itself is proved in
// tests/webhooks.test.ts against a receiver of the test's own.

const RUN = Date.now().toString(36);

// One account signed in once for the file: its tests run in one worker.
test.describe.configure({ mode: "serial" });
test.use({ account: { email: "hooks@e2e.test", name: "Hooks Owner" } });

test("an owner adds an endpoint, sees its secret once, and a new lead shows as its delivery (no JavaScript)", async ({ member, request }) => {
  test.setTimeout(90_000);
  const context = await member.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/admin/integrations");
  await expect(page.getByRole("link", { name: "API keys" })).toHaveAttribute("href", "/admin/integrations/keys");
  const form = page.getByRole("form", { name: "Add a webhook endpoint" });

  await form.getByLabel("Address").fill("https://127.0.0.1/hooks");
  await form.getByRole("button", { name: "Add endpoint" }).click();
  await expect(page.getByText("Enter a host name (such as hooks.example.com), not an IP address.")).toBeVisible();
  await expect(page.getByTestId("endpoint-secret")).toHaveCount(0);

  const address = `https://hooks-${RUN}.e2e.test/leads`;
  await form.getByLabel("Address").fill(address);
  await expect(form.getByRole("checkbox", { name: /New lead/ })).toBeChecked();
  await form.getByRole("button", { name: "Add endpoint" }).click();
  const secretBox = page.getByTestId("endpoint-secret");
  await expect(secretBox).toBeVisible();
  const secret = (await secretBox.locator("code").textContent())!.trim();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
  const endpoint = page.getByTestId("endpoint").filter({ hasText: address });
  await expect(endpoint.getByTestId("endpoint-status")).toHaveText(/^Active/);

  // Shown once: the screen opened again has it nowhere.
  await page.goto("/admin/integrations");
  await expect(page.getByTestId("endpoint").filter({ hasText: address })).toBeVisible();
  expect(await page.content()).not.toContain(secret.slice(6));

  // A lead through the public form's endpoint: its webhook is queued with its job in the submission's transaction.
  const origin = new URL(page.url()).origin;
  const answer = await request.post("/api/forms/audit", {
    maxRetries: 1,
    headers: { origin, accept: "application/json", "x-forwarded-for": "198.51.100.57" },
    form: {
      name: "Hook Lead",
      email: `hook-${RUN}@brand.example`,
      mobileNumber: "+919876543210",
      websiteUrl: "brand.example",
      monthlyRevenue: "10L-50L/month",
      growthChallenge: "Webhook test",
      companyWebsite: "",
      elapsedMs: "15000",
      submissionKey: `hooks-${RUN}`,
    },
  });
  expect(await answer.text()).toContain('"status":"success"');
  await expect(async () => {
    await page.goto("/admin/integrations");
    const row = page.getByTestId("endpoint").filter({ hasText: address }).getByTestId("delivery").filter({ hasText: "lead.created" });
    await expect(row.first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });

  const current = page.getByTestId("endpoint").filter({ hasText: address });
  // Without JavaScript Delete posts at once (the confirmation is a script's); the page comes back without it.
  await current.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByTestId("endpoint").filter({ hasText: address })).toHaveCount(0);
  await page.goto("/admin/integrations");
  await expect(page.getByTestId("endpoint").filter({ hasText: address })).toHaveCount(0);
  await context.close();
});

test("with JavaScript: a chat endpoint refuses other events beside the checkboxes, the screen passes axe, and the secret is not toasted", async ({
  member,
}) => {
  const page = await member.open("integrations");
  const form = page.getByRole("form", { name: "Add a webhook endpoint" });
  await form.getByLabel("Address").fill(`https://hooks.slack.com/services/T0/B0/${RUN}`);
  await form.getByLabel("Kind").selectOption("slack");
  await form.getByRole("checkbox", { name: /Case study added/ }).check();
  await form.getByRole("button", { name: "Add endpoint" }).click();
  await expect(
    form.getByText("A Slack or Teams endpoint is sent a message for a new lead, a new contact message, a proposal accepted or an invoice paid only."),
  ).toBeVisible();
  // What was typed is kept.
  await expect(form.getByLabel("Address")).toHaveValue(`https://hooks.slack.com/services/T0/B0/${RUN}`);
  // Added as a standard endpoint on a host that resolves nowhere: nothing is sent to Slack from a test.
  await form.getByLabel("Address").fill(`https://chat-${RUN}.e2e.test/in`);
  await form.getByLabel("Kind").selectOption("standard");
  await form.getByRole("button", { name: "Add endpoint" }).click();
  const secret = (await page.getByTestId("endpoint-secret").locator("code").textContent())!.trim();
  expect(secret).toMatch(/^whsec_/);
  await expect(page.locator("[data-toast]").filter({ hasText: "Endpoint added" })).toBeVisible();
  expect(await page.locator("[data-toast]").allTextContents()).not.toContain(secret);
  const axe = await new AxeBuilder({ page }).include("main").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByTestId("endpoint").filter({ hasText: RUN }).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByTestId("endpoint").filter({ hasText: RUN })).toHaveCount(0);
  await page.context().close();
});
