import { expect, test, type Page } from "./fixtures";
import { expectMailContaining, expectNotificationFor, outboxMails, uniqueEmail, assignUniqueIp, waitLikeAPerson } from "./helpers";

test.beforeEach(async ({ context }) => {
  await assignUniqueIp(context);
});

async function fillFreeAudit(page: Page, email: string) {
  await page.getByLabel("Full name").fill("Asha Rao");
  await page.getByLabel("Work email").fill(email);
  await page.getByLabel("Mobile number").fill("98765 43210");
  await page.getByLabel("Website").fill("ashabrand.in");
  await page.getByLabel("Monthly revenue").selectOption("10L-50L/month");
  await page.getByLabel("Biggest growth challenge").fill("Our Meta CAC doubled this year.");
}

async function fillContact(page: Page, message: string) {
  await page.getByLabel("Full name").fill("Vikram");
  await page.getByRole("textbox", { name: "Email" }).fill(uniqueEmail("contact"));
  await page.getByLabel("Mobile number").fill("9876543210");
  await page.getByLabel("Company").fill("FashionHub");
  await page.getByRole("textbox", { name: "Message" }).fill(message);
}

/**
 * Whether mail could still be on its way for what was sent before: a marker message is posted after
 * it, and once the marker's notification is in the outbox folder, every mail queued before it is too
 * (the worker delivers the outbox in the order it was written). A positive signal to wait for
 * before asserting that a mail was not sent.
 */
