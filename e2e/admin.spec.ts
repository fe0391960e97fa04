import { expect, test, type Page } from "./fixtures";
import { expectNotificationFor, outboxMails, assignUniqueIp, uniqueEmail, waitLikeAPerson } from "./helpers";
import { TINY_PNG } from "./images";

// One admin account for the whole file: the tests run in order in one worker.
test.describe.configure({ mode: "serial" });

const ADMIN = "dash@e2e.test";

test.use({ account: { email: ADMIN, name: "Dashboard Admin" } });

const count = async (page: Page, tab: string) => Number(await page.getByTestId(`count-${tab}`).textContent());
// The newest toast: an earlier one with the same words may still be on screen.
const toast = (page: Page, text: string | RegExp) => page.locator("[data-toast]").filter({ hasText: text }).first();

test("the dashboard: five tabs with counts, the welcome line, dates in en-IN", async ({ member }) => {
  const page = await member.open("leads");
  for (const label of ["Growth Audit Leads", "Contact Messages", "Spam", "Case Studies", "Testimonials", "Blog Posts"]) {
    await expect(page.getByRole("navigation", { name: "Dashboard sections" }).getByRole("link", { name: new RegExp(label) })).toBeVisible();
  }
  await expect(page.getByText(`Welcome, ${ADMIN}`).first()).toBeVisible();
  expect(await count(page, "posts")).toBeGreaterThanOrEqual(9);
  await page.getByRole("link", { name: /Blog Posts/ }).click();
  await expect(page).toHaveURL(/\/admin\/posts(\?|$)/);
  await expect(page.getByRole("link", { name: /Blog Posts/ })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("link", { name: /Growth Audit Leads/ })).not.toHaveAttribute("aria-current");
  await expect(
    page
      .getByRole("list", { name: "Blog Post list" })
      .getByText(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}\s?(am|pm) IST$/i)
      .first(),
  ).toBeVisible();
  await page.context().close();
});

test("an old ?tab= address moves for good to the screen's own address with the rest of its query", async ({ member }) => {
  const page = await member.open("leads");
  const old = await page.request.get("/admin?tab=messages&q=meera%40example.com&status=new&sort=created_at&dir=asc&page=2", { maxRedirects: 0 });
  expect(old.status()).toBe(308);
  expect(old.headers()["location"]).toBe("/admin/messages?q=meera%40example.com&status=new&sort=created_at&dir=asc&page=2");
  // Signed out it moves the same way; the screen then asks for a sign-in.
  const anonymous = await page.request.get("/admin?tab=due&owner=all", { maxRedirects: 0, headers: { cookie: "" } });
  expect(anonymous.status()).toBe(308);
  expect(anonymous.headers()["location"]).toBe("/admin/due?owner=all");
  for (const [address, now, current] of [
    ["/admin?tab=due&owner=all", /\/admin\/due\?owner=all$/, "Due"],
    ["/admin?tab=overview&weeks=26", /\/admin\/overview\?weeks=26$/, "Overview"],
    ["/admin?tab=leads&q=nobody-matches-this&sort=created_at", /\/admin\/leads\?q=nobody-matches-this&sort=created_at$/, "Growth Audit Leads"],
  ] as const) {
    await page.goto(address);
    await expect(page).toHaveURL(now);
    await expect(page.getByRole("navigation", { name: "Dashboard sections" }).getByRole("link", { name: new RegExp(`^${current}`) })).toHaveAttribute(
      "aria-current",
      "page",
    );
  }
  await expect(page.getByRole("searchbox")).toHaveValue("nobody-matches-this");
  await page.context().close();
});

