import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures";

// The lead desk's overview as its first screen (docs/decisions/0049): charts drawn on the server with
// their tables, a period chosen by a plain form; the numbers themselves are proved against a hand count
// in tests/overview.test.ts.

test.use({ account: { email: "overview@e2e.test", name: "Overview Owner" } });

test("the lead desk opens on the overview; a lead sent now is counted; the period form works without script; axe passes", async ({ request, member }) => {
  const page = await member.open("overview");
  const before = Number(await page.getByTestId("overview-leads").textContent());

  // A visitor's lead from a paid campaign arrives.
  // As the page's script posts it (ADR 0017): form fields, the guards' hidden fields, the stored first touch.
  const origin = new URL(page.url()).origin;
  const form = await request.post("/api/forms/audit", {
    headers: { origin, accept: "application/json", "x-forwarded-for": "198.51.100.77" },
    form: {
      name: "Overview Visitor",
      email: `overview-${Date.now()}@example.com`,
      mobileNumber: "+919876543210",
      websiteUrl: "overview-visitor.example",
      monthlyRevenue: "10L-50L/month",
      growthChallenge: "Our ads do not convert.",
      companyWebsite: "",
      elapsedMs: "15000",
      submissionKey: `overview-${Date.now()}`,
      attribution: JSON.stringify({ first_touch: { utm_source: "google", utm_medium: "cpc", utm_campaign: "overview-e2e", landing_page: "/free-audit" } }),
    },
  });
  expect(await form.text()).toContain('"status":"success"');

  await page.goto("/admin");
  await expect(page.getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("overview-leads")).toHaveText(String(before + 1));
  await expect(page.getByRole("img", { name: "Leads and messages per week, by channel" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Top campaigns" }).getByRole("rowheader", { name: "overview-e2e" })).toBeVisible();
  const paid = page.getByRole("region", { name: "Where they came from" }).getByRole("row", { name: /^Paid/ });
  await expect(paid).toBeVisible();

  const axe = await new AxeBuilder({ page }).include("main").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);

  await page.getByRole("combobox", { name: "Period" }).selectOption("52");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/weeks=52/);
  await expect(page.getByRole("status").filter({ hasText: "in the last 52 weeks" })).toBeVisible();
  await page.context().close();
});
