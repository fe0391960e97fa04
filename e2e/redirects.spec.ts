import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "./fixtures";

// Redirects (docs/decisions/0091) through the real host: a redirect added on the Redirects screen
// answers on the next request, a loop is refused with its chain (with JavaScript and without), and
// a published post renamed in the writing room leaves its old address answering 301 to the new one.

test.use({ account: { email: "redirects@e2e.test", name: "Redirects Owner" } });
// In order in one worker: the member's account is made once.
test.describe.configure({ mode: "default" });

const RUN = Date.now().toString(36);
const addForm = (page: Page) => page.getByRole("form", { name: "Add a redirect" });

async function addRedirect(page: Page, source: string, target: string, status = "301") {
  const form = addForm(page);
  await form.getByRole("textbox", { name: "Old address" }).fill(source);
  await form.getByRole("textbox", { name: /^New address/ }).fill(target);
  await form.getByRole("combobox", { name: "Status" }).selectOption(status);
  await form.getByRole("button", { name: "Add redirect" }).click();
}

test("a redirect added on the Redirects screen answers at once, through the host, with its hits listed", async ({ member }) => {
  const page = await member.open("redirects");
  await expect(page.getByRole("heading", { name: "Add a redirect" })).toBeVisible();
  await addRedirect(page, `/e2e-old-${RUN}/`, `/services`);
  await expect(page.getByText(`/e2e-old-${RUN} now redirects to /services.`).first()).toBeVisible();

  const answer = await page.request.get(`/e2e-old-${RUN}?utm_source=e2e`, { maxRedirects: 0 });
  expect(answer.status()).toBe(301);
  expect(answer.headers().location).toBe("/services?utm_source=e2e");

  // The hit is written within a second or so; the list shows it.
  const row = page.getByTestId(`redirect-row-/e2e-old-${RUN}`);
  await expect(async () => {
    await page.reload();
    await expect(row.getByRole("cell").nth(3)).toHaveText("1", { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });

  // The screen with a row in it passes axe.
  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);

  // A folder rule answers everything under it, and a 410 answers Gone.
  await addRedirect(page, `/e2e-folder-${RUN}/*`, "/blog/*", "308");
  await expect(page.getByText(`/e2e-folder-${RUN}/* now redirects to /blog/*.`).first()).toBeVisible();
  const folder = await page.request.get(`/e2e-folder-${RUN}/some-post`, { maxRedirects: 0 });
  expect(folder.status()).toBe(308);
  expect(folder.headers().location).toBe("/blog/some-post");
  await addRedirect(page, `/e2e-gone-${RUN}`, "", "410");
  await expect(page.getByText(`/e2e-gone-${RUN} now answers 410 Gone.`).first()).toBeVisible();
  expect((await page.request.get(`/e2e-gone-${RUN}`, { maxRedirects: 0 })).status()).toBe(410);
});

test("a loop is refused with the chain named, and changes nothing; the dashboard's own paths cannot be redirected", async ({ member }) => {
  const page = await member.open("redirects");
  const [a, b] = [`/e2e-loop-a-${RUN}`, `/e2e-loop-b-${RUN}`];
  await addRedirect(page, a, b);
  await expect(page.getByText(`${a} now redirects to ${b}.`).first()).toBeVisible();
  await addRedirect(page, b, a);
  await expect(addForm(page).getByText(`This redirect would loop: ${b} → ${a} → ${b}.`)).toBeVisible();
  expect((await page.request.get(b, { maxRedirects: 0 })).status()).toBe(404);

  await addRedirect(page, "/admin/team", "/");
  await expect(addForm(page).getByText("Addresses under /admin, /api, /_next cannot be redirected.")).toBeVisible();
  expect((await page.request.get("/admin/team", { maxRedirects: 0 })).status()).not.toBe(301);
});

test("without JavaScript the screen's plain form adds a redirect and refuses a loop with its message", async ({ member }) => {
  const context = await member.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/admin/redirects");
  const [a, b] = [`/e2e-nojs-a-${RUN}`, `/e2e-nojs-b-${RUN}`];
  await addRedirect(page, a, b);
  await expect(page.getByText(`${a} now redirects to ${b}.`).first()).toBeVisible();
  expect((await page.request.get(a, { maxRedirects: 0 })).headers().location).toBe(b);
  await addRedirect(page, b, a);
  await expect(addForm(page).getByText(`This redirect would loop: ${b} → ${a} → ${b}.`)).toBeVisible();
  // What was typed comes back with the message.
  await expect(addForm(page).getByRole("textbox", { name: "Old address" })).toHaveValue(b);
  await context.close();
});

// It publishes a post for a while, which the blog's own tests would count: it runs alone, after the others (playwright.config.ts).
test("a published post renamed in the writing room: its old address answers 301 to the new one", { tag: "@site-wide" }, async ({ member }) => {
  test.setTimeout(90_000);
  const page = await member.open("posts");
  page.on("dialog", (dialog) => void dialog.accept());
  await page.getByRole("link", { name: "Add Blog Post" }).click();
  await expect(page).toHaveURL(/\/admin\/posts\/new$/);
  const room = page.getByRole("form", { name: /^(New|Edit) post$/ });
  const settings = page.getByRole("complementary", { name: "Post settings" });
  const title = `Renamed post ${RUN}`;
  const [before, after] = [`redirect-before-${RUN}`, `redirect-after-${RUN}`];
  await room.getByRole("textbox", { name: "Title", exact: true }).fill(title);
  await settings.getByRole("textbox", { name: "Slug", exact: true }).fill(before);
  await room.getByRole("button", { name: "Edit HTML source" }).click();
  await room.getByRole("textbox", { name: "Content", exact: true }).fill("<p>A post that moves.</p>");
  await settings.getByLabel("Published").check();
  await room.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/posts\/[0-9a-f-]{36}\/edit$/);
  expect((await page.request.get(`/blog/${before}`, { maxRedirects: 0 })).status()).toBe(200);

  await settings.getByRole("textbox", { name: "Slug", exact: true }).fill(after);
  await room.getByRole("button", { name: "Update", exact: true }).click();
  await expect(page.locator("[data-toast]").filter({ hasText: "Blog post updated successfully!" }).first()).toBeVisible();
  const old = await page.request.get(`/blog/${before}`, { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(old.headers().location).toBe(`/blog/${after}`);
  expect((await page.request.get(`/blog/${after}`, { maxRedirects: 0 })).status()).toBe(200);
  // The sitemap offers the new address only.
  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  expect(sitemap).toContain(`/blog/${after}`);
  expect(sitemap).not.toContain(`/blog/${before}<`);

  // The Redirects screen lists it.
  const screen = await member.open("redirects");
  await expect(screen.getByTestId(`redirect-row-/blog/${before}`)).toContainText(`/blog/${after}`);
  await screen.context().close();

  // The post goes again, so that the blog's other tests never meet it.
  await page.goto("/admin/posts");
  await page.getByRole("link", { name: `Delete ${title}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.locator("[data-toast]").filter({ hasText: "Blog post deleted successfully." }).first()).toBeVisible();
});

test("a visitor's 404s with a referrer appear in the 404 monitor, a bot's do not, and a redirect made from the row answers next", async ({
  member,
  browser,
}) => {
  const path = `/e2e-missing-${RUN}`;
  // A crawler first: had it been counted, it would be in the batch the visitor's hits are seen in.
  const bot = await browser.newContext({ userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" });
  expect((await (await bot.newPage()).goto(path))!.status()).toBe(404);
  await bot.close();
  const visitor = await browser.newContext({
    userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  });
  const visit = await visitor.newPage();
  for (const referer of ["https://partner.example/links", "https://partner.example/other", undefined]) {
    expect((await visit.goto(path, { referer }))!.status()).toBe(404);
  }
  await visitor.close();

  const page = await member.open("redirects");
  const row = page.getByTestId(`not-found-row-${path}`);
  // The host writes its counts every few seconds.
  await expect(async () => {
    await page.reload();
    await expect(row.getByTestId("not-found-hits")).toHaveText("3", { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(row.getByTestId("not-found-referred")).toHaveText("2");
  await expect(row).toContainText("partner.example");

  await row.getByRole("link", { name: `Create a redirect from ${path}` }).click();
  await expect(addForm(page).getByRole("textbox", { name: "Old address" })).toHaveValue(path);
  await addForm(page)
    .getByRole("textbox", { name: /^New address/ })
    .fill("/services");
  await addForm(page).getByRole("button", { name: "Add redirect" }).click();
  await expect(page.getByText(`${path} now redirects to /services.`).first()).toBeVisible();
  const answer = await page.request.get(path, { maxRedirects: 0 });
  expect(answer.status()).toBe(301);
  expect(answer.headers().location).toBe("/services");
  await page.reload();
  await expect(row).toHaveCount(0);
});

test("redirects come in from a CSV file and go out as one; a file with a bad row changes nothing", async ({ member }) => {
  const page = await member.open("redirects");
  const importer = page.getByRole("form", { name: "Import redirects" });
  await page.getByText("Import from a CSV file").click();
  const file = (body: string) => ({ name: "redirects.csv", mimeType: "text/csv", buffer: Buffer.from(body) });

  await importer.getByLabel(/CSV file/).setInputFiles(file(`Old address,New address,Status\n/e2e-csv-bad-${RUN},/about,301\nnot-a-path,/x,301\n`));
  await importer.getByRole("button", { name: "Import" }).click();
  await expect(importer.getByText(/Nothing was imported: 1 row needs a change\. Row 3:/)).toBeVisible();
  expect((await page.request.get(`/e2e-csv-bad-${RUN}`, { maxRedirects: 0 })).status()).toBe(404);

  await importer.getByLabel(/CSV file/).setInputFiles(file(`Old address,New address,Status\n/e2e-csv-a-${RUN},/services,\n/e2e-csv-b-${RUN},,410\n`));
  await importer.getByRole("button", { name: "Import" }).click();
  await expect(page.getByText("Imported 2 redirects: 2 added, 0 replaced.").first()).toBeVisible();
  const moved = await page.request.get(`/e2e-csv-a-${RUN}`, { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers().location).toBe("/services");
  expect((await page.request.get(`/e2e-csv-b-${RUN}`, { maxRedirects: 0 })).status()).toBe(410);

  const exported = await page.request.get("/admin/export/redirects");
  expect(exported.status()).toBe(200);
  expect(exported.headers()["content-type"]).toContain("text/csv");
  const csv = await exported.text();
  expect(csv).toContain(`/e2e-csv-a-${RUN},/services,301`);
  expect(csv).toContain(`/e2e-csv-b-${RUN},,410`);
  // The export is the content desk's: a stranger gets no table.
  const stranger = await page.context().browser()!.newContext();
  expect((await stranger.request.get(`${new URL(page.url()).origin}/admin/export/redirects`)).status()).toBe(401);
  await stranger.close();
});

test(
  "the link checker walks the real site: a post's broken link, its missing image and its link through a redirect, with the post's writing room",
  { tag: "@site-wide" },
  async ({ member }) => {
    test.setTimeout(150_000);
    const page = await member.open("redirects");
    const [moved, missing, image] = [`/e2e-lc-moved-${RUN}`, `/e2e-lc-missing-${RUN}`, `/images/e2e-lc-${RUN}.png`];
    await addRedirect(page, moved, "/services");
    await expect(page.getByText(`${moved} now redirects to /services.`).first()).toBeVisible();

    const posts = await member.open("posts");
    posts.on("dialog", (dialog) => void dialog.accept());
    await posts.getByRole("link", { name: "Add Blog Post" }).click();
    const room = posts.getByRole("form", { name: /^(New|Edit) post$/ });
    const settings = posts.getByRole("complementary", { name: "Post settings" });
    const title = `Links to check ${RUN}`;
    const slug = `links-to-check-${RUN}`;
    await room.getByRole("textbox", { name: "Title", exact: true }).fill(title);
    await settings.getByRole("textbox", { name: "Slug", exact: true }).fill(slug);
    await room.getByRole("button", { name: "Edit HTML source" }).click();
    await room
      .getByRole("textbox", { name: "Content", exact: true })
      .fill(
        `<p>See <a href="${missing}">the old guide</a>, <a href="${moved}">our services</a> and <a href="/services">services again</a>.</p><p><img src="${image}" alt="A chart that is gone"></p>`,
      );
    await settings.getByLabel("Published").check();
    await room.getByRole("button", { name: "Save", exact: true }).click();
    await expect(posts).toHaveURL(/\/admin\/posts\/[0-9a-f-]{36}\/edit$/);
    const editPath = new URL(posts.url()).pathname;

    try {
      // A check already under way (the daily one ticks at start) read the sitemap before this post: wait for it to end.
      await expect(async () => {
        await page.reload();
        await expect(page.getByText(/A check is (running now|waiting to start)\./)).toHaveCount(0, { timeout: 1_000 });
      }).toPass({ timeout: 120_000 });
      await page.getByRole("button", { name: "Check links now" }).click();
      // The check runs on the job queue, off the request: the screen shows its findings once it ends.
      const postFindings = page.getByTestId(`link-check-page-/blog/${slug}`);
      await expect(async () => {
        await page.reload();
        await expect(postFindings).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 120_000 });
      const rows = postFindings.getByRole("row");
      await expect(rows.filter({ hasText: missing })).toContainText("Broken link (404)");
      await expect(rows.filter({ hasText: missing })).toContainText("the old guide");
      await expect(rows.filter({ hasText: moved })).toContainText("link straight to /services");
      await expect(rows.filter({ hasText: image })).toContainText("Missing image");
      await expect(rows.filter({ hasText: image })).toContainText("A chart that is gone");
      // Exactly those three: the direct link to /services is fine.
      await expect(rows).toHaveCount(4);
      await expect(page.getByTestId("link-check-summary")).toContainText(/Last check .*: \d+ pages, \d+ addresses, \d+ findings?\./);
      await postFindings.getByRole("link", { name: /Edit in the writing room/ }).click();
      await expect(page).toHaveURL(new RegExp(`${editPath}$`));
    } finally {
      // The post goes again, so that the blog's other tests never meet it.
      await posts.goto("/admin/posts");
      await posts.getByRole("link", { name: `Delete ${title}` }).click();
      await posts.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
      await expect(posts.locator("[data-toast]").filter({ hasText: "Blog post deleted successfully." }).first()).toBeVisible();
    }
  },
);
