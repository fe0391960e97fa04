import { expect, test } from "./fixtures";
import { assignUniqueIp, outboxMails, uniqueEmail } from "./helpers";

/**
 * Subscribing to the newsletter (docs/newsletter.md, "Subscribing"), in the browser: the blog
 * listing's form with and without JavaScript, the confirmation mail read from the outbox folder, the
 * confirmation page's button, the preferences page, then the dashboard's list. The blog stays in the
 * page cache with the form on it.
 */

test.use({ account: { email: "subscribers@e2e.test", name: "Subscribers Owner" } });

/** The confirmation link of the newest mail to an address. */
async function confirmLink(to: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const mail = outboxMails().find((m) => m.includes(`To: ${to}`) && m.includes("/newsletter/confirm/"));
        link = mail ? /(https?:\/\/[^\s"<]+\/newsletter\/confirm\/[^\s"<]+)/.exec(mail)?.[1] : undefined;
        return Boolean(link);
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return link!;
}

const confirmationsTo = (to: string) => outboxMails().filter((m) => m.includes(`To: ${to}`) && m.includes("/newsletter/confirm/")).length;

test("the blog stays in the page cache with the sign-up form on it", async ({ request }) => {
  await request.get("/blog");
  const cached = await request.get("/blog");
  expect(cached.headers()["x-nextjs-cache"]).toBe("HIT");
  expect(cached.headers()["cache-control"]).toContain("public");
  expect(await cached.text()).toContain('data-testid="subscribe-blog"');
});

test("subscribe from the blog with JavaScript, confirm by the mail's link, change preferences, then see it in the dashboard", async ({ page, member }) => {
  await assignUniqueIp(page.context());
  const email = uniqueEmail("reader");
  await page.goto("/blog");
  const form = page.getByTestId("subscribe-blog");
  await expect(form.locator("form[data-ready]")).toBeVisible();
  await page.waitForTimeout(1100); // a person's fill time (FORM_MIN_FILL_SECONDS is 1 here)
  await form.getByLabel("Your e-mail address").fill(email);
  await form.getByLabel("SEO", { exact: true }).check();
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(form.getByText("Check your inbox to confirm")).toBeVisible();
  await form.screenshot({ path: test.info().outputPath("subscribe-form-desktop.png") });

  const link = await confirmLink(email);
  // Opening the link confirms nothing: it shows the button.
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Confirm your subscription" })).toBeVisible();
  await page.getByRole("button", { name: "Confirm subscription" }).click();
  await expect(page.getByRole("heading", { name: "You're subscribed" })).toBeVisible();
  await expect(page.getByTestId("preferences-status")).toHaveText("Subscribed");
  await expect(page.getByTestId("preferences-email")).toHaveText(email);
  await expect(page.getByLabel("SEO", { exact: true })).toBeChecked();

  // Topics, then pause.
  const topics = page.locator('input[name="topics"]');
  const second = topics.nth(1);
  const secondName = await second.getAttribute("value");
  await second.check();
  await page.getByRole("button", { name: "Save topics" }).click();
  await expect(page.getByTestId("preferences-done")).toHaveText("Your topics are saved.");
  await expect(page.getByLabel(secondName!, { exact: true })).toBeChecked();
  await page.getByRole("button", { name: "Pause the newsletter" }).click();
  await expect(page.getByTestId("preferences-status")).toHaveText("Subscribed (paused)");
  await page.screenshot({ path: test.info().outputPath("preferences-desktop.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath("preferences-phone.png"), fullPage: true });

  // A forged link: a clear message.
  await page.goto(`${new URL(page.url()).pathname.slice(0, -4)}AAAA`);
  await expect(page.getByRole("heading", { name: "This link does not work" })).toBeVisible();

  // A repeat sign-up of the confirmed address reads the same and sends nothing.
  const before = confirmationsTo(email);
  await page.goto("/blog");
  await expect(form.locator("form[data-ready]")).toBeVisible();
  await page.waitForTimeout(1100);
  await form.getByLabel("Your e-mail address").fill(email);
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(form.getByText("Check your inbox to confirm")).toBeVisible();
  await form.screenshot({ path: test.info().outputPath("subscribe-form-phone.png") });
  await page.locator("footer").screenshot({ path: test.info().outputPath("footer-phone.png") });
  // Then a new address through the footer's plain form: the mail worker sends the oldest first, so
  // once this one's mail is written, a mail the repeat had queued would be written too.
  const later = uniqueEmail("footer");
  const footer = page.getByTestId("subscribe-footer");
  await footer.getByLabel("Your e-mail address").fill(later);
  await footer.getByRole("button", { name: "Subscribe" }).click();
  await expect(page).toHaveURL(/\/newsletter\/sent$/);
  await expect(page.getByRole("heading", { name: "Check your inbox to confirm" })).toBeVisible();
  await confirmLink(later);
  expect(confirmationsTo(email)).toBe(before);

  // The dashboard's list.
  await member.page.goto(`/admin/newsletter/subscribers?email=${encodeURIComponent(email)}`);
  const table = member.page.getByTestId("subscribers");
  await expect(table.getByRole("row").filter({ hasText: email })).toContainText("Subscribed (paused)");
  await expect(member.page.getByTestId("subscriber-count")).toHaveText("1 subscriber match");
  const csv = await member.page.request.get(`/admin/export/newsletter-subscribers?email=${encodeURIComponent(email)}`);
  expect(await csv.text()).toContain(email);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the blog's form posts and shows its answer; the confirmation button works too", async ({ page }) => {
    await assignUniqueIp(page.context());
    const email = uniqueEmail("nojs");
    await page.goto("/blog");
    const form = page.getByTestId("subscribe-blog");
    await form.getByLabel("Your e-mail address").fill(email);
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByTestId("subscribe-blog").getByText("Check your inbox to confirm")).toBeVisible();
    const link = await confirmLink(email);
    await page.goto(link);
    await page.getByRole("button", { name: "Confirm subscription" }).click();
    await expect(page.getByRole("heading", { name: "You're subscribed" })).toBeVisible();
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByTestId("preferences-status")).toHaveText("Unsubscribed");
  });
});

test("the newsletter pages are never stored or indexed, and send no Referer to another site", async ({ request }) => {
  const response = await request.get("/newsletter/preferences/not-a-token");
  expect(response.headers()["cache-control"]).toContain("no-store");
  expect(response.headers()["x-robots-tag"]).toContain("noindex");
  expect(response.headers()["referrer-policy"]).toBe("same-origin");
  expect(await response.text()).toContain("This link does not work");
});

test("the footer's form has no script of its own; a refused sign-up lands on the newsletter page, which says why", async ({ page }) => {
  await assignUniqueIp(page.context());
  await page.goto("/about");
  const footer = page.getByTestId("subscribe-footer");
  await footer.getByLabel("Your e-mail address").fill(uniqueEmail("trap"));
  // What a form-filling robot does: the hidden honeypot filled.
  await footer.locator('input[name="companyWebsite"]').evaluate((el: HTMLInputElement) => (el.value = "http://spam.example"));
  await footer.getByRole("button", { name: "Subscribe" }).click();
  await expect(page).toHaveURL(/\/newsletter\?problem=refused$/);
  const main = page.locator("main");
  await expect(main.getByRole("alert")).toContainText("looked automated");
  // The full form is there to try again, with the topics.
  const form = main.getByRole("form", { name: /Newsletter sign-up/ });
  await expect(form.getByLabel("Your e-mail address")).toBeVisible();
  await expect(form.getByRole("group", { name: "Topics" })).toBeVisible();
});
