import AxeBuilder from "@axe-core/playwright";
import { test, expect } from "./fixtures";
import { assignUniqueIp } from "./helpers";

// The site's own counting seen from the Analytics screen (docs/decisions/0056): a visitor's page
// views arrive there (the server writes them in batches, so the screen is read until they have),
// the screen passes axe, and its period and filters are a plain GET form that works without script.

test.describe.configure({ mode: "serial" });
test.use({ account: { email: "analytics@e2e.test", name: "Analytics Owner" } });

test("a visitor's two page views are one visit from its campaign on the Analytics screen", async ({ browser, member }) => {
  const campaign = `e2e-${Date.now()}`;
  const visitor = await browser.newContext();
  await assignUniqueIp(visitor);
  const page = await visitor.newPage();
  await page.goto(`/services?utm_source=newsletter&utm_medium=email&utm_campaign=${campaign}`);
  await page.getByRole("link", { name: "Blog" }).first().click();
  await expect(page).toHaveURL(/\/blog$/);
  await visitor.close();

  const admin = await member.open(`analytics?days=1&campaign=${campaign}`);
  await expect(async () => {
    await admin.reload();
    await expect(admin.getByTestId("analytics-visits")).toHaveText("1", { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(admin.getByTestId("analytics-pageviews")).toHaveText("2");
  await expect(admin.getByTestId("analytics-visitors")).toHaveText("1");
  await expect(admin.getByTestId("analytics-bounce")).toHaveText("0%");
  const entry = admin.getByRole("region", { name: "Entry pages" });
  await expect(entry.getByRole("row", { name: /\/services/ })).toContainText("1");
  await expect(admin.getByRole("region", { name: "Sources" }).getByRole("row", { name: /newsletter/ })).toContainText("1");
  // The signed-in owner's own page view is not counted: a visitor's page view sent after it is, and
  // the queue is written in order, so once that one shows the owner's would have too.
  await admin.goto(`/services?utm_campaign=${campaign}`);
  const later = await browser.newContext();
  await assignUniqueIp(later);
  await (await later.newPage()).goto(`/about?utm_campaign=${campaign}`);
  await later.close();
  await expect(async () => {
    await admin.goto(`/admin/analytics?days=1&campaign=${campaign}`);
    await expect(admin.getByTestId("analytics-pageviews")).toHaveText("3", { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(admin.getByTestId("analytics-visits")).toHaveText("2");
  await admin.context().close();
});

test("the Analytics screen passes axe and its form works without JavaScript", async ({ member }) => {
  const admin = await member.open("analytics");
  const { violations } = await new AxeBuilder({ page: admin }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  await admin.context().close();

  const context = await member.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/admin/analytics");
  await page.getByRole("combobox", { name: "Period" }).selectOption("7");
  await page.getByRole("textbox", { name: "Source" }).fill("google.com");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/\/admin\/analytics\?days=7&page=&source=google\.com&campaign=$/);
  await expect(page.getByRole("combobox", { name: "Period" })).toHaveValue("7");
  await expect(page.getByRole("link", { name: "Clear filters" })).toBeVisible();
  const csv = await page.request.get("/admin/export/analytics?days=7&source=google.com");
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain("Section,Item,Measure,Value");
  await context.close();
});