test("leads: validation, create, edit, status, search, CSV, delete with confirmation", async ({ member }) => {
  const page = await member.open("leads");
  await page.getByRole("link", { name: "Add Lead" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Add Lead" })).toBeVisible();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("Name is required.")).toBeVisible();
  await expect(dialog.getByText("Email is required.")).toBeVisible();
  await expect(dialog.getByText("Mobile number is required.")).toBeVisible();
  await dialog.getByLabel("Name").fill('=HYPERLINK("http://evil.example")');
  await dialog.getByLabel("Email").fill("Formula@Example.com");
  await dialog.getByLabel("Mobile").fill("98765 43210");
  await dialog.getByLabel("Website").fill("not a url");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText(/valid website address/)).toBeVisible();
  await dialog.getByLabel("Website").fill("https://formula.example");
  await dialog.getByLabel("Monthly revenue").selectOption("10L-50L/month");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Lead created successfully.")).toBeVisible();
  await expect(dialog).toBeHidden();
  // Other test files add and delete leads meanwhile (the suite runs in parallel): the table's count is
  // no figure to compare; the filtered count below is exact.

  // Edit: status and notes.
  await page.getByRole("link", { name: /^Edit =HYPERLINK/ }).click();
  await dialog.getByLabel("Status").selectOption("qualified");
  await dialog.getByLabel("Internal notes").fill("Called on Monday.");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Lead updated successfully.")).toBeVisible();

  // Search and the filtered count.
  await page.getByRole("searchbox").fill("formula@example.com");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByRole("status").filter({ hasText: /^1 lead/ })).toBeVisible();
  // The badge counts the table, not the search: with a search that matches nothing it still counts
  // this test's lead (at least one), where a badge of the search would say 0.
  await page.goto("/admin/leads?q=nobody-matches-this");
  await expect(page.getByText("No leads match your search.")).toBeVisible();
  expect(await count(page, "leads")).toBeGreaterThanOrEqual(1);
  await page.goto("/admin/leads?q=formula%40example.com");

  // CSV of the current filter, with the formula neutralised.
  const csv = await page.request.get("/admin/export/leads?q=formula%40example.com");
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  const text = await csv.text();
  expect(text).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
  expect(text).toContain("qualified");
  expect(text.trim().split("\r\n")).toHaveLength(2);

  // Delete, after the "Are you absolutely sure?" confirmation.
  await page.getByRole("link", { name: /^Delete =HYPERLINK/ }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm.getByRole("heading", { name: "Are you absolutely sure?" })).toBeVisible();
  await expect(confirm).toContainText('This action cannot be undone. This will permanently delete "=HYPERLINK("http://evil.example")".');
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Lead deleted successfully.")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /^0 leads/ })).toBeVisible();
  await page.context().close();
});

