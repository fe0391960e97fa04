import { expect, test, type Page } from "@playwright/test";
import { assignUniqueIp, createAccount, signIn, uniqueEmail } from "./helpers";
import { nextCode, totp, wrongCode } from "./totp";

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/$/);
}

test("TOTP from the shown secret: set up, sign in with a code; a backup code works once", async ({ page, context }) => {
  test.setTimeout(90_000);
  await assignUniqueIp(context);
  const email = uniqueEmail("totp");
  await createAccount(page, email);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/admin/);

  await page.goto("/admin/security");
  await expect(page.getByTestId("two-factor-status")).toContainText("Off");
  await page.getByLabel("Your password").fill("Wrong-Password-1");
  await page.getByRole("button", { name: "Set Up Authenticator App" }).click();
  await expect(page.getByText("That password is not right.")).toBeVisible();
  await page.getByLabel("Your password").fill("Monsoon-Ledger-2026");
  await page.getByRole("button", { name: "Set Up Authenticator App" }).click();

  // The QR code is an SVG made on the server; the secret is there as text; no backup codes before
  // the app is confirmed.
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" }).locator("svg")).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32,}$/);
  await expect(page.getByRole("list", { name: "Backup codes" })).toHaveCount(0);

  await page.getByLabel("Code from the app").fill("12345");
  await page.getByRole("button", { name: "Confirm and Turn On" }).click();
  await expect(page.getByText("Enter the 6-digit code from your authenticator app.")).toBeVisible();
  await page.getByLabel("Code from the app").fill(wrongCode(secret));
  await page.getByRole("button", { name: "Confirm and Turn On" }).click();
  await expect(page.getByText(/That code is not right/)).toBeVisible();
  const confirmedAt = Date.now();
  await page.getByLabel("Code from the app").fill(totp(secret, confirmedAt));
  await page.getByRole("button", { name: "Confirm and Turn On" }).click();
  await expect(page).toHaveURL(/\/admin\/security\?enabled=1/);
  await expect(page.getByTestId("two-factor-status")).toContainText("Backup codes left: 10 of 10");
  await expect(page.getByTestId("totp-secret")).toHaveCount(0);
  // Now the ten codes, with a download (a plain link) and a copy button.
  const backupCodes = await page.getByRole("list", { name: "Backup codes" }).getByRole("listitem").allTextContents();
  expect(backupCodes).toHaveLength(10);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download as a text file" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/backup-codes\.txt$/);
  const saved = await (await import("node:fs/promises")).readFile((await file.path())!, "utf8");
  for (const code of backupCodes) expect(saved).toContain(code);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByRole("button", { name: "Copy all codes" }).click();
  await expect(page.getByText("Backup codes copied")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(backupCodes.join("\n"));
  // Still there on a reload until the member says they saved them; then never again.
  await page.reload();
  await expect(page.getByRole("list", { name: "Backup codes" }).getByRole("listitem")).toHaveCount(10);
  await page.getByRole("button", { name: "I have saved my codes" }).click();
  await expect(page).toHaveURL(/\/admin\/security\?saved=1/);
  await expect(page.getByRole("list", { name: "Backup codes" })).toHaveCount(0);
  await expect(page.getByText(backupCodes[0]!)).toHaveCount(0);

  // The password alone no longer opens the dashboard.
  await signOut(page);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/auth\/two-factor/);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/auth$/);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/auth\/two-factor/);
  // Each code works once (the one that confirmed the set-up is used): a later step's signs in.
  await page.getByLabel("Code from your authenticator app").fill(nextCode(secret, confirmedAt));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/admin/);

  // A backup code instead of the app, once.
  await signOut(page);
  await signIn(page, email);
  await page.getByText("Use a backup code instead").click();
  await page.getByRole("textbox", { name: "Backup code" }).fill(backupCodes[0]!);
  await page.getByRole("button", { name: "Use Backup Code" }).click();
  await expect(page).toHaveURL(/\/admin/);
  await signOut(page);
  await signIn(page, email);
  await page.getByText("Use a backup code instead").click();
  await page.getByRole("textbox", { name: "Backup code" }).fill(backupCodes[0]!);
  await page.getByRole("button", { name: "Use Backup Code" }).click();
  await expect(page.getByText("That backup code is not right, or it was already used.")).toBeVisible();
  await page.getByRole("textbox", { name: "Backup code" }).fill(backupCodes[1]!);
  await page.getByRole("button", { name: "Use Backup Code" }).click();
  await expect(page).toHaveURL(/\/admin/);
  await page.goto("/admin/security");
  await expect(page.getByTestId("two-factor-status")).toContainText("Backup codes left: 8 of 10");

  // Turned off with the password: the password alone signs in again.
  await page.getByLabel("Your password").fill("Monsoon-Ledger-2026");
  await page.getByRole("button", { name: "Turn Off Two-Factor" }).click();
  await expect(page).toHaveURL(/\/admin\/security\?disabled=1/);
  await expect(page.getByTestId("two-factor-status")).toContainText("Off");
  await signOut(page);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/admin/);
});
