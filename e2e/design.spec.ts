import { expect, test, type Page } from "./fixtures";
import { assignUniqueIp, uniqueEmail } from "./helpers";
import { getService, serviceDetailCopy } from "../src/content/services";
import { headlineStats } from "../src/content/case-studies-page";
import { sampleBlogPosts } from "../src/content/sample-blog-posts";
import { jewelryCaseStudy } from "../src/content/samples";
import { caseStudySlugFromTitle } from "../src/lib/case-studies";

// Each page type opens with a design of its own (docs/design.md): the home page's dark hero stays
// the home page's, and every other type has its own opening, marked data-opening="<type>", holding
// the page's one h1.

const article = sampleBlogPosts.find((p) => p.published)!;
const OPENINGS = [
  { type: "service", path: "/services/seo-optimization" },
  { type: "case-studies", path: "/case-studies" },
  { type: "case-study", path: `/case-studies/${caseStudySlugFromTitle(jewelryCaseStudy.title)}` },
  { type: "contact", path: "/contact" },
  { type: "blog", path: "/blog" },
  { type: "article", path: `/blog/${article.slug}` },
] as const;

/** The opening's background colour: the home hero's is brand-950, which no other opening uses. */
async function openingBackground(page: Page, selector: string): Promise<string> {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor);
}

test.describe("each page type's own opening", () => {
  test("home keeps the bold dark hero, and only home has its tagline", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByTestId("tagline")).toBeVisible();
    expect(await openingBackground(page, "main > section")).toBe("rgb(22, 11, 56)");
  });

  for (const { type, path } of OPENINGS) {
    test(`${path}: opens with the ${type} opening, its h1 inside it, not the home hero`, async ({ page }) => {
      await page.goto(path);
      const opening = page.locator(`main [data-opening="${type}"]`);
      await expect(opening).toHaveCount(1);
      // The opening is the first thing in main (its top is main's top), and holds the page's only h1.
      const mainTop = (await page.locator("main").boundingBox())!.y;
      expect(Math.abs((await opening.boundingBox())!.y - mainTop)).toBeLessThan(1);
      await expect(opening.getByRole("heading", { level: 1 })).toHaveCount(1);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      await expect(page.getByTestId("tagline")).toHaveCount(0);
      // Light, not the home hero's brand-950.
      expect(await openingBackground(page, `main [data-opening="${type}"]`)).not.toBe("rgb(22, 11, 56)");
      // Every other page type's opening is a different design: none of them is on this page.
      for (const other of OPENINGS.filter((o) => o.type !== type)) await expect(page.locator(`[data-opening="${other.type}"]`)).toHaveCount(0);
    });
  }

  test("service: what it is, who it is for, the lowest price and the CTA in the opening", async ({ page }) => {
    const service = getService("seo-optimization")!;
    await page.goto(`/services/${service.slug}`);
    const opening = page.locator('[data-opening="service"]');
    const glance = opening.getByTestId("service-glance");
    await expect(glance.getByRole("term")).toHaveText([serviceDetailCopy.whatItIs, serviceDetailCopy.whoItIsFor, serviceDetailCopy.startsAt]);
    await expect(glance).toContainText(service.subtitle);
    await expect(glance).toContainText(service.audience);
    await expect(glance).toContainText("₹");
    await expect(opening.getByRole("link", { name: "Get Free Growth Audit" })).toHaveAttribute("href", "/free-audit");
    await expect(opening.getByRole("link", { name: serviceDetailCopy.pricingCta })).toHaveAttribute("href", "#pricing");
  });

  test("case studies: the results come before the title", async ({ page }) => {
    await page.goto("/case-studies");
    const opening = page.locator('[data-opening="case-studies"]');
    const order = await opening.evaluate((el) => {
      const stats = el.querySelector('[data-testid="headline-stats"]')!;
      const h1 = el.querySelector("h1")!;
      return stats.compareDocumentPosition(h1) & Node.DOCUMENT_POSITION_FOLLOWING ? "stats first" : "title first";
    });
    expect(order).toBe("stats first");
    for (const stat of headlineStats) await expect(opening.getByTestId("headline-stats")).toContainText(stat.value);
  });

  test("contact: two columns at desktop width, the ways to reach us beside the title", async ({ page }) => {
    await page.goto("/contact");
    const opening = page.locator('[data-opening="contact"]');
    await expect(opening.getByTestId("quick-action")).toHaveCount(3);
    const title = await opening.getByRole("heading", { level: 1 }).boundingBox();
    const ways = await opening.getByRole("region", { name: "Quick ways to reach us" }).boundingBox();
    expect(ways!.x).toBeGreaterThan(title!.x + title!.width - 1);
  });

  test("blog: the masthead holds the featured posts, the newest one as the wide lead story", async ({ page }) => {
    await page.goto("/blog");
    const opening = page.locator('[data-opening="blog"]');
    const featured = opening.getByRole("region", { name: "Featured Articles" });
    const cards = featured.locator("article");
    expect(await cards.count()).toBeGreaterThan(1);
    const lead = await cards.nth(0).boundingBox();
    const next = await cards.nth(1).boundingBox();
    expect(lead!.width).toBeGreaterThan(next!.width * 1.5);
    await expect(opening).toContainText(/\d+ articles/);
  });

  test("article: the title is dark on a light ground, at the reading column's width", async ({ page }) => {
    await page.goto(`/blog/${article.slug}`);
    const h1 = page.locator('[data-opening="article"] h1');
    expect(await h1.evaluate((el) => getComputedStyle(el).color)).toBe("rgb(15, 13, 46)");
    expect((await h1.boundingBox())!.width).toBeLessThanOrEqual(768);
  });
});

