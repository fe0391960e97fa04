import sharp from "sharp";
import { expect, test, type Page } from "./fixtures";

// One admin for the file; the tests build on each other (upload, place, look, delete).
test.describe.configure({ mode: "serial" });

const TITLE = `Photo from the shoot ${Date.now()}`;

test.use({ account: { email: "media@e2e.test", name: "Media Admin" } });

/**
 * A phone camera's 4000x3000 JPEG (about 3 MB: gradients under a fine random texture, which
 * compresses like the detail of a photo) with its GPS position, make, model and serial in EXIF.
 */
async function cameraPhoto(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const cell = 6;
  const columns = Math.ceil(width / cell);
  const texture = Float32Array.from({ length: columns * Math.ceil(height / cell) }, () => random() * 60 - 30);
  const clamp = (v: number) => Math.max(0, Math.min(255, v));
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const t = texture[Math.floor(y / cell) * columns + Math.floor(x / cell)]!;
      pixels[i] = clamp(40 + (x * 180) / width + t);
      pixels[i + 1] = clamp(60 + (y * 150) / height + t);
      pixels[i + 2] = clamp(120 + 60 * Math.sin(x / 90) * Math.cos(y / 70) + t);
    }
  const photo = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .withExifMerge({
      IFD0: { Make: "PhoneMaker", Model: "Phone 12" },
      IFD2: { BodySerialNumber: "SN-998877" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "19/1 4/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "72/1 52/1 0/1" },
    })
    .jpeg({ quality: 90 })
    .toBuffer();
  expect(photo.includes(Buffer.from("SN-998877"))).toBe(true);
  return photo;
}

const toast = (page: Page, text: string | RegExp) => page.locator("[data-toast]").filter({ hasText: text }).first();

test("a camera photo uploaded as a post's featured image reaches phones as a small AVIF without its EXIF", async ({ browser, member }) => {
  // A 12-megapixel photo re-encoded at upload, then AVIF variants made on first request: 25-30 s on
  // two loaded cores, next to the default 30 s.
  test.setTimeout(60_000);
  const photo = await cameraPhoto();
  const page = await member.open("posts");
  await page.getByRole("link", { name: "Add Blog Post" }).click();
  // The writing room (docs/decisions/0071): the cover above the post, Published in its settings.
  const room = page.getByRole("form", { name: /^(New|Edit) post$/ });
  await room.getByRole("textbox", { name: "Title", exact: true }).fill(TITLE);
  await room.getByRole("textbox", { name: "Content", exact: true }).fill("<p>What the shoot looked like.</p>");
  await room.getByLabel("Upload featured image").setInputFiles({ name: "IMG_0001.JPG", mimeType: "image/jpeg", buffer: photo });
  await expect(toast(page, "Image uploaded.")).toBeVisible({ timeout: 20_000 });
  const url = await room.getByRole("textbox", { name: "Featured image" }).inputValue();
  expect(url).toMatch(/^\/api\/media\/[0-9a-f]{32}\.jpg$/);
  await page.getByRole("complementary", { name: "Post settings" }).getByRole("checkbox", { name: "Published", exact: true }).check();
  await room.getByRole("button", { name: "Save", exact: true }).click();
  // The draft may have saved itself during the upload: then this Save updates it.
  await expect(toast(page, /(created|updated) successfully/)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/posts\/[0-9a-f-]{36}\/edit$/);

  // The stored original: no EXIF at all, at most 2560 px on its long side.
  const original = Buffer.from(await (await page.request.get(url)).body());
  const stored = await sharp(original).metadata();
  expect([stored.width, stored.height, stored.exif]).toEqual([2560, 1920, undefined]);
  expect(original.includes(Buffer.from("SN-998877"))).toBe(false);
  await page.context().close();

  // A phone: 390 px wide, as Lighthouse's and most phones' widths go.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
  const phone = await context.newPage();
  const images: { url: string; type: string; bytes: number }[] = [];
  phone.on("response", async (response) => {
    if (!response.url().includes("/_next/image")) return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    images.push({ url: response.url(), type: response.headers()["content-type"] ?? "", bytes: body.byteLength });
  });
  await phone.goto("/blog");
  await phone.getByRole("link", { name: TITLE }).first().click();
  await expect(phone.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
  const cover = phone.locator(`article img[src*="${encodeURIComponent(url)}"]`).first();
  await expect(cover).toBeVisible();
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const chosen = await cover.evaluate((img: HTMLImageElement) => img.currentSrc);
  await expect.poll(() => images.find((i) => i.url === chosen)).toBeTruthy();
  const served = images.find((i) => i.url === chosen)!;
  console.log(
    `featured image at 390 px: ${new URL(served.url).searchParams.get("w")} px wide, ${served.type}, ${(served.bytes / 1024).toFixed(1)} KB (stored original ${(original.byteLength / 1024).toFixed(0)} KB, upload ${(photo.byteLength / 1024).toFixed(0)} KB)`,
  );
  expect(served.type).toBe("image/avif");
  expect(served.bytes).toBeLessThan(60 * 1024);
  const variant = Buffer.from(await (await phone.request.get(served.url, { headers: { accept: "image/avif,image/webp" } })).body());
  expect((await sharp(variant).metadata()).exif).toBeUndefined();

  // Layout, on a first load of the article: the image box has its size before the image arrives.
  const article = phone.url();
  const fresh = await context.newPage();
  await fresh.goto(article);
  await expect(fresh.locator(`article img[src*="${encodeURIComponent(url)}"]`).first()).toBeVisible();
  const shift = await fresh.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
            if (!entry.hadRecentInput) total += entry.value;
        }).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => resolve(total), 500);
      }),
  );
  console.log(`layout shift of the article's first load at 390 px: ${shift.toFixed(4)}`);
  expect(shift).toBeLessThan(0.01);
  await context.close();
});

