import { assignUniqueIp, createAccount, signIn, uniqueEmail } from "./helpers";
import { expect, test, type Page } from "./fixtures";

/**
 * What a visitor without JavaScript meets (docs/decisions/0081; docs/architecture.md, "Error pages"): the error pages' text, header
 * and footer in the HTML, and a lead sent without the script keeping its campaign, which the server
 * took from the visit's landing request.
 */
test.use({ account: { email: "nojs@e2e.test" } });

async function expectSiteChrome(page: Page) {
  await expect(page.getByRole("banner").getByRole("navigation", { name: "Main" })).toBeAttached();
  await expect(page.getByRole("contentinfo")).toBeVisible();
}

test.describe("error pages without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an unknown address answers 404 with the page's text, header and footer in the HTML", async ({ page }) => {
    for (const path of ["/no-such-page", "/case-studies/no-such-study", "/services/no-such-service"]) {
      const response = await page.goto(path);
      expect(response!.status(), path).toBe(404);
      await expect(page.getByRole("heading", { name: "Oops! Page not found" }), path).toBeVisible();
      await expect(page.getByRole("link", { name: "Return to Home" })).toBeVisible();
      await expectSiteChrome(page);
      await expect(page).toHaveTitle(/Page Not Found/);
      expect(await page.locator('meta[name="robots"]').getAttribute("content")).toContain("noindex");
    }
  });

  test("an unknown or expired preview link answers 404 with its words, header and footer in the HTML", async ({ page }) => {
    const response = await page.goto("/preview/no-such-token");
    expect(response!.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Preview Link Expired" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Read the blog" })).toBeVisible();
    await expectSiteChrome(page);
    await expect(page).toHaveTitle(/Preview Link Expired/);
  });

  test("the server-error page answers 500 with its text, a way to reach us, header and footer in the HTML", async ({ page }) => {
    // The host sends this document, with the 500, in place of Next's own error document whenever a
    // page fails to render (tests/page-cache.test.ts plays that failure against the document layer).
    const response = await page.goto("/server-error");
    expect(response!.status()).toBe(500);
    await expect(page.getByRole("heading", { name: "Something went wrong on our side" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Return to Home" })).toBeVisible();
    await expect(page.getByRole("main").locator('a[href^="mailto:"]')).toBeVisible();
    await expect(page.getByRole("main").locator('a[href^="tel:"]')).toBeVisible();
    await expectSiteChrome(page);
    await expect(page).toHaveTitle(/Something went wrong/);
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toContain("noindex");
  });

  test("the access-denied page: its text, header and footer in the HTML", async ({ browser }) => {
    // The account is made and signed in with JavaScript; its session then browses without.
    const setup = await browser.newContext();
    await assignUniqueIp(setup);
    const page = await setup.newPage();
    const email = uniqueEmail("denied-nojs");
    await createAccount(page, email);
    await signIn(page, email);
    await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
    const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: await setup.storageState() });
    await assignUniqueIp(noScript);
    const denied = await noScript.newPage();
    const answer = await denied.goto("/admin/overview");
    expect(answer!.status(), "Access Denied is sent as 403").toBe(403);
    await expect(denied.getByRole("heading", { name: "Access Denied" })).toBeVisible();
    await expect(denied.getByText("You don't have admin privileges.")).toBeVisible();
    await expectSiteChrome(denied);
    await noScript.close();
    await setup.close();
  });
});

test("without JavaScript a lead keeps its campaign: stored, in the export and through the API", async ({ browser, member }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  await assignUniqueIp(context);
  const page = await context.newPage();
  await page.goto("/?utm_source=newsletter&utm_medium=email&utm_campaign=x");
  await page.goto("/free-audit");
  const email = uniqueEmail("campaign-nojs");
  await page.getByLabel("Full name").fill("Asha Rao");
  await page.getByLabel("Work email").fill(email);
  await page.getByLabel("Mobile number").fill("98765 43210");
  await page.getByLabel("Website").fill("ashabrand.in");
  await page.getByLabel("Monthly revenue").selectOption("10L-50L/month");
  await page.getByLabel("Biggest growth challenge").fill("Sent without JavaScript.");
  await page.getByRole("button", { name: "Get My Free Audit" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Audit Request Submitted!" })).toBeVisible();
  await context.close();

  // The lead desk's export: the first touch is the landing request's.
  const csv = await member.page.request.get(`/admin/export/leads?q=${encodeURIComponent(email)}`);
  expect(csv.status()).toBe(200);
  const [head, row] = (await csv.text()).trim().split(/\r?\n/);
  const cells = row!.split(",");
  const column = (name: string) => cells[head!.split(",").indexOf(name)];
  expect(column("First touch utm_source")).toBe("newsletter");
  expect(column("First touch utm_medium")).toBe("email");
  expect(column("First touch utm_campaign")).toBe("x");
  expect(column("Form page")).toBe("/free-audit");

  // The REST API shows the same attribution.
  const keys = await member.open("integrations/keys");
  const form = keys.getByRole("form", { name: "Make an API key" });
  await form.getByLabel("Name").fill(`No-JS check ${Date.now()}`);
  await form.getByRole("checkbox", { name: /leads:read/ }).check();
  await form.getByRole("button", { name: "Make key" }).click();
  const key = await keys.getByTestId("new-api-key").getByRole("textbox", { name: "New API key" }).inputValue();
  const listed = await keys.request.get(`/api/v1/leads?q=${encodeURIComponent(email)}`, { headers: { authorization: `Bearer ${key}` } });
  expect(listed.status()).toBe(200);
  const [lead] = ((await listed.json()) as { data: { attribution: { first_touch?: Record<string, string> } }[] }).data;
  expect(lead!.attribution.first_touch).toMatchObject({ utm_source: "newsletter", utm_medium: "email", utm_campaign: "x", landing_page: "/" });
  await keys.context().close();
});
