import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext } from "./fixtures";
import { expectNotificationFor } from "./helpers";

// Follow-up on the lead desk (docs/decisions/0050), as a member of the desk works it: the same person
// writing twice is linked, an owner and a follow-up day are set in the dialog, the Due view lists it,
// the list groups by person, and a bulk action changes exactly the filter's set or nothing. The
// digest and the figures are proved in tests/follow-up.test.ts and tests/bulk-actions.test.ts.

const RUN = Date.now().toString(36);
const siteToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());

// maxRetries: the browser steps between two sends can leave this context's keep-alive connection idle
// for as long as the server keeps it (5 s plus Node's 1 s buffer); a send on it as the server closes
// it is reset before the server reads it. A browser sends such a request again, and so does this;
// the submission key keeps a second delivery one lead.
async function send(request: APIRequestContext, origin: string, form: "audit" | "contact", fields: Record<string, string>, ip: string) {
  const answer = await request.post(`/api/forms/${form}`, {
    maxRetries: 1,
    headers: { origin, accept: "application/json", "x-forwarded-for": ip },
    form: { mobileNumber: "+919876543210", companyWebsite: "", elapsedMs: "15000", submissionKey: `${form}-${RUN}-${ip}`, ...fields },
  });
  expect(await answer.text()).toContain('"status":"success"');
}

test.use({ account: { email: "follow@e2e.test", name: "Follow Owner" } });

