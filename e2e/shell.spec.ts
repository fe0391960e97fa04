import { expect, test } from "./fixtures";
import { sampleBlogPosts } from "../src/content/sample-blog-posts";
import { APP_ROUTES, PUBLIC_ROUTES } from "./routes";

test.describe("every route", () => {
  for (const route of [...PUBLIC_ROUTES, ...APP_ROUTES]) {
    test(`${route.path} answers 200 with its own title and description`, async ({ page }) => {
      const response = await page.goto(route.path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(route.title);
      const description = await page.locator('meta[name="description"]').getAttribute("content");
      expect(description?.length ?? 0).toBeGreaterThan(40);
      await expect(page.locator("h1")).toHaveCount(1);
    });
  }

  test("titles and descriptions are unique across public pages", async ({ request }) => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const route of PUBLIC_ROUTES) {
      const html = await (await request.get(route.path)).text();
      titles.add(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "");
      descriptions.add(/<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? "");
    }
    expect(titles.size).toBe(PUBLIC_ROUTES.length);
    expect(descriptions.size).toBe(PUBLIC_ROUTES.length);
  });

  test("a published sample article answers 200 and the draft 404", async ({ request }) => {
    const published = sampleBlogPosts.find((p) => p.published)!;
    const draft = sampleBlogPosts.find((p) => !p.published)!;
    expect((await request.get(`/blog/${published.slug}`)).status()).toBe(200);
    const missing = await request.get(`/blog/${draft.slug}`);
    expect(missing.status()).toBe(404);
    expect(await missing.text()).toContain("Post Not Found");
  });

  test("the health check makes a database round trip", async ({ request }) => {
    const response = await request.get("/api/health");
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({ status: "ok", database: { ok: true, kind: "pglite" } });
  });
});

test.describe("header", () => {
  test("navigation links reach their pages and mark the current one", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const [label, path] of [
      ["About", "/about"],
      ["Services", "/services"],
      ["Case Studies", "/case-studies"],
      ["Blog", "/blog"],
      ["Contact", "/contact"],
      ["Home", "/"],
    ] as const) {
      await nav.getByRole("link", { name: label, exact: true }).click();
      await expect(page).toHaveURL(path);
      await expect(nav.getByRole("link", { name: label, exact: true })).toHaveAttribute("aria-current", "page");
      await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    }
  });

  test("Free Audit leads to /free-audit and Book Call to the booking link", async ({ page }) => {
    await page.goto("/about");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Book Call" })).toHaveAttribute("href", /^https:\/\//);
    await expect(header.getByRole("link", { name: "Book Call" })).toHaveAttribute("target", "_blank");
    await header.getByRole("link", { name: "Free Audit" }).click();
    await expect(page).toHaveURL("/free-audit");
  });
});

test.describe("footer", () => {
  test("service, company and legal links all answer 200", async ({ page, request }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    const hrefs = await footer.locator('a[href^="/"]').evaluateAll((links) => links.map((a) => a.getAttribute("href")!));
    for (const expected of [
      "/services/seo-optimization",
      "/services/paid-advertising",
      "/services/growth-consulting",
      "/services/conversion-optimization",
      "/services/whatsapp-automation",
      "/services/retention-marketing",
      "/about",
      "/services",
      "/case-studies",
      "/contact",
      "/privacy",
      "/terms",
      "/refund",
    ]) {
      expect(hrefs).toContain(expected);
    }
    for (const href of new Set(hrefs)) expect((await request.get(href)).status(), href).toBe(200);
    await expect(footer).toContainText("© 2024");
    await expect(footer).toContainText("Mumbai, India");
    await expect(footer).toContainText("Janakpuri, Delhi");
    await expect(footer.locator('a[href^="mailto:"]')).toHaveCount(1);
    await expect(footer.locator('a[href^="tel:"]')).toHaveCount(1);
  });
});

test.describe("mobile menu", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("opens from the toggle and closes when a link is clicked", async ({ page }) => {
    await page.goto("/");
    const toggle = page.getByLabel("Menu");
    const mobileNav = page.getByRole("navigation", { name: "Mobile" });
    await expect(mobileNav).toBeHidden();
    await toggle.click();
    await expect(mobileNav).toBeVisible();
    await mobileNav.getByRole("link", { name: "Services", exact: true }).click();
    await expect(page).toHaveURL("/services");
    await expect(mobileNav).toBeHidden();
  });

  test("works from the keyboard and closes on Escape", async ({ page }) => {
    await page.goto("/");
    await page.getByLabel("Menu").focus();
    await page.keyboard.press("Enter");
    const mobileNav = page.getByRole("navigation", { name: "Mobile" });
    await expect(mobileNav).toBeVisible();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Escape");
    await expect(mobileNav).toBeHidden();
  });

  test("works with JavaScript off", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto("/");
    await page.getByLabel("Menu").click();
    const mobileNav = page.getByRole("navigation", { name: "Mobile" });
    await expect(mobileNav).toBeVisible();
    await mobileNav.getByRole("link", { name: "Contact", exact: true }).click();
    await expect(page).toHaveURL("/contact");
    await context.close();
  });
});

test("floating WhatsApp and Book Call buttons appear only after scrolling past 300 px", async ({ page }) => {
  await page.goto("/privacy");
  const floating = page.getByTestId("floating-actions");
  await expect(floating).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, 300));
  await page.waitForTimeout(150);
  await expect(floating).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, 301 + 200));
  await expect(floating).toBeVisible();
  await expect(floating.getByRole("link", { name: "Chat on WhatsApp" })).toHaveAttribute("href", /^https:\/\/wa\.me\/\d+\?text=/);
  await expect(floating.getByRole("link", { name: "Book Call" })).toHaveAttribute("href", "/contact");
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(floating).toBeHidden();
});

test("an unknown path answers 404 with the spec's page", async ({ page }) => {
  const response = await page.goto("/no-such-page/anywhere");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("404", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL("/");
});

test("the hidden rendering segment is not reachable from outside", async ({ request }) => {
  expect((await request.get("/en-IN/about")).status()).toBe(404);
  expect((await request.get("/en-IN")).status()).toBe(404);
});
