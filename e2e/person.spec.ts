import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures";

// One page per person (docs/decisions/0068), as a member of the lead desk uses it: opened from the
// lead's dialog (its address is not in the page's URL), a call logged (bad input refused first, then
// with JavaScript and without), the timeline, both exports, axe, and the erasure after a wrong
// confirmation. What the erasure leaves in the database is proved in tests/person.test.ts.

const RUN = Date.now().toString(36);

test.use({ account: { email: "people@e2e.test", name: "People Owner" } });

test("a person opened from the lead dialog: a call logged, the timeline, the exports, axe, and the erasure", async ({ request, member }) => {
  test.setTimeout(120_000);
  const page = await member.open("leads");
  const origin = new URL(page.url()).origin;
  const email = `ravi-${RUN}@brand.example`;
  const marker = `person-${RUN}`;
  const sent = await request.post("/api/forms/audit", {
    maxRetries: 1,
    headers: { origin, accept: "application/json", "x-forwarded-for": "198.51.100.91" },
    form: {
      name: "Ravi Person",
      email,
      mobileNumber: "+919812345678",
      websiteUrl: "brand.example",
      monthlyRevenue: "10L-50L/month",
      growthChallenge: `Organic traffic fell ${marker}`,
      companyWebsite: "",
      elapsedMs: "15000",
      submissionKey: `audit-${marker}`,
    },
  });
  expect(await sent.text()).toContain('"status":"success"');

  // From the lead's dialog to the person's page, whose address names them only by key.
  await page.goto(`/admin/leads?q=${marker}`);
  await page.getByRole("listitem").filter({ hasText: "Ravi Person" }).getByRole("link", { name: "Edit Ravi Person" }).click();
  await page.getByRole("dialog").getByTestId("person-link").click();
  await expect(page).toHaveURL(/\/admin\/people\/[0-9a-f]{32}$/);
  expect(page.url()).not.toContain("ravi");
  const personUrl = page.url();
  await expect(page.getByTestId("person-name")).toHaveText("Ravi Person");
  await expect(page.getByTestId("person-header")).toContainText(email);
  const timeline = page.getByTestId("timeline");
  await expect(timeline.locator("li[data-kind=lead]")).toContainText(`Organic traffic fell ${marker}`);

  // Bad input: a message beside the field, nothing logged, the typed time kept.
  const log = page.getByRole("form", { name: "Log an interaction" });
  await log.getByLabel("When (India time)").fill("1999-01-01T10:00");
  await log.getByRole("button", { name: "Log it" }).click();
  await expect(log.getByText("Write what was said.")).toBeVisible();
  await expect(log.getByText("Enter a time between the year 2000 and tomorrow.")).toBeVisible();
  await expect(timeline.locator("li[data-kind=interaction]")).toHaveCount(0);

  // A call logged: on the timeline, by its author.
  await log.getByLabel("Type").selectOption("call");
  await log
    .getByLabel("When (India time)")
    .fill(new Intl.DateTimeFormat("sv-SE", { timeZone: "Asia/Kolkata", dateStyle: "short", timeStyle: "short" }).format(new Date()).replace(" ", "T"));
  await log.getByLabel("Summary").fill(`Called Ravi about the audit ${marker}`);
  await log.getByRole("button", { name: "Log it" }).click();
  await expect(page.getByText("Logged.").first()).toBeVisible();
  const call = timeline.locator("li[data-kind=interaction]");
  await expect(call).toContainText(`Called Ravi about the audit ${marker}`);
  // Members by name (and address), as every staff screen names them.
  await expect(call).toContainText("by People Owner (people@e2e.test)");
  // Their form, its acknowledgement and the call (the order is tests/person.test.ts's: times here share a minute).
  await expect(timeline.locator("li")).toHaveCount(3);

  // Without JavaScript the same form logs too (a plain post to its Server Action).
  const plain = await member.newContext({ javaScriptEnabled: false });
  const noScript = await plain.newPage();
  await noScript.goto(personUrl);
  const plainLog = noScript.getByRole("form", { name: "Log an interaction" });
  await plainLog.getByLabel("Type").selectOption("whatsapp");
  await plainLog.getByLabel("Summary").fill(`WhatsApp without script ${marker}`);
  await plainLog.getByRole("button", { name: "Log it" }).click();
  await expect(noScript.getByText("Logged.")).toBeVisible();
  await noScript.goto(personUrl);
  await expect(noScript.getByTestId("timeline")).toContainText(`WhatsApp without script ${marker}`);
  await plain.close();

  // Both exports, as the browser downloads them.
  await page.reload();
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export as JSON" }).click();
  const json = JSON.parse(fs.readFileSync((await (await download).path())!, "utf8")) as { tables: Record<string, Record<string, unknown>[]> };
  expect(json.tables.leads!.map((l) => l.email)).toEqual([email]);
  expect(json.tables.person_interactions!.map((i) => i.summary)).toContain(`Called Ravi about the audit ${marker}`);
  const csv = await page.request.get(`${personUrl.replace("/admin/people/", "/admin/export/person/")}.csv`);
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain(`,email,${email}`);

  const axe = await new AxeBuilder({ page }).include("main").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath("person.png"), fullPage: true });

  // The erasure: a wrong word changes nothing; ERASE removes the person and lands on a page that says so.
  const erase = page.getByRole("form", { name: "Erase this person" });
  await erase.getByLabel("Type ERASE to confirm").fill("erase");
  await erase.getByRole("button", { name: "Erase everything about this person" }).click();
  await expect(erase.getByText("Type ERASE to confirm.", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(personUrl);
  await erase.getByLabel("Type ERASE to confirm").fill("ERASE");
  await erase.getByRole("button", { name: "Erase everything about this person" }).click();
  await expect(page).toHaveURL(/\/admin\/people\/erased$/);
  await expect(page.getByRole("heading", { name: "Erased" })).toBeVisible();
  expect((await page.goto(personUrl))!.status()).toBe(404);
  await page.goto(`/admin/leads?q=${marker}`);
  await expect(page.getByRole("listitem").filter({ hasText: "Ravi Person" })).toHaveCount(0);
  expect((await page.request.get(`${personUrl.replace("/admin/people/", "/admin/export/person/")}.json`)).status()).toBe(404);
});