test("the media library lists each image with where it is used, and refuses to delete one in use", async ({ member }) => {
  const page = await member.open("media");
  const list = page.getByRole("list", { name: "Image list" });
  const used = list.getByRole("listitem").filter({ hasText: `blog post “${TITLE}” (featured image)` });
  await expect(used).toBeVisible();
  await expect(used.getByText("2560 × 1920 px")).toBeVisible();
  await expect(page.getByRole("link", { name: "Add Image" })).toHaveCount(0);

  await used.getByRole("link", { name: /^Delete / }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "This image is in use")).toContainText(`blog post “${TITLE}” (featured image)`);
  await page.reload();
  await expect(used).toBeVisible();

  // An image nothing shows goes, file and all.
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#135" } })
    .png()
    .toBuffer();
  const origin = new URL(page.url()).origin;
  // The library lists an upload by the name it was sent with (docs/decisions/0071).
  const spareName = `spare-${Date.now().toString(36)}.png`;
  const uploaded = await page.request.post("/api/admin/uploads", {
    headers: { origin },
    multipart: { file: { name: spareName, mimeType: "image/png", buffer: png } },
  });
  expect(uploaded.status()).toBe(201);
  const { url } = (await uploaded.json()) as { url: string };
  await page.reload();
  const spare = list.getByRole("listitem").filter({ has: page.getByRole("link", { name: `Download ${spareName}`, exact: true }) });
  await expect(spare.getByText("Not used")).toBeVisible();
  await spare.getByRole("link", { name: /^Delete / }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Image deleted successfully.")).toBeVisible();
  await expect(spare).toHaveCount(0);
  expect((await page.request.get(url)).status()).toBe(404);
  await page.context().close();
});

test("a case study's cover and a testimonial's photo are uploaded the same way and shown through the optimiser", async ({ member }) => {
  const page = await member.open("case-studies");
  const dialog = page.getByRole("dialog");
  const picture = (background: string) =>
    sharp({ create: { width: 1600, height: 900, channels: 3, background } })
      .jpeg()
      .toBuffer();

  await page.getByRole("link", { name: "Add Case Study" }).click();
  await dialog.getByLabel("Title").fill("Cover study for the media library");
  await dialog.getByLabel("Company name").fill("CoverCo E2E");
  await dialog.getByLabel("Metrics (JSON)").fill('{"revenue_growth": "150%"}');
  await dialog.getByLabel(/Featured/).check();
  await dialog.getByLabel("Upload image").setInputFiles({ name: "cover.jpg", mimeType: "image/jpeg", buffer: await picture("#2a6") });
  await expect(toast(page, "Image uploaded.")).toBeVisible({ timeout: 20_000 });
  const cover = await dialog.getByRole("textbox", { name: "Image" }).inputValue();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Case study created successfully.")).toBeVisible();

  await page.goto("/admin/testimonials");
  await page.getByRole("link", { name: "Add Testimonial" }).click();
  await dialog.getByLabel("Client name").fill("Photo Person E2E");
  await dialog.getByRole("textbox", { name: "Company", exact: true }).fill("PhotoCo");
  await dialog.getByRole("textbox", { name: "Testimonial", exact: true }).fill("They showed our faces.");
  await dialog.getByLabel(/Featured/).check();
  await dialog.getByLabel("Upload photo").setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: await picture("#a62") });
  await expect(toast(page, "Image uploaded.")).toBeVisible({ timeout: 20_000 });
  const photo = await dialog.getByRole("textbox", { name: "Photo" }).inputValue();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Testimonial created successfully.")).toBeVisible();

  const site = await page.context().newPage();
  await site.goto("/case-studies");
  const study = site.getByTestId("case-study").filter({ hasText: "CoverCo E2E" });
  const coverImage = study.locator(`img[src*="${encodeURIComponent(cover)}"]`);
  await expect(coverImage).toHaveAttribute("srcset", /\/_next\/image\?url=.*w=640/);
  await expect(coverImage).toHaveAttribute("alt", "CoverCo E2E: Cover study for the media library");
  await site.goto("/");
  const card = site.getByTestId("testimonial").filter({ hasText: "Photo Person E2E" });
  await expect(card.locator(`img[src*="${encodeURIComponent(photo)}"]`)).toBeVisible();

  await page.goto("/admin/media");
  const list = page.getByRole("list", { name: "Image list" });
  await expect(list.getByRole("listitem").filter({ hasText: "case study “Cover study for the media library” (cover image)" })).toBeVisible();
  await expect(list.getByRole("listitem").filter({ hasText: "testimonial “Photo Person E2E” (photo)" })).toBeVisible();

  // Gone again: home shows the newest featured studies and testimonials, which other specs read as the seed's.
  await page.goto("/admin/case-studies");
  await page.getByRole("link", { name: "Delete Cover study for the media library" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Case study deleted successfully.")).toBeVisible();
  await page.goto("/admin/testimonials");
  await page.getByRole("link", { name: /^Delete Photo Person E2E/ }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Testimonial deleted successfully.")).toBeVisible();
  await page.context().close();
});
