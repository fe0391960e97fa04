import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures";

// The lead desk's overview as its first screen (docs/decisions/0049, 0072): key figures, charts drawn
// on the server with their tables, a period chosen by a plain form; the numbers themselves are proved
// against a hand count in tests/overview.test.ts, and the empty state in tests/overview-view.test.ts
// (this suite's database always has leads).

test.use({ account: { email: "overview@e2e.test", name: "Overview Owner" } });

test("the lead desk opens on the overview; a lead sent now is counted; the period form works without script; axe passes", async ({ request, member }) => {
  test.setTimeout(60_000);
  const page = await member.open("overview");
  const before = Number(await page.getByTestId("overview-leads").textContent());
  const newBefore = Number(await page.getByTestId("overview-new-leads").textContent());

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
      // The landing page as the browser saw it, query included: the overview counts it by its path.
      attribution: JSON.stringify({
        first_touch: {
          utm_source: "google",
          utm_medium: "cpc",
          utm_campaign: "overview-e2e",
          landing_page: "/free-audit?utm_campaign=overview-e2e&utm_source=google",
        },
      }),
    },
  });
  expect(await form.text()).toContain('"status":"success"');

  await page.goto("/admin");
  await expect(page.getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("overview-leads")).toHaveText(String(before + 1));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Overview");

  // Key figures first: this lead is one of the last 7 days', with the change against the 7 before.
  const figures = page.getByTestId("overview-figures");
  await expect(figures.getByRole("region", { name: "New leads, last 7 days" })).toBeVisible();
  expect(Number(await page.getByTestId("overview-new-leads").textContent())).toBeGreaterThanOrEqual(newBefore + 1);
  await expect(page.getByTestId("overview-new-leads-change")).toHaveText(/against the 7 days before/);
  await expect(figures.getByRole("region", { name: "Time to first contact" })).toBeVisible();
  await expect(page.getByTestId("overview-won")).toHaveText(/^₹/);

  // The chart: one bar per week, each channel in its own colour (the legend's six swatches all differ).
  await expect(page.getByRole("img", { name: "Leads and messages per week, by channel" })).toBeVisible();
  const swatches = await page
    .getByRole("list", { name: "Channel colours" })
    .locator("span[aria-hidden]")
    .evaluateAll((spans) => spans.map((s) => getComputedStyle(s).backgroundColor));
  expect(swatches).toHaveLength(6);
  expect(new Set(swatches).size).toBe(6);
  const paidSegment = page.getByTestId("weekly-chart").locator('[data-channel="paid"]').last();
  expect(await paidSegment.evaluate((s) => getComputedStyle(s).backgroundColor)).toBe(swatches[1]);

  // Revenue in the public form's order, smallest first, whatever the counts.
  const brackets = await page.getByRole("region", { name: "Monthly revenue of the leads" }).getByRole("rowheader").allInnerTexts();
  expect(brackets.slice(0, 5)).toEqual(["0-10L/month", "10L-50L/month", "50L-1Cr/month", "1Cr-5Cr/month", "5Cr+/month"]);

  // Landing pages by their path; the campaign has its own table.
  const pages = page.getByRole("region", { name: "Top landing pages" });
  await expect(pages.getByRole("rowheader", { name: "/free-audit", exact: true })).toBeVisible();
  expect((await pages.getByRole("rowheader").allInnerTexts()).filter((p) => p.includes("?"))).toEqual([]);
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
