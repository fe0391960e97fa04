import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { memberSignedIn } from "./security/accounts";
import { startServer, tempDir, waitHealthy, type AppServer } from "./security/faults";

/**
 * A fresh install's first owner without a terminal (docs/decisions/0084): a server of its own on an
 * empty data folder and no ADMIN_EMAILS. The set-up link is in the log and in DATA_DIR; the first
 * verified account that opens it (here with JavaScript off) becomes the owner; the link then opens
 * nothing for a second account, and the file is gone.
 */
test.describe.configure({ mode: "serial" });

const PORT = Number(process.env.FIRST_OWNER_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 36);
const SITE = `http://127.0.0.1:${PORT}`;
const DATA_DIR = tempDir("first-owner-");
let server: AppServer | null = null;

test.use({ baseURL: SITE });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = startServer(PORT, { DATA_DIR, ADMIN_EMAILS: "", FORM_MIN_FILL_SECONDS: "1" });
  await waitHealthy(server);
});

test.afterAll(async () => {
  await server?.stop();
});

test("the first verified account opens the set-up link and becomes the owner; a second account cannot", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const file = path.join(DATA_DIR, "setup-link.txt");
  const link = fs.readFileSync(file, "utf8").trim();
  expect(link).toMatch(new RegExp(`^${SITE}/auth/setup\\?token=[A-Za-z0-9_-]{43}$`));
  expect(server!.output()).toContain(link);

  // A stranger guessing: nothing to claim.
  await page.goto("/auth/setup?token=guess");
  await expect(page.getByTestId("setup-state")).toHaveAttribute("data-state", "closed");

  // Signed out, the link says what to do first.
  await page.goto(link);
  await expect(page.getByTestId("setup-state")).toHaveAttribute("data-state", "signed-out");

  // The first person signs up and verifies: still no role, and the dashboard says where the link is.
  await memberSignedIn(page, DATA_DIR, "founder@first-owner.test");
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await expect(page.getByTestId("no-owner-hint")).toContainText("setup-link.txt");
  await page.screenshot({ path: "test-results/first-owner-denied.png" });

  // The claim with JavaScript off: a plain form post.
  const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const plain = await noScript.newPage();
  await plain.goto(link);
  await expect(plain.getByTestId("setup-state")).toHaveAttribute("data-state", "ready");
  await plain.screenshot({ path: "test-results/first-owner-setup.png" });
  await plain.getByRole("button", { name: "Become the owner" }).click();
  await expect(plain).toHaveURL(/\/admin\/overview/);
  await expect(plain.getByRole("heading", { name: "Access Denied" })).toHaveCount(0);
  await noScript.close();
  expect(fs.existsSync(file)).toBe(false);

  // The owner takes strategy calls in the business hours from the start: /book offers times.
  await page.goto("/book");
  await expect(page.getByText("No time is free")).toHaveCount(0);

  // A second account with the same link: nothing to claim.
  await page.context().clearCookies();
  await memberSignedIn(page, DATA_DIR, "second@first-owner.test");
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await expect(page.getByTestId("no-owner-hint")).toHaveCount(0);
  await page.goto(link);
  await expect(page.getByTestId("setup-state")).toHaveAttribute("data-state", "closed");
});

test("when nobody takes calls, Overview and Due say so and /book takes a call request that becomes a lead", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto("/auth");
  await page.getByLabel("Email").fill("founder@first-owner.test");
  await page.getByLabel("Password").fill("Monsoon-Ledger-2026");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/overview/);
  // The owner's office hours from the set-up: no prompt yet.
  await expect(page.getByTestId("no-calls-notice")).toHaveCount(0);

  // The owner stops taking calls.
  await page.goto("/admin/booking");
  const form = page.getByTestId("availability-founder@first-owner.test");
  await expect(form.getByLabel("Takes strategy calls")).toBeChecked();
  await expect(form.getByLabel("Monday from")).toHaveValue("09:00");
  await expect(form.getByLabel("Monday until")).toHaveValue("19:00");
  await form.getByLabel("Takes strategy calls").uncheck();
  await form.getByRole("button", { name: "Save availability" }).click();
  await expect(page.locator("#main").getByText("Saved: no calls are offered.").first()).toBeVisible();

  for (const screen of ["overview", "due"]) {
    await page.goto(`/admin/${screen}`);
    await expect(page.getByTestId("no-calls-notice")).toContainText("No one takes strategy calls yet");
    await expect(page.getByTestId("no-calls-notice").getByRole("link")).toHaveAttribute("href", "/admin/booking");
  }
  await page.screenshot({ path: "test-results/first-owner-no-calls.png" });

  // A visitor finds no free time and asks for a call instead.
  const visitor = await page
    .context()
    .browser()!
    .newContext({ baseURL: SITE, extraHTTPHeaders: { "x-forwarded-for": "198.51.100.43" } });
  const book = await visitor.newPage();
  await book.goto("/book");
  await expect(book.getByTestId("no-free-time")).toBeVisible();
  await expect(book.locator("main form[data-ready=true]")).toHaveCount(1);
  await book.getByLabel("Full name").fill("Meera Request");
  await book.getByLabel("Email").fill("meera@call-request.test");
  await book.getByLabel("Mobile number").fill("+91 98765 43210");
  await book.getByLabel("Monthly revenue").selectOption({ index: 1 });
  await book.getByLabel("When suits you, and what you'd like to discuss").fill("Weekday mornings, about repeat orders.");
  await book.waitForTimeout(1_100);
  await book.getByRole("button", { name: "Ask for a call" }).click();
  await expect(book.locator("main").getByRole("status").filter({ hasText: "Call Request Sent!" }).first()).toBeVisible({ timeout: 15_000 });
  await book.screenshot({ path: "test-results/first-owner-call-request.png", fullPage: true });
  await visitor.close();

  await page.goto("/admin/leads?q=meera%40call-request.test");
  await expect(page.locator("#main").getByText("Meera Request").first()).toBeVisible();
  // The lead list's number is a tap-to-call link.
  await expect(
    page
      .locator("#main")
      .getByRole("link", { name: /98765\s?43210/ })
      .first(),
  ).toHaveAttribute("href", /^tel:\+?\d*9876543210$/);
});
