import { expect, test, type Page } from "./fixtures";
import { assignUniqueIp, expectMailContaining, uniqueEmail, waitLikeAPerson } from "./helpers";

// From a lead to an accepted proposal (docs/decisions/0108): a member of the lead desk makes a
// proposal from a lead's record and sends it; the client opens the mailed link in another browser,
// first without JavaScript (a refused acceptance changes nothing), then with it, and accepts; the lead
// is Won with the proposal's value, and the record of the acceptance names the hash of the document
// the client was shown.
// @site-wide: a lead moves to Won, which the figures of other specs' screens would count.

test.use({ account: { email: "proposals@e2e.test", name: "Proposals Owner" } });
test.describe.configure({ mode: "serial" });

const RUN = Date.now().toString(36);
const name = `Proposal Client ${RUN}`;
const email = uniqueEmail("proposal-client");

async function sendAudit(page: Page) {
  await page.goto("/free-audit");
  await page.getByLabel("Full name").fill(name);
  await page.getByLabel("Work email").fill(email);
  await page.getByLabel("Mobile number").fill("98765 43210");
  await page.getByLabel("Monthly revenue").selectOption("10L-50L/month");
  await page.getByLabel("Biggest growth challenge").fill("We need a plan we can sign.");
  await waitLikeAPerson(page);
  await page.getByRole("button", { name: "Get My Free Audit" }).click();
  await expect(page.locator("main").getByRole("status").filter({ hasText: "Audit Request Submitted!" })).toBeVisible();
}

test(
  "a proposal made from a lead is accepted on its link, with and without JavaScript; the lead is Won",
  { tag: "@site-wide" },
  async ({ browser, member }) => {
    test.setTimeout(150_000);
    const visitor = await browser.newContext();
    await assignUniqueIp(visitor);
    await sendAudit(await visitor.newPage());
    await visitor.close();

    // The lead's record: New proposal opens the editor.
    const page = await member.open(`leads?q=${encodeURIComponent(email)}`);
    // The record's own address (with JavaScript the list opens it in a dialog; its page holds the proposals).
    const recordHref = await page.getByRole("link", { name: `Edit ${name}` }).getAttribute("href");
    await page.goto(recordHref!);
    await page.getByTestId("new-proposal").getByRole("button", { name: "New proposal" }).click();
    await expect(page).toHaveURL(/\/admin\/proposals\/[0-9a-f-]{36}$/);
    const proposalUrl = page.url();
    const editor = page.getByRole("form", { name: "Edit the proposal" });
    await editor.locator("#line-0-description").fill("SEO optimisation: three months' work, as agreed");
    await editor.locator("#line-0-sac").fill("998361");
    await editor.locator("#line-0-quantity").fill("1");
    await editor.locator("#line-0-price").fill("100000");
    await editor.locator("#line-0-billing").selectOption("one-time");
    await editor.getByRole("button", { name: "Save draft" }).click();
    await expect(editor.locator("#line-0-price")).toHaveValue(/^100,?000(\.00)?$/);
    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByTestId("send-proposal").getByRole("button", { name: "Send" }).click();
    await expect(page.getByTestId("proposal-answer")).toBeVisible();

    // The client's mail holds the link.
    const mail = await expectMailContaining("/proposal/");
    const link = /https?:\/\/[^\s"<>]+\/proposal\/[A-Za-z0-9_-]+/.exec(mail.split(email).length > 1 ? mail : mail)![0];
    const path = new URL(link).pathname;

    // Without JavaScript: the document and its hash; accepting without ticking the box is refused.
    const plain = await browser.newContext({ javaScriptEnabled: false });
    await assignUniqueIp(plain);
    const noScript = await plain.newPage();
    await noScript.goto(path);
    await expect(noScript.getByRole("heading", { name: "Accept the proposal" })).toBeVisible();
    const shownHash = (await noScript.getByTestId("proposal-hash").locator("span").textContent())!.trim();
    expect(shownHash).toMatch(/^[0-9a-f]{64}$/);
    await noScript.getByLabel("Your full name").fill(name);
    await noScript.getByRole("button", { name: "Accept the proposal" }).click();
    await expect(noScript.getByText(/tick|accept these terms/i).first()).toBeVisible();
    await expect(noScript.getByRole("heading", { name: "Accept the proposal" })).toBeVisible();
    await plain.close();

    // With JavaScript, another browser: accepted.
    const client = await browser.newContext();
    await assignUniqueIp(client);
    const withScript = await client.newPage();
    await withScript.goto(path);
    expect((await withScript.getByTestId("proposal-hash").locator("span").textContent())!.trim()).toBe(shownHash);
    await withScript.getByLabel("Your full name").fill(name);
    await withScript.getByLabel("I accept these terms").check();
    await withScript.getByRole("button", { name: "Accept the proposal" }).click();
    await expect(withScript.getByTestId("proposal-done")).toContainText("you have accepted this proposal");
    await expect(withScript.getByRole("heading", { name: "Accept the proposal" })).toHaveCount(0);
    await client.close();

    // The dashboard: accepted by that name, the document's hash the one shown; the lead is Won.
    await page.goto(proposalUrl);
    const answer = page.getByTestId("proposal-answer");
    await expect(answer).toContainText(`by ${name}`);
    await expect(answer).toContainText(shownHash);
    const leads = await member.open(`leads?q=${encodeURIComponent(email)}`);
    await expect(leads.getByRole("combobox", { name: `Status of ${name}` })).toHaveValue("won");
    // The deal's value is the proposal's, before tax.
    await expect(leads.getByRole("region", { name: "Growth Audit Leads" })).toContainText("₹1,00,000");
  },
);
