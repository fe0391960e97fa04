import { expect, test, type Page } from "./fixtures";
import { createHmac } from "node:crypto";
import { assignUniqueIp, expectMailContaining, uniqueEmail, waitLikeAPerson } from "./helpers";
import { E2E_RAZORPAY } from "./razorpay";
import { accept, invite } from "./team-members";

// From a lead to an accepted proposal (docs/decisions/0108): a sales member (invited by the owner,
// as a person joins the team) makes a proposal from a lead's record and sends it; the client opens the mailed link in another browser,
// first without JavaScript (a refused acceptance changes nothing), then with it, and accepts; the lead
// is Won with the proposal's value, and the record of the acceptance names the hash of the document
// the client was shown. Then the invoice (docs/decisions/0106, 0109): issued from the proposal, its PDF,
// a payment link through the local fake of Razorpay, the client's Pay now, Razorpay's signed paid
// event, and the client's page and the lead saying it is paid.
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
  "a proposal made from a lead is accepted on its link, with and without JavaScript; the lead is Won, invoiced, and paid through Razorpay",
  { tag: "@site-wide" },
  async ({ browser, member }) => {
    test.setTimeout(150_000);
    const visitor = await browser.newContext();
    await assignUniqueIp(visitor);
    await sendAudit(await visitor.newPage());
    await visitor.close();

    // The lead desk's work is a sales member's: the owner invites one.
    const page = await accept(browser, await invite(member.page, uniqueEmail("proposal-sales"), "Sales"), "Sana Sales");

    // The lead's record: New proposal opens the editor.
    await page.goto(`/admin/leads?q=${encodeURIComponent(email)}`);
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
    // The same document as a PDF to keep: its text names the hash the page shows.
    const clientPdf = await noScript.request.get((await noScript.getByTestId("proposal-pdf").getAttribute("href"))!);
    expect(clientPdf.headers()["content-type"]).toContain("application/pdf");
    expect((await clientPdf.body()).toString("latin1")).toContain(`(Document SHA-256: ${shownHash}) Tj`);
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
    // The dashboard's PDF of the version: the same hash, and who accepted it.
    const deskPdf = (await page.request.get((await page.getByTestId("proposal-pdf").getAttribute("href"))!)).body();
    expect((await deskPdf).toString("latin1")).toContain(`(Document SHA-256: ${shownHash}) Tj`);
    expect((await deskPdf).toString("latin1")).toContain(`(Accepted online by ${name} on `);
    const leads = await page.context().newPage();
    await leads.goto(`/admin/leads?q=${encodeURIComponent(email)}`);
    await expect(leads.getByRole("combobox", { name: `Status of ${name}` })).toHaveValue("won");
    // The deal's value is the proposal's, before tax.
    await expect(leads.getByRole("region", { name: "Growth Audit Leads" })).toContainText("₹1,00,000");

    // The GST invoice from the accepted proposal: the client's address asked for, a number taken.
    await page.goto(proposalUrl);
    const invoice = page.getByTestId("proposal-invoice");
    await invoice.getByLabel("Client's address (printed on the invoice)").fill("12 Example Road, Pune 411001");
    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByTestId("issue-invoice").getByRole("button", { name: "Issue invoice" }).click();
    const pdfLink = invoice.getByRole("link", { name: /^INV\/\d{2}-\d{2}\/\d{5} \(PDF\)$/ });
    await expect(pdfLink).toBeVisible();
    const invoiceNumber = (await pdfLink.textContent())!.replace(" (PDF)", "");
    // ₹1,00,000 and 18 % GST.
    await expect(invoice).toContainText("₹1,18,000");
    const pdf = await page.request.get((await pdfLink.getAttribute("href"))!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toContain("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

    // A payment link, made at (the local fake of) Razorpay.
    await invoice.getByRole("button", { name: "Create payment link" }).click();
    const payUrl = invoice.getByRole("link", { name: /^https:\/\/rzp\.io\/i\/fake\d+$/ });
    await expect(payUrl).toBeVisible();
    const linkAddress = (await payUrl.textContent())!;

    // The client's page offers it, without JavaScript too.
    const payer = await browser.newContext({ javaScriptEnabled: false });
    await assignUniqueIp(payer);
    const payPage = await payer.newPage();
    await payPage.goto(path);
    await expect(payPage.getByTestId("proposal-pay")).toHaveAttribute("href", linkAddress);
    await expect(payPage.getByTestId("proposal-pay")).toContainText("Pay ₹1,18,000.00 now");

    // Razorpay's paid event, signed with the webhook's secret: applied once, a replay changes nothing.
    const event = Buffer.from(
      JSON.stringify({
        entity: "event",
        event: "payment_link.paid",
        contains: ["payment_link", "payment"],
        created_at: Math.floor(Date.now() / 1000),
        payload: {
          payment_link: {
            entity: { id: "plink_Fake0000000001", reference_id: invoiceNumber, amount: 11_800_000, amount_paid: 11_800_000, currency: "INR", status: "paid" },
          },
          payment: { entity: { id: `pay_E2e${RUN}`, amount: 11_800_000, currency: "INR", status: "captured", method: "upi" } },
        },
      }),
    );
    const deliver = (body: Buffer, signature: string) =>
      page.request.post("/api/payments/razorpay", {
        headers: { "content-type": "application/json", "x-razorpay-signature": signature, "x-razorpay-event-id": `evt_e2e_${RUN}` },
        data: body,
      });
    const signature = createHmac("sha256", E2E_RAZORPAY.webhookSecret).update(event).digest("hex");
    expect((await deliver(event, createHmac("sha256", "another secret").update(event).digest("hex"))).status()).toBe(401);
    expect((await deliver(event, signature)).status()).toBe(200);
    expect((await deliver(event, signature)).status()).toBe(200);

    // Paid: on the client's page, the proposal's invoice, and the lead.
    await payPage.reload();
    await expect(payPage.getByTestId("proposal-paid")).toContainText("Paid on");
    await expect(payPage.getByTestId("proposal-pay")).toHaveCount(0);
    await payer.close();
    await page.reload();
    await expect(invoice).toContainText("Paid");
    // The pipeline's Won column: the deal's value and what was paid, apart.
    const board = await page.context().newPage();
    await board.goto("/admin/pipeline");
    await expect(board.locator("main")).toContainText(`${name}`);
    await expect(board.getByText("₹1,18,000 paid").first()).toBeVisible();
    // The card leads to the lead's proposals (where New proposal is).
    await board.getByRole("link", { name: new RegExp(`^Proposals for ${name}`) }).click();
    await expect(board.getByTestId("lead-proposals")).toContainText("Accepted");
    await expect(board.getByTestId("lead-proposals").getByRole("button", { name: "New proposal" })).toBeVisible();
  },
);
