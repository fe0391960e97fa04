import AxeBuilder from "@axe-core/playwright";
import sharp from "sharp";
import { ogImageVersion } from "../src/lib/og-image";
import type { Locator } from "@playwright/test";
import { expect, test, type Page } from "./fixtures";

// Generated Open Graph images and images chosen from the media library (docs/decisions/0048).
test.describe.configure({ mode: "serial" });

const RUN = Date.now().toString(36);

test.use({ account: { email: "og@e2e.test", name: "Priya Shah" } });

const toast = (page: Page, text: string | RegExp) => page.locator("[data-toast]").filter({ hasText: text }).first();
/** The writing room, where the posts list's Add and Edit links lead (docs/decisions/0071). */
const roomOf = (page: Page) => page.getByRole("form", { name: /^(New|Edit) post$/ });
const meta = (page: Page, key: string) => page.locator(`meta[property="${key}"], meta[name="${key}"]`).first().getAttribute("content");

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function newPost(
  page: Page,
  { title, slug, published, content = "<p>Notes from the field.</p>" }: { title: string; slug: string; published: boolean; content?: string },
) {
  await page.getByRole("link", { name: "Add Blog Post" }).click();
  const room = roomOf(page);
  await room.getByRole("textbox", { name: "Title", exact: true }).fill(title);
  await room.getByRole("textbox", { name: "Slug", exact: true }).fill(slug);
  await room.getByRole("button", { name: "Edit HTML source" }).click();
  await room.getByRole("textbox", { name: "Content", exact: true }).fill(content);
  if (published) await room.getByRole("checkbox", { name: "Published", exact: true }).check();
  await room.getByRole("button", { name: "Save", exact: true }).click();
  // A draft may have saved itself while it was typed: then this Save updates it.
  await expect(toast(page, /(created|updated) successfully/)).toBeVisible();
  // Saved, the room moves to the post's own address; its Posts link goes back to the list.
  await expect(page).toHaveURL(/\/admin\/posts\/[0-9a-f-]{36}\/edit$/);
  await page.getByRole("link", { name: "Posts", exact: true }).click();
  await expect(page.getByRole("link", { name: "Add Blog Post" })).toBeVisible();
}

