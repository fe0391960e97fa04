import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "./fixtures";

// A draft's preview link and the SEO panel (docs/decisions/0047), driven in Chromium as a writer
// would: write a draft, share a link with someone signed out, revoke it; watch the counters while
// typing a long title and compare them with the published page's own <title>.
test.describe.configure({ mode: "serial" });

const RUN = Date.now().toString(36);
const toast = (page: Page, text: string | RegExp) => page.locator("[data-toast]").filter({ hasText: text }).first();

test.use({ account: { email: "preview@e2e.test", name: "Preview Writer" } });

/** The writing room, where the posts list's Add and Edit links lead (docs/decisions/0071). */
const roomOf = (page: Page) => page.getByRole("form", { name: /^(New|Edit) post$/ });

test("a draft's preview link shows the article to someone signed out, unindexed and uncached, until it is revoked", async ({ browser, member }) => {
  const page = await member.open("posts");
  const room = roomOf(page);
  const title = `Draft For Review ${RUN}`;
  await page.getByRole("link", { name: "Add Blog Post" }).click();
  await room.getByRole("textbox", { name: "Title", exact: true }).fill(title);
  await room.getByRole("button", { name: "Edit HTML source" }).click();
  await room.getByRole("textbox", { name: "Content", exact: true }).fill("<h2>What we will say</h2><p>Only reviewers read this yet.</p>");
  await room.getByRole("button", { name: "Save", exact: true }).click();
  // The draft may have saved itself while it was typed: then this Save updates it.
  await expect(toast(page, /Blog post (created|updated) successfully!/)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/posts\/[0-9a-f-]{36}\/edit$/);

  // Opened again from the list, as a writer comes back to it.
  await page.getByRole("link", { name: "Posts", exact: true }).click();
  await page.getByRole("link", { name: `Edit ${title}`, exact: true }).click();
  const links = room.getByTestId("preview-links");
  await expect(links.getByText("No working preview links.")).toBeVisible();
  await links.getByRole("button", { name: "Create a link to share" }).click();
  const address = links.getByRole("textbox", { name: /New link/ });
  await expect(address).toHaveValue(/\/preview\/[A-Za-z0-9_-]{32}$/);
  const url = await address.inputValue();
  await expect(links.getByTestId("preview-link")).toHaveCount(1);

  // Someone without an account.
  const visitor = await (await browser.newContext()).newPage();
  const answer = await visitor.goto(url);
  expect(answer?.status()).toBe(200);
  expect(answer?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
  expect(answer?.headers()["cache-control"]).toMatch(/no-store/);
  await expect(visitor.getByTestId("preview-banner")).toBeVisible();
  await expect(visitor.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(visitor.locator("#article-body").getByRole("heading", { name: "What we will say" })).toBeVisible();
  await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  // Served again, it is rendered again (never from the page cache).
  expect((await visitor.request.get(url)).headers()["x-nextjs-cache"]).toBeUndefined();
  // The draft itself is still not public.
  expect((await visitor.request.get(`/blog/${new URL(url).pathname.split("/").pop()}`)).status()).toBe(404);

  await links.getByRole("button", { name: "Revoke" }).click();
  await expect(toast(page, "Preview link revoked.")).toBeVisible();
  await expect(links.getByText("No working preview links.")).toBeVisible();
  const after = await visitor.goto(url);
  expect(after?.status()).toBe(404);
  await expect(visitor.getByRole("heading", { name: "Preview Link Expired" })).toBeVisible();
  await expect(visitor.getByText(title)).toHaveCount(0);
  // The words are in the HTML itself, for a visitor without JavaScript too.
  expect(await (await visitor.request.get(url)).text()).toContain("This preview link has expired or was revoked.");
  await visitor.context().close();
  await page.context().close();
});

test("the SEO panel counts the page's own title, suffix included, warns past 60 and passes axe", async ({ member }) => {
  const page = await member.open("posts");
  const room = roomOf(page);
  const title = `Quarterly Growth Experiments Our Team Ran For Indian D2C Brands ${RUN}`;
  const slug = `seo-panel-${RUN}`;
  await page.getByRole("link", { name: "Add Blog Post" }).click();
  await room.getByRole("textbox", { name: "Title", exact: true }).fill("Short title");
  const panel = room.getByTestId("seo-panel");
  // The meta title is never filled in: left empty, the page's <title> is the title with the suffix.
  await expect(panel.getByTestId("seo-title")).toHaveText("Short title | Kinetic Growth");
  await room.getByRole("textbox", { name: "Title", exact: true }).fill(title);
  await expect(room.getByRole("textbox", { name: "Meta title (optional)" })).toHaveValue("");
  const expected = `${title} | Kinetic Growth`;
  // Shown as a search result shows it: about 60 characters, then an ellipsis (the whole title on hover).
  await expect(panel.getByTestId("seo-title")).toHaveText(`${expected.slice(0, 59).trimEnd()}…`);
  await expect(panel.getByTestId("seo-title")).toHaveAttribute("title", expected);
  // No excerpt yet: the description is the title, and the note says so.
  await expect(panel.getByTestId("seo-description-count")).toContainText("(taken from the title: add an excerpt or a meta description)");
  await expect(panel.getByTestId("seo-title-count")).toContainText(`Page title: ${expected.length} characters`);
  await expect(panel.getByTestId("seo-title-count")).toContainText("over 60");
  await room.getByRole("textbox", { name: "Excerpt (optional)" }).fill("x".repeat(170));
  await expect(panel.getByTestId("seo-description-count")).toContainText("170 characters (taken from the excerpt) — over 160");
  await room.getByRole("textbox", { name: "Excerpt (optional)" }).fill("How we test, measure and keep what works.");
  await expect(panel.getByTestId("seo-description-count")).toContainText("up to 160 shows in full");

  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);

  await room.getByRole("textbox", { name: "Slug", exact: true }).fill(slug);
  await room.getByRole("button", { name: "Edit HTML source" }).click();
  await room.getByRole("textbox", { name: "Content", exact: true }).fill("<p>Experiments, measured.</p>");
  await room.getByLabel("Published").check();
  await room.getByRole("button", { name: "Save", exact: true }).click();
  await expect(toast(page, /Blog post (created|updated) successfully!/)).toBeVisible();

  const article = await page.context().newPage();
  await article.goto(`/blog/${slug}`);
  expect(await article.title()).toBe(expected);
  await expect(article.locator('meta[name="description"]')).toHaveAttribute("content", "How we test, measure and keep what works.");
  await page.context().close();
});