async function outboxCaughtUp(page: Page): Promise<void> {
  const marker = uniqueEmail("marker");
  const response = await page.request.post("/api/forms/contact", {
    headers: { accept: "application/json", origin: new URL(page.url()).origin },
    form: {
      name: "Outbox Marker",
      email: marker,
      mobileNumber: "+919876543210",
      message: "A marker sent after the test's own submissions.",
      companyWebsite: "",
      elapsedMs: "15000",
      submissionKey: `marker-${marker}`,
      attribution: "",
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  await expectNotificationFor(marker);
}

test.describe("free audit form", () => {
  test("shows a message next to every field that needs one and keeps what was typed", async ({ page }) => {
    await page.goto("/free-audit");
    await page.getByLabel("Full name").fill("Asha Rao");
    await page.getByLabel("Work email").fill("asha@");
    await page.getByLabel("Mobile number").fill("12345");
    await page.getByRole("button", { name: "Get My Free Audit" }).click();
    await expect(page.getByText("Enter a valid email address, like name@company.com.")).toBeVisible();
    await expect(page.getByText(/Enter a valid mobile number/)).toBeVisible();
    await expect(page.getByText("Choose your monthly revenue.")).toBeVisible();
    await expect(page.getByText("Biggest growth challenge is required.")).toBeVisible();
    await expect(page.getByText("Name is required.")).toHaveCount(0);
    await expect(page.getByLabel("Full name")).toHaveValue("Asha Rao");
    await expect(page.getByLabel("Work email")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Work email")).toBeFocused();
    await expect(page.getByLabel("Work email")).toHaveAttribute("type", "email");
    await expect(page.getByLabel("Mobile number")).toHaveAttribute("type", "tel");
  });

  test("submits: 'Analyzing...' while sending, the success toast, a cleared form, a stored lead and its mail", async ({ page }) => {
    await page.goto("/free-audit");
    const email = uniqueEmail("audit");
    await fillFreeAudit(page, email);
    await waitLikeAPerson(page); // FORM_MIN_FILL_SECONDS=1 here
    // Hold the answer of the form's endpoint (ADR 0017) a moment so the submitting state can be seen.
    await page.route("**/api/forms/audit", async (route) => {
      if (route.request().method() === "POST") await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
    await page.getByRole("button", { name: "Get My Free Audit" }).click();
    await expect(page.getByRole("button", { name: "Analyzing..." })).toBeDisabled();
    // Said once: in the form's box, a polite status brought into view, and not toasted as well.
    const box = page.locator("main").getByRole("status").filter({ hasText: "Audit Request Submitted!" });
    await expect(box).toContainText("We'll analyze your website and send you 3 custom growth ideas within 72 hours.");
    await expect(box).toBeInViewport();
    await expect(page.locator("[data-toast]")).toHaveCount(0);
    await expect(page.getByLabel("Full name")).toHaveValue("");
    await expect(page.getByLabel("Work email")).toHaveValue("");
    const mail = await expectNotificationFor(email);
    expect(mail).toContain("Type: audit");
    expect(mail).toContain("Mobile: +919876543210");
    expect(mail).toContain("Website: https://ashabrand.in/");
    expect(mail).toContain("Form page: /free-audit");
  });

  test("a pricing card's button opens the form with its package chosen; the lead and its mail name it", async ({ page }) => {
    await page.goto("/services/seo-optimization");
    const growth = page.getByTestId("package").filter({ has: page.getByRole("heading", { name: "Growth", exact: true }) });
    await growth.getByRole("link", { name: /Choose Growth/ }).click();
    await expect(page).toHaveURL(/\/free-audit\?service=seo-optimization&package=Growth#audit-form$/);
    await expect(page.locator("form[data-ready]")).toHaveCount(1);
    const choice = page.getByLabel("Package you are interested in");
    await expect(choice).toHaveValue("seo-optimization/Growth");
    const email = uniqueEmail("package");
    await fillFreeAudit(page, email);
    await waitLikeAPerson(page);
    await page.getByRole("button", { name: "Get My Free Audit" }).click();
    await expect(page.locator("main").getByRole("status").filter({ hasText: "Audit Request Submitted!" })).toBeVisible();
    const mail = await expectNotificationFor(email);
    expect(mail).toContain("Package: SEO Optimization: Growth");
    // "\nTo:" and not "Reply-To:": the mail to the sender, not the notification that replies to them.
    const ack = await expectMailContaining(`\nTo: ${email}`);
    expect(ack).toContain("What we received");
    expect(ack).toContain("Service: SEO Optimization");
    expect(ack).toContain("Package: Growth");
    expect(ack).toMatch(/^Reply-To: /m);
  });

  test("a double click stores one lead", async ({ page }) => {
    await page.goto("/free-audit");
    const email = uniqueEmail("double");
    await fillFreeAudit(page, email);
    await waitLikeAPerson(page);
    // Every post the double click made, answered before the marker goes out (so that it comes after them).
    const answers: Promise<unknown>[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname.startsWith("/api/forms/")) answers.push(request.response());
    });
    await page.getByRole("button", { name: "Get My Free Audit" }).dblclick();
    await expect(page.locator("main").getByRole("status").filter({ hasText: "Audit Request Submitted!" })).toBeVisible();
    await expectNotificationFor(email);
    expect(answers.length).toBeGreaterThan(0);
    await Promise.all(answers);
    await outboxCaughtUp(page);
    // One notification to the agency and one acknowledgement to the sender: each once.
    expect(outboxMails().filter((m) => m.includes(`Email: ${email}`) && m.includes("Open the lead:"))).toHaveLength(1);
    await expectMailContaining(`\nTo: ${email}`);
    expect(outboxMails().filter((m) => m.includes(`\nTo: ${email}`) && m.includes("What we received"))).toHaveLength(1);
  });

  test("keeps first-touch attribution from the landing page", async ({ page }) => {
    await page.goto("/blog?utm_source=newsletter&utm_medium=email&utm_campaign=nov");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact" }).click();
    await page.goto("/free-audit");
    const email = uniqueEmail("utm");
    await fillFreeAudit(page, email);
    await waitLikeAPerson(page);
    await page.getByRole("button", { name: "Get My Free Audit" }).click();
    const mail = await expectNotificationFor(email);
    expect(mail).toContain("First touch source: newsletter");
    expect(mail).toContain("First touch medium: email");
    expect(mail).toContain("First touch campaign: nov");
    // The first touch is the visit's landing request as the server counted it (docs/decisions/0081):
    // its path, with the utm tags kept as fields of their own.
    expect(mail).toMatch(/First touch landing page: \/blog\r?\n/);
  });
});

test.describe("contact form", () => {
  test("works without JavaScript: stores the message and shows the success text", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    await assignUniqueIp(context);
    const page = await context.newPage();
    await page.goto("/contact");
    const email = uniqueEmail("nojs");
    await page.getByLabel("Full name").fill("No Script");
    await page.getByRole("textbox", { name: "Email" }).fill(email);
    await page.getByLabel("Mobile number").fill("+44 7911 123456");
    await page.getByRole("textbox", { name: "Message" }).fill("Sent without JavaScript.");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("status")).toContainText("Message Sent!");
    await expect(page.getByRole("status")).toContainText("We'll get back to you within 72 hours with a custom growth strategy.");
    const mail = await expectNotificationFor(email);
    expect(mail).toContain("Type: contact");
    expect(mail).toContain("Company: (not given)");
    await context.close();
  });

  test("without JavaScript, errors come back next to the fields with the input kept", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    await assignUniqueIp(context);
    const page = await context.newPage();
    await page.goto("/contact");
    await page.getByLabel("Full name").fill("Keep Me");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Email is required.")).toBeVisible();
    await expect(page.getByText("Mobile number is required.")).toBeVisible();
    await expect(page.getByText("Message is required.")).toBeVisible();
    await expect(page.getByLabel("Full name")).toHaveValue("Keep Me");
    await context.close();
  });

  test("with JavaScript: 'Sending...', the toast, and a cleared form", async ({ page }) => {
    await page.goto("/contact");
    await fillContact(page, "Let's talk about retention.");
    await waitLikeAPerson(page);
    // The script posts the fields to the form's endpoint (ADR 0017), not the Server Action.
    const posts: string[] = [];
    await page.route("**/*", async (route) => {
      if (route.request().method() === "POST") {
        posts.push(new URL(route.request().url()).pathname);
        await new Promise((r) => setTimeout(r, 600));
      }
      await route.continue();
    });
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("button", { name: "Sending..." })).toBeDisabled();
    await expect(page.locator("main").getByRole("status").filter({ hasText: "Message Sent!" })).toBeInViewport();
    await expect(page.locator("[data-toast]")).toHaveCount(0);
    await expect(page.getByLabel("Company")).toHaveValue("");
    expect(posts).toEqual(["/api/forms/contact"]);
  });

  test("with JavaScript, a lost connection keeps every typed value and says so", async ({ page }) => {
    await page.goto("/contact");
    await fillContact(page, "Sent while offline.");
    await waitLikeAPerson(page);
    await page.route("**/api/forms/contact", (route) => route.abort("internetdisconnected"));
    await page.getByRole("button", { name: "Send Message" }).click();
    // Said once, in the form's box (not toasted as well).
    await expect(page.locator("main").getByRole("alert")).toContainText("Something went wrong. Please try again.");
    await expect(page.locator("[data-toast]")).toHaveCount(0);
    await expect(page.getByLabel("Company")).toHaveValue("FashionHub");
    await expect(page.getByRole("textbox", { name: "Message" })).toHaveValue("Sent while offline.");
    await expect(page.getByRole("button", { name: "Send Message" })).toBeEnabled();
  });
});

test.describe("spam defence stores nothing and says why", () => {
  test("a filled honeypot", async ({ page }) => {
    await page.goto("/contact");
    const email = uniqueEmail("bot");
    await page.getByLabel("Full name").fill("Bot");
    await page.getByRole("textbox", { name: "Email" }).fill(email);
    await page.getByLabel("Mobile number").fill("9876543210");
    await page.getByRole("textbox", { name: "Message" }).fill("spam");
    await page.locator('main input[name="companyWebsite"]').evaluate((el: HTMLInputElement) => (el.value = "http://spam.example"));
    await waitLikeAPerson(page);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "looked automated" })).toBeVisible();
    await outboxCaughtUp(page);
    expect(outboxMails().some((m) => m.includes(email))).toBe(false);
  });

  test("a form sent faster than a person can fill it", async ({ page }) => {
    await page.clock.setFixedTime(new Date()); // the page's clock stands still: zero seconds to fill
    await page.goto("/contact");
    const email = uniqueEmail("fast");
    await page.getByLabel("Full name").fill("Speedy");
    await page.getByRole("textbox", { name: "Email" }).fill(email);
    await page.getByLabel("Mobile number").fill("9876543210");
    await page.getByRole("textbox", { name: "Message" }).fill("fast");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "quicker than a person" })).toBeVisible();
    await expect(page.getByLabel("Full name")).toHaveValue("Speedy");
    expect(outboxMails().some((m) => m.includes(email))).toBe(false);
  });

  test("the sixth submission from one address within 10 minutes", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    await assignUniqueIp(context);
    const page = await context.newPage();
    const emails: string[] = [];
    for (let i = 0; i < 6; i++) {
      await page.goto("/contact");
      const email = uniqueEmail(`limit${i}`);
      emails.push(email);
      await page.getByLabel("Full name").fill(`Sender ${i}`);
      await page.getByRole("textbox", { name: "Email" }).fill(email);
      await page.getByLabel("Mobile number").fill("9876543210");
      await page.getByRole("textbox", { name: "Message" }).fill("again");
      await page.getByRole("button", { name: "Send Message" }).click();
      if (i < 5) await expect(page.getByRole("status")).toContainText("Message Sent!");
    }
    await expect(page.getByRole("alert")).toContainText("5 times from your connection in the last 10 minutes");
    await expect(page.getByLabel("Full name")).toHaveValue("Sender 5");
    await expectMailContaining(emails[4]!);
    expect(outboxMails().some((m) => m.includes(emails[5]!))).toBe(false);
    await context.close();
  });
});