test("an article without its own image points og:image at a generated 1200x630 PNG that follows its title", async ({ member }) => {
  const page = await member.open("posts");
  const slug = `og-article-${RUN}`;
  const title = `Growth loops that compound ${RUN}`;
  await newPost(page, { title, slug, published: true });

  const article = await page.context().newPage();
  await article.goto(`/blog/${slug}`);
  const image = (await meta(article, "og:image"))!;
  const path = new URL(image).pathname;
  expect(path).toBe(`/api/og/blog/${slug}/${ogImageVersion({ title, authorName: "Kinetic Growth Team" })}.png`);
  expect(await meta(article, "og:image:width")).toBe("1200");
  expect(await meta(article, "og:image:height")).toBe("630");
  expect(await meta(article, "og:image:alt")).toBe(`${title}, by Kinetic Growth Team`);
  expect(await meta(article, "twitter:image")).toBe(image);
  expect(await meta(article, "twitter:card")).toBe("summary_large_image");

  const answer = await article.request.get(path);
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toBe("image/png");
  expect(answer.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  const png = await answer.body();
  expect(pngSize(png)).toEqual({ width: 1200, height: 630 });
  console.log(`generated og:image: ${png.byteLength} bytes`);

  // A new title: the article points at a new address; the old one sends there, uncached.
  await page.getByRole("link", { name: `Edit ${title}` }).click();
  const room = roomOf(page);
  const renamed = `Growth loops, renamed ${RUN}`;
  await room.getByRole("textbox", { name: "Title", exact: true }).fill(renamed);
  await room.getByRole("textbox", { name: "Slug", exact: true }).fill(slug);
  // A published post changes by its Update.
  await room.getByRole("button", { name: "Update", exact: true }).click();
  await expect(toast(page, "Blog post updated successfully!")).toBeVisible();
  await article.goto(`/blog/${slug}`);
  const renewed = new URL((await meta(article, "og:image"))!).pathname;
  expect(renewed).toBe(`/api/og/blog/${slug}/${ogImageVersion({ title: renamed, authorName: "Kinetic Growth Team" })}.png`);
  expect(renewed).not.toBe(path);
  const old = await article.request.get(path, { maxRedirects: 0 });
  expect(old.status()).toBe(307);
  expect(old.headers()["location"]).toBe(renewed);
  expect(old.headers()["cache-control"]).toBe("no-store");
  expect((await article.request.get(renewed)).status()).toBe(200);
  await page.context().close();
});

test("a draft's generated image and an unknown slug's answer 404", async ({ member }) => {
  const page = await member.open("posts");
  const slug = `og-draft-${RUN}`;
  const title = `Unannounced launch ${RUN}`;
  await newPost(page, { title, slug, published: false });
  for (const path of [
    `/api/og/blog/${slug}/${ogImageVersion({ title, authorName: "Kinetic Growth Team" })}.png`,
    `/api/og/blog/no-such-post-${RUN}/000000000000.png`,
  ]) {
    const answer = await page.request.get(path, { maxRedirects: 0 });
    expect(answer.status(), path).toBe(404);
    expect(answer.headers()["cache-control"]).toBe("no-store");
  }
  await page.context().close();
});

/** An image of one colour, wide enough for the article's variants, uploaded to the library through the dashboard's endpoint. */
/** The library lists and searches an upload by the name it was sent with (docs/decisions/0071): each gets its own. */
async function libraryImage(page: Page, colour: { r: number; g: number; b: number }, name: string): Promise<string> {
  const png = await sharp({ create: { width: 1280, height: 960, channels: 3, background: colour } })
    .png()
    .toBuffer();
  const answer = await page.request.post("/api/admin/uploads", {
    headers: { origin: new URL(page.url()).origin },
    multipart: { file: { name, mimeType: "image/png", buffer: png } },
  });
  expect(answer.status()).toBe(201);
  return ((await answer.json()) as { url: string }).url;
}

const picker = (page: Page) => page.getByRole("dialog", { name: "Choose from the media library" });

async function expectArticleImage(page: Page, slug: string, url: string, alt: string) {
  const article = await page.context().newPage();
  await article.goto(`/blog/${slug}`);
  const img = article.locator(`#article-body img[alt="${alt}"]`);
  await expect(img).toHaveCount(1);
  expect(await img.getAttribute("src")).toContain(encodeURIComponent(url));
  expect(await img.getAttribute("srcset")).toMatch(/\/_next\/image\?url=%2Fapi%2Fmedia%2F[0-9a-f]{32}\.png&w=\d+&q=\d+ \d+w/);
  await article.close();
}

async function startPost(page: Page, title: string, slug: string): Promise<{ room: Locator; editor: Locator }> {
  await page.getByRole("link", { name: "Add Blog Post" }).click();
  const room = roomOf(page);
  await room.getByRole("textbox", { name: "Title", exact: true }).fill(title);
  await room.getByRole("textbox", { name: "Slug", exact: true }).fill(slug);
  await room.getByRole("checkbox", { name: "Published", exact: true }).check();
  const editor = room.locator('[contenteditable="true"][aria-label="Content"]');
  await expect(editor).toBeVisible();
  return { room, editor };
}

test("a library image goes into a post by keyboard alone, alt text required first; the article has its srcset", async ({ member }) => {
  const page = await member.open("posts");
  const name = `magenta-chart-${RUN}.png`;
  const url = await libraryImage(page, { r: 200, g: 40, b: 90 }, name);
  const slug = `library-keys-${RUN}`;
  const { room, editor } = await startPost(page, `Chosen by keyboard ${RUN}`, slug);
  await editor.click();
  await page.keyboard.type("A chart follows.");
  // The toolbar is one tab stop before the text; Insert image is the third from its end.
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("End");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expect(room.getByRole("button", { name: "Insert image" }).first()).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(room.getByRole("textbox", { name: "Image address" })).toBeFocused();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  // The editor's image panel (the featured image field has the same buttons).
  await expect(room.getByRole("group", { name: "Image" }).getByRole("button", { name: "Choose from library" })).toBeFocused();
  await page.keyboard.press("Enter");
  const chooser = picker(page);
  await expect(chooser.getByRole("searchbox", { name: "Search images" })).toBeFocused();
  await page.keyboard.type(name);
  await expect(chooser.getByRole("status")).toHaveText("1 image.");
  await page.keyboard.press("ArrowDown");
  await expect(chooser.getByRole("listbox", { name: "Images in the media library" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(chooser.getByRole("option", { selected: true })).toContainText(name);
  await expect(chooser.getByRole("textbox", { name: "Alt text (required)" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(chooser.getByText("Describe the image for people who cannot see it.")).toBeVisible();
  await expect(editor.locator("img")).toHaveCount(0);
  await page.keyboard.type("A magenta chart");
  await page.keyboard.press("Enter");
  await expect(chooser).toBeHidden();
  await expect(editor.locator('img[alt="A magenta chart"]')).toHaveAttribute("src", url);
  await expect(editor).toBeFocused();
  await room.getByRole("button", { name: "Save", exact: true }).click();
  await expect(toast(page, /created successfully/)).toBeVisible();
  await expectArticleImage(page, slug, url, "A magenta chart");
  await page.context().close();
});

test("a library image goes into a post by mouse, and the case-study cover uses the same chooser", async ({ member }) => {
  const page = await member.open("posts");
  const name = `green-chart-${RUN}.png`;
  const url = await libraryImage(page, { r: 20, g: 160, b: 120 }, name);
  const slug = `library-mouse-${RUN}`;
  const { room, editor } = await startPost(page, `Chosen by mouse ${RUN}`, slug);
  await editor.click();
  await page.keyboard.type("A chart follows.");
  await room.getByRole("button", { name: "Insert image" }).first().click();
  await room.getByRole("group", { name: "Image" }).getByRole("button", { name: "Choose from library" }).click();
  const chooser = picker(page);
  const option = chooser.getByRole("option").filter({ hasText: name });
  await expect(option).toHaveCount(1);
  // The thumbnail arrives from the optimiser (a 256 px variant, not the stored 1280 px original).
  await expect.poll(() => option.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(256);
  await option.click();
  await expect(option).toHaveAttribute("aria-selected", "true");
  // The chooser passes axe's WCAG 2.2 AA rules, as the editor's dialog does.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
  const { violations } = await new AxeBuilder({ page })
    .include('[role="dialog"][aria-labelledby]:has([role="listbox"])')
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
  await chooser.getByRole("textbox", { name: "Alt text (required)" }).fill("A green chart");
  await chooser.getByRole("button", { name: "Insert image" }).click();
  await expect(chooser).toBeHidden();
  await expect(editor.locator('img[alt="A green chart"]')).toHaveAttribute("src", url);
  await room.getByRole("button", { name: "Save", exact: true }).click();
  await expect(toast(page, /created successfully/)).toBeVisible();
  await expectArticleImage(page, slug, url, "A green chart");

  // The case-study cover: the same two buttons, no alt text asked (the cover field holds an address).
  await page.goto("/admin/case-studies");
  await page.getByRole("link", { name: /^Add / }).click();
  const study = page.getByRole("dialog");
  // The cover's own button: the logo field beside it has the same two.
  const cover = study.getByRole("textbox", { name: "Image (optional)", exact: true });
  await study
    .locator("div")
    .filter({ has: page.getByRole("textbox", { name: "Image (optional)", exact: true }) })
    .last()
    .getByRole("button", { name: "Choose from library" })
    .click();
  await chooser.getByRole("searchbox", { name: "Search images" }).fill(name);
  await expect(chooser.getByRole("status")).toHaveText("1 image.");
  await expect(chooser.getByRole("textbox", { name: "Alt text (required)" })).toHaveCount(0);
  await chooser.getByRole("option").first().dblclick();
  await expect(chooser).toBeHidden();
  await expect(cover).toHaveValue(url);
  await expect(cover).toBeFocused();
  await page.context().close();
});