// The public icons carry no paint attributes: one rule in globals.css draws them (docs/decisions/0116).
// Without that rule an icon would be a black filled shape, so the drawing is read, not the markup alone.
test.describe("icons and ratings drawn from the style sheet", () => {
  test("an icon has lucide's look from the rule, and a utility still thickens its stroke", async ({ page }) => {
    await page.goto("/services/seo-optimization");
    const look = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((svg) => {
          const style = getComputedStyle(svg);
          return {
            attributes: ["fill", "stroke", "stroke-width"].filter((name) => svg.hasAttribute(name)),
            fill: style.fill,
            stroke: style.stroke,
            color: style.color,
            width: style.strokeWidth,
            cap: style.strokeLinecap,
          };
        });
    const arrow = await look("main svg.lucide-arrow-right");
    expect(arrow.attributes).toEqual([]);
    expect(arrow).toMatchObject({ fill: "none", stroke: arrow.color, width: "2px", cap: "round" });
    const check = await look("main svg.lucide-check");
    expect(check).toMatchObject({ fill: "none", stroke: check.color, width: "3px" });
  });

  test("a rating is one picture: the star drawn once and placed five times", async ({ page }) => {
    await page.goto("/");
    const ratings = page.getByRole("img", { name: "Rated 5 out of 5" });
    expect(await ratings.count()).toBeGreaterThan(1);
    for (const rating of await ratings.all()) {
      const drawn = await rating.evaluate((svg) => {
        const uses = [...svg.querySelectorAll("use")];
        const target = uses[0]?.getAttribute("href") ?? "";
        return {
          uses: uses.length,
          sameStar: uses.every((use) => use.getAttribute("href") === target),
          // The id is the page's only one of its name: two ratings never share a star.
          targets: document.querySelectorAll(`[id="${target.slice(1)}"]`).length,
          filled: uses.filter((use) => getComputedStyle(use).fill !== "none").length,
          width: svg.getBoundingClientRect().width,
        };
      });
      expect(drawn).toMatchObject({ uses: 5, sameStar: true, targets: 1, filled: 5, width: 88 });
    }
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a pricing card's package is selected in the audit form, and an unknown one is not", async ({ page }) => {
    await page.goto("/services/paid-advertising");
    const card = page.getByTestId("package").nth(1);
    const name = (await card.getByRole("heading", { level: 3 }).textContent())!;
    await card.getByRole("link", { name: new RegExp(`Choose ${name}`) }).click();
    await expect(page).toHaveURL(/\/free-audit\?service=paid-advertising&package=/);
    await expect(page.getByLabel("Package you are interested in")).toHaveValue(`paid-advertising/${name}`);
    // The page a card leads to is never indexed: /free-audit is the canonical one.
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);

    await page.goto("/free-audit?service=paid-advertising&package=No%20such%20package");
    await expect(page.getByLabel("Package you are interested in")).toHaveValue("");
  });

  test("the chosen package is what the audit form sends", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    await assignUniqueIp(context);
    const page = await context.newPage();
    await page.goto("/free-audit?service=seo-optimization&package=Growth");
    const select = page.getByLabel("Package you are interested in");
    const chosen = await select.inputValue();
    expect(chosen).toMatch(/^seo-optimization\//);
    await page.getByLabel("Full name").fill("Package Keeper");
    await page.getByRole("textbox", { name: "Work email" }).fill(uniqueEmail("package"));
    await page.getByLabel("Mobile number").fill("9876543210");
    await page.getByLabel("Monthly revenue").selectOption({ index: 1 });
    await page.getByLabel("Biggest growth challenge").fill("Sent without JavaScript, with a package chosen on a pricing card.");
    await page.getByRole("button", { name: "Get My Free Audit" }).click();
    const status = page.getByRole("status");
    await expect(status).toBeVisible();
    await expect(status).toBeInViewport();
    await context.close();
  });

  test("the contact confirmation is where the eye lands: the answer page is scrolled to it", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    await assignUniqueIp(context);
    const page = await context.newPage();
    await page.goto("/contact");
    await page.getByLabel("Full name").fill("In View");
    await page.getByRole("textbox", { name: "Email" }).fill(uniqueEmail("inview"));
    await page.getByLabel("Mobile number").fill("9876543210");
    await page.getByRole("textbox", { name: "Message" }).fill("Where does the answer land without JavaScript?");
    await page.getByRole("button", { name: "Send Message" }).click();
    const status = page.getByRole("status");
    await expect(status).toContainText("Message Sent!");
    await expect(page).toHaveURL(/#message-form$/);
    await expect(status).toBeInViewport();
    await context.close();
  });
});
