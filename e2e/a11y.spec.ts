import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "./fixtures";
import { sampleBlogPosts } from "../src/content/sample-blog-posts";
import { PUBLIC_ROUTES } from "./routes";

/** WCAG 2.2 AA is the level every page must meet: the rule sets axe tags for A and AA up to 2.2. */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

const publishedPost = sampleBlogPosts.find((p) => p.published)!;
const ROUTES = [...PUBLIC_ROUTES.map((r) => r.path), `/blog/${publishedPost.slug}`, "/no-such-page"];

/**
 * Entrances fade in: contrast is judged once every animation has finished, and with reduced motion
 * (the pages then draw each entrance at its end state). A section below the opening is drawn only
 * when it comes near the screen (content-visibility), so its entrance starts when axe scrolls to it,
 * after this wait, and axe read a card mid-fade as low contrast.
 */
async function settle(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
}

async function expectNoViolations(page: Page, label: string) {
  await settle(page);
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const summary = violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).join("\n  ")}`);
  expect(summary, `${label}:\n${summary.join("\n")}`).toEqual([]);
}

/** One h1, first; headings never skip a level; one banner, one main, one contentinfo (read at the desk's width, where no heading is inside a closed menu). */
async function expectStructure(page: Page) {
  const levels = await page
    .locator("h1, h2, h3, h4, h5, h6")
    .evaluateAll((els) => els.filter((el) => (el as HTMLElement).offsetParent !== null || el.closest(".sr-only")).map((el) => Number(el.tagName[1])));
  expect(levels[0]).toBe(1);
  expect(levels.filter((l) => l === 1)).toHaveLength(1);
  for (let i = 1; i < levels.length; i++) expect(levels[i]! - levels[i - 1]!, `heading ${i}: ${levels.join(",")}`).toBeLessThanOrEqual(1);
  await expect(page.getByRole("banner")).toHaveCount(1);
  await expect(page.getByRole("main")).toHaveCount(1);
  await expect(page.getByRole("contentinfo")).toHaveCount(1);
}

// One load per page, then both widths: every page's layout answers to its width through CSS alone (no
// script reads the viewport), so the page resized to the desk's width is the page loaded there, and
// the suite saves a load and a hydration per page and width.
test.describe("every page: axe (WCAG 2.2 AA) at 390 px and at 1280 px; headings and landmarks", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  for (const path of ROUTES) {
    test(`${path}`, async ({ page }) => {
      await page.emulateMedia({ reducedMotion: "reduce" });
      await page.goto(path);
      expect(await page.evaluate(() => window.innerWidth)).toBe(390);
      await expectNoViolations(page, "390 px");
      await page.setViewportSize({ width: 1280, height: 800 });
      expect(await page.evaluate(() => window.innerWidth)).toBe(1280);
      await expectNoViolations(page, "1280 px");
      await expectStructure(page);
    });
  }
});

test("with less motion asked for, no element of a page has a transition to run", async ({ page }) => {
  // Read in the page's own CSS: a button's colour transition, run while axe reads it, is judged at a
  // colour it only passes through.
  const transitioning = () =>
    page.evaluate(() =>
      [...document.querySelectorAll("*")]
        .filter((el) => {
          const style = getComputedStyle(el);
          const seconds = (list: string) => list.split(",").map((d) => parseFloat(d) * (d.trim().endsWith("ms") ? 0.001 : 1));
          return [...seconds(style.transitionDuration), ...seconds(style.transitionDelay)].some((s) => s > 0);
        })
        .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 4).join(".")}`),
    );
  for (const path of ["/", "/services/seo-optimization", "/contact"]) {
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await page.goto(path);
    // The check itself: without the preference the buttons do have their colour transition.
    expect((await transitioning()).length, path).toBeGreaterThan(0);
    await page.emulateMedia({ reducedMotion: "reduce" });
    expect(await transitioning(), path).toEqual([]);
  }
});

test.describe("images and keyboard", () => {
  test("every image has a text alternative and decorative SVGs are hidden", async ({ page }) => {
    for (const path of ["/", "/about", "/services/seo-optimization", "/case-studies"]) {
      await page.goto(path);
      const unlabelled = await page.locator("img, svg").evaluateAll((els) =>
        els
          .filter((el) => !el.closest("[aria-hidden='true']"))
          .filter((el) => (el.tagName === "IMG" ? !el.hasAttribute("alt") : el.getAttribute("role") !== "img"))
          .map((el) => el.outerHTML.slice(0, 80)),
      );
      expect(unlabelled, path).toEqual([]);
    }
  });

  test("the skip link and the focus ring are visible from the keyboard", async ({ page }) => {
    await page.goto("/");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press("Tab");
    const outline = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement!);
      return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
    });
    expect(outline.style).not.toBe("none");
    expect(outline.width).toBeGreaterThanOrEqual(2);
  });
});

test("the article's share buttons: what each shows is a word of its accessible name (WCAG 2.5.3)", async ({ page }) => {
  await page.goto(`/blog/${publishedPost.slug}`);
  await settle(page);
  // axe's rule (experimental, so not among the tags above) matches any substring: "in" passes inside "LinkedIn".
  const { violations } = await new AxeBuilder({ page }).withRules(["label-content-name-mismatch"]).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  // Someone who speaks what they see says the whole word, so it must be a word of the name.
  const buttons = page.getByRole("button", { name: /^Share on / });
  await expect(buttons).toHaveCount(3);
  for (const button of await buttons.all()) {
    const shown = (await button.innerText()).trim();
    expect(shown).not.toBe("");
    await expect(button).toHaveAccessibleName(new RegExp(`(^|\\s)${shown.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(\\s|$)`));
  }
});

test.describe("axe on the pages that had findings", () => {
  test("/newsletter: the page's form and the footer's are landmarks with names of their own", async ({ page }) => {
    await page.goto("/newsletter");
    const names = await page.getByRole("form").evaluateAll((forms) => forms.map((f) => f.getAttribute("aria-label") ?? ""));
    expect(new Set(names).size).toBe(names.length);
    await expectNoViolations(page, "1280 px");
  });

  for (const screen of ["pipeline", "testimonials"]) {
    test(`/admin/${screen} has no violations`, async ({ signedIn }) => {
      const member = await signedIn("a11y-owner@e2e.test");
      const page = await member.open(screen);
      if (screen === "testimonials") await expect(page.getByRole("img", { name: /out of 5 stars/ }).first()).toBeVisible();
      await expectNoViolations(page, "1280 px");
      await page.context().close();
    });
  }
});
