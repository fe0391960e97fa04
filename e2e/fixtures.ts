import { test as base, type Page } from "@playwright/test";

export { expect } from "@playwright/test";
export type { APIRequestContext, Page } from "@playwright/test";

/**
 * Playwright's test with one change to the `page` fixture: `page.goto` on a public page returns
 * once React has hydrated it (`<html data-live>`, set by the site's LiveMarker), not at the
 * browser's `load`. Public pages start Next's scripts after the first paint (ADR 0019), so `load`
 * can come before any script has started, and a test that types into the blog's search or clicks a
 * share button at once would race the scripts. Pages without the after-paint loader (admin, sign-in,
 * error pages), and every page with JavaScript off, return as before.
 */
/** Waits until React has hydrated a public page; returns at once on a page without the loader. */
export async function untilHydrated(page: Page): Promise<void> {
  if (await page.locator("script[data-after-paint]").count()) await page.locator("html[data-live]").waitFor({ state: "attached" });
}

export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, provide) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (javaScriptEnabled !== false) await untilHydrated(page);
      return response;
    };
    await provide(page);
  },
});
