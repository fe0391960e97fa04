import { expect, test } from "./fixtures";
import { factProblems } from "../src/lib/public-facts";
import { PUBLIC_PAGES } from "../src/lib/public-routes";

/**
 * The agency's figures as every public page renders them, the database's content included, agree
 * with src/content/company-facts.ts (docs/decisions/0083): no other count of projects or clients, no
 * other revenue, rating or call length, no "24/7".
 */
test("every public page states the agency's figures as company-facts.ts keeps them", async ({ page }) => {
  // Every public page, each rendered on its first request.
  test.setTimeout(120_000);
  for (const { path } of PUBLIC_PAGES) {
    await page.goto(path);
    const text = await page.locator("body").innerText();
    expect(factProblems(text), path).toEqual([]);
  }
});
