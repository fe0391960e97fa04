import { expect, test } from "./fixtures";
import { sampleBlogPosts } from "../src/content/sample-blog-posts";

// On a 390 px phone no article is wider than the screen, with JavaScript or without, and at the end
// of a page the floating WhatsApp and Book Call buttons cover none of the footer's links.

const posts = sampleBlogPosts.filter((p) => p.published).map((p) => `/blog/${p.slug}`);

for (const javaScriptEnabled of [true, false]) {
  test.describe(`390 px, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ viewport: { width: 390, height: 844 }, javaScriptEnabled });
    test("every article fits the screen's width", async ({ page }) => {
      test.setTimeout(90_000);
      for (const path of posts) {
        await page.goto(path);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width, path).toBeLessThanOrEqual(390);
      }
    });
  });
}

test.describe("the floating buttons at the end of a page", () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    test(`cover no footer link at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto(posts[0]!);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect(page.getByTestId("floating-actions")).toBeVisible();
      const covered = await page.evaluate(() => {
        const buttons = [...document.querySelectorAll('[data-testid="floating-actions"] a')].map((a) => a.getBoundingClientRect());
        return [...document.querySelectorAll("footer a")]
          .filter((link) => {
            const b = link.getBoundingClientRect();
            return b.width > 0 && buttons.some((a) => a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top);
          })
          .map((link) => link.textContent?.trim());
      });
      expect(covered).toEqual([]);
    });
  }
});
