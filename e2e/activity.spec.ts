import { expect, test } from "./fixtures";

// The activity trail seen from the dashboard (docs/decisions/0037): an edit, then the record's history.
const ADMIN = "activity@e2e.test";

test.use({ account: { email: ADMIN, name: "Activity Admin" } });

test("edit a record, then open its history from the dialog", async ({ member: { page } }) => {
  const company = `Tracked Co ${Date.now()}`;
  await page.goto("/admin/case-studies");
  await page.getByRole("link", { name: "Add Case Study" }).click();
  let dialog = page.getByRole("dialog");
  await dialog.getByLabel("Title").fill("Tracked case study");
  await dialog.getByLabel("Company").fill(company);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole("searchbox").fill(company);
  await page.getByRole("button", { name: "Apply" }).click();
  await page.getByRole("link", { name: "Edit Tracked case study" }).click();
  dialog = page.getByRole("dialog");
  await dialog.getByLabel("Title").fill("Tracked case study, edited");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole("link", { name: "Edit Tracked case study, edited" }).click();
  await page.getByRole("dialog").getByRole("link", { name: "History" }).click();
  await expect(page).toHaveURL(/\/admin\/activity\?.*record=/);
  await expect(page.getByRole("link", { name: /Activity/ })).toHaveAttribute("aria-current", "page");
  const rows = page.getByTestId("activity-row");
  await expect(rows).toHaveCount(2);
  // Newest first: the edit with the title before and after, then the creation.
  const edit = rows.first();
  // In words: the action as a sentence, the record by its title, the field by its form label.
  await expect(edit.getByText("Case Study edited", { exact: true })).toBeVisible();
  await expect(edit.getByText("“Tracked case study, edited”")).toBeVisible();
  await expect(edit.getByTestId("activity-action")).toHaveText("update");
  await expect(edit.getByText(ADMIN)).toBeVisible();
  const title = edit.getByRole("row", { name: /Title/ });
  await expect(title.getByRole("cell").nth(0)).toHaveText("Tracked case study");
  await expect(title.getByRole("cell").nth(1)).toHaveText("Tracked case study, edited");
  await expect(rows.nth(1).getByText("Case Study added", { exact: true })).toBeVisible();

  // The filters: the edits only, then a day with nothing.
  // The fields by their names: a select's label holds its options, and the Member list holds every
  // acting member's address, which may contain "action" or "to" (labels match by substring).
  await page.locator('select[name="action"]').selectOption("update");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(rows).toHaveCount(1);
  await page.getByLabel("To", { exact: true }).fill("2020-01-01");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("No activity matches.")).toBeVisible();
});
