import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "./fixtures";
import { assignUniqueIp, uniqueEmail, waitLikeAPerson } from "./helpers";

// The visit that led to a lead, in the lead's record (docs/decisions/0056, "The lead join"): a
// visitor reads two pages from a newsletter link and sends the growth audit form; the lead desk sees
// where they landed, the pages in order and the source, on the record's own address without
// JavaScript and in the list's dialog. Page views are written by a queue every second, so the record
// is read again until its visit has arrived.

test.describe.configure({ mode: "serial" });
test.use({ account: { email: "lead-visit@e2e.test", name: "Lead Visit Owner" } });

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const stamp = Date.now();
const source = `e2e-news-${stamp}`;
const name = `Visit Reader ${stamp}`;
const email = uniqueEmail("lead-visit");

/** The section of the record, once the visit's page views have been written. */
async function visitSection(page: Page, url: string) {
  const section = page.getByRole("region", { name: "The visit that led to it" });
  await expect(async () => {
    await page.goto(url);
    await expect(section.getByRole("list", { name: "Pages seen, in order" })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  return section;
}

async function sendAudit(page: Page, fullName: string, address: string) {
  await page.getByLabel("Full name").fill(fullName);
  await page.getByLabel("Work email").fill(address);
  await page.getByLabel("Mobile number").fill("98765 43210");
  await page.getByLabel("Monthly revenue").selectOption("10L-50L/month");
  await page.getByLabel("Biggest growth challenge").fill("Which pages bring leads?");
  await waitLikeAPerson(page); // FORM_MIN_FILL_SECONDS=1 here
  await page.getByRole("button", { name: "Get My Free Audit" }).click();
  await expect(page.locator("main").getByRole("status").filter({ hasText: "Audit Request Submitted!" })).toBeVisible();
}

test("a visitor's pages from a newsletter link lead to a lead; its record shows the visit", async ({ browser, member }) => {
  const visitor = await browser.newContext();
  await assignUniqueIp(visitor);
  const page = await visitor.newPage();
  await page.goto(`/services?utm_source=${source}&utm_medium=email&utm_campaign=november`);
  await page.goto("/about");
  await page.goto("/free-audit");
  await sendAudit(page, name, email);
  await visitor.close();

  // The record's own address, as a browser without JavaScript opens it from the list.
  const context = await member.newContext({ javaScriptEnabled: false });
  const plain = await context.newPage();
  await plain.goto(`/admin/leads?q=${encodeURIComponent(email)}`);
  await plain.getByRole("link", { name: `Edit ${name}` }).click();
  await expect(plain).toHaveURL(/[?&]edit=[0-9a-f-]{36}$/);
  const recordUrl = plain.url();
  const section = await visitSection(plain, recordUrl);
  const pages = section.getByRole("list", { name: "Pages seen, in order" }).getByRole("listitem");
  await expect(pages).toHaveCount(3);
  await expect(pages.nth(0)).toHaveText(/^\/services at landing$/);
  await expect(pages.nth(1)).toHaveText(/^\/about (under 1|\d+) min after landing$/);
  await expect(pages.nth(2)).toHaveText(/^\/free-audit (under 1|\d+) min after landing$/);
  await expect(pages.locator("time")).toHaveCount(3);
  // The channel by the lead desk's rule over the visit's first touch, as the Overview and Analytics name it.
  await expect(section.getByRole("term")).toHaveText(["Landing page", "Source", "Channel", "Medium", "Campaign", "Device"]);
  await expect(section.getByRole("definition")).toHaveText([
    "/services",
    `${source} (campaign tag utm_source)`,
    "E-mail",
    "email",
    "november",
    /^Computer · Chrome/,
  ]);
  await context.close();

  // With JavaScript: the same record passes axe, and the list's dialog shows the same section.
  const admin = await member.open(`leads?q=${encodeURIComponent(email)}`);
  await admin.goto(recordUrl);
  await expect(admin.getByRole("region", { name: "The visit that led to it" })).toBeVisible();
  const { violations } = await new AxeBuilder({ page: admin }).withTags(WCAG_TAGS).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

  await admin.goto(`/admin/leads?q=${encodeURIComponent(email)}`);
  await admin.getByRole("link", { name: `Edit ${name}` }).click();
  const dialog = admin.getByRole("dialog");
  const inDialog = dialog.getByRole("region", { name: "The visit that led to it" });
  await expect(inDialog.getByRole("list", { name: "Pages seen, in order" }).getByRole("listitem")).toHaveText([/^\/services/, /^\/about/, /^\/free-audit/]);
  await inDialog.scrollIntoViewIfNeeded();
  await inDialog.screenshot({ path: test.info().outputPath("lead-visit.png") });
  await admin.context().close();
});

test("a lead from a browser that asked not to be tracked says so instead of a visit", async ({ browser, member }) => {
  const visitor = await browser.newContext();
  // Set after the address: setExtraHTTPHeaders replaces the context's headers, it does not add to them.
  await visitor.setExtraHTTPHeaders({ "x-forwarded-for": await assignUniqueIp(visitor), "Sec-GPC": "1" });
  const page = await visitor.newPage();
  await page.goto(`/services?utm_source=${source}-gpc`);
  await page.goto("/free-audit");
  const quiet = `Quiet Reader ${stamp}`;
  const address = uniqueEmail("lead-visit-gpc");
  await sendAudit(page, quiet, address);
  await visitor.close();

  // No visitor id was stored with the lead (the form's request carried Sec-GPC), so there is nothing to wait for.
  const context = await member.newContext({ javaScriptEnabled: false });
  const plain = await context.newPage();
  await plain.goto(`/admin/leads?q=${encodeURIComponent(address)}`);
  await plain.getByRole("link", { name: `Edit ${quiet}` }).click();
  const section = plain.getByRole("region", { name: "The visit that led to it" });
  await expect(section.getByRole("paragraph")).toHaveText(
    /^No visit is linked: the browser that sent it asked not to be tracked \(Do Not Track or Global Privacy Control\)/,
  );
  await expect(section.getByRole("list")).toHaveCount(0);
  await context.close();
});