test("the same person is linked, owned, due today and grouped; a bulk change acts on exactly the confirmed set", async ({ request, member }) => {
  test.setTimeout(90_000);
  const page = await member.open("leads");
  const origin = new URL(page.url()).origin;
  const email = `meera-${RUN}@brand.example`;
  const marker = `followup-${RUN}`;
  await send(
    request,
    origin,
    "audit",
    { name: "Meera Follow", email, websiteUrl: "brand.example", monthlyRevenue: "10L-50L/month", growthChallenge: `Ads stall ${marker}` },
    "198.51.100.81",
  );
  await send(
    request,
    origin,
    "contact",
    { name: "Meera Follow", email: email.toUpperCase(), company: "Brand", message: `Following up on my audit ${marker}` },
    "198.51.100.82",
  );

  // The lead shows the person's two submissions; the dialog lists both.
  await page.goto(`/admin/leads?q=${marker}`);
  const row = page.getByRole("listitem").filter({ hasText: "Meera Follow" });
  await expect(row.getByText("2 submissions")).toBeVisible();
  await row.getByRole("link", { name: "Edit Meera Follow" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("region", { name: `Submissions from ${email}` })).toContainText("Contact message");
  await expect(dialog.getByRole("region", { name: `Submissions from ${email}` })).toContainText(`Following up on my audit ${marker}`);

  // Owner and follow-up day; an unknown owner sent by hand is refused elsewhere (tests/follow-up.test.ts).
  const today = siteToday();
  await dialog.getByLabel("Owner").selectOption({ label: "Follow Owner (follow@e2e.test)" });
  await dialog.getByLabel("Next follow-up").fill(today);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Lead updated successfully.")).toBeVisible();
  await expect(row.getByText("Owner: follow@e2e.test")).toBeVisible();
  await expect(row.getByText(`Follow up ${today}`)).toBeVisible();

  // The Due view: mine, due today, linked to the lead.
  await page.goto("/admin/due");
  await expect(page.getByRole("link", { name: "Due" })).toHaveAttribute("aria-current", "page");
  const due = page.getByRole("row").filter({ hasText: email });
  await expect(due).toContainText("Due today");
  await expect(due).toContainText("follow@e2e.test");
  const axe = await new AxeBuilder({ page }).include("main").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
  await page.getByLabel("Whose").selectOption("none");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/owner=none/);
  await expect(page.getByRole("row").filter({ hasText: email })).toHaveCount(0);
  await page.goto("/admin/due");
  await page.getByRole("link", { name: "Meera Follow" }).click();
  await expect(page).toHaveURL(/\/admin\/leads\?/);

  // Grouped by person: one heading per address.
  await page.goto(`/admin/messages?q=${marker}&sort=person`);
  await expect(page.getByRole("heading", { name: new RegExp(`^${email.replace(/[.]/g, "\\.")}`) })).toBeVisible();

  // Bulk: three more leads match the filter; the confirmation names 4; a fifth arrives before the
  // confirmation, so nothing changes; after a reload, all 5 change.
  for (const n of [1, 2, 3]) {
    await send(
      request,
      origin,
      "audit",
      {
        name: `Bulk ${n}`,
        email: `bulk${n}-${RUN}@brand.example`,
        websiteUrl: "brand.example",
        monthlyRevenue: "10L-50L/month",
        growthChallenge: `Bulk ${marker}`,
      },
      `198.51.100.9${n}`,
    );
  }
  await page.goto(`/admin/leads?q=${marker}`);
  const bulk = page.getByRole("region", { name: "All 4 leads this filter matches" });
  await bulk.locator("summary").click(); // the bar opens on request
  await expect(bulk.getByRole("link", { name: "Export these 4 leads as CSV" })).toHaveAttribute("href", `/admin/export/leads?q=${marker}`);
  await bulk.getByLabel("New status").selectOption("qualified");
  await bulk.getByRole("button", { name: "Change status: 4 leads" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("This sets the status of exactly these 4 leads to Qualified.");
  await send(
    request,
    origin,
    "audit",
    { name: "Bulk late", email: `late-${RUN}@brand.example`, websiteUrl: "brand.example", monthlyRevenue: "10L-50L/month", growthChallenge: `Late ${marker}` },
    "198.51.100.99",
  );
  await confirm.getByRole("button", { name: "Change 4 leads" }).click();
  await expect(page.getByText("The list has changed")).toBeVisible();
  await expect(page.getByText("This filter now matches 5 leads, not the 4 you confirmed. Nothing was changed")).toBeVisible();
  await page.goto(`/admin/leads?q=${marker}&status=qualified`);
  await expect(page.getByText("No leads match your search.")).toBeVisible();

  await page.goto(`/admin/leads?q=${marker}`);
  const again = page.getByRole("region", { name: "All 5 leads this filter matches" });
  await again.locator("summary").click();
  await again.getByLabel("New status").selectOption("qualified");
  await again.getByRole("button", { name: "Change status: 5 leads" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Change 5 leads" }).click();
  await expect(page.getByText("Set to Qualified: 5 leads.")).toBeVisible();
  await page.goto(`/admin/leads?q=${marker}&status=qualified`);
  await expect(page.getByRole("status").filter({ hasText: "5 leads" })).toBeVisible();
  await page.context().close();
});

test("a notification's links: the lead itself, and one button that marks it contacted (opening the page changes nothing)", async ({ request, member }) => {
  const page = await member.open("leads");
  const origin = new URL(page.url()).origin;
  const email = `mark-${RUN}@brand.example`;
  await send(
    request,
    origin,
    "audit",
    { name: "Mark Person", email, mobileNumber: "+919811122233", websiteUrl: "brand.example", monthlyRevenue: "10L-50L/month", growthChallenge: `Mark ${RUN}` },
    "198.51.100.86",
  );
  const mail = await expectNotificationFor(email);
  expect(mail).toContain("Call: +919811122233");
  const mark = /Mark contacted: (\S+)/.exec(mail)![1]!;
  const open = /Open the lead: (\S+)/.exec(mail)![1]!;
  expect(new URL(mark).pathname + new URL(mark).search).toMatch(/^\/admin\/leads\?mark=[0-9a-f-]{36}$/);

  // Opened twice (a mail scanner, then the member): still new.
  await page.goto(new URL(mark).pathname + new URL(mark).search);
  await page.goto(new URL(mark).pathname + new URL(mark).search);
  await expect(page.getByRole("heading", { name: "Mark contacted: Mark Person" })).toBeVisible();
  await expect(page.getByRole("link", { name: "+919811122233" })).toHaveAttribute("href", "tel:+919811122233");
  await expect(page.getByTestId("mark-status")).toHaveText("New");
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await page.getByRole("button", { name: "Mark contacted" }).click();
  await expect(page.getByTestId("mark-status")).toHaveText("Contacted");
  await expect(page.getByRole("button", { name: "Mark contacted" })).toHaveCount(0);
  // The lead's own address opens its form with the new status.
  await page.goto(new URL(open).pathname + new URL(open).search);
  await expect(page.getByLabel("Status")).toHaveValue("contacted");
});
