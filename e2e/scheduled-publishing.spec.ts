import { expect, test, type APIRequestContext } from "./fixtures";
import { toSiteDateTimeInput } from "../src/lib/site-time";

// A post timed a few seconds ahead, then timed to go again: every public surface follows within
// 5 seconds of each time, with nobody on the dashboard (docs/decisions/0040).
test.describe.configure({ mode: "serial" });

const ADMIN = "schedule@e2e.test";
const SLUG = `timed-post-e2e-${Date.now().toString(36)}`;
const TITLE = "A Post That Goes Out On Its Own";
const TAG = "Timed E2E";
const LEAD_SECONDS = 10;
const WITHIN_MS = 5000;

/** The datetime-local value, in India time and to the second, for `at`. */
const siteInput = (at: Date) => `${toSiteDateTimeInput(at)}:${String(at.getUTCSeconds()).padStart(2, "0")}`;

/** What each public surface says about the post: true when it shows it. */
async function surfaces(request: APIRequestContext): Promise<Record<string, boolean>> {
  const text = async (path: string) => {
    // A keep-alive connection the server closed idle is tried once more, as a browser does (e2e/follow-up.spec.ts).
    const response = await request.get(path, { maxRetries: 1 });
    return { status: response.status(), body: await response.text() };
  };
  const [article, listing, tagged, feed, sitemap] = await Promise.all([
    text(`/blog/${SLUG}`),
    text("/blog"),
    text(`/blog?tag=${encodeURIComponent(TAG)}`),
    text("/blog/feed.xml"),
    text("/sitemap.xml"),
  ]);
  return {
    article: article.status === 200 && article.body.includes(TITLE),
    listing: listing.body.includes(`/blog/${SLUG}`),
    tagged: tagged.body.includes(`/blog/${SLUG}`),
    feed: feed.body.includes(`/blog/${SLUG}`),
    sitemap: sitemap.body.includes(`/blog/${SLUG}`),
  };
}

const all = (value: boolean) => ({ article: value, listing: value, tagged: value, feed: value, sitemap: value });

/** Polls until every surface agrees with `shown`; returns milliseconds past `at` when they did. */
async function untilAll(request: APIRequestContext, shown: boolean, at: Date): Promise<number> {
  const deadline = at.getTime() + WITHIN_MS + 5000;
  let last: Record<string, boolean> = {};
  while (Date.now() < deadline) {
    last = await surfaces(request);
    if (Object.values(last).every((v) => v === shown)) return Date.now() - at.getTime();
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`surfaces never all ${shown ? "showed" : "dropped"} the post: ${JSON.stringify(last)}`);
}

test.use({ account: { email: ADMIN, name: "Schedule Admin" } });

test("a draft with Publish at goes public on every surface within 5 s of its time, and Unpublish at takes it down", async ({
  request,
  member: { page: admin },
}) => {
  test.setTimeout(90_000);
  await admin.goto("/admin/posts");
  const dialog = admin.getByRole("dialog");

  // A time in the past is refused beside the field.
  await admin.getByRole("link", { name: "Add Blog Post" }).click();
  await dialog.getByRole("textbox", { name: "Title", exact: true }).fill(TITLE);
  await dialog.getByRole("textbox", { name: "Slug", exact: true }).fill(SLUG);
  await dialog.getByRole("textbox", { name: "Content", exact: true }).fill("<h2>On time</h2><p>Published by the clock.</p>");
  await dialog.getByRole("textbox", { name: "Tags (optional)" }).fill(TAG);
  await dialog.getByRole("textbox", { name: "Publish at (optional)", exact: true }).fill(siteInput(new Date(Date.now() - 60_000)));
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("Publish at must be in the future.")).toBeVisible();

  // Cached copies of every surface exist before the post is due: they must drop at its time.
  expect(await surfaces(request)).toEqual(all(false));
  const publishAt = new Date(Date.now() + LEAD_SECONDS * 1000);
  await dialog.getByRole("textbox", { name: "Publish at (optional)", exact: true }).fill(siteInput(publishAt));
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(admin.locator("[data-toast]").filter({ hasText: "Blog post created successfully!" })).toBeVisible();
  // Saved as a draft: nothing shows it yet.
  expect(await surfaces(request)).toEqual(all(false));
  // Not early: a second before its time the article is still a 404 (when the answer came in time).
  await new Promise((r) => setTimeout(r, Math.max(0, publishAt.getTime() - Date.now() - 1000)));
  const early = await request.get(`/blog/${SLUG}`);
  if (Date.now() < publishAt.getTime()) expect(early.status()).toBe(404);
  const published = await untilAll(request, true, publishAt);
  expect(published).toBeLessThanOrEqual(WITHIN_MS);
  test.info().annotations.push({ type: "publish delay (ms)", description: String(published) });

  // The article a visitor sees is no longer a draft in the dashboard either.
  await admin.reload();
  await admin.getByRole("link", { name: `Edit ${TITLE}` }).click();
  await expect(dialog.getByRole("textbox", { name: "Publish at (optional)", exact: true })).toHaveValue("");
  await expect(dialog.getByLabel("Published")).toBeChecked();
  const unpublishAt = new Date(Date.now() + LEAD_SECONDS * 1000);
  await dialog.getByRole("textbox", { name: "Unpublish at (optional)", exact: true }).fill(siteInput(unpublishAt));
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(admin.locator("[data-toast]").filter({ hasText: "Blog post updated successfully!" })).toBeVisible();
  expect(await surfaces(request)).toEqual(all(true));
  const unpublished = await untilAll(request, false, unpublishAt);
  expect(unpublished).toBeLessThanOrEqual(WITHIN_MS);
  test.info().annotations.push({ type: "unpublish delay (ms)", description: String(unpublished) });
});

test("hide from search engines: noindex on the article, out of the sitemap and feed, still on /blog", async ({ request, member: { page: admin } }) => {
  const slug = `hidden-post-e2e-${Date.now().toString(36)}`;
  const title = "A Post For Readers, Not Crawlers";
  const dialog = admin.getByRole("dialog");
  await admin.getByRole("link", { name: "Add Blog Post" }).click();
  await dialog.getByRole("textbox", { name: "Title", exact: true }).fill(title);
  await dialog.getByRole("textbox", { name: "Slug", exact: true }).fill(slug);
  await dialog.getByRole("textbox", { name: "Content", exact: true }).fill("<p>Only for those who find it on the site.</p>");
  await dialog.getByLabel("Published").check();
  await dialog.getByLabel("Hide from search engines").check();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(admin.locator("[data-toast]").filter({ hasText: "Blog post created successfully!" })).toBeVisible();

  const robots = async () => {
    const html = await (await request.get(`/blog/${slug}`, { maxRetries: 1 })).text();
    return /<meta name="robots" content="([^"]*)"/.exec(html)?.[1] ?? null;
  };
  const listed = async (path: string) => (await (await request.get(path, { maxRetries: 1 })).text()).includes(`/blog/${slug}`);
  expect(await robots()).toMatch(/noindex/);
  expect(await listed("/blog")).toBe(true);
  expect(await listed("/sitemap.xml")).toBe(false);
  expect(await listed("/blog/feed.xml")).toBe(false);

  await admin.reload();
  await admin.getByRole("link", { name: `Edit ${title}` }).click();
  await dialog.getByLabel("Hide from search engines").uncheck();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(admin.locator("[data-toast]").filter({ hasText: "Blog post updated successfully!" })).toBeVisible();
  expect(await robots()).toBeNull();
  expect(await listed("/sitemap.xml")).toBe(true);
  expect(await listed("/blog/feed.xml")).toBe(true);
});
