import { test, expect } from "./fixtures";

// The dashboard's record form on its own address (?new=1, ?edit=<id>), the row controls and the
// bulk bar without JavaScript. The dialog (with JavaScript) is covered by admin.spec.ts.

// One account signed in once for the file: its tests run in one worker.
test.describe.configure({ mode: "serial" });
test.use({ account: { email: "records@e2e.test", name: "Record Owner" } });

test("without JavaScript a case study is added, refused with its fields kept, and edited", async ({ member }) => {
  const context = await member.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const title = `No-script study ${Date.now()}`;

  await page.goto("/admin/case-studies?q=No-script");
  await page.getByRole("link", { name: "Add Case Study" }).click();
  await expect(page).toHaveURL(/\/admin\/case-studies\?q=No-script&new=1$/);
  await expect(page.getByRole("heading", { name: "Add Case Study" })).toBeVisible();

  // Refused by the server: the field says why, and what was typed is still there.
  await page.getByLabel("Company name").fill("Quiet Company");
  await page.getByLabel("Industry").fill("Retail");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByLabel("Title")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Title is required.")).toBeVisible();
  await expect(page.getByLabel("Company name")).toHaveValue("Quiet Company");
  await expect(page.getByLabel("Industry")).toHaveValue("Retail");

  await page.getByLabel("Title").fill(title);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Case study created successfully." })).toBeVisible();
  await page.getByRole("link", { name: "Back to the list" }).click();
  await expect(page).toHaveURL(/\/admin\/case-studies\?q=No-script$/);
  await expect(page.getByRole("list", { name: "Case Study list" })).toContainText(title);

  await page.getByRole("link", { name: `Edit ${title}` }).click();
  await expect(page).toHaveURL(/[?&]edit=[0-9a-f-]{36}$/);
  await expect(page.getByLabel("Title")).toHaveValue(title);
  await page.getByLabel("Title").fill(`${title} (edited)`);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Case study updated successfully." })).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue(`${title} (edited)`);
  await page.getByRole("link", { name: "Back to the list" }).click();
  await expect(page.getByRole("list", { name: "Case Study list" })).toContainText(`${title} (edited)`);

  // Delete: its confirmation is a page of its own.
  await page.getByRole("link", { name: `Delete ${title} (edited)` }).click();
  await expect(page).toHaveURL(/[?&]delete=[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: "Are you absolutely sure?" })).toBeVisible();
  await expect(page.getByText(`This will permanently delete "${title} (edited)".`)).toBeVisible();
  await page.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Case study deleted successfully." })).toBeVisible();
  await page.getByRole("link", { name: "Back to the list" }).click();
  await expect(page.getByRole("status").filter({ hasText: /^0 case studies/ })).toBeVisible();
  await context.close();
});

test("without JavaScript a lead's status is set from the list", async ({ member }) => {
  const context = await member.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const name = `Scriptless Lead ${Date.now()}`;
  await page.goto("/admin/leads?new=1");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Email").fill("scriptless.lead@example.com");
  await page.getByLabel("Mobile").fill("9876543210");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Lead created successfully." })).toBeVisible();

  await page.goto(`/admin/leads?q=${encodeURIComponent(name)}`);
  const row = page.getByRole("list", { name: "Lead list" }).getByRole("listitem").filter({ hasText: name });
  await row.getByRole("combobox", { name: `Status of ${name}` }).selectOption("qualified");
  await row.getByRole("button", { name: "Set" }).click();
  await expect(row.getByRole("status")).toHaveText("Lead updated successfully.");
  await expect(row.getByRole("combobox", { name: `Status of ${name}` })).toHaveValue("qualified");

  // The bulk bar (opened on request): its GET form opens a confirmation page, which makes the change.
  await page.locator("summary", { hasText: "this filter matches" }).click();
  await page.getByLabel("Action").selectOption("status");
  await page.getByLabel("New status").selectOption("won");
  await page.getByRole("button", { name: "Review the change to 1 lead" }).click();
  await expect(page.getByRole("heading", { name: "Change status: 1 lead?" })).toBeVisible();
  await expect(page.getByText("This sets the status of exactly these 1 lead to Won.")).toBeVisible();
  await page.getByRole("button", { name: "Change 1 lead" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Set to Won: 1 lead." })).toBeVisible();
  await page.getByRole("link", { name: "Back to the list" }).click();
  await expect(row.getByRole("combobox", { name: `Status of ${name}` })).toHaveValue("won");
  await context.close();
});

test("with JavaScript the record's address opens its form, and Edit in the list still opens the dialog", async ({ member }) => {
  const context = await member.newContext();
  const page = await context.newPage();
  const title = `Addressed study ${Date.now()}`;

  await page.goto("/admin/case-studies?new=1");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Company name").fill("Addressed Company");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Case study created successfully." }).first()).toBeVisible();

  await page.goto("/admin/case-studies");
  await page.getByRole("link", { name: `Edit ${title}` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Case Study" });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/case-studies$/);
  await expect(dialog.getByLabel("Title")).toHaveValue(title);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);

  // The address of a record deleted since opens the list and says so.
  await page.goto("/admin/case-studies?edit=00000000-0000-4000-8000-000000000000");
  await expect(page.getByRole("alert").filter({ hasText: "This case study no longer exists. It may have been deleted." })).toBeVisible();
  await expect(page.getByRole("list", { name: "Case Study list" })).toBeVisible();
  await context.close();
});
