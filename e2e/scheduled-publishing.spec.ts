import { expect, test, type APIRequestContext, type Page } from "./fixtures";
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

/** The writing room, where the posts list's Add and Edit links lead (docs/decisions/0071). */
const roomOf = (page: Page) => page.getByRole("form", { name: /^(New|Edit) post$/ });

test("a draft with Publish at goes public on every surface within 5 s of its time, and Unpublish at takes it down", async ({
  request,
  member: { page: admin },
}) => {
  test.setTimeout(90_000);
  await admin.goto("/admin/posts");
  const room = roomOf(admin);

  // A time in the past is refused beside the field.
  await admin.getByRole("link", { name: "Add Blog Post" }).click();
  await room.getByRole("textbox", { name: "Title", exact: true }).fill(TITLE);
  await room.getByRole("textbox", { name: "Slug", exact: true }).fill(SLUG);
  await room.getByRole("textbox", { name: "Content", exact: true }).fill("<h2>On time</h2><p>Published by the clock.</p>");
  await room.getByRole("textbox", { name: "Tags (optional)" }).fill(TAG);
  await room.getByRole("textbox", { name: "Publish at (optional)", exact: true }).fill(siteInput(new Date(Date.now() - 60_000)));
  await room.getByRole("button", { name: "Save", exact: true }).click();
  // Beside the field (the bar's status may say it too, after a draft save of its own).
  await expect(room.getByText("Publish at must be in the future.", { exact: true })).toBeVisible();

  // Cached copies of every surface exist before the post is due: they must drop at its time.
  expect(await surfaces(request)).toEqual(all(false));
  const publishAt = new Date(Date.now() + LEAD_SECONDS * 1000);
  await room.getByRole("textbox", { name: "Publish at (optional)", exact: true }).fill(siteInput(publishAt));
  await room.getByRole("button", { name: "Save", exact: true }).click();
  // The draft may have saved itself while it was typed: then this Save updates it.
  await expect(
    admin
      .locator("[data-toast]")
      .filter({ hasText: /Blog post (created|updated) successfully!/ })
      .first(),
  ).toBeVisible();
  await expect(admin).toHaveURL(/\/admin\/posts\/[0-9a-f-]{36}\/edit$/);
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
  await admin.goto("/admin/posts");
  await admin.getByRole("link", { name: `Edit ${TITLE}` }).click();
  await expect(room.getByRole("textbox", { name: "Publish at (optional)", exact: true })).toHaveValue("");
  await expect(room.getByLabel("Published")).toBeChecked();
  const unpublishAt = new Date(Date.now() + LEAD_SECONDS * 1000);
  await room.getByRole("textbox", { name: "Unpublish at (optional)", exact: true }).fill(siteInput(unpublishAt));
  // A published post changes by its Update.
  await room.getByRole("button", { name: "Update", exact: true }).click();
  await expect(admin.locator("[data-toast]").filter({ hasText: "Blog post updated successfully!" })).toBeVisible();
  expect(await surfaces(request)).toEqual(all(true));
  const unpublished = await untilAll(request, false, unpublishAt);
  expect(unpublished).toBeLessThanOrEqual(WITHIN_MS);
  test.info().annotations.push({ type: "unpublish delay (ms)", description: String(unpublished) });
});

test("hide from search engines: noindex on the article, out of the sitemap and feed, still on /blog", async ({ request, member: { page: admin } }) => {
  const slug = `hidden-post-e2e-${Date.now().toString(36)}`;
  const title = "A Post For Readers, Not Crawlers";
  const room = roomOf(admin);
  await admin.goto("/admin/posts");
  await admin.getByRole("link", { name: "Add Blog Post" }).click();
  await room.getByRole("textbox", { name: "Title", exact: true }).fill(title);
  await room.getByRole("textbox", { name: "Slug", exact: true }).fill(slug);
  await room.getByRole("textbox", { name: "Content", exact: true }).fill("<p>Only for those who find it on the site.</p>");
  await room.getByLabel("Published").check();
  await room.getByLabel("Hide from search engines").check();
  await room.getByRole("button", { name: "Save", exact: true }).click();
  await expect(
    admin
      .locator("[data-toast]")
      .filter({ hasText: /Blog post (created|updated) successfully!/ })
      .first(),
  ).toBeVisible();

  const robots = async () => {
    const html = await (await request.get(`/blog/${slug}`, { maxRetries: 1 })).text();
    return /<meta name="robots" content="([^"]*)"/.exec(html)?.[1] ?? null;
  };
  const listed = async (path: string) => (await (await request.get(path, { maxRetries: 1 })).text()).includes(`/blog/${slug}`);
  expect(await robots()).toMatch(/noindex/);
  expect(await listed("/blog")).toBe(true);
  expect(await listed("/sitemap.xml")).toBe(false);
  expect(await listed("/blog/feed.xml")).toBe(false);

  await admin.goto("/admin/posts");
  await admin.getByRole("link", { name: `Edit ${title}` }).click();
  await room.getByLabel("Hide from search engines").uncheck();
  await room.getByRole("button", { name: "Update", exact: true }).click();
  await expect(admin.locator("[data-toast]").filter({ hasText: "Blog post updated successfully!" })).toBeVisible();
  expect(await robots()).toBeNull();
  expect(await listed("/sitemap.xml")).toBe(true);
  expect(await listed("/blog/feed.xml")).toBe(true);
});