test("contact messages: create, edit, delete", async ({ member }) => {
  const page = await member.open("messages");
  const before = await count(page, "messages");
  await page.getByRole("link", { name: "Add Contact Message" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill("Meera Shah");
  await dialog.getByLabel("Email").fill("meera@example.com");
  await dialog.getByLabel("Mobile").fill("+44 7911 123456");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("Message is required.")).toBeVisible();
  await dialog.getByRole("textbox", { name: "Message", exact: true }).fill("Please call me back.");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Contact message created successfully.")).toBeVisible();
  // Other specs send the contact form meanwhile: the count grows by this message at least.
  await expect.poll(() => count(page, "messages")).toBeGreaterThanOrEqual(before + 1);
  await page.getByRole("link", { name: "Edit Meera Shah" }).click();
  await dialog.getByLabel("Company").fill("EcoStore");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Contact message updated successfully.")).toBeVisible();
  await expect(page.getByText("(EcoStore)")).toBeVisible();
  await page.getByRole("link", { name: "Delete Meera Shah" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Contact message deleted successfully.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Delete Meera Shah" })).toHaveCount(0);
  await page.context().close();
});

test("case studies: invalid JSON saves nothing; a featured one appears on /case-studies, and goes when deleted", async ({ member }) => {
  const page = await member.open("case-studies");
  const before = await count(page, "case-studies");
  await page.getByRole("link", { name: "Add Case Study" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Title").fill("Skincare brand doubles repeat orders");
  await dialog.getByLabel("Company name").fill("GlowLab E2E");
  await dialog.getByLabel("Metrics (JSON)").fill("{revenue_growth: 200%");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Invalid JSON")).toContainText("Please enter valid JSON for metrics.");
  await expect(dialog.getByText("Please enter valid JSON for metrics.")).toBeVisible();
  expect(await count(page, "case-studies")).toBe(before);
  await dialog.getByLabel("Metrics (JSON)").fill('{"revenue_growth": "212%", "roas": "5.1x"}');
  await dialog.getByLabel("Industry").fill("Beauty D2C");
  await dialog.getByLabel("Challenge").fill("Repeat orders were flat.");
  await dialog.getByLabel(/Featured/).check();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Case study created successfully.")).toBeVisible();
  await expect.poll(() => count(page, "case-studies")).toBe(before + 1);

  const site = await page.context().newPage();
  await site.goto("/case-studies");
  await expect(site.getByText("GlowLab E2E").first()).toBeVisible();
  await expect(site.getByText("212%").first()).toBeVisible();
  // Created without a journey or a testimonial: nothing invented in their place (docs/decisions/0069).
  const article = site.getByTestId("case-study").filter({ hasText: "GlowLab E2E" });
  await expect(article.getByRole("heading", { name: "Growth Journey" })).toHaveCount(0);
  await expect(article.locator("figure blockquote")).toHaveCount(0);

  // Its own journey and testimonial, typed in the dashboard, replace the defaults.
  await page.getByRole("link", { name: "Edit Skincare brand doubles repeat orders" }).click();
  await dialog.getByLabel("Growth journey").fill("Month 1-2: Fixed the subscription checkout.\nMonth 3-6: Launched replenishment reminders.");
  await dialog.getByLabel("Testimonial quote").fill("Our repeat orders doubled in six months.");
  await dialog.getByLabel("Testimonial author").fill("Riya Sen, Founder");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Case study updated successfully.")).toBeVisible();
  await site.reload();
  await expect(article.locator("ol > li > span")).toHaveText(["1", "2"]);
  await expect(article.locator("ol > li").nth(1)).toContainText("Launched replenishment reminders.");
  await expect(article.locator("figure blockquote")).toHaveText("Our repeat orders doubled in six months.");
  await expect(article.locator("figure figcaption")).toHaveText("Riya Sen, Founder, GlowLab E2E");

  await page.getByRole("link", { name: "Delete Skincare brand doubles repeat orders" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Case study deleted successfully.")).toBeVisible();
  await site.reload();
  await expect(site.getByText("GlowLab E2E")).toHaveCount(0);
  await page.context().close();
});

test("testimonials: required fields, rating; a featured one reaches the home page", async ({ member }) => {
  const page = await member.open("testimonials");
  await page.getByRole("link", { name: "Add Testimonial" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("Client name is required.")).toBeVisible();
  await expect(dialog.getByText("Company is required.")).toBeVisible();
  await expect(dialog.getByText("Testimonial is required.")).toBeVisible();
  await dialog.getByLabel("Client name").fill("Kavya Nair");
  await dialog.getByLabel("Company").fill("TravelPro E2E");
  await dialog.getByRole("textbox", { name: "Testimonial", exact: true }).fill("They rebuilt our funnel in six weeks.");
  await dialog.getByLabel("Rating").selectOption("4");
  await dialog.getByLabel(/Featured/).check();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Testimonial created successfully.")).toBeVisible();
  const site = await page.context().newPage();
  await site.goto("/");
  await expect(site.getByText("They rebuilt our funnel in six weeks.")).toBeVisible();
  await page.getByRole("link", { name: "Delete Kavya Nair" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Testimonial deleted successfully.")).toBeVisible();
  await site.reload();
  await expect(site.getByText("They rebuilt our funnel in six weeks.")).toHaveCount(0);
  await page.context().close();
});

// It publishes a post for a while, which the blog's own tests would count: it runs alone, after the others (playwright.config.ts).
test(
  "blog posts: derived slug and meta title, counters, preview, publish, rename with redirect, unpublish, delete",
  { tag: "@site-wide" },
  async ({ member }) => {
    test.setTimeout(90_000); // a dozen steps through the writing room and the public pages: near 45 s on a loaded machine
    const page = await member.open("posts");
    const list = page.url();
    // Leaving the room with changes not saved asks first (docs/decisions/0071): this test leaves on purpose.
    page.on("dialog", (dialog) => void dialog.accept());
    await page.getByRole("link", { name: "Add Blog Post" }).click();
    await expect(page).toHaveURL(/\/admin\/posts\/new$/);
    const room = page.getByRole("form", { name: /^(New|Edit) post$/ });
    const settings = page.getByRole("complementary", { name: "Post settings" });
    const title = "Email Flows That Win Back Lapsed Buyers: A Practical Guide For D2C Teams";
    await room.getByRole("textbox", { name: "Title", exact: true }).fill(title);
    await expect(settings.getByRole("textbox", { name: "Slug", exact: true })).toHaveValue(
      "email-flows-that-win-back-lapsed-buyers-a-practical-guide-for-d2c-teams",
    );
    // The meta title is never filled in: the page's title follows the post's title with the site's name.
    await expect(settings.getByRole("textbox", { name: "Meta title (optional)" })).toHaveValue("");
    await expect(settings.getByTestId("seo-title")).toHaveText(`${`${title} | Kinetic Growth`.slice(0, 59).trimEnd()}…`);
    await expect(settings.getByTestId("seo-title-count")).toContainText(`Page title: ${`${title} | Kinetic Growth`.length} characters`);
    await expect(settings.getByTestId("seo-title-count")).toContainText("over 60");
    await expect(settings.getByRole("textbox", { name: "Author name", exact: true })).toHaveValue("Kinetic Growth Team");
    await settings.getByRole("textbox", { name: "Meta description (optional)" }).fill("Win back lapsed buyers.");
    await expect(settings.getByText("23/160 characters")).toBeVisible();
    await settings.getByRole("textbox", { name: "Slug", exact: true }).fill("win-back-flows-e2e");
    await room.getByRole("button", { name: "Edit HTML source" }).click();
    await room
      .getByRole("textbox", { name: "Content", exact: true })
      .fill('<h2>Why win-back</h2><p>Most buyers lapse.</p><script>alert(1)</script><img src=x onerror="alert(2)">');
    await settings.getByRole("textbox", { name: "Tags (optional)" }).fill(" Retention, Email ,, ");
    await settings.getByLabel("Published").check();
    await room.getByRole("button", { name: "Save", exact: true }).click();
    // A draft may have saved itself while the fields were filled: then this Save updates it.
    await expect(toast(page, /Blog post (created|updated) successfully!/)).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/posts\/[0-9a-f-]{36}\/edit$/);

    const site = await page.context().newPage();
    expect((await site.goto("/blog/win-back-flows-e2e"))?.status()).toBe(200);
    await expect(site.getByRole("heading", { name: title })).toBeVisible();
    // What the public page renders is the sanitised content: the heading stays, the script and handler do not.
    const body = site.locator("#article-body");
    await expect(body.getByRole("heading", { name: "Why win-back" })).toBeVisible();
    expect(await body.innerHTML()).not.toMatch(/<script|onerror|alert\(/);
    await site.goto("/blog");
    await expect(site.getByRole("link", { name: title }).first()).toBeVisible();

    // Content that sanitises to nothing: a message beside the field, nothing saved, no SQL anywhere.
    await page.goto(list);
    const posts = await count(page, "posts");
    await page.getByRole("link", { name: "Add Blog Post" }).click();
    await expect(page).toHaveURL(/\/admin\/posts\/new$/);
    await room.getByRole("textbox", { name: "Title", exact: true }).fill("Only a script");
    await room.getByRole("button", { name: "Edit HTML source" }).click();
    await room.getByRole("textbox", { name: "Content", exact: true }).fill("<script>alert(1)</script>");
    await room.getByRole("button", { name: "Save", exact: true }).click();
    await expect(room.getByText("Content is empty after removing unsafe markup.", { exact: true })).toBeVisible();
    await expect(room.getByRole("textbox", { name: "Content", exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("[data-toast]").filter({ hasText: /insert|constraint|blog_posts/i })).toHaveCount(0);
    await expect(page).toHaveURL(/\/admin\/posts\/new$/);
    await page.goto(list);
    expect(await count(page, "posts")).toBe(posts);

    // A taken slug is a field error.
    await page.getByRole("link", { name: "Add Blog Post" }).click();
    await expect(page).toHaveURL(/\/admin\/posts\/new$/);
    await room.getByRole("textbox", { name: "Title", exact: true }).fill("Another post");
    await settings.getByRole("textbox", { name: "Slug", exact: true }).fill("win-back-flows-e2e");
    await room.getByRole("textbox", { name: "Content", exact: true }).fill("Body text.");
    await room.getByRole("button", { name: "Save", exact: true }).click();
    await expect(room.getByText("This slug is already used by another post. Choose another.", { exact: true })).toBeVisible();
    await page.goto(list);
    expect(await count(page, "posts")).toBe(posts);

    // Rename: the old address answers a permanent redirect to the new one. A published post's
    // changes are saved only by its Update.
    await page.getByRole("link", { name: `Edit ${title}` }).click();
    await expect(room.getByRole("textbox", { name: "Title", exact: true })).toHaveValue(title);
    await settings.getByRole("textbox", { name: "Slug", exact: true }).fill("win-back-flows-e2e-renamed");
    await room.getByRole("button", { name: "Update", exact: true }).click();
    await expect(toast(page, "Blog post updated successfully!")).toBeVisible();
    const old = await page.request.get("/blog/win-back-flows-e2e", { maxRedirects: 0 });
    expect([301, 308]).toContain(old.status());
    expect(old.headers().location).toContain("/blog/win-back-flows-e2e-renamed");

    // Unpublish: the page answers 404 and the listing drops it.
    await settings.getByLabel("Published").uncheck();
    await room.getByRole("button", { name: "Update", exact: true }).click();
    // The rename's toast may still be showing: the button turning back into Save tells this save is done.
    await expect(room.getByRole("button", { name: "Save", exact: true })).toBeVisible();
    await expect(toast(page, "Blog post updated successfully!")).toBeVisible();
    expect((await site.goto("/blog/win-back-flows-e2e-renamed"))?.status()).toBe(404);
    await site.goto("/blog");
    await expect(site.getByRole("link", { name: title })).toHaveCount(0);

    await page.goto(list);
    await page.getByRole("link", { name: `Delete ${title}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Blog post deleted successfully.")).toBeVisible();
    await page.context().close();
  },
);

test("dialogs close on Escape and keep focus inside", async ({ member }) => {
  const page = await member.open("testimonials");
  await page.getByRole("link", { name: "Add Testimonial" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  for (let i = 0; i < 15; i++) await page.keyboard.press("Tab");
  expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await page.context().close();
});

test("admin endpoints refuse visitors without the admin role", async ({ request, member }) => {
  expect((await request.get("/admin/export/leads")).status()).toBe(401);
  const upload = await request.post("/api/admin/uploads", {
    headers: { origin: new URL(test.info().project.use.baseURL!).origin },
    multipart: { file: { name: "a.png", mimeType: "image/png", buffer: Buffer.from("x") } },
  });
  expect(upload.status()).toBe(401);
  // An admin's upload: type checked by content.
  const page = await member.open("leads");
  const origin = new URL(page.url()).origin;
  const fake = await page.request.post("/api/admin/uploads", {
    headers: { origin },
    multipart: { file: { name: "evil.png", mimeType: "image/png", buffer: Buffer.from("<svg onload=alert(1)>") } },
  });
  expect(fake.status()).toBe(415);
  const png = TINY_PNG;
  const ok = await page.request.post("/api/admin/uploads", {
    headers: { origin },
    multipart: { file: { name: "dot.png", mimeType: "image/png", buffer: png } },
  });
  expect(ok.status()).toBe(201);
  const { url } = (await ok.json()) as { url: string };
  const served = await page.request.get(url);
  expect(served.headers()["content-type"]).toBe("image/png");
  expect(served.headers()["cache-control"]).toContain("immutable");
  await page.context().close();
});

test("spam review: a honeypot refusal waits in the Spam view; 'Not spam' moves it to the inbox and notifies", async ({ browser, member }) => {
  const visitor = await browser.newContext();
  await assignUniqueIp(visitor);
  const form = await visitor.newPage();
  await form.goto("/contact");
  const email = uniqueEmail("held");
  await form.getByLabel("Full name").fill("Held Person");
  await form.getByRole("textbox", { name: "Email" }).fill(email);
  await form.getByLabel("Mobile number").fill("9876543210");
  await form.getByRole("textbox", { name: "Message" }).fill("A real question that tripped the guard.");
  // A password manager filling the hidden field is how a person trips the honeypot.
  await form.locator('main input[name="companyWebsite"]').evaluate((el: HTMLInputElement) => (el.value = "autofilled.example"));
  await waitLikeAPerson(form);
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(form.getByRole("alert").filter({ hasText: "looked automated" })).toBeVisible();
  await visitor.close();

  const page = await member.open("spam");
  const list = page.getByRole("list", { name: "Spam Submission list" });
  await expect(list.getByText(email)).toBeVisible();
  await expect(page.getByRole("link", { name: "Add Spam Submission" })).toHaveCount(0);
  expect(outboxMails().some((m) => m.includes(email))).toBe(false);
  await list.getByRole("button", { name: "Not spam: Held Person" }).click();
  await expect(toast(page, "Moved to the inbox")).toBeVisible();
  await expect(list.getByText(email)).toHaveCount(0);
  await expectNotificationFor(email);
  await page.goto(`/admin/messages?q=${encodeURIComponent(email)}`);
  await expect(page.getByRole("list", { name: "Contact Message list" }).getByText(email)).toBeVisible();
  await page.context().close();
});
